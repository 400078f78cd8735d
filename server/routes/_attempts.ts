// Limited attempts (sign-in, recovery, password changes, one-time codes): counted in the database before the attempt is
// checked (server/domain/attempts.ts); over a limit the answer is 429 with Retry-After and an audit row.
import type { FastifyRequest } from 'fastify';
import { reserveAttempt, releaseAttempt, settleSuccess, type AttemptCounter } from '../domain/attempts.ts';
import { auditEvent, type AuditedEvent } from '../domain/audit.ts';
import { HttpError } from '../http/jsonapi.ts';

/** The 429 with Retry-After; `detail` gets the wait in whole minutes. */
export function tooManyAttempts(seconds: number, detail: (minutes: number) => string): HttpError {
  return new HttpError(429, 'Too many attempts', { detail: detail(Math.ceil(seconds / 60)), headers: { 'retry-after': String(seconds) } });
}

/** "1 minute", "3 minutes". */
export function minutesText(minutes: number): string {
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export interface LimitRefusal {
  /** The 429's detail for a wait of this many minutes. */
  detail: (minutes: number) => string;
  /** The audit row of a refusal (ASVS 4.0 §7.2.1: every authentication decision is logged): who and what was refused; the counter and address are added. */
  audit: Pick<AuditedEvent, 'action' | 'entity' | 'entityId' | 'actorUserId' | 'tenantId'>;
}

/** One request's counted attempt. A failure leaves it counted; `release` and `succeed` settle the others. */
export class Attempts {
  private constructor(
    private readonly request: FastifyRequest,
    private readonly counters: readonly AttemptCounter[],
  ) {}

  /** Counts the attempt under `counters` (narrowest first) before anything is checked; over a limit: 429. */
  static async count(request: FastifyRequest, counters: readonly AttemptCounter[], refusal: LimitRefusal): Promise<Attempts> {
    const { db, teller } = request.server;
    const now = teller.now();
    const reservation = await reserveAttempt(db, counters, now);
    if (!reservation.ok) {
      await auditEvent(db, {
        ...refusal.audit,
        after: { limit: reservation.counter.scope, address: request.ip },
        reason: 'Too many attempts',
        at: now,
      });
      throw tooManyAttempts(reservation.retryAfterSeconds, refusal.detail);
    }
    return new Attempts(request, counters);
  }

  /** The attempt was no failure (nothing to check, or refused for another reason): it does not count. */
  release(): Promise<void> {
    return releaseAttempt(this.request.server.db, this.counters);
  }

  /** The attempt succeeded: each counter takes it back or forgets its count (AttemptCounter.onSuccess). */
  succeed(): Promise<void> {
    return settleSuccess(this.request.server.db, this.counters);
  }
}
