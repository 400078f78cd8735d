// The page's entry: the browser paints what the page already holds (the sign-in card or a screen's frame,
// scripts/first-paint.ts) before the app's code is evaluated, not after. The app's files are on their way meanwhile
// (the page preloads them); evaluating them first would keep a slow phone's screen blank while it works.
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

// Evaluating a module graph is one task: React DOM, the router, Mantine and the app after them are four, with a break
// between each two (a phone spends about half a second on them; each layer is a chunk, scripts/route-chunks.ts).
void afterFirstContentfulPaint()
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => import('./lib/first-layers/router'))
  .then(nextTask)
  .then(() => import('./lib/first-layers/mantine'))
  .then(nextTask)
  .then(() => import('./main'));
