import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { listSortChecks } from '../../../../test/list-sort.ts';

/** Sortable master lists (architecture §4: lists take a sort): warehouses, customers, employees and products. */
let t: TestApp;
let admin: string;
const token = () => admin;

beforeAll(async () => {
  t = await createTestApp('list-sort');
  admin = await t.login('admin');
});
afterAll(() => t.close());

const post = async (path: string, payload: object) => {
  const res = await t.request({ method: 'POST', url: `/api/v1/erp/${path}`, token: admin, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const deactivate = async (path: string, id: string) => {
  const res = await t.request({ method: 'PUT', url: `/api/v1/erp/${path}/${id}/active`, token: admin, payload: { active: 'N' } });
  expect(res.statusCode, res.body).toBe(200);
};

describe('warehouse list sort', () => {
  const URL = '/api/v1/erp/warehouses';
  const list = () => listSortChecks(t, token, URL, (w) => String(w.warehouseCode));
  const Q = 'keyword=SRT-';

  beforeAll(async () => {
    // Created in code order, so ids ascend with the code: equal names fall back to the id, i.e. the code.
    const rows = [
      ['SRT-01', 'delta', 'WAREHOUSE', null],
      ['SRT-02', 'Alpha', 'PRODUCTION', 'Jl. B'],
      ['SRT-03', 'charlie', 'LOCATION', null],
      ['SRT-04', 'Bravo', 'WAREHOUSE', 'Jl. A'],
      ['SRT-05', 'alpha', 'WAREHOUSE', 'Jl. C'],
      ['SRT-06', 'Echo', 'PRODUCTION', null],
      ['SRT-07', 'foxtrot', 'LOCATION', 'jl. d'],
    ] as const;
    for (const [warehouseCode, warehouseName, flgWarehouse, address] of rows) {
      const w = await post('warehouses', { warehouseCode, warehouseName, flgWarehouse, address });
      if (warehouseCode === 'SRT-03') await deactivate('warehouses', w.warehouseId);
    }
  });

  it('sorts by name case-insensitively, ascending and descending, equal names in one stable order', async () => {
    expect(await list().labels(`${Q}&sort=name`)).toEqual(['SRT-02', 'SRT-05', 'SRT-04', 'SRT-03', 'SRT-01', 'SRT-06', 'SRT-07']);
    expect(await list().labels(`${Q}&sort=-name`)).toEqual(['SRT-07', 'SRT-06', 'SRT-01', 'SRT-03', 'SRT-04', 'SRT-02', 'SRT-05']);
  });

  it('puts empty addresses last both ways, and sorts by type, active and code', async () => {
    expect(await list().labels(`${Q}&sort=address`)).toEqual(['SRT-04', 'SRT-02', 'SRT-05', 'SRT-07', 'SRT-01', 'SRT-03', 'SRT-06']);
    expect(await list().labels(`${Q}&sort=-address`)).toEqual(['SRT-07', 'SRT-05', 'SRT-02', 'SRT-04', 'SRT-01', 'SRT-03', 'SRT-06']);
    expect(await list().labels(`${Q}&sort=type`)).toEqual(['SRT-03', 'SRT-07', 'SRT-02', 'SRT-06', 'SRT-01', 'SRT-04', 'SRT-05']);
    expect(await list().labels(`${Q}&sort=active`)).toEqual(['SRT-03', 'SRT-01', 'SRT-02', 'SRT-04', 'SRT-05', 'SRT-06', 'SRT-07']);
    expect(await list().labels(`${Q}&sort=-active`)).toEqual(['SRT-01', 'SRT-02', 'SRT-04', 'SRT-05', 'SRT-06', 'SRT-07', 'SRT-03']);
    expect(await list().labels(`${Q}&sort=-code`)).toEqual(['SRT-07', 'SRT-06', 'SRT-05', 'SRT-04', 'SRT-03', 'SRT-02', 'SRT-01']);
    expect(await list().labels(Q)).toEqual(['SRT-01', 'SRT-02', 'SRT-03', 'SRT-04', 'SRT-05', 'SRT-06', 'SRT-07']);
  });

  it('keeps paging consistent: the pages of a sorted list are the whole list, once each', async () => {
    await list().expectStablePages(`${Q}&sort=name`, 5);
    await list().expectStablePages(`${Q}&sort=-address`, 5);
    await list().expectStablePages('sort=-type', 5);
  });

  it('refuses a sort the list does not offer with a 400 and changes nothing', async () => {
    for (const bad of ['price', '-price', 'Name', '--name', 'name desc', '', 'lower(name)']) await list().expectRefused(Q, bad);
  });

  it('exports in the order of the list', async () => {
    expect(await list().exportedCodes(`${URL}/export`, `${Q}&sort=-name`)).toEqual(['SRT-07', 'SRT-06', 'SRT-01', 'SRT-03', 'SRT-04', 'SRT-02', 'SRT-05']);
    expect(await list().exportedCodes(`${URL}/export`, `${Q}&sort=-address&lang=en`)).toEqual([
      'SRT-07',
      'SRT-05',
      'SRT-02',
      'SRT-04',
      'SRT-01',
      'SRT-03',
      'SRT-06',
    ]);
    const bad = await t.request({ method: 'GET', url: `${URL}/export?sort=price`, token: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorArgs[0]).toBe('querystring.sort');
  });
});

describe('customer list sort', () => {
  const URL = '/api/v1/erp/customers';
  const list = () => listSortChecks(t, token, URL, (p) => String(p.partnerCode));
  const Q = 'keyword=SRC-';

  beforeAll(async () => {
    const rows = [
      ['SRC-1', 'Toko Maju', 3, '900'],
      ['SRC-2', 'toko abadi', 5, '10000'],
      ['SRC-3', 'Toko Cahaya', 1, null],
      ['SRC-4', 'Toko Bintang', 3, '2500.5'],
    ] as const;
    for (const [partnerCode, partnerName, rank, creditLimit] of rows) await post('customers', { partnerCode, partnerName, rank, creditLimit });
    // A supplier with the same prefix stays out of the customer list whatever the sort.
    await post('suppliers', { partnerCode: 'SRC-9', partnerName: 'Pemasok', creditLimit: '1' });
  });

  it('sorts credit limits as numbers with no limit last, ranks, and names', async () => {
    expect(await list().labels(`${Q}&sort=creditLimit`)).toEqual(['SRC-1', 'SRC-4', 'SRC-2', 'SRC-3']);
    expect(await list().labels(`${Q}&sort=-creditLimit`)).toEqual(['SRC-2', 'SRC-4', 'SRC-1', 'SRC-3']);
    expect(await list().labels(`${Q}&sort=-rank`)).toEqual(['SRC-2', 'SRC-1', 'SRC-4', 'SRC-3']);
    expect(await list().labels(`${Q}&sort=name`)).toEqual(['SRC-2', 'SRC-4', 'SRC-3', 'SRC-1']);
    await list().expectStablePages(`${Q}&sort=rank`, 5);
    await list().expectRefused(Q, 'alias');
    expect(await list().exportedCodes(`${URL}/export`, `${Q}&sort=-creditLimit`)).toEqual(['SRC-2', 'SRC-4', 'SRC-1', 'SRC-3']);
  });
});

describe('employee list sort', () => {
  const list = () => listSortChecks(t, token, '/api/v1/erp/employees', (e) => String(e.employeeCode));
  const Q = 'keyword=SRE-';

  beforeAll(async () => {
    const rows = [
      ['SRE-1', 'MANAGER', '2024-03-01'],
      ['SRE-2', 'STAFF', '2020-01-15'],
      ['SRE-3', 'DIRECTOR', '2022-07-01'],
      ['SRE-4', 'SUPERVISOR', '2025-11-30'],
    ] as const;
    for (const [employeeCode, jobTitle, joinDate] of rows)
      await post('employees', { employeeCode, employeeName: `Karyawan ${employeeCode}`, employeeType: 'PERMANENT', jobTitle, joinDate });
  });

  it('sorts job titles by rank, not alphabetically, and join dates as dates', async () => {
    expect(await list().labels(`${Q}&sort=jobTitle`)).toEqual(['SRE-2', 'SRE-4', 'SRE-1', 'SRE-3']);
    expect(await list().labels(`${Q}&sort=-jobTitle`)).toEqual(['SRE-3', 'SRE-1', 'SRE-4', 'SRE-2']);
    expect(await list().labels(`${Q}&sort=-joinDate`)).toEqual(['SRE-4', 'SRE-1', 'SRE-3', 'SRE-2']);
    await list().expectRefused(Q, 'birthDate');
  });
});

describe('product list sort', () => {
  const URL = '/api/v1/erp/products';
  const list = () => listSortChecks(t, token, URL, (p) => String(p.productCode));
  const Q = 'keyword=SRP-';

  beforeAll(async () => {
    const pcs = await post('uoms', { uomCode: 'SRP-PCS', uomName: 'Pieces' });
    const box = await post('uoms', { uomCode: 'SRP-BOX', uomName: 'Box' });
    const rows = [
      ['SRP-1', 'Kopi', pcs, '12000', 'PRODUCT'],
      ['SRP-2', 'Teh', box, '9500.25', 'SERVICE'],
      ['SRP-3', 'Gula', pcs, null, 'PRODUCT'],
      ['SRP-4', 'Susu', box, '150000', 'PRODUCT'],
    ] as const;
    for (const [productCode, productName, uom, sellPrice, productType] of rows)
      await post('products', { productCode, productName, baseUomId: uom.uomId, sellPrice, productType });
  });

  it('sorts prices as numbers with none last, units by code, types', async () => {
    expect(await list().labels(`${Q}&sort=sellPrice`)).toEqual(['SRP-2', 'SRP-1', 'SRP-4', 'SRP-3']);
    expect(await list().labels(`${Q}&sort=-sellPrice`)).toEqual(['SRP-4', 'SRP-1', 'SRP-2', 'SRP-3']);
    expect(await list().labels(`${Q}&sort=baseUom`)).toEqual(['SRP-2', 'SRP-4', 'SRP-1', 'SRP-3']);
    expect(await list().labels(`${Q}&sort=-type`)).toEqual(['SRP-2', 'SRP-1', 'SRP-3', 'SRP-4']);
    await list().expectStablePages(`${Q}&sort=baseUom`, 5);
    await list().expectRefused(Q, 'weight');
    expect(await list().exportedCodes(`${URL}/export`, `${Q}&sort=-sellPrice`)).toEqual(['SRP-4', 'SRP-1', 'SRP-2', 'SRP-3']);
  });

  it('sorts the units of measure list too', async () => {
    const uoms = listSortChecks(t, token, '/api/v1/erp/uoms', (u) => String(u.uomCode));
    expect(await uoms.labels('keyword=SRP-&sort=name')).toEqual(['SRP-BOX', 'SRP-PCS']);
    expect(await uoms.labels('keyword=SRP-&sort=-code')).toEqual(['SRP-PCS', 'SRP-BOX']);
  });
});

/** Each row's value no smaller (ascending) or no larger (descending) than the one before. */
const expectMonotonic = <V extends string | number>(values: V[], direction: 'asc' | 'desc') => {
  expect(values.length).toBeGreaterThan(1);
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  expect(values).toEqual(direction === 'asc' ? sorted : sorted.reverse());
};
const items = async (url: string) => {
  const res = await t.request({ method: 'GET', url, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as Record<string, string & number>[];
};

describe('the other accounting lists sort too (seeded data)', () => {
  it('currencies: the book currency first by default, any column when sorted', async () => {
    expect((await items('/api/v1/erp/currencies?limit=100'))[0].book).toBe('Y');
    expectMonotonic(
      (await items('/api/v1/erp/currencies?limit=100&sort=-decimals')).map((c) => c.decimals),
      'desc',
    );
    expectMonotonic(
      (await items('/api/v1/erp/currencies?limit=100&sort=code')).map((c) => c.currencyCode),
      'asc',
    );
    await listSortChecks(t, token, '/api/v1/erp/currencies', (c) => String(c.currencyCode)).expectStablePages('sort=-decimals', 5);
  });

  it('countries, cash banks, COA groups and segment groups', async () => {
    expectMonotonic(
      (await items('/api/v1/erp/countries?limit=100&sort=-code')).map((c) => c.countryCode),
      'desc',
    );
    await listSortChecks(t, token, '/api/v1/erp/countries', (c) => String(c.countryCode)).expectRefused('limit=5', 'population');
    expectMonotonic(
      (await items('/api/v1/erp/cash-banks?limit=100&sort=-type')).map((c) => c.type),
      'desc',
    );
    await listSortChecks(t, token, '/api/v1/erp/cash-banks', (c) => String(c.cashBankCode)).expectStablePages('sort=type', 5);
    expectMonotonic(
      (await items('/api/v1/erp/coa-groups?limit=100&sort=type')).map((g) => g.type),
      'asc',
    );
    await listSortChecks(t, token, '/api/v1/erp/coa-groups', (g) => String(g.groupCode)).expectStablePages('sort=-sign', 5);
    expectMonotonic(
      (await items('/api/v1/erp/document-templates?limit=100&sort=-active')).map((d) => d.active),
      'desc',
    );
  });

  it('exchange rates by rate as numbers, and by date', async () => {
    const rates = await items('/api/v1/erp/exchange-rates?limit=100&sort=rate');
    expectMonotonic(
      rates.map((r) => Number(r.rate)),
      'asc',
    );
    expectMonotonic(
      (await items('/api/v1/erp/exchange-rates?limit=100&sort=date')).map((r) => r.rateDate),
      'asc',
    );
  });
});
