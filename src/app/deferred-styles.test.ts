// The stylesheets login.html loads print-only are turned on in place before the app's first render.
import { afterEach, describe, expect, it } from 'vitest';
import { applyDeferredStyles } from './deferred-styles';

afterEach(() => {
  document.head.innerHTML = '';
});

function stylesheet(href: string, deferred: boolean): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.media = deferred ? 'print' : 'all';
  if (deferred) link.dataset.deferredStyle = '';
  document.head.append(link);
  return link;
}

describe('applyDeferredStyles', () => {
  it('waits until each deferred stylesheet has loaded (or failed), then applies them all where they are', async () => {
    const first = stylesheet('/assets/a.css', true);
    const second = stylesheet('/assets/b.css', true);
    const other = stylesheet('/assets/print.css', false);
    other.media = 'print';
    let applied = false;
    const applying = applyDeferredStyles().then(() => {
      applied = true;
    });
    first.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(applied).toBe(false);
    expect(first.media).toBe('print');
    second.dispatchEvent(new Event('error'));
    await applying;
    expect([first.media, second.media, other.media]).toEqual(['all', 'all', 'print']);
    expect([...document.head.children]).toEqual([first, second, other]);
  });

  it('does nothing on index.html, which has none', async () => {
    await expect(applyDeferredStyles()).resolves.toBeUndefined();
  });
});
