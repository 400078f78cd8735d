// `npm run bench:remittances`: seeds 1,000,000 remittances of one payin tenant (amal, whose list feeds the payin report) into a temporary SQLite file,
// starts the gateway on a free loopback port in its own process, and prints for GET api/v1/remittance (RP §7) the
// p50 / p95 latency of pages the table asks for (newest first, page 1, a deep page and the last; a status filter;
// a date range; oldest first), the requests per second 10 concurrent clients get on page 1 (autocannon, 10 s), then
// the remittance report export of 100,000 rows (Transaction_Report, RP §9) written by the export worker's own code
// (src/render/export with the remittance reports) in this process: wall time, and peak memory of this process.
// Targets on a 2-core machine: p95 under 30 ms for any page, 1,500 requests/s or more; the export under 5 s and 500 MB.
//
//   BENCH_ROWS=200000 npm run bench:remittances    fewer rows, for a quick look
//   BENCH_KEEP=1 npm run bench:remittances         keep the database file and print where it is
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { buildApp } from '../server/app.ts';
import { sessionFor } from '../server/domain/auth/identity.ts';
import { openSession } from '../server/domain/auth/sessions.ts';
import { signToken } from '../server/domain/auth/tokens.ts';
import { ROLE } from '../server/domain/reference.ts';
import { seedMinimal } from '../server/seed/index.ts';
import { REMITTANCE_REPORTS } from '../src/features/remittances/export/report-columns.ts';
import { createExportSession } from '../src/render/export/export-session.ts';
import type { ExportEvent } from '../src/render/export/messages.ts';
import { createStreamingXlsxWriter } from '../src/render/export/streaming-xlsx-writer.ts';
import { autocannon, CONNECTIONS, get, latency, LOAD_SECONDS, SAMPLES } from './bench-http.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const EXPORT_ROWS = 100_000;
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const TENANT = 'amal';
const PAGE_SIZE = 10;
const WARM_UP_SECONDS = 3;
const TARGET = { p95Ms: 30, requestsPerSecond: 1_500, exportSeconds: 5, exportMb: 500 };
const DAY = 86_400_000;

interface ServeMessage {
  port?: number;
  cpu?: number;
}

