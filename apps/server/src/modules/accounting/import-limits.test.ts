import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TENANT, XLSX_CONTENT_TYPE, type ImportRun } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { workbook, type CellInput } from '../../platform/files/sheet-test-kit.ts';

/**
 * The rows one xlsx import may hold (issue 23), for the master records (warehouses, read by importRecords) and the
 * products (their own reader): small limits set through the configuration; `trialerp` is on a free trial, the demo
 * is not. A file past the limit ends its run with import_row_limit_reached and none of its rows is saved.
 */

let t: TestApp;
const TRIAL = 'trialerp';
const tokens: Record<string, string> = {};
let trialId: string;

beforeAll(async () => {
  t = await createTestApp('import-limits', { LIMIT_TRIAL_IMPORT_ROWS: '2', LIMIT_IMPORT_ROWS: '3', LIMIT_TRIAL_IMPORT_BYTES: '104858' });
  trialId = await t.seedTenant(TRIAL);
  await t.pools.owner.query('INSERT INTO free_transactions (tenant_id, trial) VALUES ($1, true)', [trialId]);
  tokens[TRIAL] = await t.login('admin', TRIAL);
  tokens[DEFAULT_TENANT] = await t.login('admin');
});
afterAll(() => t.close());

const send = (tenant: string, path: string, file: Buffer) =>
  t.request({ method: 'POST', url: `/api/${path}/import`, token: tokens[tenant], tenant, payload: file, headers: { 'content-type': XLSX_CONTENT_TYPE } });

async function importRun(tenant: string, path: string, file: Buffer): Promise<ImportRun> {
  const token = tokens[tenant];
  const res = await send(tenant, path, file);
  expect(res.statusCode, res.body).toBe(200);
  let run = res.json<ImportRun>();
  while (run.status === 'queued' || run.status === 'running') {
    await new Promise((r) => setTimeout(r, 30));
    run = (await t.request({ method: 'GET', url: `/api/v1/erp/imports/${run.importId}`, token, tenant })).json<ImportRun>();
  }
  return run;
}

const refused = (limit: number) => ({ status: 'failed', errorCode: 'import_row_limit_reached', errorArgs: [limit], report: null });
const codes = async (table: string, prefix: string) =>
  (await t.pools.owner.query<{ code: string }>(`SELECT code FROM ${table} WHERE code LIKE $1 ORDER BY code`, [`${prefix}%`])).rows.map((r) => r.code);

const cases: { name: string; path: string; table: string; header: string[]; row: (code: string) => CellInput[] }[] = [
  {
    name: 'warehouses (a master record)',
    path: 'v1/erp/warehouses',
    table: 'warehouses',
    header: ['warehouseCode', 'warehouseName', 'flgWarehouse'],
    row: (code) => [code, `Gudang ${code}`, 'WAREHOUSE'],
  },
  {
    name: 'products',
    path: 'v1/erp/products',
    table: 'products',
    header: ['productCode', 'productName', 'baseUomCode'],
    row: (code) => [code, `Produk ${code}`, 'PCS'],
  },
];

describe.each(cases)('the xlsx import of $name', ({ path, table, header, row }) => {
  const file = (prefix: string, n: number) =>
    workbook(
      header,
      Array.from({ length: n }, (_, i) => row(`${prefix}-${i + 1}`)),
    );

  it('of a trial tenant stops at its per-import limit and saves none of the file', async () => {
    expect(await importRun(TRIAL, path, await file('ZTL', 3))).toMatchObject(refused(2));
    expect(await codes(table, 'ZTL-')).toEqual([]);
    expect(await importRun(TRIAL, path, await file('ZTL', 2))).toMatchObject({ status: 'done', report: { created: 2 } });
  });

  it('of a paid tenant takes the larger limit, and is refused past it', async () => {
    expect(await importRun(DEFAULT_TENANT, path, await file('ZPL', 3))).toMatchObject({ status: 'done', report: { created: 3 } });
    expect(await importRun(DEFAULT_TENANT, path, await file('ZPX', 4))).toMatchObject(refused(3));
    expect(await codes(table, 'ZPX-')).toEqual([]);
  });
});

it('refuses a trial tenant an upload past its byte limit at once, naming it; a paid tenant may send it', async () => {
  // Random text hardly compresses: two such rows make a workbook of some 150 KB.
  const big = await workbook(
    ['warehouseCode', 'warehouseName', 'flgWarehouse'],
    [1, 2].map((i) => [`ZBIG-${i}`, randomBytes(60_000).toString('base64'), 'WAREHOUSE']),
  );
  expect(big.length).toBeGreaterThan(0.1 * 1024 * 1024);
  const runs = async () => (await t.pools.owner.query('SELECT id FROM import_runs WHERE tenant_id = $1', [trialId])).rows.length;
  const before = await runs();
  const refusal = await send(TRIAL, 'v1/erp/warehouses', big);
  expect(refusal.statusCode).toBe(413);
  expect(refusal.json()).toEqual({ errorCode: 'import_bytes_limit_reached', errorArgs: [0.1] });
  expect(await runs()).toBe(before);
  expect(await importRun(DEFAULT_TENANT, 'v1/erp/warehouses', big)).toMatchObject({ status: 'done' });
});
