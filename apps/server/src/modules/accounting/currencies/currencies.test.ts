import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { listSortChecks } from '../../../../test/list-sort.ts';

let t: TestApp;
let admin: string;
const CU = '/api/v1/erp/currencies';
const XR = '/api/v1/erp/exchange-rates';
const CO = '/api/v1/erp/countries';
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp('currencies');
  admin = await t.login('admin');
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const get = async (url: string, token = admin) => (await t.request({ method: 'GET', url, token })).json();
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json, token = admin) => t.request({ method, url, token, payload });
const currencyId = async (code: string) =>
  (await get(`${CU}?keyword=${code}`)).items.find((c: { currencyCode: string }) => c.currencyCode === code).currencyId as string;

describe('currencies', () => {
  it('seeds IDR as the book currency, first in the list', async () => {
    const list = await get(`${CU}?limit=30`);
    expect(list.items[0]).toMatchObject({ currencyCode: 'IDR', book: 'Y', symbol: 'Rp', decimals: 2, active: 'Y' });
    expect(list.items.filter((c: { book: string }) => c.book === 'Y')).toHaveLength(1);
    expect(list.total).toBe(8);
  });

  it('creates with an upper-cased ISO code, refuses duplicates, bad codes and unknown ids', async () => {
    const res = await send('POST', CU, { currencyCode: 'thb', currencyName: 'Baht Thailand', symbol: '฿', decimals: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ currencyCode: 'THB', book: 'N' });
    ids.THB = res.json().currencyId;
    expect((await send('POST', CU, { currencyCode: 'THB', currencyName: 'X', symbol: 'X', decimals: 2 })).json()).toEqual({
      errorCode: 'currency_code_already_exists',
      errorArgs: ['THB'],
    });
    expect((await send('PUT', `${CU}/${ids.THB}`, { currencyCode: 'USD', currencyName: 'X', symbol: 'X', decimals: 2 })).json().errorCode).toBe(
      'currency_code_already_exists',
    );
    expect((await send('POST', CU, { currencyCode: 'TH', currencyName: 'X', symbol: 'X', decimals: 2 })).json().errorCode).toBe('invalid_input_format');
    expect((await send('POST', CU, { currencyCode: 'XAU', currencyName: 'X', symbol: 'X', decimals: 5 })).json().errorCode).toBe('invalid_input_format');
    const missing = await t.request({ method: 'GET', url: `${CU}/0190a000-0000-7000-8000-000000000000`, token: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCode).toBe('currency_not_found');
  });

  it('keeps the book currency: no deactivation, deletion or new code', async () => {
    const idr = await currencyId('IDR');
    for (const res of [
      await send('PUT', `${CU}/${idr}/active`, { active: 'N' }),
      await send('DELETE', `${CU}/${idr}`),
      await send('PUT', `${CU}/${idr}`, { currencyCode: 'IDX', currencyName: 'Rupiah', symbol: 'Rp', decimals: 2 }),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errorCode: 'currency_book_cannot_be_changed', errorArgs: ['IDR'] });
    }
    expect((await send('PUT', `${CU}/${idr}`, { currencyCode: 'IDR', currencyName: 'Rupiah', symbol: 'Rp', decimals: 0 })).json()).toMatchObject({
      decimals: 0,
      book: 'Y',
    });
  });

  it('refuses deleting a currency that exchange rates use, deletes an unused one', async () => {
    expect((await send('DELETE', `${CU}/${await currencyId('USD')}`)).json()).toEqual({ errorCode: 'used_by_another_table', errorArgs: ['exchange_rates'] });
    expect((await send('PUT', `${CU}/${ids.THB}/active`, { active: 'N' })).json().active).toBe('N');
    expect((await send('PUT', `${CU}/${ids.THB}/active`, { active: 'Y' })).json().active).toBe('Y');
    const sek = await send('POST', CU, { currencyCode: 'SEK', currencyName: 'Krona Swedia', symbol: 'kr', decimals: 2 });
    expect((await send('DELETE', `${CU}/${sek.json().currencyId}`)).json()).toEqual({ ok: true });
  });
});

