/**
 * Failures per key (a client address, or one key for the whole instance) in a sliding window, kept in this
 * process's memory. `retryAfter` says how long a key must wait once it has `limit` failures in the window.
 */
export class FailureWindow {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Seconds until the key may try again, or 0. */
  retryAfter(key: string, now = Date.now()): number {
    const times = this.recent(key, now);
    if (times.length < this.limit) return 0;
    return Math.max(1, Math.ceil((times[times.length - this.limit] + this.windowMs - now) / 1000));
  }

  add(key: string, now = Date.now()): void {
    const times = this.recent(key, now);
    times.push(now);
    // Only the last `limit` failures decide anything.
    if (times.length > this.limit) times.splice(0, times.length - this.limit);
    if (!this.failures.has(key)) {
      if (this.failures.size >= this.maxKeys) this.prune(now);
      this.failures.set(key, times);
    }
  }

  private recent(key: string, now: number): number[] {
    const times = this.failures.get(key);
    if (!times) return [];
    while (times.length && times[0] <= now - this.windowMs) times.shift();
    if (!times.length) this.failures.delete(key);
    return times;
  }

  private prune(now: number) {
    for (const key of [...this.failures.keys()]) this.recent(key, now);
    // Still full: the oldest keys go (a Map iterates in insertion order).
    for (const key of this.failures.keys()) {
      if (this.failures.size < this.maxKeys) break;
      this.failures.delete(key);
    }
  }
}
