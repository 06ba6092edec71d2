import { sql } from 'drizzle-orm';
import { formatNumber, periodKey, todayInJakarta, type NumberFormat } from '@nusa/contracts';
import { queryPrepared, type Tx } from '../db/tenant.ts';

export interface AllocateRequest {
  /** The sequence, e.g. a document type or an entity key; one counter per (key, period). */
  key: string;
  format: NumberFormat;
  /** The business date the number is for, YYYY-MM-DD; defaults to today in Asia/Jakarta. */
  date?: string;
}

/**
 * Takes the next number of a sequence inside the caller's (creating) transaction and returns it formatted.
 *
 * One statement both creates the period's row and increments it; the row stays locked until the caller's
 * transaction ends, so concurrent creators queue on it and get consecutive numbers, and a creation that rolls back
 * hands its number back (the next creator gets the same one): no duplicates, no gaps.
 */
export async function allocateNumber(tx: Tx, tenantId: string, req: AllocateRequest): Promise<string> {
  const date = req.date ?? todayInJakarta();
  const counter = await allocateCounter(tx, tenantId, req.key, periodKey(req.format.reset, date));
  return formatNumber(req.format, date, counter);
}

/** The raw counter step of `allocateNumber`: the next value of (key, period), starting at 1. */
export async function allocateCounter(tx: Tx, tenantId: string, key: string, period: string): Promise<number> {
  // Every numbered create takes one: prepared once per connection.
  const [row] = await queryPrepared<{ last_value: string }>(
    tx,
    'nusa_number_sequence_next',
    `INSERT INTO number_sequences (tenant_id, sequence_key, period, last_value) VALUES ($1, $2, $3, 1)
     ON CONFLICT (tenant_id, sequence_key, period) DO UPDATE SET last_value = number_sequences.last_value + 1
     RETURNING last_value`,
    [tenantId, key, period],
  );
  return Number(row!.last_value);
}

/** The number the next `allocateNumber` would return, without taking it (previews). */
export async function peekNumber(tx: Tx, req: AllocateRequest): Promise<string> {
  const date = req.date ?? todayInJakarta();
  const result = await tx.execute<{ last_value: string }>(sql`
    SELECT last_value FROM number_sequences WHERE sequence_key = ${req.key} AND period = ${periodKey(req.format.reset, date)}`);
  const last = result.rows[0] ? Number(result.rows[0].last_value) : 0;
  return formatNumber(req.format, date, last + 1);
}
