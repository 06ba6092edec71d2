import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { extractText } from 'unpdf';
import { cashInEndpoints as cin, cashOutEndpoints as cout, documentEndpoints, type CashTransactionInput } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { call } from '../../../../test/call.ts';

let t: TestApp;
let admin: string;
let tenantId: string;
const ref: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp('cash_transactions');
  admin = await t.login('admin');
  tenantId = await t.tenantId('demo');
  const q = async (sql: string) => (await t.pools.owner.query<{ code: string; id: string }>(sql, [tenantId])).rows;
  for (const a of await q(`SELECT code, id FROM coa_accounts WHERE tenant_id = $1`)) ref[a.code] = a.id;
  for (const c of await q(`SELECT code, id FROM cash_banks WHERE tenant_id = $1`)) ref[`cb:${c.code}`] = c.id;
  for (const c of await q(`SELECT code, id FROM currencies WHERE tenant_id = $1`)) ref[`cur:${c.code}`] = c.id;
  ref.partner = (await q(`SELECT code, id FROM partners WHERE tenant_id = $1 LIMIT 1`))[0]!.id;
});
afterAll(() => t.close());

const input = (over: Partial<CashTransactionInput> = {}): CashTransactionInput => ({
  documentDate: '2026-02-14',
  cashBankId: ref['cb:CB00003']!,
  paymentMethod: 'TRANSFER',
  paymentReference: 'TRF-0001',
  remarks: 'Pelunasan faktur',
  lines: [
    { coaId: ref['4101']!, amount: '1500000', memo: 'Penjualan', partnerId: ref.partner! },
    { coaId: ref['7103']!, amount: '25000.25' },
  ],
  ...over,
});
const ledger = async (documentId: string) =>
  Object.fromEntries(
    (
      await t.pools.owner.query<{ coa_id: string; book: string; cash_bank_id: string | null }>(
        `SELECT coa_id, sum(book_amount)::text AS book FROM ledger_entries WHERE tenant_id = $1 AND document_id = $2 GROUP BY coa_id`,
        [tenantId, documentId],
      )
    ).rows.map((r) => [r.coa_id, r.book]),
  );
const act = (documentId: string, action: 'submit' | 'void') =>
  call(t, documentEndpoints.actOnDocument, { token: admin, params: { documentId, action }, body: {} });

