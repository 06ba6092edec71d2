import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { extractText } from 'unpdf';
import { reportEndpoints as ep, type TrialBalanceLine } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { call } from '../../../../test/call.ts';
import { withTenant } from '../../../platform/db/tenant.ts';
import { Money } from '../../../platform/money/decimal.ts';

/**
 * The reports against an independent SQL over ledger_entries, on random balanced postings (fixed seed) spread over
 * three years and written in random date order (back-dated postings extend the year balances), some with an OU.
 */
let t: TestApp;
let admin: string;
let staff: string;
let demo: string;
const accounts = new Map<string, { id: string; type: string }>();
const ous: Record<string, string> = {};
let cashCoa: string;

function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const POSTED_CODES = ['1101', '1102', '1201.01', '1201.02', '1301', '1401', '2101', '2201', '3101', '4101', '4102', '5101', '6101', '6102', '7101', '7204'];

async function postRandomLedger() {
  const random = seeded(20261125);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
  const ouChoices = [null, ous.JKT, ous.SBY];
  const idr = (await t.pools.owner.query<{ id: string }>(`SELECT id FROM currencies WHERE tenant_id = $1 AND code = 'IDR'`, [demo])).rows[0].id;
  const postings: { date: string; lines: { coa: string; ou: string | null; amount: string }[] }[] = [];
  for (let i = 0; i < 260; i++) {
    const start = Date.UTC(2024, 10, 1);
    const day = new Date(start + Math.floor(random() * 520) * 86_400_000).toISOString().slice(0, 10);
    const n = 1 + Math.floor(random() * 3);
    const lines: { coa: string; ou: string | null; amount: string }[] = [];
    let sum = new Money(0);
    for (let k = 0; k < n; k++) {
      const amount = new Money(Math.floor(random() * 50_000_000)).plus(new Money(Math.floor(random() * 10_000)).div(10_000)).times(random() < 0.5 ? 1 : -1);
      sum = sum.plus(amount);
      lines.push({ coa: accounts.get(pick(POSTED_CODES))!.id, ou: pick(ouChoices), amount: amount.toFixed() });
    }
    lines.push({ coa: accounts.get(pick(POSTED_CODES))!.id, ou: pick(ouChoices), amount: sum.neg().toFixed() });
    postings.push({ date: day, lines });
  }
  // A few transactions of several postings each, each posting one INSERT statement (as postDocument writes).
  for (let batch = 0; batch < postings.length; batch += 40) {
    await withTenant(t.pools.app, demo, async (_tx, client) => {
      for (const p of postings.slice(batch, batch + 40)) {
        const postingId = randomUUID();
        const documentId = randomUUID();
        const values: unknown[] = [];
        const rows = p.lines.map((l, i) => {
          values.push(l.coa, l.ou, l.amount);
          const b = i * 3;
          return `($1, $2, $3, 'JV', $4, $5::date, $6, $${b + 8}::uuid, $${b + 9}::uuid, $7, $${b + 10}::numeric, $${b + 10}::numeric, 'memo')`;
        });
        await client.query(
          `INSERT INTO ledger_entries (tenant_id, posting_id, document_id, document_type, document_number, entry_date, period, coa_id, ou_id, currency_id, amount, book_amount, memo)
           VALUES ${rows.join(', ')}`,
          [demo, postingId, documentId, `JV/${p.date}/${postingId.slice(0, 4)}`, p.date, Number(p.date.slice(0, 4) + p.date.slice(5, 7)), idr, ...values],
        );
      }
    });
  }
}

