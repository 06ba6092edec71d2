import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { pgPolicy } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { holdWrites } from './corked.ts';

export type Tx = NodePgDatabase;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const COMMIT_READING_ACCESS_FLAG = `SELECT current_setting('nusa.access_changed', true) IS NOT DISTINCT FROM 'on' AS changed; COMMIT`;
const accessChangeListeners = new WeakMap<pg.Pool, (tenantId: string) => void>();
/** One drizzle instance per pooled connection, made once: building one per transaction showed in the CPU profile. */
const drizzleOfClient = new WeakMap<pg.PoolClient, Tx>();
const drizzleOf = (client: pg.PoolClient): Tx => {
  let tx = drizzleOfClient.get(client);
  if (!tx) drizzleOfClient.set(client, (tx = drizzle({ client })));
  return tx;
};

/**
 * `fn` runs after each commit through `pool` whose transaction changed who may do what (a session ended, a user,
 * role or grant changed: the triggers of migration 0013 set `nusa.access_changed`). The instance that made a change
 * forgets its cached principals before the request answers; other instances hear of it through NOTIFY.
 */
export function onAccessChange(pool: pg.Pool, fn: (tenantId: string) => void): void {
  accessChangeListeners.set(pool, fn);
}

/** Work to start once a transaction has committed; it must return at once (the caller's answer does not wait for it). */
export type CommitHook = (pool: pg.Pool, tenantId: string) => void;
const commitHooks = new WeakMap<Tx, Set<CommitHook>>();

/**
 * `hook` runs once right after the withTenant transaction of `tx` commits, never after a rollback: the audit chain is
 * made that way, a moment after the audited write commits (platform/audit/chain.ts).
 */
export function afterCommit(tx: Tx, hook: CommitHook): void {
  let hooks = commitHooks.get(tx);
  if (!hooks) commitHooks.set(tx, (hooks = new Set()));
  hooks.add(hook);
}

/**
 * Runs `fn` in one transaction whose `app.tenant_id` is `tenantId`; every tenant table's policy reads it, so a
 * query that forgets its tenant sees nothing of other tenants. BEGIN and SET LOCAL go in one message (the id is
 * checked to be a UUID, so inlining it is safe), pipelined with the first query.
 */
export async function withTenant<T>(pool: pg.Pool, tenantId: string, fn: (tx: Tx, client: pg.PoolClient) => Promise<T>): Promise<T> {
  if (!UUID.test(tenantId)) throw new Error(`withTenant: not a tenant id: ${tenantId}`);
  const client = await pool.connect();
  // BEGIN + SET LOCAL and the first query in one socket write.
  const sendWrites = holdWrites(client);
  const tx = drizzleOf(client);
  const onAccessChange = accessChangeListeners.get(pool);
  // One round trip still: the flag the access triggers set (0013) is read in the COMMIT's own message.
  const commitText = onAccessChange ? COMMIT_READING_ACCESS_FLAG : 'COMMIT';
  // Sent early by commitBehind, or once `fn` has returned.
  let commit: Promise<unknown> | undefined;
  commitSenders.set(tx, () => {
    commit ??= client.query(commitText);
    // Awaited below, or in the catch when the statement before it fails first.
    commit.catch(() => {});
  });
  let open = false;
  let committed = false;
  try {
    // pg's pipeline mode: BEGIN + SET LOCAL go out without waiting for their answer, and the transaction's first
    // query follows in the same round trip. They cannot fail on a live connection (the id is a checked UUID); on a
    // lost one every query behind them fails too.
    (client as pg.PoolClient & { pipeline: boolean }).pipeline = true;
    // SET LOCAL is set_config(…, true) without a SELECT to parse, plan and answer with a row.
    const begun = client.query(`BEGIN; SET LOCAL app.tenant_id = '${tenantId}'`);
    open = true;
    const [, result] = await Promise.all([begun, fn(tx, client)]);
    const answer = await (commit ?? client.query(commitText));
    if (!onAccessChange && (answer as pg.QueryResult).command !== 'COMMIT') throw new Error('withTenant: the transaction was rolled back at COMMIT');
    open = false;
    committed = true;
    if (onAccessChange && (answer as [pg.QueryResult<{ changed: boolean }>])[0].rows[0]?.changed) onAccessChange(tenantId);
    return result;
  } catch (err) {
    // A COMMIT sent behind a failed statement ends the transaction as a ROLLBACK, or fails and leaves it to end here.
    if (commit) await commit.catch(() => {});
    if (open) await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    commitSenders.delete(tx);
    sendWrites();
    const hooks = commitHooks.get(tx);
    commitHooks.delete(tx);
    client.release();
    if (committed && hooks) for (const hook of hooks) hook(pool, tenantId);
  }
}

const commitSenders = new WeakMap<Tx, () => void>();

/**
 * Sends a transaction's last statement (`send`) and the withTenant transaction's COMMIT in one socket write, pipelined,
 * so that PostgreSQL runs the COMMIT without waiting a round trip through this process: for a statement whose locks
 * others queue on (documents' gap-free number). Nothing may be sent on `tx` after it. When the statement fails, the
 * COMMIT ends the transaction as a rollback and withTenant rethrows the statement's error. `send` must hand its query
 * to the connection before it first awaits (client.query or queryPrepared, not drizzle's execute, which awaits first):
 * else the COMMIT goes out before it and the statement runs outside the transaction.
 */
export function commitBehind<T>(tx: Tx, send: () => Promise<T>): Promise<T> {
  const sendCommit = commitSenders.get(tx);
  if (!sendCommit) return send();
  const sendWrites = holdWrites((tx as unknown as { $client: pg.PoolClient }).$client);
  try {
    const sent = send();
    sendCommit();
    return sent;
  } finally {
    sendWrites();
  }
}

/** The row-level security policy every tenant table declares beside its columns (architecture §3). */
export const tenantPolicy = (table: string) =>
  pgPolicy(`${table}_tenant_isolation`, {
    as: 'permissive',
    for: 'all',
    using: sql`tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid`,
    withCheck: sql`tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid`,
  });

/**
 * Runs a named prepared statement on the transaction's own connection: PostgreSQL parses and plans it once per
 * connection instead of on every request. For the per-request hot path (session check, access); the text must be
 * constant for a given name.
 */
export async function queryPrepared<R extends object>(tx: Tx, name: string, text: string, values: unknown[]): Promise<R[]> {
  const client = (tx as unknown as { $client: pg.PoolClient }).$client;
  return (await client.query<R>({ name, text, values })).rows;
}

const preparedOfTx = new WeakMap<Tx, Map<string, unknown>>();

/**
 * A drizzle query built once per connection and run as a named prepared statement: neither drizzle's SQL building
 * nor PostgreSQL's parse and plan happen again on later requests. `build` must give the same query for a given name
 * every time; its per-request values are `sql.placeholder`s filled by `execute`.
 */
export function preparedQuery<Q>(tx: Tx, name: string, build: (tx: Tx, name: string) => Q): Q {
  let cache = preparedOfTx.get(tx);
  if (!cache) preparedOfTx.set(tx, (cache = new Map()));
  let query = cache.get(name) as Q | undefined;
  if (!query) cache.set(name, (query = build(tx, name)));
  return query;
}
