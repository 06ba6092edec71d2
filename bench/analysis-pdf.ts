/**
 * PDF dataset tables (issue 13): reading the table of a text PDF (datasets/pdf.ts: pdf.js text with positions, lines by
 * baseline, cells by gaps, columns by the ranges their cells cover, repeated headers and page numbers dropped) vs
 * pdf.js alone handing over the positioned text of every page (open the document, getTextContent of each page): what
 * readPdfRows starts from, so the ratio is the cost of finding the table on top of pdf.js. Both in this process,
 * alternated over rounds; the PDF is printed by the server's own writer (pdfmake) first and not timed. Also the CSV
 * reader over the same table, for scale.
 *
 *   npx tsx bench/analysis-pdf.ts        BENCH_ROWS (default 3000, about 65 A4 pages), BENCH_ROUNDS (default 3)
 */
import { getDocumentProxy } from 'unpdf';
import { readCsvRows } from '../apps/server/src/modules/analysis/datasets/csv.ts';
import { readPdfRows } from '../apps/server/src/modules/analysis/datasets/pdf.ts';
import { pdfSale, salesPdf } from '../apps/server/test/dataset-pdfs.ts';
import { fmt, machine, median, table } from './lib/common.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** pdf.js alone: every page's text items with their positions. */
async function textItems(pdf: Buffer): Promise<number> {
  const doc = await getDocumentProxy(new Uint8Array(pdf), { verbosity: 0 });
  let items = 0;
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    items += (await page.getTextContent()).items.length;
    page.cleanup();
  }
  await doc.loadingTask.destroy();
  return items;
}

async function timed(run: () => Promise<unknown> | unknown): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function main() {
  console.log(`analysis-pdf: ${machine()}; ${fmt(ROWS)} rows, ${ROUNDS} rounds`);
  const pdf = await salesPdf(ROWS);
  const pages = (await getDocumentProxy(new Uint8Array(pdf))).numPages;
  const csv = Buffer.from(['Tanggal;Cabang;Produk;Qty;Penjualan', ...Array.from({ length: ROWS }, (_, i) => Object.values(pdfSale(i)).join(';'))].join('\n'));
  console.log(`PDF: ${fmt(pdf.length / 1024)} KiB, ${pages} pages`);
  const rows = await readPdfRows(pdf);
  if (rows.length !== ROWS + 2) throw new Error(`the table read ${rows.length} rows, expected ${ROWS} + title + header`);

  const times = { text: [] as number[], table: [] as number[], csv: [] as number[] };
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 ? (['table', 'text'] as const) : (['text', 'table'] as const);
    for (const which of order) {
      times[which].push(await timed(() => (which === 'text' ? textItems(pdf) : readPdfRows(pdf))));
    }
    times.csv.push(await timed(() => [...readCsvRows(csv)].length));
  }
  const base = median(times.text);
  const line = (label: string, ms: number) => [label, `${fmt(ms)} ms`, fmt((ROWS / ms) * 1000), `${fmt(base / ms, 2)} x`];
  table([
    ['path', 'median time', 'rows/s', 'vs pdf.js text'],
    line('pdf.js positioned text of every page (baseline)', base),
    line('the table read (readPdfRows)', median(times.table)),
    line('csv reader, same table (for scale)', median(times.csv)),
  ]);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
