// What bench:gateway and bench:remittances measure of a list's pages on a gateway in its own process: a warm-up, the
// p50 / p95 latency of each page with the gateway's CPU per request (and the database server's, when it runs apart),
// and the requests per second 10 concurrent clients get. The machine's load average is printed with the figures:
// on a busy machine the CPU per request is the figure that holds.
import { cpus, loadavg } from 'node:os';
import { autocannon, CONNECTIONS, latency, LOAD_SECONDS, SAMPLES } from './http.ts';
import type { GatewayProcess } from './gateway-process.ts';

/** A page to measure: its label and its path on the gateway. */
export type BenchPage = readonly [label: string, path: string];

export interface PageLatency {
  label: string;
  p50: number;
  p95: number;
}

export interface PageThroughput {
  label: string;
  rps: number;
}

interface PageMeasurer {
  /** Load on each page for `seconds` (not counted), so V8 has compiled the hot paths before any figure is taken. */
  warmUp: (pages: readonly BenchPage[], seconds: number) => Promise<void>;
  /** One client, SAMPLES requests a page after 30 warm-up requests; prints a line a page. */
  latencies: (pages: readonly BenchPage[]) => Promise<PageLatency[]>;
  /** autocannon, CONNECTIONS connections for LOAD_SECONDS a page; prints a line a page. */
  throughputs: (pages: readonly BenchPage[]) => Promise<PageThroughput[]>;
}

interface MeasurerOptions {
  gateway: GatewayProcess;
  token: string;
  /** CPU microseconds the database server used so far (PostgreSQL; SQLite works inside the gateway). */
  databaseCpu: (() => number) | undefined;
  /** Width of the label column. */
  labelWidth: number;
}

/** The machine's load average, 1, 5 and 15 minutes. */
export function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
}

/** Prints the load average, and what it means for the figures when other work competes for the cores. */
export function printLoad(): void {
  const [load] = loadavg();
  console.log(`\nLoad average ${loadAverage()} (1, 5, 15 min) on ${cpus().length} cores.`);
  if ((load ?? 0) > cpus().length / 2) {
    console.log(`\nNote: load average ${load?.toFixed(1)} on ${cpus().length} cores: other work competes for the CPU, so wall-clock`);
    console.log('figures are pessimistic; the gateway CPU per request below is the load-independent figure.');
  }
}

export function pageMeasurer({ gateway, token, databaseCpu, labelWidth }: MeasurerOptions): PageMeasurer {
  /** ` + database 0.31 ms` per request since `before`, or nothing on SQLite. */
  const databaseShare = (before: number, requests: number) =>
    databaseCpu ? ` + database ${((databaseCpu() - before) / 1000 / Math.max(1, requests)).toFixed(2)} ms` : '';

  return {
    async warmUp(pages, seconds) {
      console.log(`\nWarm-up: ${seconds} s of load on each page (not counted), so V8 has compiled the hot paths.`);
      for (const [, path] of pages) await autocannon(`${gateway.base}${path}`, token, seconds);
    },

    async latencies(pages) {
      console.log(`\nLatency, one client, ${SAMPLES} requests each (after 30 warm-up requests):`);
      const measured: PageLatency[] = [];
      for (const [label, path] of pages) {
        const cpuBefore = await gateway.cpu();
        const databaseBefore = databaseCpu?.() ?? 0;
        const { p50, p95, max } = await latency(gateway.base, path, token);
        const cpuPerRequest = (await gateway.cpu()) - cpuBefore;
        const database = databaseShare(databaseBefore, SAMPLES + 30);
        measured.push({ label, p50, p95 });
        const perRequestMs = cpuPerRequest / 1000 / (SAMPLES + 30);
        console.log(
          `  ${label.padEnd(labelWidth)} p50 ${p50.toFixed(2).padStart(6)} ms   p95 ${p95.toFixed(2).padStart(6)} ms   max ${max.toFixed(2).padStart(7)} ms` +
            `   gateway CPU ${perRequestMs.toFixed(2)} ms/request${database} (≈ ${Math.round(1000 / perRequestMs)} requests/s on one core)`,
        );
      }
      return measured;
    },

    async throughputs(pages) {
      console.log(`\nThroughput, autocannon, ${CONNECTIONS} connections, ${LOAD_SECONDS} s, loopback:`);
      const measured: PageThroughput[] = [];
      for (const [label, path] of pages) {
        const cpuBefore = await gateway.cpu();
        const databaseBefore = databaseCpu?.() ?? 0;
        const result = await autocannon(`${gateway.base}${path}`, token);
        const perRequestMs = ((await gateway.cpu()) - cpuBefore) / 1000 / Math.max(1, result.requests.total);
        const database = databaseShare(databaseBefore, result.requests.total);
        measured.push({ label, rps: result.requests.average });
        console.log(
          `  ${label.padEnd(labelWidth)} ${Math.round(result.requests.average).toLocaleString('en').padStart(6)} requests/s   ` +
            `latency p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms   ` +
            `gateway CPU ${perRequestMs.toFixed(2)} ms/request${database}   (${result.non2xx} non-2xx, ${result.errors} errors)`,
        );
      }
      return measured;
    },
  };
}
