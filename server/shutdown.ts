// Closing on SIGTERM and SIGINT (an orchestrator stopping the gateway, Ctrl-C): new requests answer 503
// `shutting_down` (app.ts), in-flight ones finish, the settler stops between rows, the database closes, exit 0.
import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** How long in-flight requests may take; past it their connections are cut (a database transaction rolls back). */
  graceMs: number;
  /** How the process ends; process.exit unless a test watches it. */
  exit?: (code: number) => void;
}

/** After the grace period and the cut, closing the database and the settler may take this long before exit 1. */
const CLOSE_AFTER_CUT_MS = 5_000;

export function closeOnSignals(app: FastifyInstance, { graceMs, exit = (code) => process.exit(code) }: ShutdownOptions): void {
  let closing = false;
  const close = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn(`${signal} again: exiting without waiting`);
      exit(1);
      return;
    }
    closing = true;
    app.log.info(`${signal}: finishing in-flight requests (at most ${graceMs} ms), then closing`);
    const cut = setTimeout(() => {
      app.log.warn(`Requests still open after ${graceMs} ms: closing their connections`);
      app.server.closeAllConnections();
    }, graceMs);
    const giveUp = setTimeout(() => {
      app.log.error(`Not closed ${CLOSE_AFTER_CUT_MS} ms after cutting the connections: exiting`);
      exit(1);
    }, graceMs + CLOSE_AFTER_CUT_MS);
    cut.unref();
    giveUp.unref();
    app.close().then(
      () => {
        clearTimeout(cut);
        clearTimeout(giveUp);
        app.log.info('Closed');
        exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'Closing failed');
        exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, close);
}
