import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { withTenant } from '../../../platform/db/tenant.ts';
import { Money } from '../../../platform/money/decimal.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { DocumentRow, PostingLine } from '../documents/index.ts';
import { assertPeriodOpen, postDocument, reverseDocument } from './service.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
let tenantId: string;
let accounts: string[];
let ous: string[];
let currencies: string[];

beforeAll(async () => {
  t = await createTestApp('ledger');
  tenantId = await t.tenantId('demo');
  const q = async (text: string) => (await t.pools.owner.query<{ id: string }>(text, [tenantId])).rows.map((r) => r.id);
  accounts = (await q(`SELECT id FROM coa_accounts WHERE tenant_id = $1 AND is_detail ORDER BY code`)).slice(0, 12);
  ous = await q(`SELECT id FROM org_units WHERE tenant_id = $1`);
  currencies = await q(`SELECT id FROM currencies WHERE tenant_id = $1`);
});
afterAll(() => t.close());

const run = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(t.pools.app, tenantId, fn);

function documentRow(date: string, currencyId: string, rate: string): DocumentRow {
  const id = randomUUID();
  return {
    tenantId,
    id,
    type: 'JV',
    number: `JV-${id.slice(0, 8)}`,
    documentDate: date,
    dueDate: null,
    reference: null,
    externalNumber: null,
    externalDate: null,
    remarks: null,
    currencyId,
    rate,
    ouId: null,
    partnerId: null,
    cashBankId: null,
    status: 'R',
    subStatus: null,
    approvalFlowId: null,
    approvalLevel: null,
    taxAmount: '0',
    totalAmount: '0',
    totalBookAmount: '0',
    createdBy: randomUUID(),
    createdAt: new Date(),
    updatedAt: new Date(),
    submittedAt: null,
    releasedAt: null,
    releasedBy: null,
  };
}

/** Signed document-currency amounts that sum to zero, converted at `rate`; the rounding difference goes to the largest line. */
function balancedLines(signed: Money[], rate: Money, pick: (i: number) => { coaId: string; ouId: string | null }): PostingLine[] {
  const book = signed.map((a) => a.times(rate).toDecimalPlaces(4));
  const difference = book.reduce((s, b) => s.plus(b), new Money(0));
  let largest = 0;
  book.forEach((b, i) => {
    if (b.abs().gt(book[largest]!.abs())) largest = i;
  });
  book[largest] = book[largest]!.minus(difference);
  return signed.map((amount, i) => ({ ...pick(i), amount, bookAmount: book[i]! }));
}

const amount4 = fc.bigInt({ min: 1n, max: 10_000_000_000n }).map((n) => new Money(n.toString()).div(10_000));
const postingArb = fc.record({
  day: fc.date({ min: new Date('2025-01-01'), max: new Date('2026-12-28'), noInvalidDate: true }),
  rate: fc.constantFrom('1', '15875.5', '0.0123', '10847.3333333333'),
  amounts: fc.array(fc.tuple(amount4, fc.boolean()), { minLength: 1, maxLength: 7 }),
  picks: fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 8, maxLength: 8 }),
  currency: fc.nat(),
});

async function totals() {
  const { rows } = await t.pools.owner.query<{ scope: string; key: string; sum: string }>(
    `SELECT 'posting' AS scope, posting_id::text AS key, sum(book_amount)::text AS sum FROM ledger_entries WHERE tenant_id = $1 GROUP BY posting_id
     UNION ALL SELECT 'period', period::text, sum(book_amount)::text FROM ledger_entries WHERE tenant_id = $1 GROUP BY period
     UNION ALL SELECT 'all', '', coalesce(sum(book_amount), 0)::text FROM ledger_entries WHERE tenant_id = $1`,
    [tenantId],
  );
  return rows;
}

async function balancesVsLedger() {
  const { rows } = await t.pools.owner.query(
    `WITH l AS (
       SELECT period, coa_id, coalesce(ou_id, '00000000-0000-0000-0000-000000000000'::uuid) AS ou_key,
              sum(greatest(book_amount, 0)) AS debit, sum(greatest(-book_amount, 0)) AS credit, count(*)::int AS lines
       FROM ledger_entries WHERE tenant_id = $1 GROUP BY 1, 2, 3)
     SELECT * FROM l FULL JOIN (SELECT * FROM period_balances WHERE tenant_id = $1) b USING (period, coa_id, ou_key)
     WHERE l.debit IS DISTINCT FROM b.debit OR l.credit IS DISTINCT FROM b.credit OR l.lines IS DISTINCT FROM b.lines`,
    [tenantId],
  );
  return rows;
}