/** One statement with two postings years apart, before and after every other year: the year rows' span grows both ways. */
async function postAcrossYears() {
  const idr = (await t.pools.owner.query<{ id: string }>(`SELECT id FROM currencies WHERE tenant_id = $1 AND code = 'IDR'`, [demo])).rows[0].id;
  const [kas, modal, bank] = ['1101', '3101', '1201.01'].map((code) => accounts.get(code)!.id);
  await withTenant(t.pools.app, demo, (_tx, client) =>
    client.query(
      `INSERT INTO ledger_entries (tenant_id, posting_id, document_id, document_type, document_number, entry_date, period, coa_id, ou_id, currency_id, amount, book_amount)
     VALUES ($1, $2, $2, 'JV', 'JV/OLD', '2023-03-15', 202303, $4, $6, $5, 1000000.25, 1000000.25),
            ($1, $2, $2, 'JV', 'JV/OLD', '2023-03-15', 202303, $7, $6, $5, -1000000.25, -1000000.25),
            ($1, $3, $3, 'JV', 'JV/NEW', '2027-02-01', 202702, $4, $6, $5, -250000, -250000),
            ($1, $3, $3, 'JV', 'JV/NEW', '2027-02-01', 202702, $8, null, $5, 250000, 250000)`,
      [demo, randomUUID(), randomUUID(), kas, idr, ous.JKT, modal, bank],
    ),
  );
}

/** The independent figures: straight from ledger_entries. */
async function expectedFigures(from: string, to: string, ouId?: string) {
  const rows = await t.pools.owner.query<{ coa_id: string; opening: string; debit: string; credit: string }>(
    `SELECT coa_id, coalesce(sum(book_amount) FILTER (WHERE entry_date < $2), 0)::text AS opening,
            coalesce(sum(greatest(book_amount, 0)) FILTER (WHERE entry_date BETWEEN $2 AND $3), 0)::text AS debit,
            coalesce(sum(greatest(-book_amount, 0)) FILTER (WHERE entry_date BETWEEN $2 AND $3), 0)::text AS credit
       FROM ledger_entries WHERE tenant_id = $1 AND ($4::uuid IS NULL OR ou_id = $4) GROUP BY coa_id`,
    [demo, from, to, ouId ?? null],
  );
  return new Map(rows.rows.map((r) => [r.coa_id, { opening: new Money(r.opening), debit: new Money(r.debit), credit: new Money(r.credit) }]));
}

beforeAll(async () => {
  t = await createTestApp('reports');
  demo = await t.tenantId('demo');
  admin = await t.login('admin');
  staff = await t.login('staff');
  for (const r of (
    await t.pools.owner.query<{ id: string; code: string; type: string }>('SELECT id, code, type FROM coa_accounts WHERE tenant_id = $1', [demo])
  ).rows) {
    accounts.set(r.code, { id: r.id, type: r.type });
  }
  for (const r of (await t.pools.owner.query<{ id: string; code: string }>('SELECT id, code FROM org_units WHERE tenant_id = $1', [demo])).rows)
    ous[r.code] = r.id;
  cashCoa = accounts.get('1101')!.id;
  await postRandomLedger();
  await postAcrossYears();
});
afterAll(() => t.close());

const m = (s: string) => new Money(s);
/** Lines that carry only their own postings: sub accounts and main accounts without any. */
const leaves = (lines: TrialBalanceLine[]) => lines.filter((l) => l.kind === 'account' && !l.hasSubAccounts);

