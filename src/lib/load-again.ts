// Code that failed to load (the network gone a moment while a page loads, say) is loaded again once the browser is
// back online, a few times, instead of the screen failing until the next full load: React.lazy keeps a failed load's
// error for good, so without this a dropped connection breaks that screen for the rest of the tab's life. Chromium
// keeps a failed dynamic import's failure too (its module map: a later import() of the same file fails at once,
// with no request), so when the tries are spent the page is loaded afresh, once: its address, session and tenant
// stay; what the page held besides (text typed into an open dialog whose part would not load) goes, which beats a
// screen or part that cannot load again in this tab.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Tries after a failure while online; waits for the `online` event while offline (such a wait is not a try). */
const TRIES = 3;
const PAUSE_MS = 1_000;

/** Whether the browser says it is offline; the gateway's render of a first screen (Node) has no navigator. */
function offline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function onceOnline(pauseMs: number): Promise<void> {
  if (!offline()) return new Promise((resolve) => setTimeout(resolve, pauseMs));
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

/** The time of the last fresh load this module asked for (sessionStorage), and how long it holds off the next. */
const RELOADED_AT = 'teller:code-reloaded-at';
const RELOAD_GUARD_MS = 60_000;

/**
 * Loads the page afresh, unless it was loaded afresh for the same reason within the last minute (or the tab keeps no
 * session storage): then `error` is passed on, so a build that is really broken shows its message instead of
 * reloading for ever. Never settles when it reloads (the page goes away).
 */
function reloadOnce(error: unknown, reload: () => void): Promise<never> {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) return Promise.reject(error);
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    return Promise.reject(error);
  }
  reload();
  return new Promise<never>(() => undefined);
}

interface LoadAgainOptions {
  tries?: number;
  pauseMs?: number;
  /** Loads the page afresh; the browser's own reload but in tests. */
  reload?: () => void;
}

/**
 * `load`, tried again when it fails: at once when the browser comes back online, after a pause otherwise; when the
 * tries are spent, the page loaded afresh once (see reloadOnce).
 */
export function loadAgain<T>(load: () => Promise<T>, { tries = TRIES, pauseMs = PAUSE_MS, reload = () => window.location.reload() }: LoadAgainOptions = {}): () => Promise<T> {
  return async () => {
    for (let failed = 0; ; ) {
      const wasOffline = offline();
      try {
        return await load();
      } catch (error) {
        // On the gateway a module that does not load is a broken build, not a dropped connection.
        if (typeof window === 'undefined') throw error;
        if (!wasOffline && !offline()) failed += 1;
        if (failed >= tries) return reloadOnce(error, reload);
        await onceOnline(pauseMs);
      }
    }
  };
}

/** React.lazy of a component whose code is loaded again after a failure (see loadAgain). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: any props.
export function lazyLoaded<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(loadAgain(load));
}
