import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAgain } from './load-again';

function setOnline(online: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

/** A load that fails `failures` times, then answers 'code'. */
function failingLoad(failures: number) {
  let calls = 0;
  const load = vi.fn(async () => {
    calls += 1;
    if (calls <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return 'code';
  });
  return load;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('loadAgain', () => {
  it('loads again after a failure while online, up to three tries', async () => {
    setOnline(true);
    const twice = failingLoad(2);
    const reload = vi.fn();
    await expect(loadAgain(twice, { pauseMs: 0, reload })()).resolves.toBe('code');
    expect(twice).toHaveBeenCalledTimes(3);
    expect(reload).not.toHaveBeenCalled();
  });

  it('after three failed tries loads the page afresh, once a minute at most: a second time within it shows the failure', async () => {
    setOnline(true);
    sessionStorage.clear();
    const always = failingLoad(Infinity);
    const reload = vi.fn();
    let settled = false;
    void loadAgain(always, { pauseMs: 0, reload })().finally(() => (settled = true));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(always).toHaveBeenCalledTimes(3);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled, 'the page goes away: the load never settles').toBe(false);

    // The page loaded afresh, and the code still fails within the minute: a broken build, shown, not reloaded again.
    const after = failingLoad(Infinity);
    await expect(loadAgain(after, { pauseMs: 0, reload })()).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(reload).toHaveBeenCalledTimes(1);

    // A minute later a failure may reload again.
    sessionStorage.setItem('teller:code-reloaded-at', String(Date.now() - 60_001));
    void loadAgain(failingLoad(Infinity), { pauseMs: 0, reload })();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
    sessionStorage.clear();
  });

  it('waits while offline and loads once the browser is back online; the offline failures are not tries', async () => {
    setOnline(false);
    const load = failingLoad(1);
    const loading = loadAgain(load, { tries: 1, pauseMs: 0 })();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    let settled = false;
    void loading.finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled, 'no second try before the browser is online').toBe(false);

    setOnline(true);
    window.dispatchEvent(new Event('online'));
    await expect(loading).resolves.toBe('code');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not load again what loaded', async () => {
    setOnline(true);
    const load = failingLoad(0);
    await expect(loadAgain(load)()).resolves.toBe('code');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('on the gateway’s render of a first screen (no navigator, no window) loads, and passes a failure on at once', async () => {
    vi.stubGlobal('navigator', undefined);
    vi.stubGlobal('window', undefined);
    await expect(loadAgain(failingLoad(0))()).resolves.toBe('code');
    const broken = failingLoad(Infinity);
    await expect(loadAgain(broken, { pauseMs: 0 })()).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(broken).toHaveBeenCalledTimes(1);
  });
});
