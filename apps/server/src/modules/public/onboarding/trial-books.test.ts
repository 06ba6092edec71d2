import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { endpoints, type TrialBalanceLine } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { call } from '../../../../test/call.ts';
import { mailerOf } from '../../../platform/mail/mailer.ts';
import { prepareAccount, requeueOutdatedPreparations } from './prepare.ts';

/**
 * Issue 23: a tenant made by the public registration books its first journal and cash in with what its account
 * preparation gave it (book currency, chart of accounts, numbering, cash box), and sees none of the demo's records.
 */
let t: TestApp;
let code: string;
let owner: string;
const password = `Trial-${randomUUID().slice(0, 8)}-Kopi!2026`;

const waitPrepared = async (tenant: string) => {
  for (let i = 0; i < 200; i++) {
    const p = (await call(t, endpoints.registrationProgress, { tenant })).json();
    if (p.status === 'DONE' || p.status === 'FAILED') return p;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('account preparation did not finish');
};

beforeAll(async () => {
  t = await createTestApp('onboarding_trial_books');
  const anon = (await call(t, endpoints.anonymous, { token: await t.preLoginToken(), tenant: 'demo' })).json().token;
  const res = await call(t, endpoints.register, {
    token: anon,
    body: {
      fullName: 'Wulan Sari',
      email: 'wulan@kopiwulan.id',
      phone: '0813-2222-3333',
      companyName: 'Kopi Wulan',
      taxId: '',
      username: 'wulan',
      password,
      confirmPassword: password,
      language: 'id',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  code = res.json().tenantCode;
  expect(await waitPrepared(code)).toMatchObject({ status: 'DONE', error: null });
  owner = await t.login('wulan', code, password);
});
afterAll(() => t.close());

const act = (documentId: string) => call(t, endpoints.actOnDocument, { token: owner, tenant: code, params: { documentId, action: 'submit' }, body: {} });

describe('a free trial books from its first sign-in', () => {
  it('starts with IDR as the book currency, the numbering and a cash box', async () => {
    const currencies = (await call(t, endpoints.listCurrencies, { token: owner, tenant: code, query: { limit: 5 } })).json();
    expect(currencies.items[0]).toMatchObject({ currencyCode: 'IDR', book: 'Y', active: 'Y' });
    expect(currencies.items.filter((c) => c.book === 'Y')).toHaveLength(1);
    const templates = (await call(t, endpoints.listDocumentTemplates, { token: owner, tenant: code, query: { limit: 100 } })).json();
    expect(templates.items.map((x) => x.documentType)).toEqual(expect.arrayContaining(['JV', 'CI', 'CO']));
    const cashBanks = (await call(t, endpoints.listCashBanks, { token: owner, tenant: code, query: { limit: 25 } })).json();
    expect(cashBanks.items.map((c) => [c.cashBankCode, c.cashBankName, c.currencyCode])).toEqual([
      ['CB00001', 'Kas Kantor Pusat', 'IDR'],
      ['CB00002', 'Kas Kecil', 'IDR'],
    ]);
    const units = (await call(t, endpoints.listUoms, { token: owner, tenant: code, query: { limit: 25 } })).json();
    expect(units.items.map((u) => u.uomCode)).toContain('PCS');
  });

  it('posts a journal and a cash in, both in the trial balance', async () => {
    const coa = async (coaCode: string) => {
      const found = (await call(t, endpoints.listCoa, { token: owner, tenant: code, query: { keyword: coaCode, limit: 5 } })).json();
      return found.items.find((a) => a.coaCode === coaCode)!.coaId;
    };
    const [cash, capital, sales] = [await coa('1101'), await coa('3101'), await coa('4101')];
    const journal = await call(t, endpoints.createJournal, {
      token: owner,
      tenant: code,
      body: {
        documentDate: '2026-03-02',
        remarks: 'Setoran modal awal',
        lines: [
          { coaId: cash, debit: '50000000', credit: '0', memo: 'Kas' },
          { coaId: capital, debit: '0', credit: '50000000', memo: 'Modal' },
        ],
      },
    });
    expect(journal.statusCode, journal.body).toBe(200);
    expect(journal.json()).toMatchObject({ number: 'JU-26-00001', currencyCode: 'IDR', status: 'D' });
    expect((await act(journal.json().documentId)).json()).toMatchObject({ status: 'R', label: 'RELEASED' });

    const box = (await call(t, endpoints.listCashBanks, { token: owner, tenant: code, query: { keyword: 'CB00001' } })).json().items[0]!;
    const cashIn = await call(t, endpoints.createCashIn, {
      token: owner,
      tenant: code,
      body: {
        documentDate: '2026-03-05',
        cashBankId: box.cashBankId,
        paymentMethod: 'CASH',
        paymentReference: null,
        remarks: 'Penjualan tunai hari pertama',
        lines: [{ coaId: sales, amount: '1250000', memo: 'Penjualan kopi' }],
      },
    });
    expect(cashIn.statusCode, cashIn.body).toBe(200);
    expect(cashIn.json()).toMatchObject({ number: expect.stringMatching(/^KM\//), cashBankCode: 'CB00001', status: 'D' });
    expect((await act(cashIn.json().documentId)).json()).toMatchObject({ status: 'R', label: 'RELEASED' });

    const tb = (await call(t, endpoints.getTrialBalance, { token: owner, tenant: code, query: { period: '202603' } })).json();
    const figures = (c: string) => {
      const l = tb.lines.find((x: TrialBalanceLine) => x.kind === 'account' && x.code === c)!;
      return [l.debit, l.credit, l.closing];
    };
    expect(figures('1101')).toEqual(['51250000', '0', '51250000']);
    expect(figures('3101')).toEqual(['0', '50000000', '-50000000']);
    expect(figures('4101')).toEqual(['0', '1250000', '-1250000']);
    expect(tb.totals).toMatchObject({ debit: '51250000', credit: '51250000' });
    expect((await call(t, endpoints.freeTransactions, { token: owner, tenant: code })).json()).toMatchObject({ trial: true, used: 2 });
  });

  it("sees none of the demo tenant's records", async () => {
    const admin = await t.login('admin');
    const demoCoa = (await call(t, endpoints.listCoa, { token: admin, query: { keyword: '6102', limit: 5 } })).json().items[0]!;
    const demoKas = (await call(t, endpoints.listCoa, { token: admin, query: { keyword: '1101', limit: 5 } })).json().items[0]!;
    const demoJournal = await call(t, endpoints.createJournal, {
      token: admin,
      body: {
        documentDate: '2026-03-03',
        remarks: 'Sewa demo',
        lines: [
          { coaId: demoCoa.coaId, debit: '900000', credit: '0', memo: null },
          { coaId: demoKas.coaId, debit: '0', credit: '900000', memo: null },
        ],
      },
    });
    expect(demoJournal.statusCode, demoJournal.body).toBe(200);
    const released = await call(t, endpoints.actOnDocument, {
      token: admin,
      params: { documentId: demoJournal.json().documentId, action: 'submit' },
      body: {},
    });
    expect(released.json()).toMatchObject({ status: 'R' });

    const q = { token: owner, tenant: code, query: {} };
    const totals = {
      customers: (await call(t, endpoints.listCustomers, q)).json().total,
      suppliers: (await call(t, endpoints.listSuppliers, q)).json().total,
      products: (await call(t, endpoints.listProducts, q)).json().total,
      warehouses: (await call(t, endpoints.listWarehouses, q)).json().total,
      employees: (await call(t, endpoints.listEmployees, q)).json().total,
      exchangeRates: (await call(t, endpoints.listExchangeRates, q)).json().total,
    };
    expect(totals).toEqual({ customers: 0, suppliers: 0, products: 0, warehouses: 0, employees: 0, exchangeRates: 0 });
    const journals = (await call(t, endpoints.listJournals, { token: owner, tenant: code, query: {} })).json();
    expect(journals.items.map((j) => j.remarks)).toEqual(['Setoran modal awal']);
    const cashBanks = (await call(t, endpoints.listCashBanks, { token: owner, tenant: code, query: {} })).json();
    expect(cashBanks.items.map((c) => c.cashBankName)).not.toContain('Bank BCA Operasional');
    const tb = (await call(t, endpoints.getTrialBalance, { token: owner, tenant: code, query: { period: '202603' } })).json();
    expect(tb.lines.some((x: TrialBalanceLine) => x.code === '6102')).toBe(false);
    expect(tb.totals).toMatchObject({ debit: '51250000', credit: '51250000' });
    // The demo keeps its sample records.
    expect((await call(t, endpoints.listCustomers, { token: admin, query: {} })).json().total).toBeGreaterThan(0);
  });
});

describe('a trial prepared before the accounting steps', () => {
  it('is queued again (the server does so when it starts) and gets the book currency, numbering, units and cash box it lacked', async () => {
    const anon = (await call(t, endpoints.anonymous, { token: await t.preLoginToken(), tenant: 'demo' })).json().token;
    const res = await call(t, endpoints.register, {
      token: anon,
      remoteAddress: '198.51.100.23',
      body: {
        fullName: 'Bayu Lama',
        email: 'bayu@tokolama.id',
        phone: '0813-4444-5555',
        companyName: 'Toko Lama',
        taxId: '',
        username: 'bayu',
        password,
        confirmPassword: password,
        language: 'en',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const old = res.json().tenantCode;
    expect((await waitPrepared(old)).status).toBe('DONE');
    // As such a trial was left: its four steps done, none of the accounting reference data.
    const tenantId = await t.tenantId(old);
    for (const table of ['cash_banks', 'currencies', 'countries', 'document_templates', 'uoms']) {
      await t.pools.owner.query(`DELETE FROM ${table} WHERE tenant_id = $1`, [tenantId]);
    }
    await t.pools.owner.query(`UPDATE account_preparations SET steps_done = '{roles,company-unit,chart-of-accounts,welcome-mail}' WHERE tenant_id = $1`, [
      tenantId,
    ]);
    const bayu = await t.login('bayu', old, password);
    const kas = (await call(t, endpoints.listCoa, { token: bayu, tenant: old, query: { keyword: '1101', limit: 5 } })).json().items[0]!;
    const modal = (await call(t, endpoints.listCoa, { token: bayu, tenant: old, query: { keyword: '3101', limit: 5 } })).json().items[0]!;
    const journal = () =>
      call(t, endpoints.createJournal, {
        token: bayu,
        tenant: old,
        body: {
          documentDate: '2026-03-02',
          remarks: 'Opening capital',
          lines: [
            { coaId: kas.coaId, debit: '1000000', credit: '0', memo: null },
            { coaId: modal.coaId, debit: '0', credit: '1000000', memo: null },
          ],
        },
      });
    expect((await journal()).json()).toEqual({ errorCode: 'currency_not_found', errorArgs: ['book'] });

    expect(await requeueOutdatedPreparations(t.pools.owner)).toEqual([tenantId]);
    await prepareAccount({ pools: t.pools, mailer: mailerOf(t.app), publicUrl: 'http://localhost:3000' }, tenantId);
    expect(await waitPrepared(old)).toMatchObject({ status: 'DONE', stepsDone: 8 });
    // Nothing else is outdated, and the welcome mail went once.
    expect(await requeueOutdatedPreparations(t.pools.owner)).toEqual([]);
    expect((await t.pools.owner.query('SELECT count(*)::int AS n FROM outbox WHERE tenant_id = $1', [tenantId])).rows[0].n).toBe(1);
    const posted = await journal();
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toMatchObject({ currencyCode: 'IDR', number: 'JU-26-00001' });
    const boxes = (await call(t, endpoints.listCashBanks, { token: bayu, tenant: old, query: {} })).json();
    expect(boxes.items.map((c) => c.cashBankName)).toEqual(['Kas Kantor Pusat', 'Kas Kecil']);
  });
});
