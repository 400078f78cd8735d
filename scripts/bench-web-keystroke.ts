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
import { FIRST_SCREEN_HOLD } from '../src/api/page-contract.ts';

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

/** What one traced run's keys cost the page's main thread in CPU time, per key: figures the machine's load moves far
 * less than the times above, which count the waits for a core. */
export interface KeystrokeCpu {
  /** In the key's keydown, keypress (its input event and React's render of it inside) and keyup handlers. */
  handlers: number;
  /** Style, layout, paint and the frame's commit. */
  rendering: number;
  /** In idle callbacks: the work the page leaves for after the paint. */
  idle: number;
}

export interface KeystrokeFigures {
  label: string;
  runs: KeystrokeRun[];
  cpu: KeystrokeCpu;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { type?: string } };
}

const RENDERING = new Set(['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit']);
const KEY_EVENTS = new Set(['keydown', 'keypress', 'keyup']);

/** The main thread's CPU time per key in a Chromium trace of `keys` keys (events nested in others counted once). */
function keystrokeCpu(trace: Buffer, keys: number): KeystrokeCpu {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const main = new Set(events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`));
  const total = { handlers: 0, rendering: 0, idle: 0 };
  for (const event of events) {
    if (event.ph !== 'X' || !main.has(`${event.pid}:${event.tid}`)) continue;
    const cpu = (event.tdur ?? event.dur ?? 0) / 1000;
    if (event.name === 'EventDispatch' && KEY_EVENTS.has(event.args?.data?.type ?? '')) total.handlers += cpu;
    else if (RENDERING.has(event.name)) total.rendering += cpu;
    else if (event.name === 'FireIdleCallback') total.idle += cpu;
  }
  return { handlers: total.handlers / keys, rendering: total.rendering / keys, idle: total.idle / keys };
}

declare global {
  interface Window {
    __keystrokes?: { keys: number[]; handled: number[]; slowEntries: Map<number, number> };
  }
}

/** Starts recording keystrokes in the page (see the header); `collect` reads them. */
async function record(page: Page, tracer: Tracer): Promise<void> {
  if (tracer) await tracer.browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
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

/** Starts a trace of the typing when asked; `collect` ends it. */
type Tracer = { browser: Browser; trace?: Buffer } | null;

async function collect(page: Page, tracer: Tracer): Promise<KeystrokeRun> {
  // The last key's frame, and Event Timing's entries (delivered after their frame).
  await page.waitForTimeout(500);
  if (tracer) tracer.trace = await tracer.browser.stopTracing();
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
async function wizardRun(page: Page, tracer: Tracer): Promise<KeystrokeRun> {
  await page.goto('/wallet/admins');
  await page.locator(`#root:not([${FIRST_SCREEN_HOLD}])`).waitFor();
  await page.getByRole('table').locator('tbody tr').first().waitFor();
  await page.getByRole('button', { name: 'Add user', exact: true }).click();
  const wizard = page.getByRole('dialog', { name: 'Create User', exact: true });
  const first = wizard.getByRole('textbox', { name: /^First Name/ });
  // The step draws its form once the reference lists are in.
  await first.waitFor();
  await page.waitForTimeout(500);
  await record(page, tracer);
  await typeInto(first, NAME_KEYS.first);
  await typeInto(wizard.getByRole('textbox', { name: /^Family Name/ }), NAME_KEYS.family);
  return collect(page, tracer);
}

/** The top-up form of the first member on group@demo.test's Members list (tests/e2e/wallet.spec.ts openTopUp). */
async function topUpRun(page: Page, tracer: Tracer): Promise<KeystrokeRun> {
  await page.goto('/wallet/users');
  await page.locator(`#root:not([${FIRST_SCREEN_HOLD}])`).waitFor();
  await page.locator('main table tbody tr[aria-rowindex]').first().click();
  const panel = page.getByRole('dialog', { name: 'User Information', exact: true });
  await panel.getByRole('combobox', { name: 'Top-up service', exact: true }).click();
  await page.getByRole('option', { name: 'Top Up' }).click();
  const modal = page.getByRole('dialog', { name: 'Top-up' });
  const amount = modal.getByRole('textbox', { name: /Amount/ });
  await amount.waitFor();
  await page.waitForTimeout(500);
  await record(page, tracer);
  await typeInto(amount, TOP_UP_KEYS.amount);
  await typeInto(modal.getByRole('textbox', { name: 'Remarks', exact: true }), TOP_UP_KEYS.remarks);
  return collect(page, tracer);
}

/** `runs` fresh openings of each form, each typed into 26 times, then one more traced for its CPU time. */
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
      for (let attempt = 0; attempt < runs; attempt += 1) done.push(await run(page, null));
      const tracer: Tracer = { browser };
      const traced = await run(page, tracer);
      if (!tracer.trace) throw new Error('the traced keystroke run left no trace');
      figures.push({ label, runs: done, cpu: keystrokeCpu(tracer.trace, traced.keys.length) });
    } finally {
      await page.context().close();
    }
  }
  return figures;
}

/** The nearest-rank percentile: p95 of 26 keys is the 25th fastest. */
export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}
