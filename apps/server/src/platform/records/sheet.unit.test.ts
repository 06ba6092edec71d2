import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cellText, readSheet } from '../files/sheet-import.ts';
import { defineSheet, exportColumns, importColumns, storedCells, writeSheet } from './sheet.ts';

interface Item {
  code: string;
  kind: 'A' | 'B';
  price: string | null;
  parts: string[];
}
const KINDS = { id: { A: 'Satu', B: 'Dua' }, en: { A: 'One', B: 'Two' } };

const SHEET = defineSheet<Item>()({
  name: { id: 'Barang', en: 'Items' },
  fields: {
    code: { id: 'Kode', en: 'Code', width: 12, value: (r) => r.code },
    kind: { id: 'Jenis', en: 'Kind', value: (r, lang) => KINDS[lang][r.kind] },
    price: { id: 'Harga', en: 'Price', value: (r) => r.price },
    parts: { id: 'Bagian', en: 'Parts', value: (r) => r.parts.join(', '), exportOnly: true },
  },
});

const ITEMS: Item[] = [
  { code: 'X-1', kind: 'A', price: '12345678901234.5678', parts: ['a', 'b'] },
  { code: 'X-2', kind: 'B', price: null, parts: [] },
];

async function readBack(file: Buffer) {
  const columns = importColumns(SHEET);
  const rows: Record<string, string>[] = [];
  await readSheet(Readable.from(file), {
    columns,
    required: ['code'],
    onRow: (_row, get) => {
      rows.push(Object.fromEntries((Object.keys(columns) as (keyof typeof columns)[]).map((k) => [k, get(k)])));
    },
  });
  return rows;
}

describe('a record sheet spec', () => {
  it('gives the import every column but the export-only ones, headings in both languages, in sheet order', () => {
    expect(importColumns(SHEET)).toEqual({ code: { id: 'Kode', en: 'Code' }, kind: { id: 'Jenis', en: 'Kind' }, price: { id: 'Harga', en: 'Price' } });
    expect(exportColumns(SHEET, 'en').map((c) => c.header)).toEqual(['Code', 'Kind', 'Price', 'Parts']);
    expect(exportColumns(SHEET, 'id').map((c) => c.header)).toEqual(['Kode', 'Jenis', 'Harga', 'Bagian']);
    expect(exportColumns(SHEET, 'id')[0].width).toBe(12);
  });

  it('writes its export in either language and reads it back to the same cells the stored record gives', async () => {
    for (const lang of ['id', 'en'] as const) {
      const file = await writeSheet(SHEET, ITEMS, lang);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file as unknown as ArrayBuffer);
      expect(book.worksheets[0].name).toBe(SHEET.name[lang]);
      const read = await readBack(file);
      expect(read).toHaveLength(2);
      // The kind is written by name in the sheet's language; the stored cells are the Indonesian export's.
      expect(read[0]).toEqual({ code: 'X-1', kind: KINDS[lang].A, price: '12345678901234.5678' });
      expect(read[1]).toEqual({ code: 'X-2', kind: KINDS[lang].B, price: '' });
    }
    const stored = storedCells(SHEET, ITEMS[0]);
    expect(Object.keys(stored)).toEqual(['code', 'kind', 'price']);
    expect(Object.fromEntries(Object.entries(stored).map(([k, v]) => [k, cellText(v ?? null)]))).toEqual(
      (await readBack(await writeSheet(SHEET, ITEMS, 'id')))[0],
    );
  });
});
