// The page's entry: the browser paints what the page already holds (the sign-in card or a screen's frame,
// scripts/first-paint.ts) before the app's code is evaluated, not after. The app's files are on their way meanwhile
// (the page preloads them); evaluating them first would keep a slow phone's screen blank while it works.
import { FIRST_SCREEN_MODULES_ID } from './api/page-contract';

const PAINT_WAIT_MS = 500;

function afterFirstContentfulPaint(): Promise<void> {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  // A tab opened in the background paints nothing until it is shown, and a browser without paint timing says nothing.
  if (painted() || document.visibilityState !== 'visible' || !PerformanceObserver.supportedEntryTypes.includes('paint')) return Promise.resolve();
  return new Promise((done) => {
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      done();
    });
    observer.observe({ type: 'paint' });
    setTimeout(() => {
      observer.disconnect();
      done();
    }, PAINT_WAIT_MS);
  });
}

/** A break in which the browser can paint and answer input. */
const nextTask = () => new Promise<void>((done) => setTimeout(done));

/** Module preloads appended per task: starting a request costs a phone's main thread about 1 ms (issue 27). */
const PRELOADS_PER_TASK = 4;

/**
 * Asks for the scripts a drawn page names (FIRST_SCREEN_MODULES_ID), a few per task. The bundler's own loader appends
 * a module preload for every file an import needs that the page does not name yet, all in the task of the import: 26
 * for the remittance list, about 25 ms in one task of a cold load. Asked for here first, none is left to it.
 */
async function askForDrawnScreenModules(): Promise<void> {
  const named = document.getElementById(FIRST_SCREEN_MODULES_ID)?.textContent;
  const files = named ? (JSON.parse(named) as string[]) : [];
  for (let at = 0; at < files.length; at += PRELOADS_PER_TASK) {
    if (at > 0) await nextTask();
    const asked = new Set([...document.getElementsByTagName('link')].map((link) => link.href));
    for (const file of files.slice(at, at + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = file;
      if (!asked.has(link.href)) document.head.appendChild(link);
    }
  }
}

// Evaluating a module graph is one task: React DOM, the router, Mantine and the app after them are four, with a break
// between each two (a phone spends about half a second on them; each layer is a chunk, scripts/route-chunks.ts).
const painted = afterFirstContentfulPaint();
void painted.then(askForDrawnScreenModules);
void painted
  .then(nextTask)
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => import('./lib/first-layers/router'))
  .then(nextTask)
  .then(() => import('./lib/first-layers/mantine'))
  .then(nextTask)
  .then(() => import('./main'));
