import type { Principal } from './principal.ts';

interface Entry {
  principal: Principal;
  /** Seconds since the epoch when the token itself expires. */
  tokenExpires: number;
  /** Milliseconds (performance.now) until which the entry may answer without the database. */
  freshUntil: number;
}

/**
 * The verified token → principal of recent requests, so that a request of a known session needs neither the JWT
 * check nor the session and access queries. Revocation stays immediate: every committed change of who may do what
 * forgets the tenant's entries (on the instance that made it, before it answers; on the others through
 * NOTIFY), and an entry is taken back to the database at least every `freshMs` anyway (which also keeps the
 * session's last-seen time, and so its idle limit, current).
 *
 * A read that started before an invalidation must not store what it read: `generation` is taken before the read
 * and `remember` stores only if no invalidation of that tenant happened in between.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<string, number>();
  private epoch = 0;
  /** Entries are kept only while this instance hears of changes made elsewhere (its LISTEN connection is up). */
  private listening = false;

  constructor(
    private readonly freshMs: number,
    private readonly maxEntries = 20_000,
  ) {}

  /** The principal of a token seen recently, when nothing has changed since and the token has not expired. */
  get(token: string): Principal | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.freshUntil <= performance.now() || entry.tokenExpires <= Date.now() / 1000) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.principal;
  }

  /** A stamp to take before reading a principal from the database, for `remember`. */
  generation(tenantId: string): string {
    return `${this.epoch}:${this.generations.get(tenantId) ?? 0}`;
  }

  remember(token: string, principal: Principal, tokenExpires: number, generation: string): void {
    if (!this.listening || generation !== this.generation(principal.tenantId)) return;
    if (this.entries.size >= this.maxEntries) {
      // Oldest first: a Map iterates in insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, { principal, tokenExpires, freshUntil: performance.now() + this.freshMs });
  }

  /** Something about the tenant's sessions, users, roles or grants changed: forget all of its principals. */
  forgetTenant(tenantId: string): void {
    this.generations.set(tenantId, (this.generations.get(tenantId) ?? 0) + 1);
    for (const [token, entry] of this.entries) if (entry.principal.tenantId === tenantId) this.entries.delete(token);
  }

  /** Whether changes made by other instances reach this one; while they do not, nothing is cached. */
  setListening(listening: boolean): void {
    this.forgetAll();
    this.listening = listening;
  }

  /** Changes may have been missed: forget everything. */
  forgetAll(): void {
    this.epoch += 1;
    this.generations.clear();
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
