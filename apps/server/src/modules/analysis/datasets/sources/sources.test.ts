import { exportPKCS8, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisEndpoints, datasetEditEndpoints, datasetSourceEndpoints as ep, type AnalysisImportRun } from '@nusa/contracts';
import { call } from '../../../../../test/call.ts';
import { bodyHashOf } from './api-source.ts';
import { startGoogleSheetsServer, templateSheet, type GoogleSheetsTestServer } from '../../../../../test/google-sheets-server.ts';
import { createTestApp, type TestApp } from '../../../../../test/test-app.ts';

let t: TestApp;
let google: GoogleSheetsTestServer;
let admin: string;

const SHEET_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const sheetUrl = (id: string) => `https://docs.google.com/spreadsheets/d/${id}/edit#gid=0`;
const sale = (i: number, branch = ['Surabaya', 'Jakarta', 'Bandung'][i % 3]) => [
  `${String(1 + (i % 28)).padStart(2, '0')}/03/2026`,
  branch,
  ['Kopi Susu', 'Teh Melati'][i % 2],
  'Minuman',
  ['Retail', 'Grosir'][i % 2],
  `Pelanggan ${i % 5}`,
  String(1 + (i % 4)),
  'Rp 15.000',
  `Rp ${((1 + (i % 4)) * 15).toString()}.000`,
];

