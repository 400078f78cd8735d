// A signed-in page loaded cold (a reload, a bookmark) spends a phone's first seconds on its screen: what the screen
// does not draw (the tenant's reference lists, the approvals count, the change stream) starts once the screen has
// drawn its content, or after FIRST_SCREEN_WAIT_MS at the latest. Otherwise (after sign-in, a tenant switch) it
// starts at once.
import { startTransition, useEffect, useState } from 'react';

const FIRST_SCREEN_WAIT_MS = 3000;

// On the gateway (src/entry-server.tsx) every page is a first screen, drawn as a cold load's is before it has drawn,
// so the app's hydration finds what it would draw itself.
let drawn = typeof window !== 'undefined';
const waiting = new Set<() => void>();

/** The page opened on a signed-in screen: hold what waits for it until the screen has drawn. */
export function holdUntilFirstScreen(): void {
  if (!drawn) return;
  drawn = false;
  setTimeout(firstScreenDrawn, FIRST_SCREEN_WAIT_MS);
}

/** The screen has drawn its content (a table its first page, or the failure instead). */
export function firstScreenDrawn(): void {
  if (drawn) return;
  drawn = true;
  setTimeout(releaseNext, 0);
}

// One held start per task: together they would block a phone's main thread in one long task right after the screen
// drew, which is when a person first taps it.
function releaseNext(): void {
  const [start] = waiting;
  if (!start) return;
  waiting.delete(start);
  start();
  setTimeout(releaseNext, 0);
}

/** Runs `start` once the first screen has drawn (at once when it has); the returned function cancels it. */
export function afterFirstScreen(start: () => void): () => void {
  if (drawn) {
    start();
    return () => undefined;
  }
  waiting.add(start);
  return () => void waiting.delete(start);
}

/** False until the first screen has drawn; the change redraws as a transition, which never holds the page up. */
export function useFirstScreenDrawn(): boolean {
  const [done, setDone] = useState(drawn);
  useEffect(() => (done ? undefined : afterFirstScreen(() => startTransition(() => setDone(true)))), [done]);
  return done;
}
