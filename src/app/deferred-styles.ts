// login.html and index.html load the app's stylesheets print-only, so they do not hold back the sign-in card or the
// screen's frame they paint before the app runs (scripts/first-paint.ts). The app turns them on where they are, once
// loaded, before its first render: in place, they stay ahead of the stylesheets later chunks add to the head.
const DEFERRED = 'link[rel="stylesheet"][data-deferred-style]';

function loaded(link: HTMLLinkElement): Promise<void> {
  if (link.sheet) return Promise.resolve();
  return new Promise((done) => {
    link.addEventListener('load', () => done(), { once: true });
    link.addEventListener('error', () => done(), { once: true });
  });
}

export async function applyDeferredStyles(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>(DEFERRED)];
  await Promise.all(links.map(loaded));
  for (const link of links) link.media = 'all';
}
