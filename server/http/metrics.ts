// The gateway's metrics in the Prometheus text format (prom-client): how long each contract operation takes by
// status, the database pool, the payout queue the settler works through, open change streams and approvals waiting
// for a checker. They are served on a listener of their own (TELLER_METRICS_PORT, loopback unless
// TELLER_METRICS_HOST says otherwise), never on the public port: operation counts and queue depths are for the
// operator's scraper, not for whoever reaches the app. With several processes (server/cluster.ts) the supervisor
// serves the sum of its workers, so a scrape sees the gateway, not whichever worker it happened to reach.
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AggregatorRegistry, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { poolState, type Db } from '../db/connection.ts';
import { pendingApprovalCount } from '../domain/approvals/approvals.ts';
import type { ChangeWaker } from '../domain/changes/waker.ts';
import { payoutQueueState } from '../domain/remittances/settler.ts';

export const METRICS_PATH = '/metrics';

/** Seconds: from a cached page (a millisecond) to a bank call near its time limit. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface MetricsSources {
  db: Db;
  changes: ChangeWaker;
  now: () => Date;
}

/**
 * The operation a request ran: the contract's operationId, else the route's pattern (the web app, probes), else
 * `unmatched`; never the raw path, whose ids would make a series per record.
 */
export function operationOf(request: FastifyRequest): string {
  const schema = request.routeOptions.schema as { operationId?: unknown } | undefined;
  if (typeof schema?.operationId === 'string') return schema.operationId;
  return request.routeOptions.url ?? 'unmatched';
}

/** A registry of the gateway's metrics, fed by every answered request of `app`. */
export function gatewayMetrics(app: FastifyInstance, sources: MetricsSources): Registry {
  const registry = new Registry();
  const registers = [registry];
  const durations = new Histogram({
    name: 'teller_http_request_duration_seconds',
    help: 'Time from a request to its answer, by contract operation, method and status.',
    labelNames: ['operation', 'method', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  app.addHook('onResponse', async (request, reply) => {
    durations.observe({ operation: operationOf(request), method: request.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'teller_db_pool_connections',
    help: 'PostgreSQL pool connections by state (SQLite has one connection and no pool).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = poolState(sources.db);
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'teller_change_stream_clients',
    help: 'Change streams open now.',
    registers,
    collect() {
      this.set(sources.changes.streams);
    },
  });
  // Read from the database, which every process shares: the supervisor keeps one process's reading, not the sum.
  // A scrape collects every metric at once, so the two queue gauges share one reading.
  let queueReading: ReturnType<typeof payoutQueueState> | undefined;
  const queueState = () =>
    (queueReading ??= payoutQueueState(sources.db, sources.now()).finally(() => {
      queueReading = undefined;
    }));
  new Gauge({
    name: 'teller_settler_queue_depth',
    help: 'Payouts waiting in the settler queue.',
    aggregator: 'max',
    registers,
    async collect() {
      this.set((await queueState()).depth);
    },
  });
  new Gauge({
    name: 'teller_settler_queue_oldest_age_seconds',
    help: 'How long the oldest payout in the settler queue has waited (0 when it is empty).',
    aggregator: 'max',
    registers,
    async collect() {
      this.set((await queueState()).oldestAgeSeconds);
    },
  });
  new Gauge({
    name: 'teller_approvals_pending',
    help: 'Four-eyes requests waiting for a checker.',
    aggregator: 'max',
    registers,
    async collect() {
      this.set(await pendingApprovalCount(sources.db, sources.now()));
    },
  });
  return registry;
}

/** The process's own figures (CPU, memory, event loop, GC) beside the gateway's: once per process, not per app. */
export function withProcessMetrics(registry: Registry): Registry {
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** What a scrape reads: one process's registry, or the supervisor's sum of its workers'. */
export type MetricsSource = Registry | AggregatorRegistry<'text/plain; version=0.0.4; charset=utf-8'>;

/** A worker's registry, answered to the supervisor's scrape (prom-client's cluster messages). */
export function shareWithSupervisor(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  // Making one is what starts a worker answering the supervisor's requests.
  new AggregatorRegistry();
}

export function clusterMetrics(): MetricsSource {
  return new AggregatorRegistry();
}

/** Serves GET /metrics on its own listener; resolves once it listens. */
export async function serveMetrics(source: MetricsSource, options: { port: number; host: string }): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== METRICS_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found\n');
      return;
    }
    const text = source instanceof AggregatorRegistry ? source.clusterMetrics() : source.metrics();
    text.then(
      (body) => response.writeHead(200, { 'content-type': source.contentType }).end(body),
      // The database may be down; the scraper records the failure, the detail stays in the gateway.
      () => response.writeHead(503, { 'content-type': 'text/plain' }).end('Metrics could not be read now.\n'),
    );
  });
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(options.port, options.host, () => {
      server.off('error', failed);
      listening();
    });
  });
  return server;
}