describe('exchange rates', () => {
  it('records a rate per pair and date as an exact decimal, refuses same currencies, zero, bad numbers and duplicates', async () => {
    const res = await send('POST', XR, { fromCurrency: 'thb', toCurrency: 'IDR', rateDate: '2026-11-10', rate: '452.1234567891' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ fromCurrency: 'THB', toCurrency: 'IDR', rateDate: '2026-11-10', rate: '452.1234567891', active: 'Y' });
    ids.rate = res.json().rateId;
    const same = await send('POST', XR, { fromCurrency: 'IDR', toCurrency: 'IDR', rateDate: '2026-11-10', rate: '1' });
    expect(same.statusCode).toBe(422);
    expect(same.json()).toEqual({ errorCode: 'exchange_rate_same_currency', errorArgs: [] });
    expect((await send('POST', XR, { fromCurrency: 'THB', toCurrency: 'IDR', rateDate: '2026-11-11', rate: '0.0000' })).json()).toEqual({
      errorCode: 'exchange_rate_must_be_positive',
      errorArgs: [],
    });
    for (const rate of ['-5', '1e3', '12,5', 'abc', '']) {
      expect((await send('POST', XR, { fromCurrency: 'THB', toCurrency: 'IDR', rateDate: '2026-11-11', rate })).json().errorCode, rate).toBe(
        'invalid_input_format',
      );
    }
    const dup = await send('POST', XR, { fromCurrency: 'THB', toCurrency: 'IDR', rateDate: '2026-11-10', rate: '450' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ errorCode: 'exchange_rate_already_exists', errorArgs: ['THB', 'IDR', '2026-11-10'] });
    expect((await send('POST', XR, { fromCurrency: 'XYZ', toCurrency: 'IDR', rateDate: '2026-11-10', rate: '1' })).json()).toEqual({
      errorCode: 'currency_not_found',
      errorArgs: ['XYZ'],
    });
    // The reverse pair is a different rate.
    expect((await send('POST', XR, { fromCurrency: 'IDR', toCurrency: 'THB', rateDate: '2026-11-10', rate: '0.0022118' })).json().rate).toBe('0.0022118');
    const count = await t.pools.owner.query(`SELECT count(*)::int AS n FROM exchange_rates WHERE rate_date = '2026-11-11'`);
    expect(count.rows[0].n).toBe(0);
  });

  it('looks up the rate valid on a date: the latest active one on or before it', async () => {
    await send('POST', XR, { fromCurrency: 'THB', toCurrency: 'IDR', rateDate: '2026-11-15', rate: '455.5' });
    const on = (date: string) => get(`${XR}/lookup?fromCurrency=THB&toCurrency=IDR&date=${date}`);
    expect(await on('2026-11-12')).toEqual({ fromCurrency: 'THB', toCurrency: 'IDR', rateDate: '2026-11-10', rate: '452.1234567891' });
    expect((await on('2026-11-15')).rate).toBe('455.5');
    expect((await on('2027-01-01')).rateDate).toBe('2026-11-15');
    const before = await t.request({ method: 'GET', url: `${XR}/lookup?fromCurrency=THB&toCurrency=IDR&date=2026-11-09`, token: admin });
    expect(before.statusCode).toBe(404);
    expect(before.json()).toEqual({ errorCode: 'exchange_rate_not_found', errorArgs: ['THB', 'IDR', '2026-11-09'] });
    expect(await get(`${XR}/lookup?fromCurrency=IDR&toCurrency=IDR&date=2026-11-09`)).toMatchObject({ rate: '1' });
    expect((await get(`${XR}/lookup?fromCurrency=USD&toCurrency=IDR&date=2026-11-21`)).rate).toBe('16250');
    // A deactivated rate is not used.
    expect((await send('PUT', `${XR}/${ids.rate}/active`, { active: 'N' })).json().active).toBe('N');
    expect((await t.request({ method: 'GET', url: `${XR}/lookup?fromCurrency=THB&toCurrency=IDR&date=2026-11-12`, token: admin })).statusCode).toBe(404);
    await send('PUT', `${XR}/${ids.rate}/active`, { active: 'Y' });
  });

  it('edits, lists by pair and dates, deletes', async () => {
    const edited = await send('PUT', `${XR}/${ids.rate}`, { fromCurrency: 'THB', toCurrency: 'IDR', rateDate: '2026-11-10', rate: '451' });
    expect(edited.json().rate).toBe('451');
    expect((await send('PUT', `${XR}/${ids.rate}`, { fromCurrency: 'THB', toCurrency: 'IDR', rateDate: '2026-11-15', rate: '451' })).json().errorCode).toBe(
      'exchange_rate_already_exists',
    );
    const list = await get(`${XR}?fromCurrency=THB&toCurrency=IDR`);
    expect(list.items.map((r: { rateDate: string }) => r.rateDate)).toEqual(['2026-11-15', '2026-11-10']);
    expect((await get(`${XR}?from=2026-11-20&to=2026-11-20&limit=30`)).total).toBe(7);
    expect((await get(`${XR}?keyword=thb&limit=30`)).total).toBe(3);
    expect((await send('DELETE', `${XR}/${ids.rate}`)).json()).toEqual({ ok: true });
    expect((await t.request({ method: 'GET', url: `${XR}/${ids.rate}`, token: admin })).statusCode).toBe(404);
    const audit = await t.pools.owner.query(`SELECT action FROM audit_log WHERE entity = 'exchange-rate' ORDER BY id`);
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'create', 'create', 'deactivate', 'activate', 'update', 'delete']);
  });
});

