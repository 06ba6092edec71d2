import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { cellText, type Cell } from './sheet-import.ts';
import { handMadeXlsx, zipOf } from './sheet-test-kit.ts';
import { tightlyPackedXlsx } from './xlsx-fixtures.ts';
import { readXlsxRows, XlsxUnreadable, type XlsxRow } from './xlsx-reader.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'xlsx-reader-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

let n = 0;
async function rowsOf(file: Buffer, caps?: Parameters<typeof readXlsxRows>[1]): Promise<XlsxRow[]> {
  const name = path.join(dir, `f${n++}.xlsx`);
  await fs.writeFile(name, file);
  const rows: XlsxRow[] = [];
  for await (const row of readXlsxRows(name, caps)) rows.push(row);
  return rows;
}

const texts = (rows: XlsxRow[]) => rows.map((r) => [r.number, Array.from(r.values, (v) => cellText((v ?? null) as Cell))]);

/** What ExcelJS's streaming reader (the reader before this one) gives for the first worksheet, as cell texts. */
async function excelJsTexts(file: Buffer) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
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
      '<row r="1"><c r="A1" t="inlineStr"><is><t xml:space="preserve"> Kode </t></is></c><c r="C1" t="s"><v>1</v></c></row>' +
        '<row r="3" spans="1:3"/>' +
        '<row r="4"><c t="s"><v>0</v></c><c t="str"><f>A1</f><v>a &amp;amp; b</v></c><c><v>42</v></c></row>' +
        '<row><c r="B5" t="inlineStr"><is><r><t>Te</t></r><r><rPr><b/></rPr><t>h &#233;&#x4E2D;</t></r><rPh><t>ignored</t></rPh></is></c></row>',
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

  it('reads parts written with a namespace prefix (<x:row>, <x:c>, <x:si> as the .NET OpenXML SDK writes), <si> with attributes, phonetic runs left out', async () => {
    const rows = await rowsOf(
      zipOf(
        prefixedParts(
          '<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="s"><x:v>1</x:v></x:c><x:c r="C1" t="inlineStr"><x:is><x:t xml:space="preserve"> Harga </x:t></x:is></x:c></x:row>' +
            '<x:row r="2"><x:c r="A2" t="s"><x:v>2</x:v></x:c><x:c r="B2" t="inlineStr"><x:is><x:r><x:t>Kopi </x:t></x:r><x:r><x:rPr><x:b/></x:rPr><x:t>&lt;Susu&gt;</x:t></x:r><x:rPh sb="0" eb="1"><x:t>skip</x:t></x:rPh></x:is></x:c><x:c r="C2"><x:v>15000.5</x:v></x:c><x:c r="E2" t="b"><x:v>1</x:v></x:c></x:row>',
          [
            '<x:t>Kode</x:t>',
            '<x:r><x:t>Na</x:t></x:r><x:r><x:t>ma</x:t></x:r><x:rPh sb="0" eb="2"><x:t>なま</x:t></x:rPh>',
            '<x:t><![CDATA[P-1 & co]]></x:t>',
          ],
        ),
      ),
    );
    expect(rows.map((r) => [r.number, Array.from(r.values, (v) => v ?? null)])).toEqual([
      [1, [null, 'Kode', 'Nama', ' Harga ']],
      [2, [null, 'P-1 & co', 'Kopi <Susu>', 15000.5, null, true]],
    ]);
  });

  it('reads a Zip64 archive whose entries end in data descriptors (as a zip written to a pipe), which the hand-written reader refused', async () => {
    const parts = prefixedParts('<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1"><x:v>7</x:v></x:c></x:row>', ['<x:t>Zip64</x:t>']);
    const file = pythonZip(parts);
    expect(file.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06])), 'a Zip64 end of central directory record').toBe(true);
    expect(file.includes(Buffer.from([0x50, 0x4b, 0x07, 0x08])), 'data descriptors').toBe(true);
    expect((await rowsOf(file)).map((r) => Array.from(r.values, (v) => v ?? null))).toEqual([[null, 'Zip64', 7]]);
  });

  it('hands on the rows read before a failure, then the failure; stops reading when the caller stops', async () => {
    const name = path.join(dir, `f${n++}.xlsx`);
    await fs.writeFile(
      name,
      handMadeXlsx(`${Array.from({ length: 3000 }, (_, i) => `<row r="${i + 1}"><c><v>${i + 1}</v></c></row>`).join('')}<row r="3001"><c><v>1</v></row>`),
    );
    const seen: number[] = [];
    let failure: unknown;
    try {
      for await (const row of readXlsxRows(name)) {
        seen.push(row.number);
        if (row.number % 500 === 0) await new Promise((resolve) => setTimeout(resolve, 5)); // a batch's writes
      }
    } catch (err) {
      failure = err;
    }
    expect(seen).toEqual(Array.from({ length: 3000 }, (_, i) => i + 1));
    expect(failure).toBeInstanceOf(XlsxUnreadable);
    expect((failure as XlsxUnreadable).reason).toBe('damaged');
    // A file whose compressed worksheet is larger than what is read at once (random numbers do not compress).
    const large = path.join(dir, `f${n++}.xlsx`);
    await fs.writeFile(
      large,
      handMadeXlsx(Array.from({ length: 20_000 }, (_, i) => `<row r="${i + 1}"><c><v>${Math.random()}</v></c><c><v>${Math.random()}</v></c></row>`).join('')),
    );
    const first: number[] = [];
    for await (const row of readXlsxRows(large)) {
      first.push(row.number);
      if (first.length === 2) break;
    }
    expect(first).toEqual([1, 2]);
    // The file is closed (on Linux: no descriptor of this process still points to it).
    const open = async () => {
      const links = await Promise.all((await fs.readdir('/proc/self/fd')).map((fd) => fs.readlink(`/proc/self/fd/${fd}`).catch(() => '')));
      return links.includes(large);
    };
    for (let i = 0; i < 50 && (await open()); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await open()).toBe(false);
  });

  it('refuses a part that is no well-formed XML, and a worksheet whose size lies, as damaged', async () => {
    expect(await reason(handMadeXlsx('<row r="1"><c r="A1"><v>1</v></row>'))).toBe('damaged');
    // An entry that inflates to more than its central directory says (how zip bombs hide their size).
    const good = handMadeXlsx('<row r="1"><c r="A1"><v>1</v></c></row>');
    const lying = Buffer.from(good);
    const central = centralEntry(lying, 'xl/worksheets/sheet2.xml');
    expect(lying.readUInt32LE(central + 24)).toBeGreaterThan(10);
    lying.writeUInt32LE(10, central + 24);
    expect(await reason(lying)).toBe('damaged');
  });

  it('refuses, before inflating anything, an archive whose entries unpack past the limit or far out of proportion to its size', async () => {
    // 40 MiB of white space in the worksheet packs into some 40 KB: a zip bomb's ratio, though under the 1 GiB limit.
    const bomb = tightlyPackedXlsx(40);
    expect(bomb.length).toBeLessThan(2 ** 20);
    await expect(rowsOf(bomb)).rejects.toEqual(new AppError('file_too_large_expanded', [1024]));
    // Allowed that ratio, it reads; allowed less in all, it does not.
    expect(texts(await rowsOf(bomb, { maxInflatedBytes: 2 ** 30, maxExpansionRatio: Infinity }))).toEqual([[1, ['', 'Kode']]]);
    await expect(rowsOf(bomb, { maxInflatedBytes: 2 ** 20, maxExpansionRatio: Infinity })).rejects.toEqual(new AppError('file_too_large_expanded', [1]));
  });
});

