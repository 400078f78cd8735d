// What a page the gateway draws (server/http/first-screen.ts) and the app that hydrates it agree on, besides the API
// contract: where the tab keeps its session, which the page's guard reads, and the drawn screen's names.

/** The tab's session in sessionStorage (users-and-wallets §3 "Session storage"): the login session, the user info and
 * the chosen tenant token, each its own entry. */
export const SESSION_KEYS = { session: 'teller.session', user: 'teller.user', tenant: 'teller.tenant', loginMessage: 'teller.loginMessage' } as const;

/** The element holding what the app needs to hydrate the drawn screen. */
export const FIRST_SCREEN_STATE_ID = 'first-screen-state';

/** Set on <html> (value "stale") by the page's guard when the tab's own session is not the one the screen was drawn for. */
export const FIRST_SCREEN_STALE = 'data-first-screen';

/**
 * Set on #root of a drawn page until the app has hydrated it: the page's guard drops every pointer, key and focus
 * meant for the screen meanwhile (a picture of the screen takes no input that would be lost). Not `inert`, which is
 * part of every element's style: lifting it restyled the whole screen in one task after the hydration (about 100 ms
 * of a phone's main thread, issue 27); no stylesheet names this attribute, so lifting it restyles nothing.
 */
export const FIRST_SCREEN_HOLD = 'data-holding-input';

/** The tab's time zone, which the app tells the gateway so that a page it draws shows the tab's dates and times. */
export const TIME_ZONE_COOKIE = 'teller_tz';

/** dist/ file the build writes (scripts/first-paint.ts): per route of a protected screen without parameters (its path
 * in lower case), the stylesheets of its screen, which a drawn page needs, and the scripts it needs after the paint. */
export const FIRST_SCREEN_FILES = 'first-screen-files.json';

/** What the gateway reads of a screen's files in FIRST_SCREEN_FILES. */
export interface DrawnScreenFiles {
  styles: readonly string[];
  /** The app's layers and the screen's chunks, in the order the app evaluates them. */
  scripts: readonly string[];
}

/** The element of a drawn page naming its scripts (a JSON array of paths), which the entry asks for a few at a time
 * once the page has painted (src/boot.ts). */
export const FIRST_SCREEN_MODULES_ID = 'first-screen-modules';

/** Where the gateway puts a first screen it draws (server/http/first-screen.ts) into dist/first-screen.html. */
export const FIRST_SCREEN_SLOTS = {
  colorScheme: 'first-screen-color-scheme',
  head: '<!--first-screen-head-->',
  root: '<!--first-screen-->',
  state: '<!--first-screen-state-->',
} as const;