describe('countries', () => {
  it('seeds Indonesia and its trading partners; creates, refuses duplicates, activates and deletes', async () => {
    const list = await get(`${CO}?limit=30`);
    expect(list.items.map((c: { countryCode: string }) => c.countryCode)).toEqual(expect.arrayContaining(['ID', 'SG', 'MY', 'CN', 'JP', 'US']));
    const res = await send('POST', CO, { countryCode: 'ph', countryName: 'Filipina' });
    expect(res.json()).toMatchObject({ countryCode: 'PH', active: 'Y' });
    expect((await send('POST', CO, { countryCode: 'ID', countryName: 'Indonesia' })).json()).toEqual({
      errorCode: 'country_code_already_exists',
      errorArgs: ['ID'],
    });
    expect((await send('POST', CO, { countryCode: 'IDN', countryName: 'Indonesia' })).json().errorCode).toBe('invalid_input_format');
    const id = res.json().countryId;
    expect((await send('PUT', `${CO}/${id}`, { countryCode: 'PH', countryName: 'Republik Filipina' })).json().countryName).toBe('Republik Filipina');
    expect((await send('PUT', `${CO}/${id}/active`, { active: 'N' })).json().active).toBe('N');
    expect((await get(`${CO}?keyword=filipina`)).total).toBe(1);
    expect((await send('DELETE', `${CO}/${id}`)).json()).toEqual({ ok: true });
    expect((await t.request({ method: 'GET', url: `${CO}/${id}`, token: admin })).json().errorCode).toBe('country_not_found');
  });
});

describe('exports and access', () => {
  it('exports currencies, rates and countries as xlsx; rates stay exact text', async () => {
    for (const [url, name] of [
      [`${CU}/export?lang=en`, 'Currencies'],
      [`${XR}/export?keyword=USD`, 'Kurs'],
      [`${CO}/export`, 'Negara'],
    ] as const) {
      const file = await t.request({ method: 'GET', url, token: admin });
      expect(file.headers['content-type'], url).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets[0].name).toBe(name);
      if (name === 'Kurs') expect(book.worksheets[0].getRow(2).getCell(4).value).toBe('16250');
    }
  });

  it('exports exactly the rates the list shows for its currency and date filters, in its sort', async () => {
    const shown = async (query: string) =>
      ((await get(`${XR}?${query}&limit=100`)).items as { fromCurrency: string; toCurrency: string; rateDate: string; rate: string }[]).map((r) => [
        r.fromCurrency,
        r.toCurrency,
        r.rateDate,
        r.rate,
      ]);
    const exported = async (query: string) => {
      const file = await t.request({ method: 'GET', url: `${XR}/export?${query}`, token: admin });
      expect(file.statusCode, file.body).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      book.worksheets[0].eachRow((row, n) => {
        if (n > 1) rows.push([1, 2, 3, 4].map((c) => row.getCell(c).value));
      });
      return rows;
    };
    await send('POST', XR, { fromCurrency: 'USD', toCurrency: 'IDR', rateDate: '2026-11-02', rate: '16100' });
    const all = await exported('lang=en');
    for (const query of [
      'fromCurrency=USD',
      'toCurrency=idr&from=2026-11-20&to=2026-11-20&sort=-rate',
      'fromCurrency=USD&to=2026-11-10',
      'keyword=thb&sort=pair',
    ]) {
      const rows = await shown(query);
      expect(rows.length, query).toBeGreaterThan(0);
      expect(rows.length, query).toBeLessThan(all.length);
      expect(await exported(query), query).toEqual(rows);
    }
    expect(await exported('fromCurrency=USD&toCurrency=IDR&from=2026-11-02&to=2026-11-09')).toEqual([['USD', 'IDR', '2026-11-02', '16100']]);
  });

  it('exports exactly the currencies and countries their lists show for the same keyword, in their sort', async () => {
    for (const [url, code, queries] of [
      [CU, 'currencyCode', ['keyword=dolar', 'keyword=u&sort=-name', 'keyword=yen']],
      [CO, 'countryCode', ['keyword=si&sort=-code', 'keyword=jepang']],
    ] as const) {
      const list = listSortChecks(
        t,
        () => admin,
        url,
        (i) => String(i[code]),
      );
      const all = await list.exportedCodes(`${url}/export`, 'lang=en');
      for (const query of queries) {
        const shown = await list.labels(`${query}&limit=100`);
        expect(shown.length, query).toBeGreaterThan(0);
        expect(shown.length, query).toBeLessThan(all.length);
        expect(await list.exportedCodes(`${url}/export`, query), query).toEqual(shown);
      }
    }
  });

  it('lets staff read only, refuses the agent; a second tenant sees none of it', async () => {
    const staff = await t.login('staff');
    expect((await get(`${CU}?keyword=THB`, staff)).total).toBe(1);
    expect((await send('POST', CU, { currencyCode: 'KRW', currencyName: 'Won', symbol: '₩', decimals: 0 }, staff)).statusCode).toBe(403);
    expect((await send('POST', XR, { fromCurrency: 'THB', toCurrency: 'IDR', rateDate: '2026-12-01', rate: '1' }, staff)).statusCode).toBe(403);
    expect((await send('DELETE', `${CO}/${ids.THB}`, undefined, staff)).statusCode).toBe(403);
    const agent = await t.login('agent');
    for (const url of [CU, XR, CO, `${XR}/lookup?fromCurrency=USD&toCurrency=IDR&date=2026-11-21`]) {
      const res = await t.request({ method: 'GET', url, token: agent });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().errorCode).toBe('forbidden_action');
    }
    await t.seedTenant('acme');
    const acme = await t.login('admin', 'acme');
    expect((await get(`${CU}?keyword=THB`, acme)).total).toBe(0);
    expect((await t.request({ method: 'GET', url: `${CU}/${ids.THB}`, token: acme })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `${XR}/lookup?fromCurrency=THB&toCurrency=IDR&date=2026-11-20`, token: acme })).statusCode).toBe(404);
    expect((await send('DELETE', `${CU}/${ids.THB}`, undefined, acme)).statusCode).toBe(404);
  });
});

