import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analysisAskEndpoints,
  analysisEndpoints,
  CSV_CONTENT_TYPE,
  datasetEditEndpoints,
  datasetSourceEndpoints,
  savedGraphEndpoints as ep,
  type AnalysisImportRun,
  type AskAnswer,
} from '@nusa/contracts';
import { call } from '../../../../test/call.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let datasetId: string;

/** A small sales sheet: four branches over three months of 2026 (slots: date_1 Tanggal, text_1 Cabang, num_1 Qty, num_2 Penjualan). */
const CSV = [
  'Tanggal;Cabang;Qty;Penjualan',
  ...Array.from({ length: 24 }, (_, i) => {
    const day = `${String(1 + (i % 28)).padStart(2, '0')}/${String(1 + (i % 3)).padStart(2, '0')}/2026`;
    return `${day};${['Surabaya', 'Jakarta', 'Bandung', 'Medan'][i % 4]};${1 + (i % 5)};"Rp ${((i + 1) * 125_000).toLocaleString('id-ID')}"`;
  }),
].join('\n');

async function importCsv(csv: string, name: string): Promise<AnalysisImportRun> {
  const res = await t.request({
    method: 'POST',
    url: `/api/v1/analysis/datasets/import?name=${encodeURIComponent(name)}`,
    token: admin,
    payload: csv,
    headers: { 'content-type': CSV_CONTENT_TYPE },
  });
  expect(res.statusCode, res.body).toBe(200);
  for (;;) {
    const run = (await call(t, analysisEndpoints.getAnalysisImport, { params: { importId: res.json<AnalysisImportRun>().importId }, token: admin })).json();
    if (run.status === 'done' || run.status === 'failed') return run;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const ask = async (question: string): Promise<AskAnswer> => {
  const res = await call(t, analysisAskEndpoints.ask, { body: { datasetId, question }, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const save = (a: AskAnswer, name?: string, token = admin) =>
  call(t, ep.saveGraph, { body: { datasetId, plan: a.plan, language: a.language, ...(name ? { name } : {}) }, token });
const run = (savedGraphId: string, token = admin) => call(t, ep.runSavedGraph, { params: { savedGraphId }, token });
const list = async (token = admin) => (await call(t, ep.listSavedGraphs, { token })).json().items;
const mine = async () => (await list()).filter((g) => g.datasetId === datasetId);

/** Sales per branch straight from the stored rows, as the answer's rows. */
async function salesByBranch() {
  const r = await t.pools.owner.query(`SELECT text_1, sum(num_2)::float8 AS s FROM analysis_rows WHERE dataset_id = $1 GROUP BY 1 ORDER BY 2 DESC, 1`, [
    datasetId,
  ]);
  return r.rows.map((x: { text_1: string; s: number }) => [x.text_1, x.s]);
}

beforeAll(async () => {
  t = await createTestApp('saved-graphs');
  admin = await t.login('admin');
  const imported = await importCsv(CSV, 'Penjualan Cabang');
  expect(imported.status, JSON.stringify(imported)).toBe('done');
  datasetId = imported.datasetId!;
});
afterAll(() => t.close());

describe('saved graphs', () => {
  let byBranch: string;
  let trend: string;

  it("seeds the demo tenant's saved graphs over its sales dataset, each answering on its rows", async () => {
    const demo = (await list()).filter((g) => g.datasetName === 'Penjualan Toko (demo)');
    expect(demo.map((g) => g.name)).toEqual([
      'Total Penjualan per Cabang',
      'Tren Penjualan Bulanan',
      'Porsi Penjualan per Kategori',
      '5 Produk Terlaris (Qty)',
    ]);
    const kinds = [];
    for (const g of demo) {
      const res = await run(g.savedGraphId);
      expect(res.statusCode, res.body).toBe(200);
      kinds.push(res.json().chart.kind);
    }
    expect(kinds).toEqual(['bar', 'line', 'pie', 'bar']);
  });

  it("saves an answer under the plan's words and answers it again on the same rows", async () => {
    const a = await ask('penjualan per cabang');
    const res = await save(a);
    expect(res.statusCode, res.body).toBe(200);
    const g = res.json();
    byBranch = g.savedGraphId;
    expect(g).toMatchObject({ name: a.description, datasetId, datasetName: 'Penjualan Cabang', plan: a.plan, language: 'id' });
    const again = (await run(byBranch)).json();
    expect(again).toEqual({ description: a.description, columns: a.columns, rows: a.rows, chart: a.chart, insight: a.insight, language: 'id' });
    expect(again.rows).toEqual(await salesByBranch());
    const audit = await t.pools.owner.query(`SELECT action FROM audit_log WHERE module = 'analysis.savedGraph' AND entity_id = $1`, [byBranch]);
    expect(audit.rows).toEqual([{ action: 'create' }]);
  });

  it('answers new numbers once the dataset has new rows', async () => {
    const before = (await run(byBranch)).json().rows;
    const added = await call(t, datasetEditEndpoints.addDatasetRow, {
      params: { datasetId },
      body: { cells: ['15/03/2026', 'Medan', 3, 'Rp 10.000.000'] },
      token: admin,
    });
    expect(added.statusCode, added.body).toBe(200);
    const after = (await run(byBranch)).json().rows;
    expect(after).not.toEqual(before);
    expect(after).toEqual(await salesByBranch());
    expect(after[0]).toEqual(['Medan', (before.find((r) => r[0] === 'Medan')![1] as number) + 10_000_000]);
  });

  it("answers new numbers once an application's import run has added rows (the API source)", async () => {
    const before = (await run(byBranch)).json().rows;
    const { key } = (await call(t, datasetSourceEndpoints.createDatasetApiKey, { params: { datasetId }, token: admin })).json();
    const posted = await t.request({
      method: 'POST',
      url: `/api/v1/analysis/datasets/${datasetId}/api-rows`,
      payload: { rows: [{ Tanggal: '2026-03-20', Cabang: 'Bandung', Qty: 9, Penjualan: 25_000_000 }] },
      headers: { 'content-type': 'application/json', 'x-api-key': key, 'idempotency-key': 'saved-graphs-1' },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    for (;;) {
      const r = await t.request({
        method: 'GET',
        url: `/api/v1/analysis/datasets/${datasetId}/api-rows/${posted.json<AnalysisImportRun>().importId}`,
        headers: { 'x-api-key': key },
      });
      const status = r.json<AnalysisImportRun>().status;
      expect(status, r.body).not.toBe('failed');
      if (status === 'done') break;
      await new Promise((res) => setTimeout(res, 50));
    }
    const after = (await run(byBranch)).json().rows;
    expect(after).toEqual(await salesByBranch());
    expect(after[0]).toEqual(['Bandung', (before.find((r) => r[0] === 'Bandung')![1] as number) + 25_000_000]);
  });

  it('keeps a plan the dataset cannot answer out, saving nothing', async () => {
    const a = await ask('penjualan per cabang');
    const count = (await mine()).length;
    const bad = await call(t, ep.saveGraph, {
      body: { datasetId, plan: { ...a.plan, measures: [{ column: 'c99', aggregation: 'sum', label: '' }] }, language: 'id' },
      token: admin,
    });
    expect(bad.error().errorCode).toBe('ai_generated_query_invalid');
    expect((await mine()).length).toBe(count);
  });

  it('renames, orders (every graph once) and exports the result table as xlsx', async () => {
    trend = (await save(await ask('tren penjualan bulanan'), 'Tren bulanan')).json().savedGraphId;
    const renamed = await call(t, ep.renameSavedGraph, { params: { savedGraphId: byBranch }, body: { name: 'Omzet per cabang' }, token: admin });
    expect(renamed.json()).toMatchObject({ name: 'Omzet per cabang' });
    const ids = (await list()).map((g) => g.savedGraphId);
    expect(ids.slice(-2)).toEqual([byBranch, trend]);
    const reordered = [trend, ...ids.filter((id) => id !== trend)];
    const ordered = await call(t, ep.orderSavedGraphs, { body: { savedGraphIds: reordered }, token: admin });
    expect(ordered.json().items.map((g) => g.savedGraphId)).toEqual(reordered);
    expect((await list()).map((g) => g.position)).toEqual(reordered.map((_, i) => i + 1));
    for (const wrong of [reordered.slice(1), [...reordered, reordered[0]], [...reordered.slice(1), '01900000-0000-7000-8000-000000000009']]) {
      expect((await call(t, ep.orderSavedGraphs, { body: { savedGraphIds: wrong }, token: admin })).error().errorCode).toBe(
        'analysis_saved_graph_order_invalid',
      );
    }
    expect((await list()).map((g) => g.savedGraphId)).toEqual(reordered);

    const file = await t.request({ method: 'GET', url: `/api/v1/analysis/saved-graphs/${byBranch}/export`, token: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('Omzet%20per%20cabang.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const cells = sheet
      .getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1));
    expect(cells).toEqual([['Cabang', 'Total Penjualan'], ...(await salesByBranch())]);
  });

  it('shows a graph whose column is gone or retyped as outdated, the others still answering', async () => {
    const qty = (await save(await ask('total qty per cabang'))).json().savedGraphId;
    expect((await run(qty)).statusCode).toBe(200);
    const retyped = await call(t, datasetEditEndpoints.updateDatasetColumn, { params: { datasetId, key: 'c3' }, body: { type: 'text' }, token: admin });
    expect(retyped.statusCode, retyped.body).toBe(200);
    expect((await run(qty)).error()).toEqual({ errorCode: 'analysis_saved_graph_outdated', errorArgs: [] });
    expect((await run(byBranch)).statusCode).toBe(200);
    expect((await call(t, ep.listSavedGraphs, { token: admin })).statusCode).toBe(200);
  });

  it('deletes a graph for good', async () => {
    const res = await call(t, ep.deleteSavedGraph, { params: { savedGraphId: trend }, token: admin });
    expect(res.json()).toEqual({ ok: true });
    expect((await list()).some((g) => g.savedGraphId === trend)).toBe(false);
    expect((await run(trend)).error()).toEqual({ errorCode: 'analysis_saved_graph_not_found', errorArgs: [trend] });
    const audit = await t.pools.owner.query(`SELECT action FROM audit_log WHERE module = 'analysis.savedGraph' AND entity_id = $1 ORDER BY id`, [trend]);
    expect(audit.rows.map((r: { action: string }) => r.action)).toEqual(['create', 'delete']);
  });

  it('lets a viewer see and run but not change them, and refuses users without the tasks', async () => {
    const staff = await t.login('staff');
    expect((await list(staff)).length).toBeGreaterThan(0);
    expect((await run(byBranch, staff)).statusCode).toBe(200);
    expect((await save(await ask('penjualan per cabang'), 'x', staff)).statusCode).toBe(403);
    expect((await call(t, ep.renameSavedGraph, { params: { savedGraphId: byBranch }, body: { name: 'x' }, token: staff })).statusCode).toBe(403);
    expect((await call(t, ep.deleteSavedGraph, { params: { savedGraphId: byBranch }, token: staff })).statusCode).toBe(403);
    expect((await call(t, ep.orderSavedGraphs, { body: { savedGraphIds: [] }, token: staff })).statusCode).toBe(403);
    const cashier = await t.login('cashier');
    expect((await call(t, ep.listSavedGraphs, { token: cashier })).statusCode).toBe(403);
    expect((await run(byBranch, cashier)).statusCode).toBe(403);
  });

  it('shows another tenant nothing', async () => {
    await t.seedTenant('acme');
    const other = await t.login('admin', 'acme');
    expect((await call(t, ep.listSavedGraphs, { token: other, tenant: 'acme' })).json()).toEqual({ items: [] });
    expect((await call(t, ep.runSavedGraph, { params: { savedGraphId: byBranch }, token: other, tenant: 'acme' })).error().errorCode).toBe(
      'analysis_saved_graph_not_found',
    );
    expect(
      (await call(t, ep.renameSavedGraph, { params: { savedGraphId: byBranch }, body: { name: 'x' }, token: other, tenant: 'acme' })).error().errorCode,
    ).toBe('analysis_saved_graph_not_found');
    expect((await call(t, ep.deleteSavedGraph, { params: { savedGraphId: byBranch }, token: other, tenant: 'acme' })).error().errorCode).toBe(
      'analysis_saved_graph_not_found',
    );
    expect((await t.pools.app.query('SELECT count(*)::int AS n FROM analysis_saved_graphs')).rows[0].n).toBe(0);
    expect((await list()).some((g) => g.savedGraphId === byBranch && g.name === 'Omzet per cabang')).toBe(true);
  });
});
