// The benchmarks' HTTP measurements (bench:gateway, bench:remittances): sequential latency over one keep-alive
// socket, and throughput from autocannon in a process of its own.
import { execFile } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** Sequential requests timed per page, after 30 warm-up requests. */
export const SAMPLES = 300;
/** Seconds and connections of each autocannon run. */
export const LOAD_SECONDS = 10;
export const CONNECTIONS = 10;

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

export function get(base: string, path: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${path}`, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (response.statusCode !== 200) reject(new Error(`GET ${path} answered ${response.statusCode}: ${body.slice(0, 300)}`));
        else resolve({ status: response.statusCode, body });
      });
    });
    request.on('error', reject);
  });
}

export async function latency(base: string, path: string, token: string): Promise<{ p50: number; p95: number; max: number }> {
  for (let index = 0; index < 30; index += 1) await get(base, path, token);
  const samples: number[] = [];
  for (let index = 0; index < SAMPLES; index += 1) {
    const started = process.hrtime.bigint();
    await get(base, path, token);
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const at = (quantile: number) => samples[Math.min(samples.length - 1, Math.ceil(quantile * samples.length) - 1)] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95), max: samples[samples.length - 1] ?? Number.NaN };
}

export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p97_5: number; p99: number };
  non2xx: number;
  errors: number;
}

/** Runs the autocannon CLI in its own process (so the load generator never shares the gateway's event loop). */
export async function autocannon(target: string, token: string, seconds: number = LOAD_SECONDS): Promise<AutocannonResult> {
  const bin = fileURLToPath(new URL('../../node_modules/autocannon/autocannon.js', import.meta.url));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [bin, '--json', '--connections', String(CONNECTIONS), '--duration', String(seconds), '--headers', `authorization=Bearer ${token}`, target],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as AutocannonResult;
}