describe('the book currency of a tenant without one', () => {
  it('is marked once by a full currency editor, then never replaced; the mark is audited', async () => {
    // A tenant as a trial prepared before its preparation seeded the currencies: currencies, none of them the book's.
    const tenantId = await t.seedTenant('tanpa-buku');
    await t.pools.owner.query('UPDATE currencies SET is_book = false WHERE tenant_id = $1', [tenantId]);
    const owner = await t.login('admin', 'tanpa-buku');
    const list = async () => (await get(`${CU}?limit=30`, owner)).items as { currencyCode: string; currencyId: string; book: string }[];
    const idOf = async (code: string) => (await list()).find((c) => c.currencyCode === code)!.currencyId;
    expect((await list()).filter((c) => c.book === 'Y')).toEqual([]);

    const staff = await t.login('staff', 'tanpa-buku');
    expect((await send('PUT', `${CU}/${await idOf('IDR')}/book`, undefined, staff)).statusCode).toBe(403);
    await send('PUT', `${CU}/${await idOf('AUD')}/active`, { active: 'N' }, owner);
    expect((await send('PUT', `${CU}/${await idOf('AUD')}/book`, undefined, owner)).json()).toEqual({
      errorCode: 'currency_not_found',
      errorArgs: [await idOf('AUD')],
    });

    const marked = await send('PUT', `${CU}/${await idOf('IDR')}/book`, undefined, owner);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ currencyCode: 'IDR', book: 'Y' });
    expect((await list())[0]).toMatchObject({ currencyCode: 'IDR', book: 'Y' });
    // Again for the same currency: nothing changes; another one: refused, naming the book currency.
    expect((await send('PUT', `${CU}/${await idOf('IDR')}/book`, undefined, owner)).json()).toMatchObject({ currencyCode: 'IDR', book: 'Y' });
    const other = await send('PUT', `${CU}/${await idOf('USD')}/book`, undefined, owner);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ errorCode: 'currency_book_already_set', errorArgs: ['IDR'] });
    const audit = await t.pools.owner.query(
      `SELECT action, before->>'book' AS before, after->>'book' AS after FROM audit_log WHERE tenant_id = $1 AND module = 'accounting.currency' AND entity_id = $2`,
      [tenantId, await idOf('IDR')],
    );
    expect(audit.rows).toEqual([{ action: 'update', before: 'N', after: 'Y' }]);
    // The demo tenant's book currency stays IDR whatever another tenant marks.
    expect((await send('PUT', `${CU}/${await currencyId('USD')}/book`)).json()).toEqual({ errorCode: 'currency_book_already_set', errorArgs: ['IDR'] });
  });
});