/** The child process: the gateway on the benchmark database, on a free loopback port. */
async function serve(file: string, dataDir: string): Promise<void> {
  const app = await buildApp({ databaseUrl: file, dataDir, demo: false, jwtSecret: JWT_SECRET, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 } satisfies ServeMessage);
  process.on('message', (message) => {
    if (message !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    process.send?.({ cpu: user + system } satisfies ServeMessage);
  });
  process.once('disconnect', () => void app.close().then(() => process.exit(0)));
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'teller-bench-remittances-'));
  const file = join(dataDir, 'teller.db');
  let server: ChildProcess | undefined;
  try {
    console.log(`Seeding ${ROWS.toLocaleString('en')} ${TENANT} remittances into ${file} ...`);
    const seeding = Date.now();
    const { adminId, sessionId } = await seedSchemaAndWorld(file, dataDir);
    const newest = bulkInsert(file);
    console.log(`Seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s.`);

    server = fork(fileURLToPath(import.meta.url), ['--serve', file, dataDir], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    const gateway = server;
    const port = await new Promise<number>((resolve, reject) => {
      gateway.once('message', (message: ServeMessage) => resolve(message.port ?? 0));
      gateway.once('exit', (code) => reject(new Error(`The gateway exited with code ${code}`)));
    });
    const gatewayCpu = () =>
      new Promise<number>((resolve) => {
        gateway.once('message', (message: ServeMessage) => resolve(message.cpu ?? 0));
        gateway.send('cpu');
      });
    const { token } = await signToken(sessionFor(adminId, ROLE.TopAdmin, { id: TENANT, claim: TENANT, type: 'payin' }, sessionId), new TextEncoder().encode(JWT_SECRET), {
      ttlSeconds: 3600,
    });
    const base = `http://127.0.0.1:${port}`;
    const list = (query: Record<string, string | number>) =>
      `/api/v1/remittance?${new URLSearchParams(Object.entries({ 'page[size]': PAGE_SIZE, ...query }).map(([name, value]) => [name, String(value)])).toString()}`;
    const metaOf = async (path: string) => (JSON.parse((await get(base, path, token)).body) as { meta: { itemTotal: number; pageTotal: number } }).meta;

    const all = await metaOf(list({ 'page[number]': 1 }));
    const failed = await metaOf(list({ 'page[number]': 1, 'filter[statusId]': 128 }));
    const weekStart = new Date(newest - 6 * DAY).toISOString().slice(0, 10);
    const today = new Date(newest).toISOString().slice(0, 10);
    const week = await metaOf(list({ 'page[number]': 1, 'filter[startDate]': weekStart, 'filter[endDate]': today }));
    console.log(
      `\nGateway on ${base}; ${all.itemTotal.toLocaleString('en')} rows (${all.pageTotal.toLocaleString('en')} pages of ${PAGE_SIZE}), ` +
        `${failed.itemTotal.toLocaleString('en')} failed (128), ${week.itemTotal.toLocaleString('en')} in the last 7 days.`,
    );
    const deep = Math.floor(all.pageTotal / 2);
    const pages: Array<[string, string]> = [
      ['page 1, newest first', list({ 'page[number]': 1 })],
      [`page ${deep.toLocaleString('en')}`, list({ 'page[number]': deep })],
      [`page ${all.pageTotal.toLocaleString('en')} (last)`, list({ 'page[number]': all.pageTotal })],
      [`page ${deep.toLocaleString('en')}, oldest first`, list({ 'page[number]': deep, sort: 'transactionDate' })],
      ['status 128, page 1', list({ 'page[number]': 1, 'filter[statusId]': 128 })],
      [`status 128, page ${Math.floor(failed.pageTotal / 2).toLocaleString('en')}`, list({ 'page[number]': Math.floor(failed.pageTotal / 2), 'filter[statusId]': 128 })],
      ['last 7 days, page 1', list({ 'page[number]': 1, 'filter[startDate]': weekStart, 'filter[endDate]': today })],
      [
        `last 7 days, page ${Math.floor(week.pageTotal / 2).toLocaleString('en')}`,
        list({ 'page[number]': Math.floor(week.pageTotal / 2), 'filter[startDate]': weekStart, 'filter[endDate]': today }),
      ],
    ];

    const [load] = loadavg();
    console.log(`\nLoad average ${loadavg().map((value) => value.toFixed(2)).join(', ')} (1, 5, 15 min) on ${cpus().length} cores.`);
    if ((load ?? 0) > cpus().length / 2) console.log('Other work competes for the CPU: wall-clock figures are pessimistic; gateway CPU per request is the steadier figure.');
    console.log(`\nWarm-up: ${WARM_UP_SECONDS} s of load on each page (not counted).`);
    for (const [, path] of pages) await autocannon(`${base}${path}`, token, WARM_UP_SECONDS);

    console.log(`\nLatency, one client, ${SAMPLES} requests each (after 30 warm-up requests):`);
    let worstP95 = 0;
    for (const [label, path] of pages) {
      const cpuBefore = await gatewayCpu();
      const { p50, p95, max } = await latency(base, path, token);
      const perRequestMs = ((await gatewayCpu()) - cpuBefore) / 1000 / (SAMPLES + 30);
      worstP95 = Math.max(worstP95, p95);
      console.log(
        `  ${label.padEnd(34)} p50 ${p50.toFixed(2).padStart(6)} ms   p95 ${p95.toFixed(2).padStart(6)} ms   max ${max.toFixed(2).padStart(7)} ms   gateway CPU ${perRequestMs.toFixed(2)} ms/request`,
      );
    }

    console.log(`\nThroughput, autocannon, ${CONNECTIONS} connections, ${LOAD_SECONDS} s, loopback:`);
    const [firstLabel, firstPath] = pages[0] ?? ['', ''];
    const result = await autocannon(`${base}${firstPath}`, token);
    console.log(
      `  ${firstLabel.padEnd(34)} ${Math.round(result.requests.average).toLocaleString('en').padStart(6)} requests/s   latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms   (${result.non2xx} non-2xx, ${result.errors} errors)`,
    );

    console.log(`\nExport of the ${EXPORT_ROWS.toLocaleString('en')} newest rows (Transaction_Report, the export worker's code in a process of its own):`);
    const exportCpuBefore = await gatewayCpu();
    const exported = await exportInItsOwnProcess(base, token, today);
    console.log(`  gateway CPU for the report pages ${(((await gatewayCpu()) - exportCpuBefore) / 1e6).toFixed(2)} s`);

    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log(`\nLoad average at the end ${loadavg().map((value) => value.toFixed(2)).join(', ')}.`);
    console.log(`Target p95 < ${TARGET.p95Ms} ms for every page above: worst ${worstP95.toFixed(2)} ms, ${verdict(worstP95 < TARGET.p95Ms)}.`);
    console.log(`Target >= ${TARGET.requestsPerSecond} requests/s on page 1: ${Math.round(result.requests.average)}, ${verdict(result.requests.average >= TARGET.requestsPerSecond)}.`);
    console.log(
      `Target export < ${TARGET.exportSeconds} s and < ${TARGET.exportMb} MB: ${exported.seconds.toFixed(2)} s, ${exported.peakMb} MB, ` +
        `${verdict(exported.seconds < TARGET.exportSeconds && exported.peakMb < TARGET.exportMb)}.`,
    );
  } finally {
    server?.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (server && server.exitCode === null) server.kill();
    if (process.env.BENCH_KEEP) console.log(`\nKept ${file}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The export in a fresh process, so its peak memory is the export's and not what seeding left in this one. */
async function exportInItsOwnProcess(base: string, token: string, today: string): Promise<{ seconds: number; peakMb: number }> {
  const child = fork(fileURLToPath(import.meta.url), ['--export', base, token, today], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { seconds: number; peakMb: number }) => resolve(message));
    child.once('exit', (code) => reject(new Error(`The export process exited with code ${code}`)));
  });
}

/** Runs the remittance report through the worker's session (paging, two pages ahead, the streaming writer). */
async function exportReport(base: string, token: string, today: string): Promise<{ seconds: number; peakMb: number }> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const events: ExportEvent[] = [];
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const handle = createExportSession({ post: (event) => events.push(event), createWriter: () => createStreamingXlsxWriter(), reports: REMITTANCE_REPORTS });
  // The export's first page tells the total; the range is the whole year, capped at 100,000 rows like the report.
  await handle({
    type: 'start',
    report: 'remittances',
    gatewayUrl: base,
    token,
    filters: { 'filter[startDate]': `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`, 'filter[endDate]': today, sort: '-transactionDate' },
  });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const last = events.at(-1);
  if (last?.type !== 'done') throw new Error(`The export ended with ${JSON.stringify(last)}`);
  const progress = events.filter((event) => event.type === 'progress').at(-1);
  const rows = progress?.type === 'progress' ? progress.done : 0;
  console.log(
    `  ${rows.toLocaleString('en')} rows, ${(last.blob.size / 1_048_576).toFixed(1)} MB file, ${seconds.toFixed(2)} s, ` +
      `CPU of this process (fetch, parse, write) ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s, peak RSS of this process ${Math.round(peak / 1_048_576)} MB`,
  );
  return { seconds, peakMb: Math.round(peak / 1_048_576) };
}

/** Migrations and the minimal world (tenants, staff) through the gateway's own code; answers amal's top admin. */
/** The schema and the minimal world; the payin admin's id with a session the benchmark's token carries. */
async function seedSchemaAndWorld(file: string, dataDir: string): Promise<{ adminId: number; sessionId: string }> {
  const app = await buildApp({ databaseUrl: file, dataDir, demo: false, jwtSecret: JWT_SECRET, logger: false });
  try {
    const world = await seedMinimal(app.db);
    const session = await openSession(app.db, { userId: world.users.payin, client: 'teller-web', now: new Date(), ttlSeconds: 12 * 3600 });
    return { adminId: world.users.payin, sessionId: session.id };
  } finally {
    await app.close();
  }
}

/** One prepared INSERT in transactions of 50,000 rows over the last 365 days, every status; returns the newest time. */
function bulkInsert(file: string): number {
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  const insert = db.prepare(`
    INSERT INTO remittances (tenant_id, payout_external_id, reference_number, original_id, payin_id, card_payment_reference, transaction_date,
      type_name, external_id, payout_channel, payout_partner, sender_name, sender_amount_minor, sender_currency, receiver_name,
      receiver_amount_minor, receiver_currency, beneficiary_bank_bic, beneficiary_bank_code, beneficiary_account, transaction_fee_minor,
      transaction_fx_micro, status_id, status, purpose, sender_remarks, admin_notes, version, created, updated)
    VALUES (?, ?, ?, NULL, ?, ?, ?, 'Remittance', NULL, 'SWIFT', 'Providus Bank', ?, ?, 'USD', ?, ?, 'NGN', 'PROVNGLA', '101', '0123456789', ?,
      1520350000, ?, ?, 'Family support', NULL, NULL, 0, ?, ?)`);
  const statuses: Array<[number, string]> = [
    [256, 'Approved or completed successfully'],
    [256, 'Approved or completed successfully'],
    [256, 'Approved or completed successfully'],
    [256, 'Approved or completed successfully'],
    [128, 'Timeout waiting for response from destination'],
    [128, 'Beneficiary Bank not available'],
    [4, 'Processing'],
    [2, 'PENDING'],
  ];
  const senders = ['Hodan Ali', 'Abdi Warsame', 'Amina Farah', 'Mohamed Osman', 'Sahra Jama'];
  const receivers = ['Chinedu Okafor', 'Ngozi Adeyemi', 'Emeka Balogun', 'Funmi Eze', 'Tunde Okonkwo'];
  const newest = Date.now() - 60_000;
  const step = (365 * DAY) / ROWS;
  const batch = db.transaction((from: number, to: number) => {
    for (let index = from; index < to; index += 1) {
      const at = new Date(newest - (ROWS - 1 - index) * step).toISOString();
      const [statusId, status] = statuses[(index * 7) % statuses.length] ?? [256, 'Successful'];
      const senderMinor = 2_000 + ((index * 7_919) % 200_000);
      insert.run(
        TENANT,
        `AM${String(index).padStart(10, '0')}`,
        `RP${String(index).padStart(12, '0')}`,
        `pi-${(index * 2_654_435_761 >>> 0).toString(16).padStart(8, '0')}`,
        index % 5 === 0 ? null : `CP-${10_000 + (index % 90_000)}`,
        at,
        senders[index % senders.length],
        senderMinor,
        receivers[index % receivers.length],
        Math.round(senderMinor * 1520.35),
        Math.round(senderMinor * 0.015) + 100,
        statusId,
        status,
        at,
        at,
      );
    }
  });
  for (let from = 0; from < ROWS; from += 50_000) batch(from, Math.min(ROWS, from + 50_000));
  db.exec('ANALYZE');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return newest;
}

// Last, so every module-level constant above is initialised first.
if (process.argv[2] === '--serve') {
  await serve(process.argv[3] ?? '', process.argv[4] ?? '');
} else if (process.argv[2] === '--export') {
  process.send?.(await exportReport(process.argv[3] ?? '', process.argv[4] ?? '', process.argv[5] ?? ''));
  process.disconnect?.();
} else {
  await main();
}
