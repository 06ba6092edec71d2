import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterCommit, type CommitHook, type Tx } from '../db/tenant.ts';

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

/** How long a commit's rows wait for the commits after it, to be chained in one run with theirs. */
export const CHAIN_DELAY_MS = 20;
const pause = () => new Promise((resolve) => setTimeout(resolve, CHAIN_DELAY_MS));

/** Tenants chained per transaction at most (their heads are locked in id order, so runs never deadlock). */
export const CHAIN_TENANTS = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Chains tenants' audit rows right after their writers commit, off the writers' path (docs/decisions/009): one run at
 * a time; a run chains every tenant asked for before it began in ONE transaction and round trip (up to CHAIN_TENANTS,
 * CHAIN_BATCH rows each), and tenants asked for during a run (or with rows left over) get one more run after it. So
 * the rows of many commits, of one tenant or of many, share one run and one flush. Runs on the owner's pool, never
 * holding a request's connection.
 */
export class AuditChainer {
  private readonly waiting = new Set<string>();
  private running: Promise<void> | undefined;
  private readonly sweeps = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly report: (err: unknown, tenantIds?: string[]) => void,
  ) {}

  /** The tenant's unchained rows chained soon (within CHAIN_DELAY_MS and a run); returns at once. */
  chainSoon(tenantId: string): void {
    if (this.closed || !UUID.test(tenantId)) return;
    this.waiting.add(tenantId);
    // A run costs a transaction, a head lock and a flush whatever it chains: waiting a moment lets the commits of that
    // moment share one (at 20 busy writers a run right after each commit chained one posting's rows, ~2 ms of
    // PostgreSQL's CPU per posting).
    this.running ??= pause().then(() => this.drain());
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.size && !this.closed) {
        const tenants = [...this.waiting].sort().slice(0, CHAIN_TENANTS);
        for (const t of tenants) this.waiting.delete(t);
        try {
          for (const t of await this.chainTenants(tenants)) this.waiting.add(t);
        } catch (err) {
          // Left for the tenants' next commit, a reader or the sweep.
          this.report(err, tenants);
        }
        // Under a steady stream of commits, runs back to back would each chain what committed during the one before.
        if (this.waiting.size && !this.closed) await pause();
      }
    } finally {
      this.running = undefined;
    }
  }

  /** One transaction chaining each tenant's waiting rows, heads locked in id order; the tenants with rows left. */
  private async chainTenants(tenants: string[]): Promise<string[]> {
    const client = await this.pool.connect();
    try {
      // The ids are checked UUIDs (inlined as withTenant does): the whole run is one message and one round trip.
      const perTenant = tenants.map((t) => `SELECT set_config('app.tenant_id', '${t}', true); SELECT audit_chain_pending(${CHAIN_BATCH}) AS n;`);
      const results = (await client.query(`BEGIN; ${perTenant.join(' ')} COMMIT`)) as unknown as pg.QueryResult<{ n: number }>[];
      return tenants.filter((_, i) => results[2 + 2 * i].rows[0].n === CHAIN_BATCH);
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
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
    while (this.running || this.sweeps.size) await Promise.allSettled([...this.sweeps, this.running]);
  }

  /** No new runs; waits for the one under way. */
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
