import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { readXlsxRows, type XlsxRow } from '../src/platform/files/xlsx-reader.ts';

/** For tests of written workbooks: what a reader sees of a file, to compare two writers' files. */

/** Every row of the first sheet as the project's reader gives it (the file is written into `dir` when a Buffer). */
export async function rowsOfXlsx(file: Buffer | string, dir: string): Promise<XlsxRow[]> {
  const name = typeof file === 'string' ? file : path.join(dir, `look-${process.hrtime.bigint()}.xlsx`);
  if (typeof file !== 'string') await writeFile(name, file);
  const out: XlsxRow[] = [];
  for await (const r of readXlsxRows(name)) out.push(r);
  return out;
}

/** The first sheet's look as ExcelJS reads it: name, view, filter, widths and formats, each cell's value, format and weight. */
export async function lookOfXlsx(file: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const cells: unknown[] = [];
  sheet.eachRow((row, n) => row.eachCell((cell, c) => cells.push([n, c, cell.value, cell.numFmt ?? null, cell.font?.bold ?? false])));
  return {
    name: sheet.name,
    views: sheet.views.map((v) => [v.state, (v as { ySplit?: number }).ySplit]),
    autoFilter: sheet.autoFilter,
    widths: sheet.columns.map((c) => c.width),
    formats: sheet.columns.map((c) => c.numFmt ?? null),
    cells,
  };
}