describe('trial balance', () => {
  const ranges: [string, { period?: string; from?: string; to?: string }, string, string][] = [
    ['a whole month', { period: '202602' }, '2026-02-01', '2026-02-28'],
    ['a range cutting through months and a year end', { from: '2025-12-17', to: '2026-02-09' }, '2025-12-17', '2026-02-09'],
    ['days inside one month', { from: '2026-01-05', to: '2026-01-20' }, '2026-01-05', '2026-01-20'],
    ['edges mostly covered (read as the month less the days outside)', { from: '2025-11-03', to: '2026-03-28' }, '2025-11-03', '2026-03-28'],
    ['a date late in a month', { from: '2026-02-27', to: '2026-02-27' }, '2026-02-27', '2026-02-27'],
    ['two whole years', { from: '2024-01-01', to: '2025-12-31' }, '2024-01-01', '2025-12-31'],
  ];
  for (const [name, query, from, to] of ranges) {
    for (const ou of [undefined, 'JKT']) {
      it(`equals the ledger for ${name}, ${ou ? 'one OU' : 'consolidated'}`, async () => {
        const ouId = ou ? ous[ou] : undefined;
        const res = await call(t, ep.getTrialBalance, { query: { ...query, ouId }, token: staff });
        expect(res.statusCode, res.body).toBe(200);
        const tb = res.json();
        expect(tb.range).toMatchObject({ from, to });
        const expected = await expectedFigures(from, to, ouId);
        const shown = leaves(tb.lines);
        for (const line of shown) {
          const e = expected.get(line.coaId!)!;
          expect(m(line.opening).eq(e.opening), `${line.code} opening ${line.opening} vs ${e.opening}`).toBe(true);
          expect(m(line.debit).eq(e.debit), `${line.code} debit`).toBe(true);
          expect(m(line.credit).eq(e.credit), `${line.code} credit`).toBe(true);
          expect(m(line.closing).eq(e.opening.plus(e.debit).minus(e.credit)), `${line.code} closing`).toBe(true);
        }
        // Every account with anything in the ledger is shown.
        const nonEmpty = [...expected].filter(([, e]) => !(e.opening.isZero() && e.debit.isZero() && e.credit.isZero())).map(([id]) => id);
        expect(new Set(shown.map((l) => l.coaId))).toEqual(new Set(nonEmpty));
        // Subtotals: a group is the sum of its main accounts, a main account the sum of its sub accounts.
        tb.lines.forEach((line, i) => {
          if (line.kind !== 'group' && !line.hasSubAccounts) return;
          const children = [];
          for (let j = i + 1; j < tb.lines.length && tb.lines[j].level > line.level; j++) if (tb.lines[j].level === line.level + 1) children.push(tb.lines[j]);
          expect(children.reduce((s, c) => s.plus(c.debit), new Money(0)).eq(line.debit), `${line.code} subtotal`).toBe(true);
        });
        // Consolidated totals balance: debits equal credits, openings and closings sum to zero (one OU's lines need not).
        if (!ou) {
          expect(tb.totals.debit).toBe(tb.totals.credit);
          expect(tb.totals.opening).toBe('0');
          expect(tb.totals.closing).toBe('0');
        }
      });
    }
  }

  it('per OU figures add up to the consolidated ones', async () => {
    const get = async (ouId?: string) => (await call(t, ep.getTrialBalance, { query: { period: '202601', ouId }, token: admin })).json();
    const all = await get();
    const parts = await Promise.all([get(ous.JKT), get(ous.SBY)]);
    const noOu = await expectedFigures('2026-01-01', '2026-01-31');
    const withOu = await t.pools.owner.query<{ debit: string }>(
      `SELECT coalesce(sum(greatest(book_amount, 0)), 0)::text AS debit FROM ledger_entries WHERE tenant_id = $1 AND period = 202601 AND ou_id IS NULL`,
      [demo],
    );
    const sum = parts.reduce((s, p) => s.plus(p.totals.debit), m(withOu.rows[0].debit));
    expect(sum.eq(all.totals.debit)).toBe(true);
    expect([...noOu.values()].reduce((s, e) => s.plus(e.debit), new Money(0)).eq(all.totals.debit)).toBe(true);
    expect(parts[0].ou).toMatchObject({ ouCode: 'JKT' });
  });

  it('keeps year balances equal to the ledger for every account, OU and year', async () => {
    const wrong = await t.pools.owner.query(
      `
      SELECT y.coa_id, y.ou_key, y.year, y.balance,
             (SELECT coalesce(sum(book_amount), 0) FROM ledger_entries e WHERE e.tenant_id = y.tenant_id AND e.coa_id = y.coa_id
                AND coalesce(e.ou_id, '00000000-0000-0000-0000-000000000000') = y.ou_key AND e.period / 100 <= y.year) AS expected
        FROM ledger_year_balances y WHERE y.tenant_id = $1`,
      [demo],
    );
    expect(wrong.rows.length).toBeGreaterThan(0);
    expect(wrong.rows.filter((r) => !m(r.balance).eq(r.expected))).toEqual([]);
    const spans = await t.pools.owner.query(
      `
      SELECT t.coa_id, t.first_year, t.last_year, count(y.year)::int AS years, t.balance,
             (SELECT coalesce(sum(book_amount), 0) FROM ledger_entries e WHERE e.tenant_id = t.tenant_id AND e.coa_id = t.coa_id
                AND coalesce(e.ou_id, '00000000-0000-0000-0000-000000000000') = t.ou_key) AS expected
        FROM ledger_account_totals t JOIN ledger_year_balances y USING (tenant_id, coa_id, ou_key)
       WHERE t.tenant_id = $1 GROUP BY t.tenant_id, t.coa_id, t.ou_key, t.first_year, t.last_year, t.balance`,
      [demo],
    );
    for (const s of spans.rows) {
      expect(s.years).toBe(s.last_year - s.first_year + 1);
      expect(m(s.balance).eq(s.expected)).toBe(true);
    }
  });

  it('refuses a reversed range and a query with neither period nor range', async () => {
    const reversed = await call(t, ep.getTrialBalance, { query: { from: '2026-02-10', to: '2026-02-01' }, token: admin });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.error()).toEqual({ errorCode: 'report_range_invalid', errorArgs: ['2026-02-10', '2026-02-01'] });
    const none = await call(t, ep.getTrialBalance, { query: { from: '2026-02-10' }, token: admin });
    expect(none.error().errorCode).toBe('report_period_or_range_required');
    expect((await call(t, ep.getTrialBalance, { query: { period: '202613' }, token: admin })).statusCode).toBe(400);
  });
});