async function followRun(importId: string, token = admin): Promise<AnalysisImportRun> {
  for (;;) {
    const res = await call(t, analysisEndpoints.getAnalysisImport, { params: { importId }, token });
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json();
    if (run.status === 'done' || run.status === 'failed') return run;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function sumOf(datasetId: string, slot: string) {
  const r = await t.pools.owner.query<{ n: string; total: string }>(
    `SELECT count(*) AS n, coalesce(sum(${slot}), 0) AS total FROM analysis_rows WHERE dataset_id = $1`,
    [datasetId],
  );
  return { rows: Number(r.rows[0].n), total: Number(r.rows[0].total) };
}

beforeAll(async () => {
  google = await startGoogleSheetsServer();
  t = await createTestApp('dataset-sources', { GOOGLE_TOKEN_URL: google.tokenUrl, GOOGLE_SHEETS_API_URL: google.apiUrl });
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
  await google.close();
});

describe('Google Sheet source', () => {
  let datasetId: string;

  it('says no service account is set up until an admin saves one; the key is sealed and never answered', async () => {
    expect((await call(t, ep.getGoogleAccount, { token: admin })).json()).toMatchObject({ clientEmail: null, source: null });
    const check = await call(t, ep.checkGoogleSheet, { body: { url: sheetUrl(SHEET_ID) }, token: admin });
    expect(check.error().errorCode).toBe('analysis_google_account_missing');
    const queued = await call(t, ep.importGoogleSheet, { body: { url: sheetUrl(SHEET_ID), name: 'x' }, token: admin });
    expect(queued.error().errorCode).toBe('analysis_google_account_missing');
    const bad = await call(t, ep.saveGoogleAccount, { body: { key: '{"client_email":"x@y"}' }, token: admin });
    expect(bad.error()).toEqual({ errorCode: 'analysis_google_key_invalid', errorArgs: ['private_key'] });
    const saved = await call(t, ep.saveGoogleAccount, { body: { key: google.serviceAccountKey }, token: admin });
    expect(saved.json()).toMatchObject({
      clientEmail: google.clientEmail,
      source: 'tenant',
      templateColumns: expect.arrayContaining(['Tanggal', 'Penjualan']),
    });
    expect(saved.body).not.toContain('PRIVATE KEY');
    const stored = await t.pools.owner.query<{ key_sealed: string }>('SELECT key_sealed FROM analysis_google_accounts');
    expect(stored.rows[0].key_sealed).toMatch(/^v1\./);
    expect(stored.rows[0].key_sealed).not.toContain('PRIVATE');
    const audit = await t.pools.owner.query<{ after: unknown }>(`SELECT after FROM audit_log WHERE module = 'configuration.google-account'`);
    expect(JSON.stringify(audit.rows)).not.toContain('PRIVATE');
  });

  it('refuses a sheet not shared with the service account, one that does not exist, and one off the template', async () => {
    google.sheets.set(SHEET_ID, templateSheet('Penjualan Maret', [sale(0)], []));
    const notShared = await call(t, ep.checkGoogleSheet, { body: { url: sheetUrl(SHEET_ID) }, token: admin });
    expect(notShared.error()).toEqual({ errorCode: 'analysis_google_sheet_not_shared', errorArgs: [google.clientEmail] });
    const missing = await call(t, ep.checkGoogleSheet, { body: { url: sheetUrl('1NoSuchSheetNoSuchSheetNoSuch') }, token: admin });
    expect(missing.error().errorCode).toBe('analysis_google_sheet_not_found');
    expect((await call(t, ep.checkGoogleSheet, { body: { url: 'https://example.com/x' }, token: admin })).error().errorCode).toBe(
      'analysis_google_sheet_url_invalid',
    );
    google.sheets.set('1OffTemplateOffTemplateOffTemplate', {
      title: 'Lain',
      tabs: [{ title: 'Sheet1', values: [['Tanggal', 'Toko', 'Total']] }],
      sharedWith: new Set([google.clientEmail]),
    });
    const off = await call(t, ep.checkGoogleSheet, { body: { url: sheetUrl('1OffTemplateOffTemplateOffTemplate') }, token: admin });
    expect(off.error()).toEqual({
      errorCode: 'analysis_google_template_mismatch',
      errorArgs: ['Cabang, Produk, Kategori, Segmen, Pelanggan, Qty, Harga, Penjualan'],
    });
  });

  it('verifies a shared sheet and imports it as a run; the dataset knows its sheet', async () => {
    google.sheets.set(
      SHEET_ID,
      templateSheet(
        'Penjualan Maret',
        Array.from({ length: 30 }, (_, i) => sale(i)),
        [google.clientEmail],
      ),
    );
    const check = (await call(t, ep.checkGoogleSheet, { body: { url: sheetUrl(SHEET_ID) }, token: admin })).json();
    expect(check).toMatchObject({ spreadsheetId: SHEET_ID, title: 'Penjualan Maret', sheetTitle: 'Penjualan', rowCount: 30 });
    const queued = (await call(t, ep.importGoogleSheet, { body: { url: sheetUrl(SHEET_ID), name: 'Penjualan dari Sheet' }, token: admin })).json();
    expect(queued).toMatchObject({ status: 'queued', datasetId: null });
    const run = await followRun(queued.importId);
    expect(run, JSON.stringify(run)).toMatchObject({ status: 'done', rowsRead: 30 });
    datasetId = run.datasetId!;
    const d = (await call(t, analysisEndpoints.getDataset, { params: { datasetId }, token: admin })).json();
    expect(d).toMatchObject({ name: 'Penjualan dari Sheet', rowCount: 30, source: 'google-sheet' });
    expect(d.columns.map((c) => c.type)).toEqual(['date', 'text', 'text', 'text', 'text', 'text', 'number', 'money', 'money']);
    const expected = Array.from({ length: 30 }, (_, i) => (1 + (i % 4)) * 15000).reduce((a, b) => a + b, 0);
    expect(await sumOf(datasetId, 'num_3')).toEqual({ rows: 30, total: expected });
    const sources = (await call(t, ep.getDatasetSources, { params: { datasetId }, token: admin })).json();
    expect(sources.googleSheet).toMatchObject({
      spreadsheetId: SHEET_ID,
      title: 'Penjualan Maret',
      url: `https://docs.google.com/spreadsheets/d/${SHEET_ID}/edit`,
    });
    expect(google.calls).toContain('POST /token');
  });

  it('refreshing replaces the rows, keeping the dataset and its column keys', async () => {
    google.sheets.set(
      SHEET_ID,
      templateSheet(
        'Penjualan Maret',
        Array.from({ length: 12 }, (_, i) => sale(i, 'Medan')),
        [google.clientEmail],
      ),
    );
    const queued = (await call(t, ep.refreshGoogleSheet, { params: { datasetId }, token: admin })).json();
    const run = await followRun(queued.importId);
    expect(run).toMatchObject({ status: 'done', datasetId });
    const d = (await call(t, analysisEndpoints.getDataset, { params: { datasetId }, token: admin })).json();
    expect(d).toMatchObject({ rowCount: 12, source: 'google-sheet' });
    expect(d.columns[1]).toEqual({ key: 'c2', label: 'Cabang', type: 'text' });
    const branches = await t.pools.owner.query('SELECT DISTINCT text_1 FROM analysis_rows WHERE dataset_id = $1', [datasetId]);
    expect(branches.rows).toEqual([{ text_1: 'Medan' }]);
    expect((await t.pools.owner.query('SELECT count(*)::int AS n FROM analysis_datasets WHERE name = $1', ['Penjualan dari Sheet'])).rows[0].n).toBe(1);
  });

  it("a refresh keeps the user's column names and types, matching the sheet's columns by header whatever their order", async () => {
    const edit = (key: string, body: { label?: string; type?: 'number' | 'money' | 'text' }) =>
      call(t, datasetEditEndpoints.updateDatasetColumn, { params: { datasetId, key }, body, token: admin });
    expect((await edit('c2', { label: 'Outlet' })).statusCode).toBe(200);
    expect((await edit('c8', { type: 'number' })).statusCode).toBe(200);
    const header = ['Tanggal', 'Cabang', 'Produk', 'Kategori', 'Segmen', 'Pelanggan', 'Qty', 'Harga', 'Penjualan'];
    // Cabang moved to the end and a column the dataset does not have added before it.
    const reorder = (r: string[]) => [r[0], ...r.slice(2), r[1]];
    const sheet = (rows: string[][], extra?: (i: number) => string) => ({
      title: 'Penjualan Maret',
      tabs: [
        {
          title: 'Penjualan',
          values: [[...reorder(header), ...(extra ? ['Catatan'] : [])], ...rows.map((r, i) => [...reorder(r), ...(extra ? [extra(i)] : [])])],
        },
      ],
      sharedWith: new Set([google.clientEmail]),
    });
    const refresh = async () => followRun((await call(t, ep.refreshGoogleSheet, { params: { datasetId }, token: admin })).json().importId);
    const before = (await call(t, analysisEndpoints.getDataset, { params: { datasetId }, token: admin })).json();

    google.sheets.set(
      SHEET_ID,
      sheet(
        Array.from({ length: 6 }, (_, i) => sale(i, 'Bali')),
        (i) => `catatan ${i}`,
      ),
    );
    expect(await refresh()).toMatchObject({ status: 'done', rowsRead: 6, report: { errors: [] } });
    const d = (await call(t, analysisEndpoints.getDataset, { params: { datasetId }, token: admin })).json();
    expect(d.columns).toEqual([...before.columns, { key: 'c10', label: 'Catatan', type: 'text' }]);
    expect(d.columns[1]).toEqual({ key: 'c2', label: 'Outlet', type: 'text' });
    expect(d.columns[7]).toEqual({ key: 'c8', label: 'Harga', type: 'number' });
    const stored = await t.pools.owner.query<{ columns: { key: string; slot: string; source: string; values?: string[] }[] }>(
      'SELECT columns FROM analysis_datasets WHERE id = $1',
      [datasetId],
    );
    const slotOf = (key: string) => stored.rows[0].columns.find((c) => c.key === key)!;
    expect(slotOf('c2')).toMatchObject({ source: 'Cabang', values: ['Bali'] });
    const cells = await t.pools.owner.query(
      `SELECT ${slotOf('c2').slot} AS outlet, ${slotOf('c8').slot}::float8 AS harga, ${slotOf('c10').slot} AS catatan FROM analysis_rows WHERE dataset_id = $1 ORDER BY row_no LIMIT 1`,
      [datasetId],
    );
    expect(cells.rows[0]).toEqual({ outlet: 'Bali', harga: 15000, catatan: 'catatan 0' });

    // A cell that does not read as its column's type refuses the refresh by sheet row and column; the rows stay.
    const bad = Array.from({ length: 4 }, (_, i) => sale(i, 'Medan'));
    bad[2][6] = 'dua';
    google.sheets.set(SHEET_ID, sheet(bad));
    expect(await refresh()).toMatchObject({
      status: 'failed',
      errorCode: 'analysis_sheet_refresh_cells_invalid',
      errorArgs: [1, '4/Qty: "dua" (number/angka)'],
    });
    expect((await call(t, analysisEndpoints.getDataset, { params: { datasetId }, token: admin })).json()).toMatchObject({ rowCount: 6, columns: d.columns });

    // A column gone from the sheet is removed from the dataset and reported.
    google.sheets.set(SHEET_ID, sheet(Array.from({ length: 4 }, (_, i) => sale(i, 'Medan'))));
    const run = await refresh();
    expect(run).toMatchObject({ status: 'done', rowsRead: 4 });
    expect(run.report?.errors).toEqual([{ row: 1, column: 'Catatan', errorCode: 'analysis_sheet_column_removed', errorArgs: ['Catatan'] }]);
    const after = (await call(t, analysisEndpoints.getDataset, { params: { datasetId }, token: admin })).json();
    expect(after).toMatchObject({ rowCount: 4, columns: before.columns });
    const audit = await t.pools.owner.query(
      `SELECT after FROM audit_log WHERE module = 'analysis.dataset' AND entity_id = $1 ORDER BY at DESC, id DESC LIMIT 1`,
      [datasetId],
    );
    expect(audit.rows[0].after).toMatchObject({ refresh: true, added: [], removed: ['Catatan'] });
  });

  it('a refresh that fails (sheet unshared since) fails its run and leaves the rows as they were', async () => {
    google.sheets.get(SHEET_ID)!.sharedWith.clear();
    const queued = (await call(t, ep.refreshGoogleSheet, { params: { datasetId }, token: admin })).json();
    const run = await followRun(queued.importId);
    expect(run).toMatchObject({ status: 'failed', errorCode: 'analysis_google_sheet_not_shared', errorArgs: [google.clientEmail] });
    expect((await sumOf(datasetId, 'num_3')).rows).toBe(4);
  });

  it('reports Google unreachable as such', async () => {
    const other = await createTestApp('dataset-sources-down', {
      GOOGLE_TOKEN_URL: 'http://127.0.0.1:9/token',
      GOOGLE_SERVICE_ACCOUNT_KEY: google.serviceAccountKey,
    });
    try {
      const token = await other.login('admin');
      expect((await call(other, ep.getGoogleAccount, { token })).json()).toMatchObject({ clientEmail: google.clientEmail, source: 'deployment' });
      const res = await call(other, ep.checkGoogleSheet, { body: { url: sheetUrl(SHEET_ID) }, token });
      expect(res.statusCode).toBe(502);
      expect(res.error()).toEqual({ errorCode: 'analysis_google_unreachable', errorArgs: ['network'] });
    } finally {
      await other.close();
    }
  });

  it('a key whose JWT signature Google cannot verify (another private key under the same e-mail) is refused by the token endpoint', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const forged = JSON.stringify({ ...JSON.parse(google.serviceAccountKey), private_key: await exportPKCS8(privateKey) });
    expect((await call(t, ep.saveGoogleAccount, { body: { key: forged }, token: admin })).statusCode).toBe(200);
    const res = await call(t, ep.checkGoogleSheet, { body: { url: sheetUrl(SHEET_ID) }, token: admin });
    // Google's own words go to the log; the answer carries the status.
    expect(res.error()).toEqual({ errorCode: 'analysis_google_auth_failed', errorArgs: ['HTTP 400'] });
    expect((await call(t, ep.saveGoogleAccount, { body: { key: google.serviceAccountKey }, token: admin })).statusCode).toBe(200);
  });

  it('a refresh of a dataset that is not from a sheet is refused', async () => {
    const made = await t.request({
      method: 'POST',
      url: '/api/v1/analysis/datasets/import?name=Kecil',
      token: admin,
      payload: 'Tanggal,Cabang,Total\n01/03/2026,Surabaya,1000\n',
      headers: { 'content-type': 'text/csv' },
    });
    const run = await followRun(made.json<AnalysisImportRun>().importId);
    const res = await call(t, ep.refreshGoogleSheet, { params: { datasetId: run.datasetId! }, token: admin });
    expect(res.error().errorCode).toBe('analysis_dataset_not_google_sheet');
  });
});

describe('API source', () => {
  let datasetId: string;
  let key: string;

  const post = (body: unknown, headers: Record<string, string>, id = datasetId, tenant?: string) =>
    t.request({
      method: 'POST',
      url: `/api/v1/analysis/datasets/${id}/api-rows`,
      payload: body as object,
      headers: { 'content-type': 'application/json', ...headers },
      tenant,
    });

  beforeAll(async () => {
    const made = await t.request({
      method: 'POST',
      url: '/api/v1/analysis/datasets/import?name=Pesanan%20Toko',
      token: admin,
      payload: 'Tanggal;Cabang;Qty;Penjualan\n01/03/2026;Surabaya;2;Rp 30.000\n02/03/2026;Jakarta;1;Rp 15.000\n',
      headers: { 'content-type': 'text/csv' },
    });
    datasetId = (await followRun(made.json<AnalysisImportRun>().importId)).datasetId!;
  });

  it('makes a key shown once and kept only as a hash', async () => {
    const made = (await call(t, ep.createDatasetApiKey, { params: { datasetId }, token: admin })).json();
    key = made.key;
    expect(key).toMatch(/^nds_[0-9a-f]{32}_/);
    const stored = await t.pools.owner.query<{ key_hash: string }>('SELECT key_hash FROM analysis_api_keys WHERE id = $1', [made.keyId]);
    expect(stored.rows[0].key_hash).not.toContain(key.slice(37));
    const listed = (await call(t, ep.getDatasetSources, { params: { datasetId }, token: admin })).json();
    expect(listed.apiKeys).toEqual([expect.objectContaining({ keyId: made.keyId, prefix: made.prefix, revokedAt: null })]);
    expect(JSON.stringify(listed)).not.toContain(key);
  });

  it('appends posted rows through a run; the same Idempotency-Key and body answers the first run without writing twice', async () => {
    const body = {
      rows: [
        { Tanggal: '2026-03-03', Cabang: 'Medan', Qty: 3, Penjualan: 45000 },
        { tanggal: '04/03/2026', c2: 'Surabaya', Qty: '1', Penjualan: 'Rp 15.000' },
      ],
    };
    const first = await post(body, { 'x-api-key': key, 'idempotency-key': 'order-1' });
    expect(first.statusCode, first.body).toBe(200);
    const run = first.json<AnalysisImportRun>();
    const followed = await (async () => {
      for (;;) {
        const r = await t.request({ method: 'GET', url: `/api/v1/analysis/datasets/${datasetId}/api-rows/${run.importId}`, headers: { 'x-api-key': key } });
        expect(r.statusCode, r.body).toBe(200);
        const body = r.json<AnalysisImportRun>();
        if (body.status === 'done' || body.status === 'failed') return body;
        await new Promise((res) => setTimeout(res, 50));
      }
    })();
    expect(followed).toMatchObject({ status: 'done', rowsRead: 2, datasetId });
    expect(await sumOf(datasetId, 'num_2')).toEqual({ rows: 4, total: 105000 });
    const again = await post(body, { 'x-api-key': key, 'idempotency-key': 'order-1' });
    expect(again.json<AnalysisImportRun>()).toMatchObject({ importId: run.importId, status: 'done' });
    expect(await sumOf(datasetId, 'num_2')).toEqual({ rows: 4, total: 105000 });
    const d = (await call(t, analysisEndpoints.getDataset, { params: { datasetId }, token: admin })).json();
    expect(d.rowCount).toBe(4);
    const rows = await t.pools.owner.query('SELECT row_no, text_1 FROM analysis_rows WHERE dataset_id = $1 ORDER BY row_no', [datasetId]);
    expect(rows.rows.map((r: { row_no: number }) => r.row_no)).toEqual([1, 2, 3, 4]);

    const conflict = await post({ rows: [{ Cabang: 'Medan' }] }, { 'x-api-key': key, 'idempotency-key': 'order-1' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ errorCode: 'analysis_idempotency_conflict', errorArgs: ['order-1'] });
    expect((await post(body, { 'x-api-key': key })).json()).toMatchObject({ errorCode: 'analysis_idempotency_key_missing' });
  });

  it('refuses bad rows by index and column and writes none of them', async () => {
    const res = await post(
      { rows: [{ Tanggal: '2026-03-05', Qty: 1 }, { Tanggal: 'kemarin', Qty: 'dua' }, { Toko: 'X' }] },
      { 'x-api-key': key, 'idempotency-key': 'order-2' },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errorCode: 'analysis_api_rows_invalid',
      errorArgs: [3, 'rows[2].Toko: ?; rows[1].Tanggal: "kemarin" (date/tanggal); rows[1].Qty: "dua" (number/angka)'],
    });
    expect((await sumOf(datasetId, 'num_2')).rows).toBe(4);
    // The refused post did not keep its Idempotency-Key: corrected rows may use it.
    const fixed = await post({ rows: [{ Tanggal: '2026-03-05', Qty: 1 }] }, { 'x-api-key': key, 'idempotency-key': 'order-2' });
    expect(fixed.statusCode).toBe(200);
  });

  it('a claim left without a run (the process died) is taken over after its bound; posts older than 30 days are forgotten', async () => {
    const body = { rows: [{ Tanggal: '2026-03-06', Cabang: 'Bali', Qty: 2, Penjualan: 30000 }] };
    const tenantId = (await t.pools.owner.query<{ tenant_id: string }>('SELECT tenant_id FROM analysis_datasets WHERE id = $1', [datasetId])).rows[0].tenant_id;
    const claim = (idempotencyKey: string, age: string) =>
      t.pools.owner.query(
        `INSERT INTO analysis_api_posts (tenant_id, dataset_id, idempotency_key, body_hash, created_at) VALUES ($1, $2, $3, $4, now() - $5::interval)`,
        [tenantId, datasetId, idempotencyKey, bodyHashOf(body), age],
      );
    await claim('dead-1', '10 seconds');
    const young = await post(body, { 'x-api-key': key, 'idempotency-key': 'dead-1' });
    expect(young.statusCode).toBe(409);
    expect(young.json()).toEqual({ errorCode: 'analysis_idempotency_in_progress', errorArgs: ['dead-1'] });
    await t.pools.owner.query(`UPDATE analysis_api_posts SET created_at = now() - interval '3 minutes' WHERE idempotency_key = 'dead-1'`);
    const other = await post({ rows: [{ Cabang: 'Lain' }] }, { 'x-api-key': key, 'idempotency-key': 'dead-1' });
    expect(other.json().errorCode).toBe('analysis_idempotency_conflict');
    const before = (await sumOf(datasetId, 'num_2')).rows;
    const retaken = await post(body, { 'x-api-key': key, 'idempotency-key': 'dead-1' });
    expect(retaken.statusCode, retaken.body).toBe(200);
    expect(await followRun(retaken.json<AnalysisImportRun>().importId)).toMatchObject({ status: 'done', rowsRead: 1 });
    expect((await sumOf(datasetId, 'num_2')).rows).toBe(before + 1);
    const linked = await t.pools.owner.query('SELECT import_id FROM analysis_api_posts WHERE idempotency_key = $1', ['dead-1']);
    expect(linked.rows[0].import_id).toBe(retaken.json<AnalysisImportRun>().importId);
    expect((await post(body, { 'x-api-key': key, 'idempotency-key': 'dead-1' })).json()).toMatchObject({ importId: linked.rows[0].import_id });
    expect((await sumOf(datasetId, 'num_2')).rows).toBe(before + 1);

    await claim('old-1', '31 days');
    await claim('month-1', '29 days');
    expect((await post({ rows: [{ Cabang: 'Lain' }] }, { 'x-api-key': key, 'idempotency-key': 'prune-1' })).statusCode).toBe(200);
    const kept = await t.pools.owner.query<{ idempotency_key: string }>('SELECT idempotency_key FROM analysis_api_posts WHERE dataset_id = $1', [datasetId]);
    expect(kept.rows.map((r) => r.idempotency_key)).not.toContain('old-1');
    expect(kept.rows.map((r) => r.idempotency_key)).toContain('month-1');
  });

  it('answers 401 to a wrong, missing or revoked key, and a rotated key replaces the old one', async () => {
    const body = { rows: [{ Cabang: 'Medan' }] };
    for (const k of [undefined, 'nonsense', `${key.slice(0, -4)}AAAA`]) {
      const res = await post(body, { ...(k ? { 'x-api-key': k } : {}), 'idempotency-key': 'k-401' });
      expect(res.statusCode).toBe(401);
      expect(res.json().errorCode).toBe('analysis_api_key_invalid');
    }
    const keyId = (await call(t, ep.getDatasetSources, { params: { datasetId }, token: admin })).json().apiKeys[0].keyId;
    const rotated = (await call(t, ep.rotateDatasetApiKey, { params: { datasetId, keyId }, token: admin })).json();
    expect((await post(body, { 'x-api-key': key, 'idempotency-key': 'k-old' })).statusCode).toBe(401);
    expect((await post(body, { 'x-api-key': rotated.key, 'idempotency-key': 'k-new' })).statusCode).toBe(200);
    const revoked = (await call(t, ep.revokeDatasetApiKey, { params: { datasetId, keyId: rotated.keyId }, token: admin })).json();
    expect(revoked.revokedAt).not.toBeNull();
    expect((await post(body, { 'x-api-key': rotated.key, 'idempotency-key': 'k-revoked' })).statusCode).toBe(401);
    const audit = await t.pools.owner.query(`SELECT action FROM audit_log WHERE module = 'analysis.datasetApiKey' ORDER BY at, id`);
    expect(audit.rows.map((r: { action: string }) => r.action)).toEqual(['create', 'deactivate', 'create', 'deactivate']);
  });

  it('a key of one tenant opens nothing in another, and users without the tasks get 403', async () => {
    const made = (await call(t, ep.createDatasetApiKey, { params: { datasetId }, token: admin })).json();
    await t.seedTenant('acme');
    const other = await t.login('admin', 'acme');
    expect((await call(t, ep.getDatasetSources, { params: { datasetId }, token: other })).error().errorCode).toBe('analysis_dataset_not_found');
    expect((await call(t, ep.createDatasetApiKey, { params: { datasetId }, token: other })).error().errorCode).toBe('analysis_dataset_not_found');
    expect((await call(t, ep.getGoogleAccount, { token: other })).json()).toMatchObject({ clientEmail: null });
    const res = await post({ rows: [{ Cabang: 'Medan' }] }, { 'x-api-key': made.key, 'idempotency-key': 'acme-1' }, datasetId, 'acme');
    expect(res.statusCode).toBe(401);
    const staff = await t.login('staff');
    for (const res of [
      await call(t, ep.getGoogleAccount, { token: staff }),
      await call(t, ep.checkGoogleSheet, { body: { url: sheetUrl(SHEET_ID) }, token: staff }),
      await call(t, ep.importGoogleSheet, { body: { url: sheetUrl(SHEET_ID), name: 'x' }, token: staff }),
      await call(t, ep.createDatasetApiKey, { params: { datasetId }, token: staff }),
      await call(t, ep.saveGoogleAccount, { body: { key: null }, token: staff }),
    ]) {
      expect(res.statusCode).toBe(403);
    }
  });

  it('a key stops working when its creator is deactivated or no longer holds the task to edit the dataset', async () => {
    const staffId = (
      await t.pools.owner.query<{ id: string; tenant_id: string }>(
        `SELECT id, tenant_id FROM users WHERE username = 'staff' AND tenant_id = (SELECT tenant_id FROM analysis_datasets WHERE id = $1)`,
        [datasetId],
      )
    ).rows[0];
    const grant = () =>
      t.pools.owner.query(`INSERT INTO user_tasks (tenant_id, user_id, task) VALUES ($1, $2, 'editManageDatabaseAiAnalytics')`, [
        staffId.tenant_id,
        staffId.id,
      ]);
    const ungrant = () => t.pools.owner.query(`DELETE FROM user_tasks WHERE user_id = $1 AND task = 'editManageDatabaseAiAnalytics'`, [staffId.id]);
    await grant();
    try {
      const staff = await t.login('staff');
      const made = (await call(t, ep.createDatasetApiKey, { params: { datasetId }, token: staff })).json();
      const body = { rows: [{ Cabang: 'Staf' }] };
      const ok = await post(body, { 'x-api-key': made.key, 'idempotency-key': 'staff-1' });
      expect(ok.statusCode, ok.body).toBe(200);
      for (let status = ''; status !== 'done';) {
        const r = await t.request({
          method: 'GET',
          url: `/api/v1/analysis/datasets/${datasetId}/api-rows/${ok.json<AnalysisImportRun>().importId}`,
          headers: { 'x-api-key': made.key },
        });
        status = r.json<AnalysisImportRun>().status;
        expect(status).not.toBe('failed');
        if (status !== 'done') await new Promise((res) => setTimeout(res, 50));
      }
      const before = (await sumOf(datasetId, 'num_2')).rows;

      await ungrant();
      const lost = await post(body, { 'x-api-key': made.key, 'idempotency-key': 'staff-2' });
      expect(lost.statusCode).toBe(403);
      expect(lost.json()).toEqual({ errorCode: 'analysis_api_key_owner_forbidden', errorArgs: [] });

      await grant();
      await t.pools.owner.query('UPDATE users SET active = false WHERE id = $1', [staffId.id]);
      const gone = await post(body, { 'x-api-key': made.key, 'idempotency-key': 'staff-3' });
      expect(gone.statusCode).toBe(403);
      expect(gone.json()).toEqual({ errorCode: 'analysis_api_key_owner_inactive', errorArgs: [] });
      expect((await sumOf(datasetId, 'num_2')).rows).toBe(before);
      // The refused posts kept no claim: the same keys work once the creator may post again.
      await t.pools.owner.query('UPDATE users SET active = true WHERE id = $1', [staffId.id]);
      expect((await post(body, { 'x-api-key': made.key, 'idempotency-key': 'staff-3' })).statusCode).toBe(200);
    } finally {
      await t.pools.owner.query('UPDATE users SET active = true WHERE id = $1', [staffId.id]);
      await ungrant();
    }
  });
});
