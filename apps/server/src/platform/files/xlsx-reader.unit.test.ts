import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellText, type Cell } from './sheet-import.ts';
import { handMadeXlsx, zipOf } from './sheet-test-kit.ts';
import { readXlsxRows, XlsxUnreadable, type XlsxRow } from './xlsx-reader.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'xlsx-reader-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

let n = 0;
async function rowsOf(file: Buffer): Promise<XlsxRow[]> {
  const name = path.join(dir, `f${n++}.xlsx`);
  await fs.writeFile(name, file);
  const rows: XlsxRow[] = [];
  for await (const row of readXlsxRows(name)) rows.push(row);
  return rows;
}

const texts = (rows: XlsxRow[]) => rows.map((r) => [r.number, Array.from(r.values, (v) => cellText((v ?? null) as Cell))]);

/** What ExcelJS's streaming reader (the reader before this one) gives for the first worksheet, as cell texts. */
async function excelJsTexts(file: Buffer) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'ignore' });
  const out: [number, string[]][] = [];
  for await (const sheet of reader) {
    for await (const row of sheet) out.push([row.number, Array.from(row.values as Cell[], (v) => cellText(v ?? null))]);
    break;
  }
  return out;
}

const reason = async (file: Buffer) => {
  try {
    await rowsOf(file);
  } catch (err) {
    if (err instanceof XlsxUnreadable) return err.reason;
    throw err;
  }
  return 'read';
};

describe('readXlsxRows', () => {
  it('reads what ExcelJS writes as ExcelJS read it: shared and rich text, numbers, booleans, formulas, dates, errors, gaps', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Data');
    sheet.addRow(['Kode', 'Nama', 'Jumlah', 'Aktif', 'Tanggal']);
    sheet.addRow(['A-1', { richText: [{ text: 'Kopi ' }, { font: { bold: true }, text: 'Susu & <Gula>' }] }, 12.5, true, new Date(Date.UTC(2026, 10, 21))]);
    sheet.addRow([]);
    sheet.addRow(['A-2', { formula: '"Te"&"h"', result: 'Teh' }, 3000, false, null]);
    sheet.getCell('G5').value = 'far right';
    sheet.getCell('B6').value = { error: '#N/A' };
    sheet.getCell('A7').value = '  spaced  "quoted" \'single\'  ';
    sheet.getCell('C7').value = 0.1 + 0.2;
    book.addWorksheet('Second').addRow(['not read']);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const rows = await rowsOf(file);
    expect(texts(rows)).toEqual(await excelJsTexts(file));
    expect(rows.map((r) => r.number)).toEqual([1, 2, 4, 5, 6, 7]);
    expect(rows[1].values[2]).toBe('Kopi Susu & <Gula>');
    expect(rows[1].values[4]).toBe(true);
    expect(rows[3].values[7]).toBe('far right');
  });

  it('reads a streamed ExcelJS file with inline strings (as the exports and most exporters write) like ExcelJS', async () => {
    const name = path.join(dir, 'streamed.xlsx');
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: name, useSharedStrings: false, useStyles: false });
    const sheet = book.addWorksheet('Produk');
    for (let i = 0; i < 500; i++) sheet.addRow([`P-${i}`, `Nama ${i} ü 日本`, i * 1.25, i % 2 === 0]).commit();
    sheet.commit();
    await book.commit();
    const file = await fs.readFile(name);
    const rows = await rowsOf(file);
    expect(rows).toHaveLength(500);
    expect(texts(rows)).toEqual(await excelJsTexts(file));
  });

  it('follows the workbook to its first sheet, reads inline and shared strings, entities, rows and cells without numbers', async () => {
    const file = handMadeXlsx(
      '<row r="1"><c r="A1" t="inlineStr"><is><t xml:space="preserve"> Kode </t></is></c><c r="C1" t="s"><v>1</v></c></row>'
      + '<row r="3" spans="1:3"/>'
      + '<row r="4"><c t="s"><v>0</v></c><c t="str"><f>A1</f><v>a &amp;amp; b</v></c><c><v>42</v></c></row>'
      + '<row><c r="B5" t="inlineStr"><is><r><t>Te</t></r><r><rPr><b/></rPr><t>h &#233;&#x4E2D;</t></r><rPh><t>ignored</t></rPh></is></c></row>',
      { sharedStrings: ['<t>satu</t>', '<r><t>du</t></r><r><t>a</t></r>'] },
    );
    expect((await rowsOf(file)).map((r) => [r.number, Array.from(r.values, (v) => v ?? null)])).toEqual([
      [1, [null, ' Kode ', null, 'dua']],
      [3, []],
      [4, [null, 'satu', 'a &amp; b', 42]],
      [5, [null, null, 'Teh é中']],
    ]);
  });

  it('tells a file that is no zip, a damaged zip and a zip without a workbook or worksheet apart', async () => {
    const good = handMadeXlsx('<row r="1"><c r="A1" t="inlineStr"><is><t>Kode</t></is></c></row>');
    expect(await reason(good)).toBe('read');
    expect(await reason(Buffer.from('kode,nama\nA,B\n'))).toBe('not_zip');
    expect(await reason(good.subarray(0, Math.floor(good.length / 2)))).toBe('not_zip');
    const corrupt = Buffer.from(good);
    corrupt.fill(0xff, 40, 200);
    expect(await reason(corrupt)).toBe('damaged');
    expect(await reason(zipOf({ 'hello.txt': 'hi' }))).toBe('no_workbook');
    // A row that never ends (a zip bomb's way of being held whole) is refused once it passes 16 MiB of text.
    expect(await reason(handMadeXlsx(`<row r="1"><c r="A1" t="inlineStr"><is><t>${'x'.repeat(17 * 2 ** 20)}`))).toBe('damaged');
    expect(await reason(handMadeXlsx('', { without: ['xl/workbook.xml'] }))).toBe('no_workbook');
    expect(await reason(handMadeXlsx('', { without: ['xl/worksheets/sheet2.xml'] }))).toBe('no_workbook');
    // Without the workbook's relationships the archive's first worksheet part is read.
    const noRels = await rowsOf(handMadeXlsx('', { without: ['xl/_rels/workbook.xml.rels'] }));
    expect(noRels.map((r) => r.values[1])).toEqual(['wrong sheet']);
  });
});
