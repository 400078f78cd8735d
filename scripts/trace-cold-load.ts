// What a signed-in cold load's main thread does after its first paint, from Chromium's own trace: the tasks of 50 ms
// or more (what Lighthouse's total blocking time counts) with what each is made of, and the style recalculations with
// what invalidated them. Lighthouse gives a score; this says which task to look at (issue 27).
//   npm start   (or any running gateway with the demo world), then
//   npx tsx scripts/trace-cold-load.ts [--url http://localhost:8080] [--login partner@demo.test] [--path /wallet/users] [--cpu 4] [--long-task-ms 50]
// The page opens in a phone-sized tab of its own, signed in, with the HTTP cache off and the CPU slowed --cpu times
// (Lighthouse's mobile default is 4); times are as the slowed page ran them, from the navigation's start.
import { parseArgs } from 'node:util';
import { chromium, type CDPSession } from 'playwright-core';
import { CHROMIUM } from '../tests/e2e/chromium.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:8080' },
    login: { type: 'string', default: 'partner@demo.test' },
    path: { type: 'string', default: '/wallet/users' },
    cpu: { type: 'string', default: '4' },
    'long-task-ms': { type: 'string', default: '50' },
  },
});
const DEMO_PASSWORD = 'Demo@12345';
// Lighthouse's mobile run is not slowed: it multiplies the tasks it observes by its CPU multiplier (4), so at --cpu 1
// the tasks Lighthouse counts are those of --long-task-ms 12.5 or more.
const LONG_TASK_US = Number(values['long-task-ms']) * 1000;
const BIG_RECALC_US = 15_000;
/** The trace events a task's breakdown names, with the script they ran when they have one. */
const PARTS = new Set(['EvaluateScript', 'v8.compileModule', 'v8.evaluateModule', 'FunctionCall', 'ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'MajorGC', 'MinorGC', 'ParseAuthorStyleSheet', 'TimerFire', 'FireAnimationFrame', 'RunMicrotasks']);

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: Record<string, unknown>; beginData?: { url?: string }; elementCount?: number };
}

async function collectTrace(cdp: CDPSession, load: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.invalidationTracking', 'v8.execute', 'loading'];
  await cdp.send('Tracing.start', { categories: categories.join(','), transferMode: 'ReportEvents' });
  await load();
  const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
  await cdp.send('Tracing.end');
  await complete;
  return events;
}

const ms = (us: number) => (us / 1000).toFixed(0);
const shortUrl = (url: unknown) => String(url ?? '').replace(/^https?:\/\/[^/]+/, '').slice(0, 48);

const browser = await chromium.launch({ ...CHROMIUM, headless: true });
try {
  const context = await browser.newContext({ baseURL: values.url, viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
  const signIn = await context.newPage();
  await signIn.goto('/login');
  await signIn.getByLabel(/^Email/).fill(values.login);
  await signIn.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await signIn.getByRole('button', { name: 'Login' }).click();
  await signIn.waitForURL((url) => !url.pathname.startsWith('/login'));
  // The session is the tab's (sessionStorage): the traced tab starts with a copy, as the same tab reloaded would.
  const stored = await signIn.evaluate(() => Object.entries(sessionStorage));
  await context.addInitScript((entries) => {
    for (const [key, value] of entries) if (sessionStorage.getItem(key) === null) sessionStorage.setItem(key, value);
  }, stored);
  // Closed, so that its renderer (a tab of the same site shares it) is busy with the traced page alone.
  await signIn.close();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values.cpu) });
  const events = await collectTrace(cdp, async () => {
    await page.goto(values.path, { waitUntil: 'load' });
    await page.waitForTimeout(6000);
  });

  const parse = events.filter((event) => event.name === 'ParseHTML' && String(event.args?.beginData?.url ?? '').includes(values.path)).pop();
  if (!parse) throw new Error(`the trace holds no parse of ${values.path}: did the page end elsewhere (${page.url()})?`);
  const onMain = events.filter((event) => event.pid === parse.pid && event.tid === parse.tid && event.ph === 'X');
  const last = (name: string) => events.filter((event) => event.name === name && event.pid === parse.pid).pop()?.ts;
  const navigation = events.filter((event) => event.name === 'navigationStart' && String(event.args?.data?.documentLoaderURL ?? '').includes(values.path)).pop();
  const start = navigation?.ts ?? parse.ts;
  const paint = last('firstContentfulPaint');
  console.log(`${values.path} as ${values.login}, CPU x${values.cpu}: first contentful paint at ${paint ? ms(paint - start) : '?'} ms`);

  console.log(`tasks of ${ms(LONG_TASK_US)} ms or more (start, length, what they hold):`);
  let blocking = 0;
  for (const task of onMain.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) >= LONG_TASK_US).sort((a, b) => a.ts - b.ts)) {
    const end = task.ts + (task.dur ?? 0);
    const parts = new Map<string, number>();
    for (const event of onMain) {
      if (!PARTS.has(event.name) || event.ts < task.ts || event.ts + (event.dur ?? 0) > end) continue;
      const data = event.args?.data;
      const key = `${event.name} ${shortUrl(data?.url ?? data?.functionName)}`.trim();
      parts.set(key, (parts.get(key) ?? 0) + (event.dur ?? 0));
    }
    const top = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([key, us]) => `${key} ${ms(us)}`);
    const afterPaint = paint !== undefined && task.ts >= paint;
    if (afterPaint) blocking += ((task.dur ?? 0) - LONG_TASK_US) * (50_000 / LONG_TASK_US);
    console.log(`  ${ms(task.ts - start).padStart(6)} ${ms(task.dur ?? 0).padStart(5)} ms${afterPaint ? ' ' : '*'} ${top.join('; ')}`);
  }
  console.log(`  (* before the first paint) blocking time after the first paint, as at 50 ms tasks: ${ms(blocking)} ms`);

  console.log(`style recalculations of ${ms(BIG_RECALC_US)} ms or more, with what invalidated them:`);
  const invalidations = events.filter((event) => event.pid === parse.pid && /InvalidationTracking/.test(event.name));
  for (const recalc of onMain.filter((event) => event.name === 'UpdateLayoutTree' && (event.dur ?? 0) >= BIG_RECALC_US)) {
    const causes = new Map<string, number>();
    for (const event of invalidations.filter((each) => each.ts <= recalc.ts && each.ts > recalc.ts - 400_000)) {
      const data = event.args?.data ?? {};
      const key = [data.reason, data.changedAttribute ?? data.changedClass ?? data.changedId, String(data.nodeName ?? '').slice(0, 40)].filter(Boolean).join(' ');
      if (key) causes.set(key, (causes.get(key) ?? 0) + 1);
    }
    const top = [...causes].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([key, count]) => `${count} x ${key}`);
    console.log(`  ${ms(recalc.ts - start).padStart(6)} ${ms(recalc.dur ?? 0).padStart(5)} ms, ${String(recalc.args?.elementCount ?? '?')} elements: ${top.join('; ') || '(first style)'}`);
  }
} finally {
  await browser.close();
}