/** Where the central directory entry of `name` starts. */
function centralEntry(zip: Buffer, name: string) {
  for (let at = zip.indexOf(CENTRAL); at >= 0; at = zip.indexOf(CENTRAL, at + 4)) {
    if (zip.toString('utf8', at + 46, at + 46 + zip.readUInt16LE(at + 28)) === name) return at;
  }
  throw new Error(`${name} is not in the central directory`);
}
const CENTRAL = Buffer.from([0x50, 0x4b, 0x01, 0x02]);

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** A one-sheet xlsx whose workbook, worksheet and shared strings use the `x:` prefix (rows and string items as given). */
function prefixedParts(sheetData: string, sharedStrings: string[]): Record<string, string> {
  return {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="utf-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    '_rels/.rels': `<?xml version="1.0" encoding="utf-8"?><Relationships xmlns="${PACKAGE}"><Relationship Type="${OFFICE}/officeDocument" Target="/xl/workbook.xml" Id="R1"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="utf-8"?><x:workbook xmlns:x="${MAIN}" xmlns:rel="${OFFICE}"><x:sheets><x:sheet name="Data" sheetId="1" rel:id="R5"/></x:sheets></x:workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="utf-8"?><Relationships xmlns="${PACKAGE}"><Relationship Type="${OFFICE}/worksheet" Target="/xl/worksheets/data.xml" Id="R5"/><Relationship Type="${OFFICE}/sharedStrings" Target="/xl/strings.xml" Id="R6"/></Relationships>`,
    'xl/worksheets/data.xml': `<?xml version="1.0" encoding="utf-8"?><x:worksheet xmlns:x="${MAIN}"><x:sheetData>${sheetData}</x:sheetData></x:worksheet>`,
    'xl/strings.xml': `<?xml version="1.0" encoding="utf-8"?><x:sst xmlns:x="${MAIN}" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac" count="${sharedStrings.length}">${sharedStrings.map((t, i) => `<x:si x14ac:id="${i}">${t}</x:si>`).join('')}</x:sst>`,
  };
}

/**
 * The parts as a zip from Python's zipfile written to a pipe (so every entry ends in a data descriptor), with its
 * Zip64 threshold at 0 (so sizes and offsets are in Zip64 extra fields and there is a Zip64 end record).
 */
function pythonZip(parts: Record<string, string>): Buffer {
  const script = [
    'import json, sys, zipfile',
    'zipfile.ZIP64_LIMIT = 0',
    'zipfile.ZIP_FILECOUNT_LIMIT = 0',
    "with zipfile.ZipFile(sys.stdout.buffer, 'w', zipfile.ZIP_DEFLATED) as z:",
    '    for name, text in json.load(sys.stdin).items(): z.writestr(name, text)',
  ].join('\n');
  return execFileSync('python3', ['-c', script], { input: JSON.stringify(parts) });
}