describe('cash in and cash out', () => {
  it("cash in: stores the lines as credits with the payment, and its release debits the cash bank's account", async () => {
    const res = await call(t, cin.createCashIn, { token: admin, body: input() });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json();
    expect(doc).toMatchObject({
      type: 'CI',
      status: 'D',
      paymentMethod: 'TRANSFER',
      paymentReference: 'TRF-0001',
      cashBankCode: 'CB00003',
      totalAmount: '1525000.25',
    });
    expect(doc.number).toMatch(/^KM\//);
    expect(doc.lines.map((l) => [l.debit, l.credit])).toEqual([
      ['0', '1500000'],
      ['0', '25000.25'],
    ]);
    const bank = (await t.pools.owner.query(`SELECT coa_id FROM cash_banks WHERE id = $1`, [ref['cb:CB00003']])).rows[0].coa_id as string;
    expect((await act(doc.documentId, 'submit')).json().status).toBe('R');
    expect(await ledger(doc.documentId)).toEqual({ [bank]: '1525000.2500', [ref['4101']!]: '-1500000.0000', [ref['7103']!]: '-25000.2500' });
    const cashLine = await t.pools.owner.query(`SELECT cash_bank_id, partner_id FROM ledger_entries WHERE document_id = $1 AND coa_id = $2`, [
      doc.documentId,
      bank,
    ]);
    expect(cashLine.rows[0].cash_bank_id).toBe(ref['cb:CB00003']);
    expect((await act(doc.documentId, 'void')).json()).toMatchObject({ status: 'C', subStatus: 'void' });
    expect(Object.values(await ledger(doc.documentId)).every((v) => Number(v) === 0)).toBe(true);
  });

  it('cash out: debits the lines and credits the cash bank; an edit changes the payment and is audited', async () => {
    const created = (
      await call(t, cout.createCashOut, {
        token: admin,
        body: input({ paymentMethod: 'CASH', paymentReference: null, cashBankId: ref['cb:CB00001']!, lines: [{ coaId: ref['6102']!, amount: '3000000' }] }),
      })
    ).json();
    expect(created.lines.map((l) => [l.debit, l.credit])).toEqual([['3000000', '0']]);
    const edited = await call(t, cout.updateCashOut, {
      token: admin,
      params: { documentId: created.documentId },
      body: input({
        paymentMethod: 'EWALLET',
        paymentReference: 'OVO-77',
        cashBankId: ref['cb:CB00001']!,
        lines: [{ coaId: ref['6102']!, amount: '3100000' }],
      }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ paymentMethod: 'EWALLET', paymentReference: 'OVO-77', totalAmount: '3100000' });
    const audit = await t.pools.owner.query(`SELECT action, after FROM audit_log WHERE entity = 'cash-payment' AND entity_id = $1 ORDER BY at`, [
      created.documentId,
    ]);
    expect(audit.rows.map((r) => [r.action, r.after.paymentMethod])).toEqual([
      ['create', 'CASH'],
      ['update', 'EWALLET'],
    ]);
    await act(created.documentId, 'submit');
    const kas = (await t.pools.owner.query(`SELECT coa_id FROM cash_banks WHERE id = $1`, [ref['cb:CB00001']])).rows[0].coa_id as string;
    expect(await ledger(created.documentId)).toEqual({ [kas]: '-3100000.0000', [ref['6102']!]: '3100000.0000' });
    expect((await call(t, cout.getCashOut, { token: admin, params: { documentId: created.documentId } })).json().status).toBe('R');
    // A cash-out document is not found through the cash-in endpoints.
    expect((await call(t, cin.getCashIn, { token: admin, params: { documentId: created.documentId } })).statusCode).toBe(404);
  });

  it("refuses another currency than the cash bank's, a summary account and a zero amount", async () => {
    const mismatch = await call(t, cin.createCashIn, { token: admin, body: input({ currencyId: ref['cur:USD']! }) });
    expect(mismatch.error()).toEqual({ errorCode: 'cash_transaction_currency_mismatch', errorArgs: ['IDR'] });
    const summary = await call(t, cin.createCashIn, { token: admin, body: input({ lines: [{ coaId: ref['1710']!, amount: '1' }] }) });
    expect(summary.error()).toEqual({ errorCode: 'document_coa_not_postable', errorArgs: ['1710'] });
    const zero = await call(t, cin.createCashIn, { token: admin, body: input({ lines: [{ coaId: ref['4101']!, amount: '0' }] }) });
    expect(zero.error().errorCode).toBe('invalid_input_format');
  });

  it('lists with filters, exports and prints with the payment', async () => {
    const list = (await call(t, cin.listCashIn, { token: admin, query: { status: 'C' } })).json();
    expect(list.total).toBe(1);
    const file = await call(t, cout.exportCashOut, { token: admin, query: { lang: 'id' } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect([book.worksheets[0]!.name, book.worksheets[0]!.getRow(2).getCell(10).value]).toEqual(['Kas Keluar', 3100000]);
    const doc = list.items[0]!;
    const pdf = await call(t, cin.cashInPdf, { token: admin, params: { documentId: doc.documentId }, query: { lang: 'en' } });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text).toContain(doc.number);
    expect(text).toContain('CASH IN');
    expect(text).toContain('Transfer / TRF-0001');
    expect(text).toContain('Rp 1.525.000,25');
  });

  it('shows nothing to a second tenant and answers 403 without the cash tasks', async () => {
    await t.seedTenant('lain');
    const other = await t.login('admin', 'lain');
    expect((await call(t, cin.listCashIn, { token: other, tenant: 'lain', query: {} })).json().total).toBe(0);
    const staff = await t.login('staff');
    expect((await call(t, cout.listCashOut, { token: staff, query: {} })).statusCode).toBe(200);
    expect((await call(t, cout.createCashOut, { token: staff, body: input() })).statusCode).toBe(403);
    const cashier = await t.login('cashier');
    expect((await call(t, cin.listCashIn, { token: cashier, query: {} })).statusCode).toBe(403);
  });
});