describe('general ledger', () => {
  it('lists the movements with a running balance whose totals equal the trial balance figure (drill-down)', async () => {
    const query = { from: '2025-12-17', to: '2026-02-09' };
    const tb = (await call(t, ep.getTrialBalance, { query, token: staff })).json();
    const line = tb.lines.find((l) => l.coaId === cashCoa)!;
    const pages = [];
    for (let page = 1; ; page++) {
      const res = await call(t, ep.getGeneralLedger, { query: { ...query, coaId: cashCoa, page, limit: 5 }, token: staff });
      expect(res.statusCode, res.body).toBe(200);
      const gl = res.json();
      expect(gl).toMatchObject({ opening: line.opening, debit: line.debit, credit: line.credit, closing: line.closing, account: { coaCode: '1101' } });
      pages.push(...gl.movements.items);
      if (pages.length >= gl.movements.total) break;
    }
    expect(pages.reduce((s, x) => s.plus(x.debit), new Money(0)).eq(line.debit)).toBe(true);
    expect(pages.reduce((s, x) => s.plus(x.credit), new Money(0)).eq(line.credit)).toBe(true);
    let running = m(line.opening);
    for (const x of pages) {
      running = running.plus(x.debit).minus(x.credit);
      expect(m(x.balance).eq(running)).toBe(true);
      expect(x.date >= query.from && x.date <= query.to).toBe(true);
    }
    expect(running.eq(line.closing)).toBe(true);
    expect(pages.map((x) => `${x.date}#${x.entryId}`)).toEqual(
      pages
        .map((x) => `${x.date}#${x.entryId}`)
        .sort((a, b) => (a.split('#')[0] === b.split('#')[0] ? Number(a.split('#')[1]) - Number(b.split('#')[1]) : a < b ? -1 : 1)),
    );
  });

  it('answers coa_not_found for an unknown account', async () => {
    const res = await call(t, ep.getGeneralLedger, { query: { period: '202601', coaId: randomUUID() }, token: admin });
    expect(res.statusCode).toBe(404);
    expect(res.error().errorCode).toBe('coa_not_found');
  });
});

