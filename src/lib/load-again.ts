// Code that failed to load (the network gone a moment while a page loads, say) is loaded again once the browser is
// back online, a few times, instead of the screen failing until the next full load: React.lazy keeps a failed load's
// error for good, so without this a dropped connection breaks that screen for the rest of the tab's life.
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

/** `load`, tried again when it fails: at once when the browser comes back online, after a pause otherwise. */
export function loadAgain<T>(load: () => Promise<T>, { tries = TRIES, pauseMs = PAUSE_MS } = {}): () => Promise<T> {
  return async () => {
    for (let failed = 0; ; ) {
      const wasOffline = offline();
      try {
        return await load();
      } catch (error) {
        // On the gateway a module that does not load is a broken build, not a dropped connection.
        if (typeof window === 'undefined') throw error;
        if (!wasOffline && !offline()) failed += 1;
        if (failed >= tries) throw error;
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
