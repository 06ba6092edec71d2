import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analysisEndpoints as ep,
  CSV_CONTENT_TYPE,
  datasetEditEndpoints as edit,
  datasetSourceEndpoints as sources,
  type AnalysisImportRun,
} from '@nusa/contracts';
import { call } from '../../../../test/call.ts';
import { startGoogleSheetsServer, templateSheet, type GoogleSheetsTestServer } from '../../../../test/google-sheets-server.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

/**
 * A tenant's storage limits on the sales analysis (issue 23: a 2.7 MB xlsx became 14,750,000 rows). Small limits are
 * set through the configuration; a trial tenant gets the LIMIT_TRIAL_* ones, a paid one the larger LIMIT_* ones.
 */

let t: TestApp;
let google: GoogleSheetsTestServer;
const tenants = { trial: { code: 'trialco', id: '', admin: '' }, paid: { code: 'paidco', id: '', admin: '' } };
type Who = keyof typeof tenants;

beforeAll(async () => {
  google = await startGoogleSheetsServer();
  t = await createTestApp('dataset-limits', {
    GOOGLE_TOKEN_URL: google.tokenUrl,
    GOOGLE_SHEETS_API_URL: google.apiUrl,
    LIMIT_TRIAL_DATASET_ROWS: '5',
    LIMIT_TRIAL_TENANT_DATASETS: '2',
    LIMIT_TRIAL_TENANT_ROWS: '8',
    LIMIT_DATASET_ROWS: '12',
    LIMIT_TENANT_DATASETS: '5',
    LIMIT_TENANT_ROWS: '100',
  });
  for (const [who, tenant] of Object.entries(tenants)) {
    tenant.id = await t.seedTenant(tenant.code);
    // A registration puts a tenant on the trial; a paid package lifts it (onboarding's free_transactions row).
    await t.pools.owner.query('INSERT INTO free_transactions (tenant_id, trial, package_paid) VALUES ($1, true, $2)', [tenant.id, who === 'paid']);
    tenant.admin = await t.login('admin', tenant.code);
  }
});
afterAll(async () => {
  await t.close();
  await google.close();
});

const csv = (rows: number) => ['Cabang,Jumlah', ...Array.from({ length: rows }, (_, i) => `Cabang ${i + 1},${(i + 1) * 1000}`)].join('\n');

const upload = (who: Who, rows: number, name = `Penjualan ${rows}`) =>
  t.request({
    method: 'POST',
    url: `/api/v1/analysis/datasets/import?name=${encodeURIComponent(name)}`,
    token: tenants[who].admin,
    tenant: tenants[who].code,
    payload: csv(rows),
    headers: { 'content-type': CSV_CONTENT_TYPE },
  });

async function importCsv(who: Who, rows: number): Promise<AnalysisImportRun> {
  const res = await upload(who, rows);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return followRun(who, res.json<AnalysisImportRun>().importId);
}

