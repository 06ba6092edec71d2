/**
 * The dataset page on a large dataset (issue 13), through the real server vs the bare SQL of the same work in the same
 * run: a dataset made by hand (POST /api/v1/analysis/datasets) filled with BENCH_ROWS rows straight into the table,
 * then
 * 1. a page of rows sorted by the money column (GET …/rows?sort=-c5&limit=25) vs the same ORDER BY … LIMIT via pg;
 * 2. a keyword search (GET …/rows?keyword=…: the page and its count) vs the same two statements via pg;
 * 3. the xlsx export of a search (~1/12 of the rows) vs the bare SELECT of those rows;
 * 4. a retype of the number column to text and back (PATCH …/columns/c4: every value read, converted and moved to
 *    a slot of the other kind) vs the bare UPDATE that moves the same values, in a transaction rolled back.
 *
 *   npx tsx bench/analysis-dataset-page.ts       BENCH_ROWS (default 1000000)
 */
import pg from 'pg';
import { DEFAULT_TENANT, type Dataset } from '@nusa/contracts';
import { fmt, machine, median, table, tempDir } from './lib/common.ts';
import { loginHeaders, startBenchServer, type BenchServer } from './lib/server.ts';
import { writeXlsx, type XlsxColumn } from '../apps/server/src/platform/files/xlsx.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function main() {
  console.log(`analysis-dataset-page: ${machine()}; ${fmt(ROWS)} rows`);
  const data = await tempDir('analysis-dataset-page');
  let bench: BenchServer | undefined;
  let owner: pg.Pool | undefined;
  try {
    bench = await startBenchServer({ database: 'bench_dataset_page', dataDir: data.dir });
    const { server, db } = bench;
    owner = new pg.Pool({ connectionString: db.url, max: 2 });
    const base = server.url;
    const headers = await loginHeaders(base);
    const json = { ...headers, 'content-type': 'application/json' };

    const made = await fetch(`${base}/api/v1/analysis/datasets`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        name: 'Penjualan besar',
        columns: [
          { label: 'Tanggal', type: 'date' },
          { label: 'Cabang', type: 'text' },
          { label: 'Produk', type: 'text' },
          { label: 'Qty', type: 'number' },
          { label: 'Penjualan', type: 'money' },
        ],
      }),
    });
    if (made.status !== 200) throw new Error(`create: ${made.status} ${await made.text()}`);
    const dataset = (await made.json()) as Dataset;
    const id = dataset.datasetId;
    const tenant = (await owner.query<{ id: string }>('SELECT id FROM tenants WHERE code = $1', [DEFAULT_TENANT])).rows[0].id;
    // Slots of the column map: date_1 Tanggal, text_1 Cabang, text_2 Produk, num_1 Qty, num_2 Penjualan.
    await owner.query(
      `INSERT INTO analysis_rows (tenant_id, dataset_id, row_no, date_1, text_1, text_2, num_1, num_2)
      SELECT $1, $2, i, current_date - (i * 37 % 730), (ARRAY['Surabaya','Jakarta','Bandung','Medan','Makassar','Denpasar'])[i % 6 + 1],
             'Produk ' || (i % 12), 1 + i * 7 % 9, (1 + i * 7 % 9) * (12000 + (i::bigint * 1231 % 30) * 500)
        FROM generate_series(1, $3::int) i`,
      [tenant, id, ROWS],
    );
    await owner.query('UPDATE analysis_datasets SET row_count = $2 WHERE id = $1', [id, ROWS]);
    await owner.query('VACUUM ANALYZE analysis_rows');

    const get = async (query: string) => {
      const res = await fetch(`${base}/api/v1/analysis/datasets/${id}/rows${query}`, { headers });
      if (res.status !== 200) throw new Error(`${query}: ${res.status} ${await res.text()}`);
      return res.arrayBuffer();
    };
    const own = `tenant_id = $1 AND dataset_id = $2`;
    const cols = 'row_no, text_1, date_1, text_2, num_1, num_2';
    const sorted = `SELECT ${cols} FROM analysis_rows WHERE ${own} ORDER BY num_2 DESC NULLS LAST, row_no LIMIT 25`;
    const searchWhere = `${own} AND (text_1 ILIKE '%sura%' OR text_2 ILIKE '%sura%')`;
    const exportWhere = `${own} AND (text_1 ILIKE '%produk 11%' OR text_2 ILIKE '%produk 11%')`;
    const q = (text: string) => owner!.query({ text, values: [tenant, id] });

    const rounds = { sortApi: [] as number[], sortSql: [] as number[], searchApi: [] as number[], searchSql: [] as number[] };
    await get('?sort=-c5&limit=25');
    for (let round = 0; round < 5; round++) {
      rounds.sortApi.push(await timed(() => get('?sort=-c5&limit=25')));
      rounds.sortSql.push(await timed(() => q(sorted)));
      rounds.searchApi.push(await timed(() => get('?keyword=sura&limit=25&page=3')));
      rounds.searchSql.push(
        await timed(() =>
          Promise.all([
            q(`SELECT count(*) FROM analysis_rows WHERE ${searchWhere}`),
            q(`SELECT ${cols} FROM analysis_rows WHERE ${searchWhere} ORDER BY row_no LIMIT 25 OFFSET 50`),
          ]),
        ),
      );
    }
    const exportRows = Number((await q(`SELECT count(*)::int AS n FROM analysis_rows WHERE ${exportWhere}`)).rows[0].n);
    const exportApi: number[] = [];
    const exportFirstByte: number[] = [];
    const exportSql: number[] = [];
    let exportBytes = 0;
    let sampling = false;
    const exportRssBefore = process.memoryUsage().rss;
    let exportRssPeak = exportRssBefore;
    const exportSampler = setInterval(() => sampling && (exportRssPeak = Math.max(exportRssPeak, process.memoryUsage().rss)), 20);
    for (let round = 0; round < 3; round++) {
      exportApi.push(
        await timed(async () => {
          // The first round only: the bare SQL of the rounds after it loads 83,333 rows into this process too.
          sampling = round === 0;
          const t0 = performance.now();
          const res = await fetch(`${base}/api/v1/analysis/datasets/${id}/rows/export?keyword=produk%2011`, { headers });
          if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status}`);
          exportBytes = 0;
          // The file is counted, not kept: the RSS below is the server's (the client holds one chunk).
          for await (const chunk of res.body) {
            if (exportBytes === 0) exportFirstByte.push(performance.now() - t0);
            exportBytes += chunk.length;
          }
          sampling = false;
        }),
      );
      exportSql.push(await timed(() => q(`SELECT ${cols} FROM analysis_rows WHERE ${exportWhere} ORDER BY row_no LIMIT 100000`)));
    }
    clearInterval(exportSampler);
    // For comparison, the export before streaming: the same rows as one workbook built in memory (writeXlsx).
    const wholeRows = (
      await owner.query({ text: `SELECT ${cols} FROM analysis_rows WHERE ${exportWhere} ORDER BY row_no`, values: [tenant, id], rowMode: 'array' })
    ).rows as unknown[][];
    const wholeRssBefore = process.memoryUsage().rss;
    let wholeRssPeak = wholeRssBefore;
    const wholeSampler = setInterval(() => (wholeRssPeak = Math.max(wholeRssPeak, process.memoryUsage().rss)), 20);
    // Row: row_no, text_1 Cabang, date_1 Tanggal, text_2 Produk, num_1 Qty, num_2 Penjualan (numeric comes as text).
    const num = (v: unknown) => (v === null ? null : Number(v));
    const wholeColumns: XlsxColumn<unknown[]>[] = [
      { header: 'Tanggal', format: 'dd/mm/yyyy', value: (r) => (r[2] === null ? null : new Date(r[2] as string)) },
      { header: 'Cabang', value: (r) => r[1] as string | null },
      { header: 'Produk', value: (r) => r[3] as string | null },
      { header: 'Qty', format: '#,##0.####', value: (r) => num(r[4]) },
      { header: 'Penjualan', format: '#,##0.##', value: (r) => num(r[5]) },
    ];
    const wholeMs = await timed(() => writeXlsx('Penjualan besar', wholeColumns, wholeRows));
    clearInterval(wholeSampler);

    // The retype: one of each way (each rewrites every row), against the bare UPDATE rolled back.
    const patch = async (type: string) => {
      const res = await fetch(`${base}/api/v1/analysis/datasets/${id}/columns/c4`, { method: 'PATCH', headers: json, body: JSON.stringify({ type }) });
      if (res.status !== 200) throw new Error(`retype ${type}: ${res.status} ${await res.text()}`);
    };
    const bareMove = async (set: string) => {
      const client = await owner!.connect();
      try {
        await client.query('BEGIN');
        const ms = await timed(() => client.query({ text: `UPDATE analysis_rows SET ${set} WHERE ${own}`, values: [tenant, id] }));
        await client.query('ROLLBACK');
        return ms;
      } finally {
        client.release();
      }
    };
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
    const bareToText = await bareMove('text_3 = num_1::text, num_1 = NULL');
    const toText = await timed(() => patch('text'));
    const bareToNumber = await bareMove('num_1 = text_3::numeric, text_3 = NULL');
    const toNumber = await timed(() => patch('number'));
    clearInterval(sampler);
    const check = await q(`SELECT count(num_1)::int AS n, count(text_3)::int AS t FROM analysis_rows WHERE ${own}`);
    if (check.rows[0].n !== ROWS || check.rows[0].t !== 0) throw new Error(`retype left ${JSON.stringify(check.rows[0])}`);

    console.log(`\n== the dataset page over ${fmt(ROWS)} rows (median of 5; export median of 3; retype once each way) ==`);
    table([
      ['operation', 'bare SQL ms (baseline)', 'through the server ms', 'ratio baseline / server'],
      [
        'page 1 sorted by money desc (25 rows)',
        fmt(median(rounds.sortSql), 1),
        fmt(median(rounds.sortApi), 1),
        fmt(median(rounds.sortSql) / median(rounds.sortApi), 2),
      ],
      [
        'keyword search, page 3 + count',
        fmt(median(rounds.searchSql), 1),
        fmt(median(rounds.searchApi), 1),
        fmt(median(rounds.searchSql) / median(rounds.searchApi), 2),
      ],
      [
        `xlsx export of a search (${fmt(exportRows)} rows)`,
        fmt(median(exportSql), 1),
        fmt(median(exportApi), 1),
        fmt(median(exportSql) / median(exportApi), 2),
      ],
      ['retype number -> text (every row)', fmt(bareToText, 0), fmt(toText, 0), fmt(bareToText / toText, 2)],
      ['retype text -> number (every row)', fmt(bareToNumber, 0), fmt(toNumber, 0), fmt(bareToNumber / toNumber, 2)],
    ]);
    console.log(
      `  xlsx export: ${fmt(exportBytes / 2 ** 20, 1)} MiB file, first bytes after ${fmt(median(exportFirstByte), 0)} ms (median); ` +
        `server process RSS during the first export: ${fmt((exportRssPeak - exportRssBefore) / 2 ** 20)} MiB above the ${fmt(exportRssBefore / 2 ** 20)} MiB before`,
    );
    console.log(
      `  for comparison, the same rows as one workbook in memory (writeXlsx, the export before streaming, without SQL or HTTP): ${fmt(wholeMs, 0)} ms, ` +
        `RSS ${fmt((wholeRssPeak - wholeRssBefore) / 2 ** 20)} MiB above the ${fmt(wholeRssBefore / 2 ** 20)} MiB before`,
    );
    console.log(`  server process RSS during the retypes: ${fmt((rssPeak - rssBefore) / 2 ** 20)} MiB above the ${fmt(rssBefore / 2 ** 20)} MiB before`);
  } finally {
    await owner?.end();
    await bench?.stop();
    await data.remove();
  }
}

await main();
