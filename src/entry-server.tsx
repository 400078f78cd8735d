// The gateway's render of a signed-in page's first screen (server/http/first-screen.ts): the same components the
// browser runs, drawn to HTML with the answers they read, so a phone paints the screen with the page and the app then
// hydrates it instead of building it (docs/decisions.md "First paint on a phone").
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { QueryClient, dehydrate, type Query } from '@tanstack/react-query';
import { drainChangeCursor } from './api/change-cursor';
import { sendCallsWith } from './api/client';
import { scopeSessions, type SelectedTenant, type SessionState, type StaffSession } from './api/session';
import { appRoutes } from './app/App';
import { Providers, queryDefaults } from './app/Providers';
import { DARK_THEME, scopeTheme, themeFromCookies, type ThemeName } from './app/theme';
import { timeZoneFromCookies } from './app/time-zone';

export interface FirstScreenRequest {
  /** The page's path and query. */
  url: string;
  session: StaffSession;
  /** The tenant the browser chose last in this session, with its token, or null (the staff member's own). */
  tenant: SelectedTenant | null;
  /** The request's Cookie header, for the theme and the tab's time zone. */
  cookies: string;
}

export interface FirstScreen {
  /** The markup of #root. */
  html: string;
  /** Mantine's colour scheme, set on <html> before the first paint (Mantine reads its colours under it). */
  colorScheme: 'light' | 'dark';
  /** The zone its dates and times are drawn in: the tab's, from its cookie, or else the gateway's. */
  timeZone: string;
  /** What the browser needs to hydrate it (src/app/first-screen-state.ts). */
  state: { userId: string; tenantId: string | null; queries: unknown; changeCursor: string | null };
}

interface PageScope {
  sessions: SessionState;
  theme: ThemeName;
}

/** Drawing and the answers it waits for: a list screen asks for its views, then its page (two rounds). */
const MAX_PASSES = 6;

const scope = new AsyncLocalStorage<PageScope>();
scopeSessions(() => scope.getStore()?.sessions);
scopeTheme(() => scope.getStore()?.theme);

/** The render's calls go to `handle`: the gateway that renders, in process. */
export function handleCallsWith(handle: (request: Request) => Promise<Response>): void {
  sendCallsWith(handle);
}

/** A query the render asked for without its answer (Query.fetch joins one already on its way). */
const waiting = (query: Query) => query.state.status === 'pending';

/** A boundary the server left for the browser to draw: its content suspended (its code not loaded yet) or failed. */
const LEFT_TO_THE_BROWSER = /<!--\$!-->/;

/** The page at `url` as drawn from the answers in `client`. */
async function pageTree(url: string, client: QueryClient): Promise<ReactNode | null> {
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) return null;
  return (
    <StrictMode>
      <Providers client={client}>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </Providers>
    </StrictMode>
  );
}

/** Waits for the code of every lazy component of `tree`; false when a component fails to draw. */
async function loadsWhole(tree: ReactNode, client: QueryClient): Promise<boolean> {
  let failed = false;
  const { prelude } = await prerender(tree, { onError: () => void (failed = true) });
  await prelude.cancel();
  // It drew outside the page's time zone (it yields, so it cannot run inside it): what it asked for, keyed by a day of
  // the gateway's zone, is dropped, and the next pass asks again.
  for (const query of client.getQueryCache().findAll({ predicate: waiting })) client.getQueryCache().remove(query);
  return !failed;
}

const GATEWAY_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Draws with the process's local time in `zone`, so the screen's dates and "today" are the tab's. The draw is
 * synchronous, so no other request's code runs while the zone is switched, and the gateway's own is back after it.
 */
function inTimeZone<T>(zone: string, draw: () => T): T {
  if (zone === GATEWAY_TIME_ZONE) return draw();
  const before = process.env.TZ;
  process.env.TZ = zone;
  try {
    return draw();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

/** The first screen of `url` as `session` sees it, or null when it cannot be drawn whole (then the page draws it). */
export async function renderFirstScreen({ url, session, tenant, cookies }: FirstScreenRequest): Promise<FirstScreen | null> {
  const client = new QueryClient({ defaultOptions: queryDefaults });
  const page: PageScope = { sessions: { session, tenant }, theme: themeFromCookies(cookies) };
  const timeZone = timeZoneFromCookies(cookies) ?? GATEWAY_TIME_ZONE;
  // The screen's calls carry the chosen tenant's token, its own profile's the session's: the tab's stream is the
  // tenant's, and neither token's cursor outlives the draw.
  const drainOf = (token: string | undefined) => (token ? (drainChangeCursor(`Bearer ${token}`) ?? null) : null);
  const drainCursors = () => {
    const own = drainOf(session.accessToken);
    return tenant ? drainOf(tenant.accessToken) : own;
  };
  return scope.run(page, async () => {
    for (let pass = 0; pass < MAX_PASSES; pass += 1) {
      const tree = await pageTree(url, client);
      if (tree === null) break;
      const html = inTimeZone(timeZone, () => renderToString(tree));
      if (LEFT_TO_THE_BROWSER.test(html)) {
        if (await loadsWhole(tree, client)) continue;
        break;
      }
      const asked = client.getQueryCache().findAll({ predicate: waiting });
      if (client.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' }).length > 0) break;
      if (asked.length === 0) {
        const queries = dehydrate(client);
        return { html, colorScheme: page.theme === DARK_THEME ? 'dark' : 'light', timeZone, state: { userId: session.userId, tenantId: tenant?.id ?? null, queries, changeCursor: drainCursors() } };
      }
      await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
    }
    drainCursors();
    return null;
  });
}
