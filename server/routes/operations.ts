// Liveness and readiness probes (the contract's "Operations"): no token, no rate limit, no access-log line
// (http/request-log.ts).
import { readiness } from '../db/readiness.ts';
import { HttpError } from '../http/jsonapi.ts';
import type { Handlers } from './types.ts';

/** How long /readyz waits for the database before it says not ready. */
const READINESS_TIMEOUT_MS = 2_000;

export const handlers: Handlers = {
  async getHealth() {
    return { meta: { status: 'ok' } };
  },

  async getReadiness(request) {
    const state = await readiness(request.server.db, READINESS_TIMEOUT_MS);
    switch (state.kind) {
      case 'ready':
        return { meta: { status: 'ready', migrations: state.migrations } };
      case 'unreachable':
        throw new HttpError(503, 'Not ready', {
          code: 'database_unreachable',
          detail: `The database did not answer within ${READINESS_TIMEOUT_MS / 1000} seconds.`,
        });
      case 'migrations_pending':
        throw new HttpError(503, 'Not ready', {
          code: 'migrations_pending',
          detail: `${state.pending.length} database migration${state.pending.length === 1 ? ' has' : 's have'} not run yet: ${state.pending.join(', ')}.`,
        });
    }
  },
};