async function followRun(who: Who, importId: string): Promise<AnalysisImportRun> {
  for (;;) {
    const run = (
      await call(t, ep.getAnalysisImport, { params: { importId }, token: tenants[who].admin, tenant: tenants[who].code })
    ).json() as AnalysisImportRun;
    if (run.status === 'done' || run.status === 'failed') return run;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What the tenant has stored, read past row-level security. */
async function stored(who: Who) {
  const q = (sql: string) => t.pools.owner.query<{ n: number }>(sql, [tenants[who].id]).then((r) => r.rows[0].n);
  return {
    datasets: await q('SELECT count(*)::int AS n FROM analysis_datasets WHERE tenant_id = $1'),
    rows: await q('SELECT count(*)::int AS n FROM analysis_rows WHERE tenant_id = $1'),
  };
}

const failure = (run: AnalysisImportRun) => ({ status: run.status, errorCode: run.errorCode, errorArgs: run.errorArgs });

describe('a free-trial tenant', () => {
  let manual: string;

  it('is refused a file past its dataset row limit, and keeps none of its rows', async () => {
    expect(failure(await importCsv('trial', 6))).toEqual({ status: 'failed', errorCode: 'dataset_row_limit_reached', errorArgs: [5] });
    expect(await stored('trial')).toEqual({ datasets: 0, rows: 0 });
    expect(await importCsv('trial', 5)).toMatchObject({ status: 'done', report: { rows: 5 } });
    expect(await stored('trial')).toEqual({ datasets: 1, rows: 5 });
  });

  it('is refused a file that would take its stored rows past the tenant limit', async () => {
    expect(failure(await importCsv('trial', 4))).toEqual({ status: 'failed', errorCode: 'tenant_storage_limit_reached', errorArgs: [8] });
    expect(await stored('trial')).toEqual({ datasets: 1, rows: 5 });
  });

  it('adds rows by hand only up to the tenant limit', async () => {
    const made = await call(t, edit.createDataset, {
      body: { name: 'Manual', columns: [{ label: 'Cabang', type: 'text' }] },
      token: tenants.trial.admin,
      tenant: tenants.trial.code,
    });
    expect(made.statusCode, made.body).toBe(200);
    manual = made.json().datasetId;
    const add = (i: number) =>
      call(t, edit.addDatasetRow, { params: { datasetId: manual }, body: { cells: [`Toko ${i}`] }, token: tenants.trial.admin, tenant: tenants.trial.code });
    for (let i = 1; i <= 3; i++) expect((await add(i)).statusCode).toBe(200);
    const fourth = await add(4);
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json()).toEqual({ errorCode: 'tenant_storage_limit_reached', errorArgs: [8] });
    expect(await stored('trial')).toEqual({ datasets: 2, rows: 8 });
  });

  it('cannot make another dataset at its dataset limit, by hand or by upload', async () => {
    const made = await call(t, edit.createDataset, {
      body: { name: 'Satu lagi', columns: [{ label: 'Cabang', type: 'text' }] },
      token: tenants.trial.admin,
      tenant: tenants.trial.code,
    });
    expect(made.statusCode).toBe(422);
    expect(made.json()).toEqual({ errorCode: 'tenant_dataset_limit_reached', errorArgs: [2] });
    const uploaded = await upload('trial', 1);
    expect(uploaded.statusCode).toBe(422);
    expect(uploaded.json()).toEqual({ errorCode: 'tenant_dataset_limit_reached', errorArgs: [2] });
    expect(await stored('trial')).toEqual({ datasets: 2, rows: 8 });
  });
});

describe('a paid tenant', () => {
  it('gets the larger limits: the file refused to the trial is imported', async () => {
    expect(await importCsv('paid', 6)).toMatchObject({ status: 'done', report: { rows: 6 } });
    expect(await stored('paid')).toEqual({ datasets: 1, rows: 6 });
  });

  it('is still refused a file past its own dataset row limit, keeping none of its rows', async () => {
    expect(failure(await importCsv('paid', 13))).toEqual({ status: 'failed', errorCode: 'dataset_row_limit_reached', errorArgs: [12] });
    expect(await stored('paid')).toEqual({ datasets: 1, rows: 6 });
  });
});

describe('a Google Sheet, a source of rows too', () => {
  const SHEET = '1LimitsSheet0123456789abcdefghijklmnop';
  const url = `https://docs.google.com/spreadsheets/d/${SHEET}/edit`;
  const share = (rows: number) =>
    google.sheets.set(
      SHEET,
      templateSheet(
        'Penjualan',
        Array.from({ length: rows }, (_, i) => ['01/03/2026', `Cabang ${i}`, 'Kopi', 'Minuman', 'Retail', 'Budi', '1', '15000', '15000']),
        [google.clientEmail],
      ),
    );
  const paid = () => ({ token: tenants.paid.admin, tenant: tenants.paid.code });
  const sheetRows = async (datasetId: string) =>
    (await t.pools.owner.query<{ n: number }>('SELECT count(*)::int AS n FROM analysis_rows WHERE dataset_id = $1', [datasetId])).rows[0].n;

  it('is imported only within the dataset row limit, and refreshed only within it, the old rows kept', async () => {
    expect((await call(t, sources.saveGoogleAccount, { body: { key: google.serviceAccountKey }, ...paid() })).statusCode).toBe(200);
    share(13);
    const tooMany = await call(t, sources.importGoogleSheet, { body: { url, name: 'Sheet' }, ...paid() });
    expect(failure(await followRun('paid', tooMany.json().importId))).toEqual({ status: 'failed', errorCode: 'dataset_row_limit_reached', errorArgs: [12] });
    expect(await stored('paid')).toEqual({ datasets: 1, rows: 6 });

    share(10);
    const fits = await followRun('paid', (await call(t, sources.importGoogleSheet, { body: { url, name: 'Sheet' }, ...paid() })).json().importId);
    expect(fits).toMatchObject({ status: 'done', report: { rows: 10 } });
    share(13);
    const refresh = await call(t, sources.refreshGoogleSheet, { params: { datasetId: fits.datasetId! }, ...paid() });
    expect(failure(await followRun('paid', refresh.json().importId))).toEqual({ status: 'failed', errorCode: 'dataset_row_limit_reached', errorArgs: [12] });
    expect(await sheetRows(fits.datasetId!)).toBe(10);
  });
});
