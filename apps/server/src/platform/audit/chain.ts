import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterCommit, withTenant, type CommitHook, type Tx } from '../db/tenant.ts';

/** Rows chained per transaction at most: one flush gives up to this many rows their place. */
export const CHAIN_BATCH = 1000;

/**
 * Gives the transaction's tenant's unchained audit rows their place in its chain, at most `limit` (migration 0037's
 * audit_chain_pending, in (at, id) order); how many it chained. Holds the tenant's chain head until the transaction ends.
 */
export async function chainPending(tx: Tx, limit = CHAIN_BATCH): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`SELECT audit_chain_pending(${limit}::int) AS n`);
  return rows[0].n;
}

/** Every unchained row of the transaction's tenant chained (readers that need the whole chain: verify). */
export async function chainAllPending(tx: Tx): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await chainPending(tx);
    total += n;
    if (n < CHAIN_BATCH) return total;
  }
}

/**
 * Chains tenants' audit rows right after their writers commit, off the writers' path (docs/decisions/009): one run
 * at a time per tenant, each batch in its own short transaction; a tenant asked for during its run is run once more
 * after it, so the rows of many commits share one run and one flush. Runs on the owner's pool, never holding a
 * request's connection.
 */
export class AuditChainer {
  private readonly runs = new Map<string, { again: boolean; done: Promise<void> }>();
  private readonly sweeps = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly report: (err: unknown, tenantId?: string) => void,
  ) {}

  /** The tenant's unchained rows chained soon; returns at once. */
  chainSoon(tenantId: string): void {
    if (this.closed) return;
    const running = this.runs.get(tenantId);
    if (running) {
      running.again = true;
      return;
    }
    const run = { again: false, done: Promise.resolve() };
    this.runs.set(tenantId, run);
    // After the current I/O turn: the writer's answer goes out first.
    run.done = new Promise((resolve) => setImmediate(resolve)).then(async () => {
      try {
        do {
          run.again = false;
          while (!this.closed && (await withTenant(this.pool, tenantId, (tx) => chainPending(tx))) === CHAIN_BATCH);
        } while (run.again && !this.closed);
      } catch (err) {
        // Left for the next commit of the tenant, a reader or the sweep.
        this.report(err, tenantId);
      } finally {
        this.runs.delete(tenantId);
      }
    });
  }

  /**
   * Every tenant with unchained rows (a writer that stopped between COMMIT and its run, another instance, raw SQL)
   * chained soon; how many tenants had some.
   */
  async sweep(): Promise<number> {
    if (this.closed) return 0;
    const listed = this.pool.query<{ tenant: string }>('SELECT t AS tenant FROM audit_chain_unchained_tenants() t');
    this.sweeps.add(listed);
    try {
      const { rows } = await listed;
      for (const { tenant } of rows) this.chainSoon(tenant);
      return rows.length;
    } finally {
      this.sweeps.delete(listed);
    }
  }

  /** Resolves once every sweep and run started so far, and the runs they asked for again, have ended. */
  async settled(): Promise<void> {
    while (this.runs.size || this.sweeps.size) {
      await Promise.allSettled([...this.sweeps, ...[...this.runs.values()].map((r) => r.done)]);
    }
  }

  /** No new runs; waits for those under way. */
  async close(): Promise<void> {
    this.closed = true;
    await this.settled();
  }
}

const chainers = new WeakMap<pg.Pool, AuditChainer>();
const chainAfterCommit: CommitHook = (pool, tenantId) => chainers.get(pool)?.chainSoon(tenantId);

/** Audit rows written in withTenant transactions on `pool` are chained by `chainer` once they commit. */
export function chainAfterCommitOn(pool: pg.Pool, chainer: AuditChainer): void {
  chainers.set(pool, chainer);
}

/** The chainer of `pool`'s transactions, if one is set (tests and benchmarks wait for it to settle). */
export const auditChainerOf = (pool: pg.Pool): AuditChainer | undefined => chainers.get(pool);

/** The transaction wrote audit rows: its tenant is chained after it commits. */
export const chainWhenCommitted = (tx: Tx) => afterCommit(tx, chainAfterCommit);
