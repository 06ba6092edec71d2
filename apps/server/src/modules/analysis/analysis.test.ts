import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analysisAskEndpoints,
  analysisEndpoints as ep,
  aiSettingsEndpoints,
  CSV_CONTENT_TYPE,
  DATASET_SLOTS,
  XLSX_CONTENT_TYPE,
  type AnalysisImportRun,
} from '@nusa/contracts';
import { call } from '../../../test/call.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { startOpenAiTestServer } from '../../../test/openai-server.ts';

let t: TestApp;

async function workbook(header: string[], rows: (string | number | Date | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Data');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}
let admin: string;

const BRANCHES = ['Surabaya', 'Jakarta', 'Bandung', 'Medan'];
const PRODUCTS = ['Kopi Susu', 'Teh Melati', 'Roti Bakar', 'Es Jeruk', 'Nasi Goreng', 'Mie Ayam', 'Pisang Goreng'];
const SEGMENTS = ['Retail', 'Grosir', 'Online'];
const DAY = 86_400_000;
const today = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()));
const iso = (d: Date) => d.toISOString().slice(0, 10);
const idDate = (d: Date) => `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
const rupiah = (n: number) => `Rp ${n.toLocaleString('id-ID')}`;

/** Sales row i: a date within the last 400 days, a branch, product and segment, qty and amount (whole rupiah). */
const sale = (i: number) => {
  const qty = 1 + ((i * 7) % 9);
  return {
    date: new Date(today.getTime() - ((i * 37) % 400) * DAY),
    branch: BRANCHES[i % 4],
    product: PRODUCTS[(i * 3) % 7],
    segment: SEGMENTS[i % 3],
    qty,
    amount: qty * (15000 + ((i * 1231) % 20) * 500),
  };
};
const SALES = Array.from({ length: 600 }, (_, i) => sale(i));

/** The CSV as an Indonesian spreadsheet saves it: a title row, semicolons, dd/mm/yyyy, money with Rp and dots, one bad cell. */
const salesCsv = () =>
  [
    'Laporan Penjualan;;;;;',
    ';;;;;',
    'Tanggal;Cabang;Produk;Segmen;Qty;Penjualan',
    ...SALES.map((s, i) => `${idDate(s.date)};${s.branch};${s.product};${s.segment};${i === 5 ? 'lima' : s.qty};"${rupiah(s.amount)}"`),
  ].join('\r\n');

async function importFile(file: Buffer | string, contentType: string, name: string, token = admin): Promise<AnalysisImportRun> {
  const res = await t.request({
    method: 'POST',
    url: `/api/v1/analysis/datasets/import?name=${encodeURIComponent(name)}`,
    token,
    payload: file,
    headers: { 'content-type': contentType },
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const queued = res.json<AnalysisImportRun>();
  expect(queued).toMatchObject({ status: 'queued', datasetId: null });
  for (;;) {
    const run = (await call(t, ep.getAnalysisImport, { params: { importId: queued.importId }, token })).json();
    if (run.status === 'done' || run.status === 'failed') return run;
    await new Promise((r) => setTimeout(r, 50));
  }
}

let csvDataset: string;

beforeAll(async () => {
  t = await createTestApp('analysis');
  admin = await t.login('admin');
  const run = await importFile(salesCsv(), CSV_CONTENT_TYPE, 'Penjualan Toko');
  expect(run.status, JSON.stringify(run)).toBe('done');
  csvDataset = run.datasetId!;
});
afterAll(() => t.close());

describe('dataset imports', () => {
  it('seeds the demo tenant with a sales dataset that questions can be asked of', async () => {
    const demo = (await call(t, ep.listDatasets, { query: { keyword: 'demo' }, token: admin })).json().items[0];
    expect(demo).toMatchObject({ name: 'Penjualan Toko (demo)', rowCount: 6000 });
    const a = (
      await call(t, analysisAskEndpoints.ask, { body: { datasetId: demo.datasetId, question: 'penjualan per kategori tahun lalu' }, token: admin })
    ).json();
    const lastYear = today.getUTCFullYear() - 1;
    const expected = await t.pools.owner.query({
      text: `SELECT text_3, sum(num_3) FROM analysis_rows WHERE dataset_id = $1 AND date_1 BETWEEN '${lastYear}-01-01' AND '${lastYear}-12-31' GROUP BY 1 ORDER BY 2 DESC, 1`,
      values: [demo.datasetId],
      rowMode: 'array',
    });
    expect(a.rows).toEqual(expected.rows.map((r: unknown[]) => [r[0], Number(r[1])]));
    expect(a.rows.length).toBe(3);
  });

  it('imports a CSV under a title row: types inferred, the bad cell reported by row and column and stored empty', async () => {
    const d = (await call(t, ep.getDataset, { params: { datasetId: csvDataset }, token: admin })).json();
    expect(d).toMatchObject({ name: 'Penjualan Toko', rowCount: 600 });
    expect(d.columns).toEqual([
      { key: 'c1', label: 'Tanggal', type: 'date' },
      { key: 'c2', label: 'Cabang', type: 'text' },
      { key: 'c3', label: 'Produk', type: 'text' },
      { key: 'c4', label: 'Segmen', type: 'text' },
      { key: 'c5', label: 'Qty', type: 'number' },
      { key: 'c6', label: 'Penjualan', type: 'money' },
    ]);
    const run = (
      await t.pools.owner.query<{ report: { errors: unknown[] } }>(
        `SELECT report FROM import_runs WHERE endpoint = '/v1/analysis/datasets/import' ORDER BY created_at LIMIT 1`,
      )
    ).rows[0];
    expect(run.report.errors).toEqual([{ row: 9, column: 'Qty', errorCode: 'analysis_cell_invalid', errorArgs: ['lima', 'number/angka'] }]);
    const rows = (await call(t, ep.listDatasetRows, { params: { datasetId: csvDataset }, query: { page: 1, limit: 5 }, token: admin })).json();
    expect(rows.total).toBe(600);
    expect(rows.items[0]).toEqual([iso(SALES[0].date), SALES[0].branch, SALES[0].product, SALES[0].segment, SALES[0].qty, SALES[0].amount]);
    const page2 = (await call(t, ep.listDatasetRows, { params: { datasetId: csvDataset }, query: { page: 2, limit: 5 }, token: admin })).json();
    expect(page2.items[0]).toEqual([iso(SALES[5].date), SALES[5].branch, SALES[5].product, SALES[5].segment, null, SALES[5].amount]);
  });

  it('imports an xlsx (Excel dates and numbers) and lists it', async () => {
    const file = await workbook(
      ['Tanggal', 'Cabang', 'Nilai', 'Diskon'],
      [
        [new Date(Date.UTC(2026, 0, 31)), 'Surabaya', 1500000.5, '10%'],
        [new Date(Date.UTC(2026, 1, 1)), 'Jakarta', 250000, '12,5%'],
      ],
    );
    const run = await importFile(file, XLSX_CONTENT_TYPE, 'Dari Excel');
    expect(run).toMatchObject({ status: 'done', rowsRead: 2, report: { rows: 2, errors: [] } });
    const rows = (await call(t, ep.listDatasetRows, { params: { datasetId: run.datasetId! }, query: { page: 1, limit: 25 }, token: admin })).json();
    expect(rows.columns.map((c) => c.type)).toEqual(['date', 'text', 'money', 'percent']);
    expect(rows.items).toEqual([
      ['2026-01-31', 'Surabaya', 1500000.5, 10],
      ['2026-02-01', 'Jakarta', 250000, 12.5],
    ]);
    const list = (await call(t, ep.listDatasets, { query: { keyword: 'excel' }, token: admin })).json();
    expect(list.items.map((d) => d.name)).toEqual(['Dari Excel']);
  });

  it('fails a file without a header row or that is no spreadsheet, and saves nothing of it', async () => {
    const noHeader = await importFile('1;2;3\n4;5;6\n', CSV_CONTENT_TYPE, 'Tanpa Judul');
    expect(noHeader).toMatchObject({ status: 'failed', errorCode: 'analysis_header_missing', datasetId: null });
    const binary = await t.request({
      method: 'POST',
      url: '/api/v1/analysis/datasets/import?name=x',
      token: admin,
      payload: Buffer.from([1, 0, 2, 0]),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(binary.json()).toEqual({ errorCode: 'analysis_file_invalid', errorArgs: [] });
    const wide = `${Array.from({ length: DATASET_SLOTS.date + 1 }, (_, i) => `Tanggal ${i + 1}`).join(',')}\n${Array.from({ length: DATASET_SLOTS.date + 1 }, () => '01/01/2025').join(',')}\n`;
    expect(await importFile(wide, CSV_CONTENT_TYPE, 'Lebar')).toMatchObject({
      status: 'failed',
      errorCode: 'analysis_too_many_columns',
      errorArgs: ['tanggal/date', DATASET_SLOTS.date],
    });
    // The demo's seeded dataset and the two imported here.
    expect((await call(t, ep.listDatasets, { query: {}, token: admin })).json().total).toBe(3);
  });

  it('shows nothing to another tenant and refuses users without the tasks', async () => {
    await t.seedTenant('acme');
    const other = await t.login('admin', 'acme');
    expect((await call(t, ep.listDatasets, { query: {}, token: other, tenant: 'acme' })).json()).toEqual({ items: [], total: 0 });
    expect((await call(t, ep.getDataset, { params: { datasetId: csvDataset }, token: other, tenant: 'acme' })).error().errorCode).toBe(
      'analysis_dataset_not_found',
    );
    expect((await call(t, ep.listDatasetRows, { params: { datasetId: csvDataset }, query: {}, token: other, tenant: 'acme' })).error().errorCode).toBe(
      'analysis_dataset_not_found',
    );
    const rls = await t.pools.app.query(`SELECT count(*)::int AS n FROM analysis_rows`);
    expect(rls.rows[0].n).toBe(0);
    const cashier = await t.login('cashier');
    expect((await call(t, ep.listDatasets, { query: {}, token: cashier })).statusCode).toBe(403);
    const staff = await t.login('staff');
    const upload = await t.request({
      method: 'POST',
      url: '/api/v1/analysis/datasets/import?name=x',
      token: staff,
      payload: 'a,b\n1,2',
      headers: { 'content-type': CSV_CONTENT_TYPE },
    });
    expect(upload.statusCode).toBe(403);
    expect((await call(t, ep.listDatasetRows, { params: { datasetId: csvDataset }, query: {}, token: staff })).statusCode).toBe(403);
  });
});

const askEp = analysisAskEndpoints.ask;
const ask = (question: string, conversationId?: string, token = admin) =>
  call(t, askEp, { body: { datasetId: csvDataset, question, ...(conversationId ? { conversationId } : {}) }, token });

/** Direct SQL over the stored rows (owner connection, the CSV's slots: date_1 Tanggal, text_1 Cabang, text_2 Produk, text_3 Segmen, num_1 Qty, num_2 Penjualan). */
async function sqlRows(select: string, where = 'true', tail = '') {
  const r = await t.pools.owner.query(`SELECT ${select} FROM analysis_rows WHERE dataset_id = $1 AND ${where} ${tail}`, [csvDataset]);
  return r.rows.map((row: Record<string, unknown>) =>
    Object.values(row).map((v) => (v === null ? null : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v)),
  );
}
const monthStart = (offset: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + offset, 1));
const lastMonth = { from: iso(monthStart(-1)), to: iso(new Date(monthStart(0).getTime() - DAY)) };
const twoMonthsAgo = { from: iso(monthStart(-2)), to: iso(new Date(monthStart(-1).getTime() - DAY)) };
const thisMonth = { from: iso(monthStart(0)), to: iso(new Date(monthStart(1).getTime() - DAY)) };
const between = (r: { from: string; to: string }) => `date_1 BETWEEN '${r.from}' AND '${r.to}'`;

describe('asking questions', () => {
  it('answers one figure with the number, its words and an insight', async () => {
    const res = await ask('berapa omzet cabang Surabaya bulan lalu?');
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    const [[expected]] = await sqlRows('coalesce(sum(num_2), 0)', `text_1 = 'Surabaya' AND ${between(lastMonth)}`);
    expect(a.rows).toEqual([[expected]]);
    expect(a.chart.kind).toBe('number');
    expect(a.language).toBe('id');
    expect(a.description).toMatch(/^Total Penjualan, Cabang Surabaya, /);
    expect(a.insight).toContain(`Rp ${(expected as number).toLocaleString('id-ID')}`);
    expect(a.columns).toEqual([{ key: 'm0', label: 'Total Penjualan', type: 'money' }]);
  });

  it('follows up in the same conversation: another branch, then the month before', async () => {
    const first = (await ask('berapa omzet cabang Surabaya bulan lalu?')).json();
    const jakarta = (await ask('kalau Jakarta?', first.conversationId)).json();
    expect(jakarta.conversationId).toBe(first.conversationId);
    expect(jakarta.rows).toEqual(await sqlRows('coalesce(sum(num_2), 0)', `text_1 = 'Jakarta' AND ${between(lastMonth)}`));
    const before = (await ask('bagaimana dengan bulan sebelumnya?', first.conversationId)).json();
    expect(before.rows).toEqual(await sqlRows('coalesce(sum(num_2), 0)', `text_1 = 'Jakarta' AND ${between(twoMonthsAgo)}`));
    const stored = await t.pools.owner.query('SELECT turn, question FROM analysis_questions WHERE conversation_id = $1 ORDER BY turn', [first.conversationId]);
    expect(stored.rows.map((r: { question: string }) => r.question)).toEqual([
      'berapa omzet cabang Surabaya bulan lalu?',
      'kalau Jakarta?',
      'bagaimana dengan bulan sebelumnya?',
    ]);
  });

  it('groups by branch (bar), ranks products (top N) and counts transactions', async () => {
    const byBranch = (await ask('penjualan per cabang')).json();
    expect(byBranch.chart.kind).toBe('bar');
    expect(byBranch.rows).toEqual(await sqlRows('text_1, coalesce(sum(num_2), 0) AS s', 'true', 'GROUP BY 1 ORDER BY 2 DESC, 1'));
    const top = (await ask('top 3 products by revenue')).json();
    expect(top.language).toBe('en');
    expect(top.columns.map((c) => c.label)).toEqual(['Produk', 'Total Penjualan']);
    expect(top.rows).toEqual(await sqlRows('text_2, coalesce(sum(num_2), 0) AS s', 'true', 'GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 3'));
    const count = (await ask('berapa banyak transaksi di Jakarta')).json();
    expect(count.rows).toEqual(await sqlRows('count(*)::int', `text_1 = 'Jakarta'`));
    const qty = (await ask('total quantity sold in Bandung')).json();
    expect(qty.rows).toEqual(await sqlRows('coalesce(sum(num_1), 0)', `text_1 = 'Bandung'`));
  });

  it('averages, trends (line), shares (pie) and comparisons', async () => {
    const avg = (await ask('rata-rata penjualan per transaksi')).json();
    const [[mean]] = await sqlRows('avg(num_2)');
    expect(avg.rows[0][0]).toBeCloseTo(mean as number, 3);
    const trend = (await ask('tren penjualan bulanan')).json();
    expect(trend.chart.kind).toBe('line');
    // Months named in the answer's language (Oktober 2025), in calendar order.
    const BULAN = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'];
    const months = await sqlRows(`to_char(date_1, 'YYYY-MM'), coalesce(sum(num_2), 0)`, 'true', 'GROUP BY 1 ORDER BY 1');
    expect(trend.rows).toEqual(months.map(([m, v]) => [`${BULAN[Number(String(m).slice(5)) - 1]} ${String(m).slice(0, 4)}`, v]));
    expect(trend.insight).toMatch(/tertinggi pada [A-Z][a-z]+ \d{4}/);
    const share = (await ask('persentase penjualan per segmen')).json();
    expect(share.chart.kind).toBe('pie');
    const segments = await sqlRows('text_3, coalesce(sum(num_2), 0) AS s', 'true', 'GROUP BY 1 ORDER BY 2 DESC, 1');
    const total = segments.reduce((a, r) => a + (r[1] as number), 0);
    expect(share.rows).toEqual(segments.map((r) => [r[0], r[1], Math.round(((r[1] as number) * 10000) / total) / 100]));
    const vs = (await ask('bandingkan penjualan Surabaya vs Jakarta')).json();
    expect(vs.rows).toEqual(await sqlRows('text_1, coalesce(sum(num_2), 0) AS s', `text_1 IN ('Surabaya', 'Jakarta')`, 'GROUP BY 1 ORDER BY 2 DESC, 1'));
    expect(vs.insight).toMatch(/lebih tinggi/);
  });

  it('compares with the previous period', async () => {
    const a = (await ask('penjualan bulan ini dibanding bulan lalu')).json();
    const [[now]] = await sqlRows('coalesce(sum(num_2), 0)', between(thisMonth));
    const [[then]] = await sqlRows('coalesce(sum(num_2), 0)', between(lastMonth));
    expect(a.columns.map((c) => c.key)).toEqual(['m0', 'm0_prev', 'change']);
    expect(a.rows[0].slice(0, 2)).toEqual([now, then]);
    expect(a.insight).toMatch(/dibanding periode sebelumnya/);
  });

  it('refuses changes and words it cannot place, writing nothing', async () => {
    const before = await t.pools.owner.query('SELECT count(*)::int AS n FROM analysis_rows');
    expect((await ask('hapus semua data penjualan Surabaya')).error()).toEqual({ errorCode: 'analysis_request_refused', errorArgs: [] });
    expect((await ask('select * from users; drop table analysis_rows')).error().errorCode).toBe('analysis_request_refused');
    expect((await ask('berapa suhu di Bogor besok')).error().errorCode).toBe('analysis_question_not_understood');
    expect((await t.pools.owner.query('SELECT count(*)::int AS n FROM analysis_rows')).rows[0].n).toBe(before.rows[0].n);
  });

  it('meters each question under the analysis area', async () => {
    const rows = await t.pools.owner.query(`SELECT outcome, count(*)::int AS n FROM ai_usage WHERE area = 'analysis' GROUP BY 1 ORDER BY 1`);
    expect(rows.rows.find((r: { outcome: string }) => r.outcome === 'ok')?.n).toBeGreaterThanOrEqual(10);
  });

  it('keeps questions to the tasks, the tenant and the conversation owner', async () => {
    const staff = await t.login('staff');
    expect((await ask('penjualan per cabang', undefined, staff)).statusCode).toBe(403);
    const other = await t.login('admin', 'acme');
    const res = await call(t, askEp, { body: { datasetId: csvDataset, question: 'penjualan per cabang' }, token: other, tenant: 'acme' });
    expect(res.error().errorCode).toBe('analysis_dataset_not_found');
    const mine = (await ask('penjualan per cabang')).json();
    const superadmin = await t.login('superadmin');
    expect((await ask('kalau Jakarta?', mine.conversationId, superadmin)).error().errorCode).toBe('analysis_conversation_not_found');
  });

  it("guards a remote model's plan with the same validator: unknown columns, impossible sums, injected names and huge limits never run", async () => {
    const server = await startOpenAiTestServer();
    try {
      const put = await call(t, aiSettingsEndpoints.saveAiSettings, {
        body: {
          provider: 'openai-compatible',
          baseUrl: server.baseUrl,
          apiKey: 'sk-test',
          models: { chat: 'm', embedding: 'e', structured: 'm', image: '' },
          prices: [],
          timeoutSeconds: 10,
        },
        token: admin,
      });
      expect(put.statusCode, put.body).toBe(200);
      const planned = (plan: object) => {
        server.reply = () =>
          JSON.stringify({
            datasetId: csvDataset,
            dimensions: [],
            filters: [],
            timeRange: null,
            sort: null,
            limit: null,
            comparison: null,
            share: false,
            ...plan,
          });
      };
      planned({ measures: [{ column: 'c6', aggregation: 'sum', label: 'Omzet' }], dimensions: [{ column: 'c2' }] });
      const good = (await ask('omzet per cabang')).json();
      expect(good.rows).toEqual(await sqlRows('text_1, coalesce(sum(num_2), 0) AS s', 'true', 'GROUP BY 1 ORDER BY 1'));
      expect(good.columns[1].label).toBe('Omzet');
      for (const bad of [
        { measures: [{ column: 'c99', aggregation: 'sum', label: '' }] },
        { measures: [{ column: 'c2', aggregation: 'sum', label: '' }] },
        { measures: [{ column: 'num_2); DROP TABLE analysis_rows; --', aggregation: 'sum', label: '' }] },
        { measures: [{ column: 'c6', aggregation: 'sum', label: '' }], limit: 100000 },
        { measures: [{ column: 'c6', aggregation: 'sum', label: '' }], filters: [{ column: 'c1', op: 'gt', values: ["2025-01-01' OR 1=1 --"] }] },
        { measures: [{ column: 'c6', aggregation: 'sum', label: '' }], dimensions: [{ column: 'c2', timeGrain: 'month' }] },
      ]) {
        planned(bad);
        expect((await ask('omzet')).error().errorCode, JSON.stringify(bad)).toBe('ai_generated_query_invalid');
      }
      expect((await t.pools.owner.query('SELECT count(*)::int AS n FROM analysis_rows WHERE dataset_id = $1', [csvDataset])).rows[0].n).toBe(600);
    } finally {
      await call(t, aiSettingsEndpoints.saveAiSettings, {
        body: { provider: 'local', baseUrl: '', models: { chat: '', embedding: '', structured: '', image: '' }, prices: [], timeoutSeconds: 30 },
        token: admin,
      });
      await server.close();
    }
  });
});
