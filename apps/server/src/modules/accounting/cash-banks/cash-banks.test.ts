import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { listSortChecks } from '../../../../test/list-sort.ts';

let t: TestApp;
let admin: string;
const CB = '/api/v1/erp/cash-banks';
const ref: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp('cash_banks');
  admin = await t.login('admin');
  const get = async (url: string) => (await t.request({ method: 'GET', url, token: admin })).json();
  const groups = (await get('/api/v1/erp/coa-groups?limit=100')).items as { groupCode: string; groupId: string }[];
  ref.cashGroup = groups.find((g) => g.groupCode === '1100')!.groupId;
  ref.bankGroup = groups.find((g) => g.groupCode === '1200')!.groupId;
  const coa = async (code: string) =>
    (await get(`/api/v1/erp/coa?keyword=${code}&limit=100`)).items.find((a: { coaCode: string }) => a.coaCode === code).coaId as string;
  ref.bri = await coa('1201.03');
  ref.kas = await coa('1101');
  ref.piutang = await coa('1301');
  ref.idr = (await get('/api/v1/erp/currencies?keyword=IDR')).items[0].currencyId;
  ref.usd = (await get('/api/v1/erp/currencies?keyword=USD')).items[0].currencyId;
  const ous = (await get('/api/v1/config/org-units?keyword=JKT')).items as { ouCode: string; ouId: string }[];
  ref.jkt = ous.find((o) => o.ouCode === 'JKT')!.ouId;
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json, token = admin) => t.request({ method, url, token, payload });
const get = async (url: string, token = admin) => (await t.request({ method: 'GET', url, token })).json();
const newCoa = async (code: string, group: 'cashGroup' | 'bankGroup') => {
  const res = await send('POST', '/api/v1/erp/coa', { coaCode: code, coaName: `Akun ${code}`, groupId: ref[group] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().coaId as string;
};

describe('cash banks', () => {
  it('seeds the demo cash banks with numbered codes', async () => {
    const list = await get(`${CB}?limit=30`);
    expect(list.items.map((c: { cashBankCode: string; type: string; coaCode: string }) => [c.cashBankCode, c.type, c.coaCode])).toEqual([
      ['CB00001', 'CASH', '1101'],
      ['CB00002', 'CASH', '1102'],
      ['CB00003', 'BANK', '1201.01'],
      ['CB00004', 'BANK', '1201.02'],
    ]);
    expect(list.items[2]).toMatchObject({ currencyCode: 'IDR', cashBankName: 'Bank BCA Operasional' });
    expect(list.items[2].ouId).not.toBeNull();
  });

  it('creates a bank with a blank code from the numbering, its COA of the bank group, currency and OU', async () => {
    const res = await send('POST', CB, {
      cashBankName: 'Bank BRI',
      type: 'BANK',
      coaId: ref.bri,
      currencyId: ref.idr,
      ouId: ref.jkt,
      accountNumber: '0123-01-000456-30-1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      cashBankCode: 'CB00005',
      coaCode: '1201.03',
      coaName: 'Bank BRI',
      currencyCode: 'IDR',
      ouId: ref.jkt,
      ouCode: 'JKT',
      ouName: expect.any(String),
      active: 'Y',
    });
    ref.briBank = res.json().cashBankId;
    const audit = await t.pools.owner.query(`SELECT action, after FROM audit_log WHERE entity = 'cash-bank' AND entity_id = $1`, [ref.briBank]);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0].after.cashBankCode).toBe('CB00005');
  });

  it('offers in the COA picker only accounts no other cash bank uses (an edited cash bank keeps its own)', async () => {
    const codes = async (free: string) =>
      ((await get(`/api/v1/erp/coa?purpose=bank&active=Y&limit=30&freeForCashBank=${free}`)).items as { coaCode: string }[]).map((a) => a.coaCode);
    const all = ((await get('/api/v1/erp/coa?purpose=bank&active=Y&limit=30')).items as { coaCode: string }[]).map((a) => a.coaCode);
    expect(all).toEqual(expect.arrayContaining(['1201.01', '1201.02', '1201.03']));
    // 1201.01 and 1201.02 are the seeded banks', 1201.03 is Bank BRI's (the test above).
    const forNew = await codes('new');
    expect(forNew).not.toContain('1201.01');
    expect(forNew).not.toContain('1201.02');
    expect(forNew).not.toContain('1201.03');
    expect(forNew.length).toBe(all.length - 3);
    const forBri = await codes(ref.briBank);
    expect(forBri).toContain('1201.03');
    expect(forBri).not.toContain('1201.01');
    expect((await t.request({ method: 'GET', url: '/api/v1/erp/coa?freeForCashBank=semua', token: admin })).statusCode).toBe(400);
  });

  it('takes a typed code, skips it in later blank codes, refuses a duplicate', async () => {
    const coa = await newCoa('1103', 'cashGroup');
    const typed = await send('POST', CB, { cashBankCode: 'CB00006', cashBankName: 'Kas Toko', type: 'CASH', coaId: coa, currencyId: ref.idr });
    expect(typed.json().cashBankCode).toBe('CB00006');
    const dup = await send('POST', CB, {
      cashBankCode: 'cb00006',
      cashBankName: 'Kas Lain',
      type: 'CASH',
      coaId: await newCoa('1104', 'cashGroup'),
      currencyId: ref.idr,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ errorCode: 'cash_bank_code_already_exists', errorArgs: ['cb00006'] });
    const blank = await send('POST', CB, {
      cashBankCode: '',
      cashBankName: 'Kas Lain',
      type: 'CASH',
      coaId: (await get('/api/v1/erp/coa?keyword=1104')).items[0].coaId,
      currencyId: ref.usd,
    });
    expect(blank.json()).toMatchObject({ cashBankCode: 'CB00007', currencyCode: 'USD' });
    ref.kasLain = blank.json().cashBankId;
  });

  it('refuses a COA outside the matching cash or bank group (spec 5)', async () => {
    for (const [type, coaId, ouId] of [
      ['CASH', ref.piutang, null],
      ['CASH', ref.bri, null],
      ['BANK', ref.kas, ref.jkt],
    ] as const) {
      const res = await send('POST', CB, { cashBankName: 'Salah', type, coaId, currencyId: ref.idr, ouId });
      expect(res.statusCode).toBe(422);
      expect(res.json().errorCode).toBe('cash_bank_coa_group_invalid');
    }
  });

  it('lets a COA serve one cash bank only', async () => {
    const res = await send('POST', CB, { cashBankName: 'BRI Kedua', type: 'BANK', coaId: ref.bri, currencyId: ref.idr, ouId: ref.jkt });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errorCode: 'cash_bank_coa_already_used', errorArgs: ['1201.03'] });
    // Saving the cash bank with its own COA is fine.
    const same = await send('PUT', `${CB}/${ref.briBank}`, {
      cashBankCode: 'CB00005',
      cashBankName: 'Bank BRI Unit',
      type: 'BANK',
      coaId: ref.bri,
      currencyId: ref.idr,
      ouId: ref.jkt,
    });
    expect(same.json().cashBankName).toBe('Bank BRI Unit');
  });

  it('requires an existing OU for a bank, an existing active currency and COA', async () => {
    const coa = await newCoa('1201.04', 'bankGroup');
    const noOu = await send('POST', CB, { cashBankName: 'Bank BNI', type: 'BANK', coaId: coa, currencyId: ref.idr });
    expect(noOu.statusCode).toBe(422);
    expect(noOu.json()).toEqual({ errorCode: 'cash_bank_ou_required', errorArgs: [] });
    const ghost = '0190a000-0000-7000-8000-000000000000';
    expect((await send('POST', CB, { cashBankName: 'Bank BNI', type: 'BANK', coaId: coa, currencyId: ref.idr, ouId: ghost })).json()).toEqual({
      errorCode: 'ou_not_found',
      errorArgs: [ghost],
    });
    expect((await send('POST', CB, { cashBankName: 'Bank BNI', type: 'BANK', coaId: coa, currencyId: ghost, ouId: ref.jkt })).json().errorCode).toBe(
      'currency_not_found',
    );
    expect((await send('POST', CB, { cashBankName: 'Bank BNI', type: 'BANK', coaId: ghost, currencyId: ref.idr, ouId: ref.jkt })).json().errorCode).toBe(
      'coa_not_found',
    );
    const count = await t.pools.owner.query(`SELECT count(*)::int AS n FROM cash_banks WHERE name = 'Bank BNI'`);
    expect(count.rows[0].n).toBe(0);
    expect((await t.request({ method: 'GET', url: `${CB}/${ghost}`, token: admin })).json().errorCode).toBe('cash_bank_not_found');
  });

  it('blocks deleting the COA and currency a cash bank uses, until the cash bank is gone', async () => {
    const kasLain = await get(`${CB}/${ref.kasLain}`);
    expect((await send('DELETE', `/api/v1/erp/coa/${kasLain.coaId}`)).json()).toEqual({ errorCode: 'used_by_another_table', errorArgs: ['cash_banks'] });
    const nzd = await send('POST', '/api/v1/erp/currencies', { currencyCode: 'NZD', currencyName: 'Dolar Selandia Baru', symbol: 'NZ$', decimals: 2 });
    await send('PUT', `${CB}/${ref.kasLain}`, {
      cashBankCode: kasLain.cashBankCode,
      cashBankName: kasLain.cashBankName,
      type: 'CASH',
      coaId: kasLain.coaId,
      currencyId: nzd.json().currencyId,
    });
    expect((await send('DELETE', `/api/v1/erp/currencies/${nzd.json().currencyId}`)).json()).toEqual({
      errorCode: 'used_by_another_table',
      errorArgs: ['cash_banks'],
    });
    expect((await send('PUT', `${CB}/${ref.kasLain}/active`, { active: 'N' })).json().active).toBe('N');
    expect((await get(`${CB}?active=N`)).items.map((c: { cashBankCode: string }) => c.cashBankCode)).toEqual(['CB00007']);
    expect((await send('DELETE', `${CB}/${ref.kasLain}`)).json()).toEqual({ ok: true });
    expect((await send('DELETE', `/api/v1/erp/currencies/${nzd.json().currencyId}`)).json()).toEqual({ ok: true });
    expect((await send('DELETE', `/api/v1/erp/coa/${kasLain.coaId}`)).json()).toEqual({ ok: true });
  });

  it('gives 50 parallel creations with blank codes 50 distinct consecutive codes', async () => {
    const coas: string[] = [];
    for (let i = 1; i <= 50; i++) coas.push(await newCoa(`11P-${i}`, 'cashGroup'));
    const responses = await Promise.all(
      coas.map((coaId, i) => send('POST', CB, { cashBankName: `Kas Paralel ${i}`, type: 'CASH', coaId, currencyId: ref.idr })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const codes = responses.map((r) => r.json().cashBankCode as string).sort();
    expect(codes).toEqual(Array.from({ length: 50 }, (_, i) => `CB${String(i + 8).padStart(5, '0')}`));
  });

  it('uses the cash-bank document template once one exists', async () => {
    const tpl = await send('POST', '/api/v1/erp/document-templates', {
      templateCode: 'TPL-CB',
      templateName: 'Kode Kas/Bank',
      documentType: 'cash-bank',
      prefix: 'KB-',
      suffix: '',
      separator: '-',
      yearDigits: 2,
      month: false,
      day: false,
      counterDigits: 3,
      reset: 'never',
    });
    expect(tpl.statusCode, tpl.body).toBe(200);
    const res = await send('POST', CB, { cashBankName: 'Kas Gudang', type: 'CASH', coaId: await newCoa('1105', 'cashGroup'), currencyId: ref.idr });
    // The counter continues across the format change: 57 numbers were given before.
    expect(res.json().cashBankCode).toMatch(/^KB-\d{2}-058$/);
  });

  it('answers concurrent claims of one code or one COA with one success and clear conflicts, never a 500', async () => {
    const coas: string[] = [];
    for (let i = 1; i <= 10; i++) coas.push(await newCoa(`11R-${i}`, 'cashGroup'));
    const sameCode = await Promise.all(
      coas.map((coaId) => send('POST', CB, { cashBankCode: 'RACE-1', cashBankName: 'Kas Balapan', type: 'CASH', coaId, currencyId: ref.idr })),
    );
    expect(sameCode.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(new Set(sameCode.filter((r) => r.statusCode === 409).map((r) => r.json().errorCode))).toEqual(new Set(['cash_bank_code_already_exists']));
    const free = coas.filter((c) => c !== sameCode.find((r) => r.statusCode === 200)!.json().coaId);
    const sameCoa = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send('POST', CB, { cashBankCode: `RACE-C${i}`, cashBankName: 'Kas Balapan', type: 'CASH', coaId: free[0], currencyId: ref.idr }),
      ),
    );
    expect(sameCoa.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(new Set(sameCoa.filter((r) => r.statusCode === 409).map((r) => r.json().errorCode))).toEqual(new Set(['cash_bank_coa_already_used']));
  });

  it('lists with keyword and type, exports xlsx', async () => {
    expect((await get(`${CB}?type=BANK&limit=30`)).total).toBe(3);
    expect((await get(`${CB}?keyword=paralel&limit=5`)).items).toHaveLength(5);
    const file = await t.request({ method: 'GET', url: `${CB}/export?lang=id&keyword=bank`, token: admin });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Kode', 'Nama', 'Tipe', 'Kode COA', 'Nama COA', 'Mata Uang', 'Kode OU', 'No. Rekening', 'Aktif']);
    expect(sheet.rowCount).toBe(4);
  });

  it('exports exactly the rows the list shows for its type and active filters, in its sort', async () => {
    const list = listSortChecks(
      t,
      () => admin,
      CB,
      (c) => String(c.cashBankCode),
    );
    expect((await send('PUT', `${CB}/${ref.briBank}/active`, { active: 'N' })).statusCode).toBe(200);
    try {
      const all = await list.exportedCodes(`${CB}/export`, 'lang=en');
      for (const query of ['type=CASH', 'type=BANK&active=N', 'type=BANK&active=Y&sort=-name', 'active=N&keyword=bri', 'keyword=kas&type=CASH&sort=-code']) {
        const shown = await list.labels(`${query}&limit=100`);
        expect(shown.length, query).toBeLessThan(all.length);
        expect(await list.exportedCodes(`${CB}/export`, `${query}&lang=en`), query).toEqual(shown);
      }
      expect(await list.exportedCodes(`${CB}/export`, 'type=BANK&active=N')).toEqual(['CB00005']);
    } finally {
      await send('PUT', `${CB}/${ref.briBank}/active`, { active: 'Y' });
    }
  });

  it('lets the cashier and staff read only, refuses the agent; a second tenant sees none of it', async () => {
    for (const user of ['cashier', 'staff']) {
      const token = await t.login(user);
      expect((await get(`${CB}?keyword=BRI`, token)).total, user).toBe(1);
      expect((await send('PUT', `${CB}/${ref.briBank}/active`, { active: 'N' }, token)).statusCode, user).toBe(403);
      expect((await send('DELETE', `${CB}/${ref.briBank}`, undefined, token)).statusCode, user).toBe(403);
    }
    const agent = await t.login('agent');
    const res = await t.request({ method: 'GET', url: CB, token: agent });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('forbidden_action');
    await t.seedTenant('acme');
    const acme = await t.login('admin', 'acme');
    expect((await get(`${CB}?keyword=BRI`, acme)).total).toBe(0);
    expect((await t.request({ method: 'GET', url: `${CB}/${ref.briBank}`, token: acme })).statusCode).toBe(404);
    // Another tenant's COA is not found here either.
    const acmeCurrency = (await get('/api/v1/erp/currencies?keyword=IDR', acme)).items[0].currencyId;
    expect(
      (await send('POST', CB, { cashBankName: 'Curian', type: 'BANK', coaId: ref.bri, currencyId: acmeCurrency, ouId: ref.jkt }, acme)).json().errorCode,
    ).toBe('coa_not_found');
  });
});