describe('the ledger', () => {
  it('keeps every random balanced posting balanced per document, period and overall, and period balances equal to the ledger', async () => {
    let posted = 0;
    await fc.assert(
      fc.asyncProperty(postingArb, async ({ day, rate, amounts, picks, currency }) => {
        const signed = amounts.map(([a, debit]) => (debit ? a : a.neg()));
        const rest = signed.reduce((s, a) => s.plus(a), new Money(0)).neg();
        if (rest.isZero()) return;
        signed.push(rest);
        const date = day.toISOString().slice(0, 10);
        const doc = documentRow(date, currencies[currency % currencies.length]!, rate);
        const lines = balancedLines(signed, new Money(rate), (i) => {
          const [a, o] = picks[i % picks.length]!;
          return { coaId: accounts[a % accounts.length]!, ouId: o % 3 === 0 ? null : ous[o % ous.length]! };
        });
        await run((tx) => postDocument(tx, tenantId, doc, lines));
        posted++;
      }),
      { numRuns: 40 },
    );
    expect(posted).toBeGreaterThan(30);
    const sums = await totals();
    expect(sums.filter((r) => r.scope === 'posting').length).toBe(posted);
    expect(sums.filter((r) => !new Money(r.sum).isZero())).toEqual([]);
    expect(await balancesVsLedger()).toEqual([]);
  });

  it('reverses a document into a balanced posting that nets each account to zero, dated in the void period', async () => {
    const doc = documentRow('2026-03-15', currencies[0]!, '1');
    const lines = balancedLines([new Money('1250000.5'), new Money('-1000000'), new Money('-250000.5')], new Money(1), (i) => ({
      coaId: accounts[i]!,
      ouId: ous[0]!,
    }));
    await run((tx) => postDocument(tx, tenantId, doc, lines));
    const { postingId } = await run((tx) => reverseDocument(tx, tenantId, doc, '2026-04-02'));
    const { rows } = await t.pools.owner.query(
      `SELECT coa_id, sum(book_amount)::text AS net, count(*) FILTER (WHERE reversal AND period = 202604 AND posting_id = $3)::int AS reversed
       FROM ledger_entries WHERE tenant_id = $1 AND document_id = $2 GROUP BY coa_id`,
      [tenantId, doc.id, postingId],
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) expect([new Money(row.net).isZero(), row.reversed]).toEqual([true, 1]);
    expect(await balancesVsLedger()).toEqual([]);
  });

  it('refuses an unbalanced posting: the service before writing, the database at commit for a bare INSERT', async () => {
    const doc = documentRow('2026-05-01', currencies[0]!, '1');
    const lines: PostingLine[] = [
      { coaId: accounts[0]!, amount: new Money('100'), bookAmount: new Money('100') },
      { coaId: accounts[1]!, amount: new Money('-99.9999'), bookAmount: new Money('-99.9999') },
    ];
    const refused = await run((tx) => postDocument(tx, tenantId, doc, lines)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).body()).toEqual({ errorCode: 'document_unbalanced', errorArgs: ['100', '99.9999'] });

    const bareId = randomUUID();
    const bare = await run(async (_tx, client) => {
      await client.query(
        `INSERT INTO ledger_entries (tenant_id, posting_id, document_id, document_type, document_number, entry_date, period, coa_id, currency_id, amount, book_amount)
         VALUES ($1, $2, $2, 'JV', 'X', '2026-05-01', 202605, $3, $4, 10, 10)`,
        [tenantId, bareId, accounts[0], currencies[0]],
      );
    }).catch((e: { code?: string }) => e);
    expect((bare as { code?: string }).code).toBe('23514');
    const { rows } = await t.pools.owner.query(`SELECT count(*)::int AS n FROM ledger_entries WHERE tenant_id = $1 AND posting_id = $2`, [tenantId, bareId]);
    expect(rows[0].n).toBe(0);
  });

  it('refuses UPDATE and DELETE of a posted line', async () => {
    for (const statement of [`UPDATE ledger_entries SET book_amount = 0 WHERE tenant_id = $1`, `DELETE FROM ledger_entries WHERE tenant_id = $1`]) {
      const err = await run((_tx, client) => client.query(statement, [tenantId])).catch((e: Error) => e);
      expect(String(err)).toMatch(/append-only/);
    }
  });

  it('answers document_period_closed for a date in a closed period and lets an open one pass', async () => {
    await t.pools.owner.query(`INSERT INTO ledger_periods (tenant_id, period, closed) VALUES ($1, 202601, true)`, [tenantId]);
    const err = await run((tx) => assertPeriodOpen(tx, '2026-01-31')).catch((e: unknown) => e);
    expect((err as AppError).body()).toEqual({ errorCode: 'document_period_closed', errorArgs: ['202601'] });
    await expect(run((tx) => assertPeriodOpen(tx, '2026-02-01'))).resolves.toBeUndefined();
  });
});
