// The `keystroke` part of scripts/bench-web.ts (issue 27): the time from each keystroke to the next paint in the two
// forms staff type into all day, the create-user wizard (officer@demo.test, Add user on the admins list) and the
// top-up form (group@demo.test, a member's 'Top-up service' → Top Up).
//
// Each key is measured twice in the page:
//   - from the key's own timestamp (`keydown` event.timeStamp, when the browser received it) to the first task after
//     the frame that follows the field's `input` event: requestAnimationFrame, then a message posted from it, which runs
//     once that frame has been produced (the app's handlers have run and their DOM is painted);
//   - from the same timestamp to the end of the field's `input` event, the app's handlers and React's render of the key
//     done: the part of the time the app's code sets, without the wait for the frame;
//   - by the browser's Event Timing (PerformanceEventTiming, `event` entries with durationThreshold 16): its duration
//     is the same span as the browser counts it, rounded to 8 ms, reported only for keys that took 16 ms or more.
import { loadavg } from 'node:os';
import type { Browser, Locator, Page } from 'playwright-core';

/** 13 + 13 keys: letters only, as §5 names are. */
export const NAME_KEYS = { first: 'Bintaabcdefgh', family: 'Jallowijklmno' } as const;
/** 13 + 13 keys: an amount (whole digits, as the form asks) and a remark. */
export const TOP_UP_KEYS = { amount: '1234567890123', remarks: 'keystroke one' } as const;
/** A person's typing pace, so one key's frame is over before the next key. */
const KEY_DELAY_MS = 120;

export interface KeystrokeRun {
  /** Per key, ms from the key to the paint after it. */
  keys: number[];
  /** Per key, ms from the key to the end of its `input` event's handlers. */
  handled: number[];
  /** Per key Event Timing reported (16 ms or more), its longest entry's duration. */
  slowEntries: number[];
  /** The one-minute load average when the run ended. */
  load: number;
}

export interface KeystrokeFigures {
  label: string;
  runs: KeystrokeRun[];
}

declare global {
  interface Window {
    __keystrokes?: { keys: number[]; handled: number[]; slowEntries: Map<number, number> };
  }
}

/** Starts recording keystrokes in the page (see the header); `collect` reads them. */
async function record(page: Page): Promise<void> {
  await page.evaluate(() => {
    const store = { keys: [] as number[], handled: [] as number[], slowEntries: new Map<number, number>() };
    window.__keystrokes = store;
    let pressed: number | null = null;
    const painted = () => {
      if (pressed === null) return;
      const started = pressed;
      pressed = null;
      store.handled.push(performance.now() - started);
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => store.keys.push(performance.now() - started);
        channel.port2.postMessage(null);
      });
    };
    document.addEventListener('keydown', (event) => void (pressed = event.timeStamp), true);
    // Bubbling on the document: after React's own listener on its root has run the field's onChange.
    document.addEventListener('input', painted);
    document.addEventListener('keyup', painted);
    new PerformanceObserver((list) => {
      // interactionId is in Chromium's Event Timing, not yet in TypeScript's DOM types.
      for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[]) {
        if (entry.interactionId === 0 || !entry.name.startsWith('key')) continue;
        store.slowEntries.set(entry.interactionId, Math.max(store.slowEntries.get(entry.interactionId) ?? 0, entry.duration));
      }
    }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
  });
}

async function collect(page: Page): Promise<KeystrokeRun> {
  // The last key's frame, and Event Timing's entries (delivered after their frame).
  await page.waitForTimeout(500);
  const recorded = await page.evaluate(() => {
    const store = window.__keystrokes;
    if (!store) throw new Error('no keystroke recorder in the page');
    return { keys: store.keys, handled: store.handled, slowEntries: [...store.slowEntries.values()] };
  });
  return { ...recorded, load: loadavg()[0] ?? 0 };
}

async function typeInto(field: Locator, text: string) {
  await field.click();
  await field.pressSequentially(text, { delay: KEY_DELAY_MS });
}

async function signedInPage(browser: Browser, baseURL: string, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}

/** The create-user wizard as the credit union's field officer opens it from the admins list (tests/e2e/create-user-steps.ts). */
async function wizardRun(page: Page): Promise<KeystrokeRun> {
  await page.goto('/wallet/admins');
  await page.locator('#root:not([inert])').waitFor();
  await page.getByRole('table').locator('tbody tr').first().waitFor();
  await page.getByRole('button', { name: 'Add user', exact: true }).click();
  const wizard = page.getByRole('dialog', { name: 'Create User', exact: true });
  const first = wizard.getByRole('textbox', { name: /^First Name/ });
  // The step draws its form once the reference lists are in.
  await first.waitFor();
  await page.waitForTimeout(500);
  await record(page);
  await typeInto(first, NAME_KEYS.first);
  await typeInto(wizard.getByRole('textbox', { name: /^Family Name/ }), NAME_KEYS.family);
  return collect(page);
}

/** The top-up form of the first member on group@demo.test's Members list (tests/e2e/wallet.spec.ts openTopUp). */
async function topUpRun(page: Page): Promise<KeystrokeRun> {
  await page.goto('/wallet/users');
  await page.locator('#root:not([inert])').waitFor();
  await page.locator('main table tbody tr[aria-rowindex]').first().click();
  const panel = page.getByRole('dialog', { name: 'User Information', exact: true });
  await panel.getByRole('combobox', { name: 'Top-up service', exact: true }).click();
  await page.getByRole('option', { name: 'Top Up' }).click();
  const modal = page.getByRole('dialog', { name: 'Top-up' });
  const amount = modal.getByRole('textbox', { name: /Amount/ });
  await amount.waitFor();
  await page.waitForTimeout(500);
  await record(page);
  await typeInto(amount, TOP_UP_KEYS.amount);
  await typeInto(modal.getByRole('textbox', { name: 'Remarks', exact: true }), TOP_UP_KEYS.remarks);
  return collect(page);
}

/** `runs` fresh openings of each form, each typed into 26 times. */
export async function measureKeystrokes(browser: Browser, baseURL: string, password: string, runs: number): Promise<KeystrokeFigures[]> {
  const figures: KeystrokeFigures[] = [];
  const cases = [
    { label: 'create-user wizard, First Name + Family Name (officer@demo.test)', email: 'officer@demo.test', run: wizardRun },
    { label: 'top-up form, Amount + Remarks (group@demo.test)', email: 'group@demo.test', run: topUpRun },
  ];
  for (const { label, email, run } of cases) {
    const page = await signedInPage(browser, baseURL, email, password);
    const done: KeystrokeRun[] = [];
    try {
      for (let attempt = 0; attempt < runs; attempt += 1) done.push(await run(page));
    } finally {
      await page.context().close();
    }
    figures.push({ label, runs: done });
  }
  return figures;
}

/** The nearest-rank percentile: p95 of 26 keys is the 25th fastest. */
export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}
