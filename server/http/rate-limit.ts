// In-memory failure counters (sign-in and one-time codes are rate-limited per account and per address).
// One process holds them; a restart forgets them, which is acceptable for the reference gateway.

export interface FailureLimiterOptions {
  /** Failures allowed inside the window; the next attempt is refused. */
  limit: number;
  windowMs: number;
  now?: () => Date;
  /** Most keys remembered; the oldest are forgotten first, so memory stays bounded under a flood. */
  maxKeys?: number;
}

/** Counts failures per key in a sliding window: `blocked(key)` before the attempt, `fail(key)` after a failure. */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly now: () => Date;
  private readonly maxKeys: number;

  constructor(options: FailureLimiterOptions) {
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.now = options.now ?? (() => new Date());
    this.maxKeys = options.maxKeys ?? 100_000;
  }

  /** Seconds until the key may try again, or 0 when it is not blocked. */
  retryAfterSeconds(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.limit) return 0;
    const oldest = recent[recent.length - this.limit] ?? this.now().getTime();
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now().getTime()) / 1000));
  }

  blocked(key: string): boolean {
    return this.retryAfterSeconds(key) > 0;
  }

  fail(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now().getTime());
    this.failures.delete(key);
    this.failures.set(key, recent);
    if (this.failures.size > this.maxKeys) {
      const oldest = this.failures.keys().next();
      if (!oldest.done) this.failures.delete(oldest.value);
    }
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now().getTime() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }
}
