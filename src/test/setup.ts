import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// findBy and waitFor wait 1 s by default. A screen's first render in a file imports its lazy modules cold, and with a
// worker per core beside the gateway tests it once took longer (CI: RemittancesScreen's first list, 1.7 s). They still
// fail when what they wait for never comes. The one setting for every web test: a busy machine (load 8 on two cores)
// needs more than 5 s for a lazily loaded form engine's first render, and a screen test beside the e2e suite at load 11
// took 20 s (issue 25). A wait that is met returns at once, so the bound is sized for the busiest machine, as the
// gateway projects' expect.poll (vitest.config.ts) is.
configure({ asyncUtilTimeout: 60000 });

// jsdom lacks these; Mantine reads them. Files marked `@vitest-environment node` have no window.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver = ResizeObserverStub;
  }
}
