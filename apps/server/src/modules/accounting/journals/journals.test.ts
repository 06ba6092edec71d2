import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { LEDGER_DOCUMENT_TYPES, documentEndpoints, endpoints, journalEndpoints as ep, type JournalInput } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { call } from '../../../../test/call.ts';

let t: TestApp;
const JV_TYPE_ID = LEDGER_DOCUMENT_TYPES.find((d) => d.code === 'JV')!.id;
let admin: string;
let tenantId: string;
const ref: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp('journals');
  admin = await t.login('admin');
  tenantId = await t.tenantId('demo');
  const accounts = (await t.pools.owner.query<{ code: string; id: string }>(`SELECT code, id FROM coa_accounts WHERE tenant_id = $1`, [tenantId])).rows;
  for (const a of accounts) ref[a.code] = a.id;
  const ou = await t.pools.owner.query<{ code: string; id: string }>(`SELECT code, id FROM org_units WHERE tenant_id = $1`, [tenantId]);
  for (const o of ou.rows) ref[`ou:${o.code}`] = o.id;
  const cur = await t.pools.owner.query<{ code: string; id: string }>(`SELECT code, id FROM currencies WHERE tenant_id = $1`, [tenantId]);
  for (const c of cur.rows) ref[`cur:${c.code}`] = c.id;
  ref.partner = (await t.pools.owner.query<{ id: string }>(`SELECT id FROM partners WHERE tenant_id = $1 LIMIT 1`, [tenantId])).rows[0]!.id;
});
afterAll(() => t.close());

const line = (code: string, debit: string, credit: string, memo: string | null = null) => ({ coaId: ref[code]!, debit, credit, memo });
const journal = (over: Partial<JournalInput> = {}): JournalInput => ({
  documentDate: '2026-03-10',
  remarks: 'Pembayaran sewa kantor bulan Maret 2026 dan listrik',
  lines: [line('6102', '12500000', '0', 'Sewa'), line('6103', '1250000.5', '0', 'Listrik'), line('1101', '0', '13750000.5', 'Kas')],
  ...over,
});
const ledgerOf = async (documentId: string) =>
  (
    await t.pools.owner.query<{ coa_id: string; book: string; n: number; reversal: boolean }>(
      `SELECT coa_id, reversal, sum(book_amount)::text AS book, count(*)::int AS n FROM ledger_entries WHERE tenant_id = $1 AND document_id = $2 GROUP BY coa_id, reversal`,
      [tenantId, documentId],
    )
  ).rows;
const balance = async (code: string, period: number) =>
  (
    await t.pools.owner.query<{ debit: string; credit: string }>(
      `SELECT coalesce(sum(debit), 0)::text AS debit, coalesce(sum(credit), 0)::text AS credit FROM period_balances WHERE tenant_id = $1 AND coa_id = $2 AND period = $3`,
      [tenantId, ref[code], period],
    )
  ).rows[0]!;