describe('profit and loss, balance sheet, cash and bank book', () => {
  const typesOf = (types: string[]) => [...accounts.values()].filter((a) => types.includes(a.type)).map((a) => a.id);

  it('profit and loss: revenue, cost and net profit equal the ledger, with the month before compared', async () => {
    const res = await call(t, ep.getProfitLoss, { query: { period: '202602', compare: 'Y' }, token: staff });
    expect(res.statusCode, res.body).toBe(200);
    const pl = res.json();
    expect(pl.previousRange).toMatchObject({ from: '2026-01-01', to: '2026-01-31' });
    const net = async (from: string, to: string) =>
      (
        await t.pools.owner.query<{ n: string }>(
          `SELECT coalesce(-sum(book_amount), 0)::text AS n FROM ledger_entries WHERE tenant_id = $1 AND entry_date BETWEEN $2 AND $3 AND coa_id = ANY($4)`,
          [demo, from, to, typesOf(['revenue', 'cost'])],
        )
      ).rows[0].n;
    expect(m(pl.netProfit).eq(await net('2026-02-01', '2026-02-28'))).toBe(true);
    expect(m(pl.previousNetProfit!).eq(await net('2026-01-01', '2026-01-31'))).toBe(true);
    expect(m(pl.revenue.total).minus(pl.cost.total).eq(pl.netProfit)).toBe(true);
    const revenue = await t.pools.owner.query<{ n: string }>(
      `SELECT coalesce(-sum(book_amount), 0)::text AS n FROM ledger_entries WHERE tenant_id = $1 AND period = 202602 AND coa_id = ANY($2)`,
      [demo, typesOf(['revenue'])],
    );
    expect(m(pl.revenue.total).eq(revenue.rows[0].n)).toBe(true);
  });

  it("balance sheet: balances, with assets equal to the ledger and this year's profit in equity", async () => {
    for (const ou of [undefined, ous.JKT]) {
      const res = await call(t, ep.getBalanceSheet, { query: { date: '2026-02-14', ouId: ou }, token: staff });
      expect(res.statusCode, res.body).toBe(200);
      const bs = res.json();
      const sumOf = async (types: string[], from: string) =>
        (
          await t.pools.owner.query<{ n: string }>(
            `SELECT coalesce(sum(book_amount), 0)::text AS n FROM ledger_entries WHERE tenant_id = $1 AND entry_date BETWEEN $2 AND '2026-02-14'
           AND coa_id = ANY($3) AND ($4::uuid IS NULL OR ou_id = $4)`,
            [demo, from, typesOf(types), ou ?? null],
          )
        ).rows[0].n;
      expect(m(bs.assets.total).eq(await sumOf(['asset'], '1900-01-01'))).toBe(true);
      const profit = bs.equity.lines.find((l) => l.kind === 'profit')!;
      expect(m(profit.amount).eq(m(await sumOf(['revenue', 'cost'], '2026-01-01')).neg())).toBe(true);
      if (!ou) expect(bs.difference).toBe('0');
      expect(m(bs.assets.total).minus(bs.liabilitiesAndEquity).eq(bs.difference)).toBe(true);
    }
  });

  it("cash and bank book: each cash bank's account figures", async () => {
    const res = await call(t, ep.getCashBankBook, { query: { from: '2026-01-10', to: '2026-03-05' }, token: staff });
    expect(res.statusCode, res.body).toBe(200);
    const book = res.json();
    const expected = await expectedFigures('2026-01-10', '2026-03-05');
    expect(book.cashBanks.map((c) => c.coaCode)).toEqual(expect.arrayContaining(['1101', '1102', '1201.01', '1201.02']));
    for (const c of book.cashBanks) {
      const e = expected.get(c.coaId) ?? { opening: new Money(0), debit: new Money(0), credit: new Money(0) };
      expect(m(c.opening).eq(e.opening) && m(c.debit).eq(e.debit) && m(c.credit).eq(e.credit), c.cashBankCode).toBe(true);
    }
  });
});

