import { sql } from 'drizzle-orm';
import type { CoaSign, CoaType, GeneralLedger, LedgerMovement, ReportRangeQuery } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { Money, plainDecimal, toDecimalString } from '../../../platform/money/decimal.ts';
import { getCoa } from '../coa/service.ts';
import { partnerCodesByIds } from '../partners/service.ts';
import { orgUnitNamesByIds } from '../../configuration/org-units/service.ts';
import { accountFigures, figuresText } from './trial-balance.ts';
import { reportOu, resolveRange } from './range.ts';

type MovementRow = {
  id: string;
  entry_date: string;
  document_id: string;
  document_type: string;
  document_number: string;
  memo: string | null;
  partner_id: string | null;
  ou_id: string | null;
  book_amount: string;
  reversal: boolean;
  running: string;
};

/**
 * The lines of one account in [from, to] in date order with the running balance, a page of them: the running sum is
 * taken over the range's lines of the account (index tenant, coa, date), so a page costs the range, not the history.
 */
export async function accountMovements(tx: Tx, coaId: string, from: string, to: string, opts: { ouId?: string; offset: number; limit: number }) {
  const ou = opts.ouId ? sql`AND ou_id = ${opts.ouId}::uuid` : sql``;
  const rows = await tx.execute<MovementRow>(sql`
    SELECT * FROM (
      SELECT id::text, entry_date::text, document_id, document_type, document_number, memo, partner_id, ou_id, book_amount::text, reversal,
             (sum(book_amount) OVER (ORDER BY entry_date, id))::text AS running
        FROM ledger_entries WHERE coa_id = ${coaId}::uuid AND entry_date BETWEEN ${from}::date AND ${to}::date ${ou}
    ) m ORDER BY entry_date, id::bigint OFFSET ${opts.offset} LIMIT ${opts.limit}`);
  const count = await tx.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM ledger_entries WHERE coa_id = ${coaId}::uuid AND entry_date BETWEEN ${from}::date AND ${to}::date ${ou}`);
  const [partners, ous] = await Promise.all([
    partnerCodesByIds(
      tx,
      rows.rows.flatMap((r) => (r.partner_id ? [r.partner_id] : [])),
    ),
    orgUnitNamesByIds(
      tx,
      rows.rows.map((r) => r.ou_id),
    ),
  ]);
  return {
    total: count.rows[0].n,
    rows: (opening: Money): LedgerMovement[] =>
      rows.rows.map((r) => {
        const amount = new Money(r.book_amount);
        return {
          entryId: Number(r.id),
          date: r.entry_date,
          documentId: r.document_id,
          documentType: r.document_type,
          documentNumber: r.document_number,
          memo: r.memo,
          partnerId: r.partner_id,
          partnerCode: r.partner_id ? (partners.get(r.partner_id) ?? null) : null,
          ouCode: r.ou_id ? (ous.get(r.ou_id)?.code ?? null) : null,
          debit: amount.gt(0) ? plainDecimal(r.book_amount)! : '0',
          credit: amount.lt(0) ? toDecimalString(amount.neg()) : '0',
          balance: toDecimalString(opening.plus(r.running)),
          reversal: r.reversal ? 'Y' : 'N',
        };
      }),
  };
}

export async function generalLedger(tx: Tx, q: ReportRangeQuery & { coaId: string; page: number; limit: number }): Promise<GeneralLedger> {
  const range = resolveRange(q);
  const [ou, account] = [await reportOu(tx, q.ouId), await getCoa(tx, q.coaId)];
  const figures = (await accountFigures(tx, range.from, range.to, { ouId: q.ouId, coaIds: [q.coaId] }))(q.coaId);
  const movements = await accountMovements(tx, q.coaId, range.from, range.to, { ouId: q.ouId, offset: (q.page - 1) * q.limit, limit: q.limit });
  return {
    range,
    ou,
    account: { coaId: account.coaId, coaCode: account.coaCode, coaName: account.coaName, type: account.type as CoaType, sign: account.sign as CoaSign },
    ...figuresText(figures),
    movements: { items: movements.rows(figures.opening), total: movements.total },
  };
}
