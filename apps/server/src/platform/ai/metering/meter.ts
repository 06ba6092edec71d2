import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import type { Tx } from '../../db/tenant.ts';
import { AppError } from '../../errors/app-error.ts';
import { Money, toDecimalString } from '../../money/decimal.ts';
import type { AiPurpose, AiUsage } from '../engine.ts';
import { claimQuotaUnit, type QuotaKind } from './quota.ts';
import { aiUsage } from './schema.ts';

export type UsageOutcome = 'ok' | 'failed' | 'refused_quota';

export interface MeteredCallOptions {
  tenantId: string;
  /** What the call is part of (chat, analysis, photo, healing ...): free text the dashboard groups by. */
  area: string;
  clientOuId?: string | null;
  chatSessionId?: string | null;
  purpose: AiPurpose;
  /** The quota the call counts against. */
  kind: QuotaKind;
  /** The engine's provider ('local', 'openai-compatible'). */
  provider: string;
  /** The model the call is meant for: recorded on failed and refused rows (an ok row records the usage's model). */
  model?: string;
  /** The cost of a usage in the book currency (e.g. priceOf bound to the tenant's settings); none: 0. */
  priceOf?: (usage: AiUsage) => Money | string | number;
  /** When the call happens; now by default (seeds and tests pass the past). */
  at?: Date;
  /** How many requests the call counts as (a batch of N texts: N), claimed all or none; 1 by default. */
  units?: number;
}

const SAVEPOINT = 'ai_metered_call';
const clientOf = (tx: Tx) => (tx as unknown as { $client: pg.PoolClient }).$client;

/**
 * Runs one AI call under the tenant's quota and meters it, all in the caller's transaction `tx`:
 * 1. claims one unit of the month's `kind` quota atomically; none left: a `refused_quota` usage row, then
 *    `insufficient_quota` [kind] (no provider is asked);
 * 2. runs `fn` inside a savepoint; if it throws, the savepoint is rolled back, which gives the unit back (the tenant
 *    got nothing for it) and undoes what `fn` wrote, a `failed` row is written and the error is rethrown as it was;
 * 3. writes the `ok` row with the usage's model, tokens, images, cost (`priceOf`, else 0) and duration; a call of
 *    several `units` writes one row per unit, from the result's `usages` when it gives one each.
 * The daily rollups follow each row in the same transaction (ai_usage's trigger). The rows live and die with `tx`: a
 * caller whose transaction then rolls back (an error it lets through) keeps no trace of the call, so a caller that
 * wants a failure counted catches it, commits, then answers the failure.
 * The claimed quota row stays locked until `tx` ends: a tenant's calls of one kind are counted one transaction at a
 * time, so keep the transaction around an AI call short.
 */
export async function meteredCall<T extends { usage: AiUsage; usages?: AiUsage[] }>(tx: Tx, options: MeteredCallOptions, fn: () => Promise<T>): Promise<T> {
  const at = options.at ?? new Date();
  const client = clientOf(tx);
  let claimed: boolean;
  try {
    // Sent together: a tenant transaction's connection pipelines, so the two cost one round trip.
    [, claimed] = await Promise.all([client.query(`SAVEPOINT ${SAVEPOINT}`), claimQuotaUnit(tx, options.tenantId, options.kind, at, options.units ?? 1)]);
  } catch (err) {
    await client.query(`ROLLBACK TO SAVEPOINT ${SAVEPOINT}; RELEASE SAVEPOINT ${SAVEPOINT}`);
    throw err;
  }
  if (!claimed) {
    await Promise.all([client.query(`RELEASE SAVEPOINT ${SAVEPOINT}`), writeUsage(tx, options, at, 'refused_quota', 0)]);
    throw new AppError('insufficient_quota', [options.kind]);
  }
  const started = performance.now();
  let result: T;
  try {
    result = await fn();
  } catch (err) {
    const duration = performance.now() - started;
    await client.query(`ROLLBACK TO SAVEPOINT ${SAVEPOINT}; RELEASE SAVEPOINT ${SAVEPOINT}`);
    await writeUsage(tx, options, at, 'failed', duration);
    throw err;
  }
  const duration = performance.now() - started;
  const units = options.units ?? 1;
  const usages = units === 1 ? [result.usage] : Array.from({ length: units }, (_, i) => result.usages?.[i] ?? result.usage);
  await Promise.all([client.query(`RELEASE SAVEPOINT ${SAVEPOINT}`), writeUsage(tx, options, at, 'ok', duration / units, ...usages)]);
  return result;
}

async function writeUsage(tx: Tx, o: MeteredCallOptions, at: Date, outcome: UsageOutcome, durationMs: number, ...usages: (AiUsage | undefined)[]) {
  await tx.insert(aiUsage).values((usages.length ? usages : [undefined]).map((usage) => usageRow(o, at, outcome, durationMs, usage)));
}

export function usageRow(o: MeteredCallOptions, at: Date, outcome: UsageOutcome, durationMs: number, usage: AiUsage | undefined) {
  const cost = usage && o.priceOf ? new Money(o.priceOf(usage)) : new Money(0);
  return {
    tenantId: o.tenantId,
    id: uuidv7(),
    at,
    area: o.area,
    clientOuId: o.clientOuId ?? null,
    chatSessionId: o.chatSessionId ?? null,
    provider: o.provider,
    model: usage?.model ?? o.model ?? '',
    purpose: o.purpose,
    kind: o.kind,
    inputTokens: usage?.inputTokens ?? 0,
    outputTokens: usage?.outputTokens ?? 0,
    images: usage?.images ?? 0,
    cost: toDecimalString(cost),
    durationMs: Math.round(durationMs),
    outcome,
  };
}