describe('journal entries', () => {
  let released: string;

  it('creates a balanced journal as a draft with a generated number, lines in both currencies', async () => {
    const res = await call(t, ep.createJournal, { token: admin, body: journal({ ouId: ref['ou:JKT'] ?? null }) });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json();
    expect(doc).toMatchObject({ type: 'JV', status: 'D', label: 'DRAFT', currencyCode: 'IDR', rate: '1', totalAmount: '13750000.5' });
    expect(doc.number).toMatch(/^JU-26-\d{5}$/);
    expect(doc.lines.map((l) => [l.debit, l.credit, l.bookDebit, l.bookCredit])).toEqual([
      ['12500000', '0', '12500000', '0'],
      ['1250000.5', '0', '1250000.5', '0'],
      ['0', '13750000.5', '0', '13750000.5'],
    ]);
    released = doc.documentId;
  });

  it('releases on submit without an approval flow: ledger written, period balances updated; void reverses to zero', async () => {
    const before = await balance('6102', 202603);
    const submitted = await call(t, documentEndpoints.actOnDocument, { token: admin, params: { documentId: released, action: 'submit' }, body: {} });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'R', label: 'RELEASED' });
    const ledger = await ledgerOf(released);
    expect(ledger.map((r) => [r.coa_id, r.book, r.n]).sort()).toEqual(
      [
        [ref['6102'], '12500000.0000', 1],
        [ref['6103'], '1250000.5000', 1],
        [ref['1101'], '-13750000.5000', 1],
      ].sort(),
    );
    const after = await balance('6102', 202603);
    expect(Number(after.debit) - Number(before.debit)).toBe(12500000);

    const voided = await call(t, documentEndpoints.actOnDocument, {
      token: admin,
      params: { documentId: released, action: 'void' },
      body: { comment: 'salah input' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({ status: 'C', subStatus: 'void', label: 'VOID' });
    const net = await t.pools.owner.query(
      `SELECT coa_id, sum(book_amount)::text AS net FROM ledger_entries WHERE tenant_id = $1 AND document_id = $2 GROUP BY coa_id`,
      [tenantId, released],
    );
    expect(net.rows.every((r) => Number(r.net) === 0)).toBe(true);
    const voidedBalance = await balance('6102', 202603);
    expect(Number(voidedBalance.debit) - Number(voidedBalance.credit)).toBe(Number(before.debit) - Number(before.credit));
  });

  it('saves and submits in one request: the same answer, history, audit rows and ledger as a create and a submit', async () => {
    const created = (await call(t, ep.createJournal, { token: admin, body: journal() })).json();
    const twoSteps = (
      await call(t, documentEndpoints.actOnDocument, { token: admin, params: { documentId: created.documentId, action: 'submit' }, body: {} })
    ).json();
    const res = await call(t, ep.createAndSubmitJournal, { token: admin, body: journal() });
    expect(res.statusCode, res.body).toBe(200);
    const oneStep = res.json();
    expect(oneStep).toMatchObject({ status: 'R', label: 'RELEASED' });
    expect(oneStep.number).not.toBe(twoSteps.number);
    const own = ['documentId', 'number', 'createdAt', 'updatedAt', 'submittedAt', 'releasedAt'] as const;
    const shared = (d: Record<string, unknown>) => Object.fromEntries(Object.entries(d).filter(([k]) => !(own as readonly string[]).includes(k)));
    expect(shared(oneStep)).toEqual(shared(twoSteps));
    expect((await ledgerOf(oneStep.documentId)).sort()).toEqual((await ledgerOf(twoSteps.documentId)).sort());
    const history = async (id: string) =>
      (
        await t.pools.owner.query(
          `SELECT action, from_status, to_status, approval_level, comment FROM document_history WHERE document_id = $1 ORDER BY at, id`,
          [id],
        )
      ).rows;
    expect(await history(oneStep.documentId)).toEqual(await history(twoSteps.documentId));
    const audit = async (id: string) =>
      (
        await t.pools.owner.query<{ action: string; before: unknown; after: Record<string, unknown> }>(
          `SELECT action, before, after FROM audit_log WHERE entity_id = $1 ORDER BY at, id`,
          [id],
        )
      ).rows;
    const [oneCreate, oneSubmit] = await audit(oneStep.documentId);
    const [twoCreate, twoSubmit] = await audit(twoSteps.documentId);
    expect([oneCreate!.action, oneSubmit!.action]).toEqual(['create', 'submit']);
    expect(shared(oneCreate!.after)).toEqual(shared(twoCreate!.after));
    expect([oneSubmit!.before, oneSubmit!.after]).toEqual([twoSubmit!.before, twoSubmit!.after]);
    for (const documentId of [oneStep.documentId, twoSteps.documentId]) {
      const voided = await call(t, documentEndpoints.actOnDocument, { token: admin, params: { documentId, action: 'void' }, body: {} });
      expect(voided.json().status).toBe('C');
    }
  });

  it('refuses an unbalanced journal with both totals, a line with both sides or none, and summary or unknown accounts; nothing is saved', async () => {
    const count = async () =>
      (await t.pools.owner.query(`SELECT count(*)::int AS n FROM documents WHERE tenant_id = $1 AND type = 'JV'`, [tenantId])).rows[0].n;
    const before = await count();
    const unbalanced = await call(t, ep.createJournal, { token: admin, body: journal({ lines: [line('6102', '100', '0'), line('1101', '0', '99.9999')] }) });
    expect([unbalanced.statusCode, unbalanced.error()]).toEqual([422, { errorCode: 'document_unbalanced', errorArgs: ['100', '99.9999'] }]);
    const both = await call(t, ep.createJournal, { token: admin, body: journal({ lines: [line('6102', '100', '100'), line('1101', '0', '0')] }) });
    expect(both.error()).toEqual({ errorCode: 'journal_line_amount_invalid', errorArgs: [1] });
    const summary = await call(t, ep.createJournal, { token: admin, body: journal({ lines: [line('1201', '100', '0'), line('1101', '0', '100')] }) });
    expect(summary.error()).toEqual({ errorCode: 'document_coa_not_postable', errorArgs: ['1201'] });
    const unknown = await call(t, ep.createJournal, {
      token: admin,
      body: journal({ lines: [{ coaId: '00000000-0000-4000-8000-000000000000', debit: '1', credit: '0' }, line('1101', '0', '1')] }),
    });
    expect(unknown.error().errorCode).toBe('coa_not_found');
    expect(await count()).toBe(before);
  });

  it('converts a foreign-currency journal at the rate of its date; the rounding difference goes to the largest line so the posting balances', async () => {
    const rate = await t.request({
      method: 'POST',
      url: '/api/v1/erp/exchange-rates',
      token: admin,
      payload: { fromCurrency: 'USD', toCurrency: 'IDR', rateDate: '2026-04-01', rate: '16250.00005' },
    });
    expect(rate.statusCode, rate.body).toBe(200);
    const body = journal({
      documentDate: '2026-04-02',
      currencyId: ref['cur:USD']!,
      lines: [line('6102', '1.0001', '0'), line('6103', '1.0001', '0'), line('1101', '0', '2.0002')],
    });
    const created = (await call(t, ep.createJournal, { token: admin, body })).json();
    expect(created).toMatchObject({ currencyCode: 'USD', rate: '16250.00005' });
    // Each line converted on its own: 16251.6251 + 16251.6251 against 32503.2501; the largest line takes the 0.0001.
    expect(created.lines.map((l) => [l.bookDebit, l.bookCredit])).toEqual([
      ['16251.6251', '0'],
      ['16251.6251', '0'],
      ['0', '32503.2502'],
    ]);
    const submitted = await call(t, documentEndpoints.actOnDocument, { token: admin, params: { documentId: created.documentId, action: 'submit' }, body: {} });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const ledger = await ledgerOf(created.documentId);
    const books = Object.fromEntries(ledger.map((r) => [r.coa_id, r.book]));
    expect(books).toEqual({ [ref['6102']!]: '16251.6251', [ref['6103']!]: '16251.6251', [ref['1101']!]: '-32503.2502' });
    const amounts = await t.pools.owner.query(`SELECT DISTINCT currency_id FROM ledger_entries WHERE document_id = $1`, [created.documentId]);
    expect(amounts.rows).toEqual([{ currency_id: ref['cur:USD'] }]);
  });

  describe('list, export and print', () => {
    beforeAll(async () => {
      for (const [date, amount, ou, partner] of [
        ['2026-05-03', '500000', 'JKT', true],
        ['2026-05-20', '2000000', null, false],
        ['2026-06-01', '750000', null, false],
      ] as const) {
        const lines = [{ ...line('6104', amount, '0'), partnerId: partner ? ref.partner! : null }, line('1101', '0', amount)];
        const res = await call(t, ep.createJournal, {
          token: admin,
          body: journal({
            documentDate: date,
            ouId: ou ? (ref[`ou:${ou}`] ?? null) : null,
            partnerId: partner ? ref.partner! : null,
            remarks: `Telepon ${date}`,
            lines,
          }),
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    });

    it('filters by status, date range, OU, partner and amount', async () => {
      const list = async (query: Record<string, string>) => (await call(t, ep.listJournals, { token: admin, query: { limit: 50, ...query } })).json();
      expect((await list({ dateFrom: '2026-05-01', dateTo: '2026-05-31' })).items.map((d) => d.documentDate).sort()).toEqual(['2026-05-03', '2026-05-20']);
      expect((await list({ status: 'R' })).items.map((d) => d.currencyCode)).toEqual(['USD']);
      expect((await list({ amountFrom: '1000000', amountTo: '3000000', dateFrom: '2026-05-01' })).items.map((d) => d.totalAmount)).toEqual(['2000000']);
      expect((await list({ partnerId: ref.partner!, dateFrom: '2026-05-01' })).total).toBe(1);
      if (ref['ou:JKT']) expect((await list({ ouId: ref['ou:JKT'], dateFrom: '2026-05-01' })).items.map((d) => d.documentDate)).toEqual(['2026-05-03']);
      expect((await list({ keyword: 'Telepon 2026-06' })).total).toBe(1);
    });

    it('exports the filtered list as xlsx in either language', async () => {
      const res = await call(t, ep.exportJournals, { token: admin, query: { dateFrom: '2026-05-01', dateTo: '2026-06-30', lang: 'en', sort: 'documentDate' } });
      expect(res.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.name).toBe('Journal Entries');
      expect(sheet.getRow(1).getCell(1).value).toBe('Number');
      const rows = [2, 3, 4].map((r) => [sheet.getRow(r).getCell(7).value, sheet.getRow(r).getCell(10).value, sheet.getRow(r).getCell(12).value]);
      expect(rows).toEqual([
        ['Telepon 2026-05-03', 500000, 'DRAFT'],
        ['Telepon 2026-05-20', 2000000, 'DRAFT'],
        ['Telepon 2026-06-01', 750000, 'DRAFT'],
      ]);
      expect(sheet.rowCount).toBe(4);
      const id = await call(t, ep.exportJournals, { token: admin, query: { dateFrom: '2026-06-01', lang: 'id' } });
      const idBook = new ExcelJS.Workbook();
      await idBook.xlsx.load(id.rawPayload as unknown as ArrayBuffer);
      expect([idBook.worksheets[0]!.name, idBook.worksheets[0]!.getRow(1).getCell(1).value, idBook.worksheets[0]!.getRow(2).getCell(12).value]).toEqual([
        'Jurnal Umum',
        'Nomor',
        'DRAF',
      ]);
    });

    it('prints a real PDF with the company, number, lines, id-ID totals and history', async () => {
      const doc = (await call(t, ep.listJournals, { token: admin, query: { status: 'R' } })).json().items[0]!;
      const res = await call(t, ep.journalPdf, { token: admin, params: { documentId: doc.documentId }, query: { lang: 'id' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
      const { text } = await extractText(pdf, { mergePages: true });
      expect(text).toContain(doc.number);
      expect(text).toContain('JURNAL UMUM');
      expect(text).toContain('PT Demo Nusantara');
      expect(text).toContain('USD 2,00');
      expect(text).toContain('Rp 32.503,25');
      expect(text).toMatch(/Diajukan/);
      const en = await call(t, ep.journalPdf, { token: admin, params: { documentId: doc.documentId }, query: { lang: 'en' } });
      expect((await extractText(new Uint8Array(en.rawPayload), { mergePages: true })).text).toContain('JOURNAL ENTRY');
    });
  });

  it('shows nothing to a second tenant and answers 403 without the journal tasks', async () => {
    const any = (await call(t, ep.listJournals, { token: admin, query: {} })).json().items[0]!;
    await t.seedTenant('lain');
    const other = await t.login('admin', 'lain');
    expect((await call(t, ep.listJournals, { token: other, tenant: 'lain', query: {} })).json().total).toBe(0);
    expect((await call(t, ep.getJournal, { token: other, tenant: 'lain', params: { documentId: any.documentId } })).statusCode).toBe(404);
    const staff = await t.login('staff');
    expect((await call(t, ep.listJournals, { token: staff, query: {} })).statusCode).toBe(200);
    const denied = await call(t, ep.createJournal, { token: staff, body: journal() });
    expect(denied.statusCode).toBe(403);
    expect((await call(t, ep.createAndSubmitJournal, { token: staff, body: journal() })).statusCode).toBe(403);
    const cashier = await t.login('cashier');
    expect((await call(t, ep.listJournals, { token: cashier, query: {} })).statusCode).toBe(403);
    expect((await call(t, ep.journalPdf, { token: cashier, params: { documentId: any.documentId }, query: {} })).statusCode).toBe(403);
  });

  it('save and submit refused when another creator commits its generated number first: nothing kept, the next number follows', async () => {
    const first = await call(t, ep.createAndSubmitJournal, { token: admin, body: journal() });
    expect(first.statusCode, first.body).toBe(200);
    const number: string = first.json().number;
    const counter = /(\d+)$/.exec(number)!;
    const next = (k: number) => number.slice(0, counter.index) + String(Number(counter[1]) + k).padStart(counter[1]!.length, '0');
    const other = await t.pools.owner.connect();
    try {
      await other.query('BEGIN');
      await other.query(
        `INSERT INTO documents (tenant_id, id, type, number, document_date, currency_id, rate, created_by)
         SELECT tenant_id, gen_random_uuid(), 'JV', $2, document_date, currency_id, 1, created_by FROM documents WHERE tenant_id = $1 AND number = $3`,
        [tenantId, next(1), number],
      );
      // Its statement waits on the number's unique key with its COMMIT already sent behind it (commitBehind).
      const racing = call(t, ep.createAndSubmitJournal, { token: admin, body: journal({ remarks: 'kalah balapan' }) });
      await new Promise((r) => setTimeout(r, 300));
      await other.query('COMMIT');
      const refused = await racing;
      expect(refused.error().errorCode).toBe('document_number_already_exists');
    } finally {
      other.release();
    }
    const kept = await t.pools.owner.query(`SELECT count(*)::int AS n FROM documents WHERE tenant_id = $1 AND remarks = 'kalah balapan'`, [tenantId]);
    expect(kept.rows[0].n).toBe(0);
    expect(await t.pools.owner.query(`SELECT 1 FROM ledger_entries WHERE tenant_id = $1 AND document_number = $2`, [tenantId, next(1)])).toMatchObject({
      rowCount: 0,
    });
    const after = await call(t, ep.createAndSubmitJournal, { token: admin, body: journal() });
    expect(after.json()).toMatchObject({ number: next(2), status: 'R' });
  });

  it('save and submit under an approval flow leaves the journal waiting at its first level; a refused save keeps nothing', async () => {
    const roles = (await call(t, endpoints.listRoles, { token: admin, query: { keyword: 'Staff' } })).json().items;
    const staffRole = roles.find((r) => r.name === 'Staff')!.roleId;
    const flow = await call(t, endpoints.createApprovalFlow, {
      token: admin,
      body: { name: 'Jurnal', documentTypeId: JV_TYPE_ID, ouId: null, levels: [{ roleIds: [staffRole] }] },
    });
    expect(flow.statusCode, flow.body).toBe(200);
    const res = await call(t, ep.createAndSubmitJournal, { token: admin, body: journal() });
    expect(res.json()).toMatchObject({ status: 'I', approvalFlowId: flow.json().flowId, approvalLevel: 1 });
    expect(await ledgerOf(res.json().documentId)).toEqual([]);
    const count = async () =>
      (await t.pools.owner.query(`SELECT count(*)::int AS n FROM documents WHERE tenant_id = $1 AND type = 'JV'`, [tenantId])).rows[0].n;
    const before = await count();
    const refused = await call(t, ep.createAndSubmitJournal, { token: admin, body: journal({ lines: [line('6102', '100', '0'), line('1101', '0', '99')] }) });
    expect(refused.error().errorCode).toBe('document_unbalanced');
    expect(await count()).toBe(before);
  });
});
