// Failed attempts counted per account and per address (sign-in, recovery, password changes and one-time
// codes are rate-limited per account and per address); while either is blocked the answer is 429 with Retry-After.
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/jsonapi.ts';
import type { FailureLimiter } from '../http/rate-limit.ts';

export interface AttemptLimits {
  /** Failures allowed per account in the window; none: the account is not counted. */
  perAccount?: number;
  perAddress: number;
  windowMs: number;
}

/** The 429 with Retry-After; `detail` gets the wait in whole minutes. */
export function tooManyAttempts(seconds: number, detail: (minutes: number) => string): HttpError {
  return new HttpError(429, 'Too many attempts', { detail: detail(Math.ceil(seconds / 60)), headers: { 'retry-after': String(seconds) } });
}

/** "1 minute", "3 minutes". */
export function minutesText(minutes: number): string {
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

interface Counted {
  limiter: FailureLimiter;
  key: string;
}

/** The attempts of one request under the limiters named `<name>:address` and `<name>:account`. */
export class Attempts {
  private readonly address: Counted;
  private readonly account: Counted | undefined;

  constructor(request: FastifyRequest, name: string, limits: AttemptLimits, account?: string) {
    const { limiter } = request.server.teller;
    this.address = { limiter: limiter(`${name}:address`, { limit: limits.perAddress, windowMs: limits.windowMs }), key: request.ip };
    this.account =
      account === undefined || limits.perAccount === undefined
        ? undefined
        : { limiter: limiter(`${name}:account`, { limit: limits.perAccount, windowMs: limits.windowMs }), key: account };
  }

  private get counted(): Counted[] {
    return this.account ? [this.address, this.account] : [this.address];
  }

  /** 429 with Retry-After while the address or the account is blocked. */
  refuseWhileBlocked(detail: (minutes: number) => string): void {
    const wait = Math.max(0, ...this.counted.map(({ limiter, key }) => limiter.retryAfterSeconds(key)));
    if (wait > 0) throw tooManyAttempts(wait, detail);
  }

  /** Counts a failed attempt for the address and the account. */
  fail(): void {
    for (const { limiter, key } of this.counted) limiter.fail(key);
  }

  /** A success clears the account's failures (the address keeps its count). */
  resetAccount(): void {
    this.account?.limiter.reset(this.account.key);
  }
}