describe('files and access', () => {
  it('exports the trial balance as a real xlsx and PDF with company, title, range and id-ID amounts', async () => {
    const query = { period: '202602', lang: 'id' as const };
    const xlsx = await call(t, ep.exportReportXlsx, { params: { report: 'trial-balance' }, query, token: staff });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('trial-balance-202602.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getCell('A1').value).toBe('PT Demo Nusantara');
    expect(sheet.getCell('A2').value).toBe('Neraca Saldo');
    expect(String(sheet.getCell('A3').value)).toContain('01/02/2026');
    expect(sheet.getCell('A4').value).toBe('Unit organisasi: Konsolidasi');
    expect(sheet.getCell('A5').value).toBe('Mata uang: IDR');
    const tb = (await call(t, ep.getTrialBalance, { query: { period: '202602' }, token: staff })).json();
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(2).value).toBe('Total');
    expect(last.getCell(4).value).toBe(Number(tb.totals.debit));

    const pdf = await call(t, ep.exportReportPdf, { params: { report: 'trial-balance' }, query: { ...query, ouId: ous.JKT }, token: staff });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text).toContain('PT Demo Nusantara');
    expect(text).toContain('Neraca Saldo');
    expect(text).toContain('JKT - Cabang Jakarta');
    const jkt = (await call(t, ep.getTrialBalance, { query: { period: '202602', ouId: ous.JKT }, token: staff })).json();
    const [whole, fraction = ''] = jkt.totals.debit.split('.');
    expect(text).toContain(`${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${fraction.padEnd(2, '0')}`);
  });

  it('exports every report in both languages', async () => {
    const cases = [
      ['general-ledger', { period: '202602', coaId: cashCoa }, 'Buku Besar 1101 - Kas', 'General Ledger 1101 - Kas'],
      ['profit-loss', { period: '202602', compare: 'Y' as const }, 'Laba Rugi', 'Profit and Loss'],
      ['balance-sheet', { date: '2026-02-28' }, 'Neraca', 'Balance Sheet'],
      ['cash-bank-book', { from: '2026-02-01', to: '2026-02-15' }, 'Buku Kas dan Bank', 'Cash and Bank Book'],
    ] as const;
    for (const [report, query, id, en] of cases) {
      for (const [lang, title] of [
        ['id', id],
        ['en', en],
      ] as const) {
        const res = await call(t, ep.exportReportXlsx, { params: { report }, query: { ...query, lang }, token: staff });
        expect(res.statusCode, `${report} ${res.body}`).toBe(200);
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        expect(book.worksheets[0].getCell('A2').value).toBe(title);
        const pdf = await call(t, ep.exportReportPdf, { params: { report }, query: { ...query, lang }, token: staff });
        expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      }
    }
  });

  it('shows a second tenant nothing of the first', async () => {
    await t.seedTenant('lain');
    const other = await t.login('admin', 'lain');
    const tb = (await call(t, ep.getTrialBalance, { query: { from: '2024-01-01', to: '2026-12-31' }, token: other, tenant: 'lain' })).json();
    expect(tb.lines).toEqual([]);
    expect(tb.totals).toEqual({ opening: '0', debit: '0', credit: '0', closing: '0' });
    const gl = await call(t, ep.getGeneralLedger, { query: { period: '202602', coaId: cashCoa }, token: other, tenant: 'lain' });
    expect(gl.statusCode).toBe(404);
    const book = (await call(t, ep.getCashBankBook, { query: { period: '202602' }, token: other, tenant: 'lain' })).json();
    expect(book.cashBanks.every((c) => c.debit === '0' && c.credit === '0' && c.opening === '0')).toBe(true);
  });

  it('refuses a user without a ledger report task', async () => {
    const cashier = await t.login('cashier');
    const calls = [
      call(t, ep.getTrialBalance, { query: { period: '202602' }, token: cashier }),
      call(t, ep.getGeneralLedger, { query: { period: '202602', coaId: cashCoa }, token: cashier }),
      call(t, ep.getProfitLoss, { query: { period: '202602' }, token: cashier }),
      call(t, ep.getBalanceSheet, { query: { date: '2026-02-28' }, token: cashier }),
      call(t, ep.getCashBankBook, { query: { period: '202602' }, token: cashier }),
      call(t, ep.exportReportXlsx, { params: { report: 'trial-balance' }, query: { period: '202602' }, token: cashier }),
      call(t, ep.exportReportPdf, { params: { report: 'trial-balance' }, query: { period: '202602' }, token: cashier }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.error().errorCode).toBe('forbidden_action');
    }
  });
});
