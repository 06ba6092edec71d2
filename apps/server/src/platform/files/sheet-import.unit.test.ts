import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppError } from '../errors/app-error.ts';
import { canonicalDecimal, exportedCells, keepAbsent, leavesOut, readSheet, SheetRow, validated, type RowError, type SheetColumns } from './sheet-import.ts';

const COLUMNS = {
  code: { id: 'Kode', en: 'Code' },
  name: { id: 'Nama', en: 'Name' },
  amount: { id: 'Jumlah', en: 'Amount' },
} satisfies SheetColumns<string>;

async function xlsx(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Data');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function read(file: Buffer, maxBytes?: number) {
  const rows: [number, Record<string, string>][] = [];
  await readSheet(Readable.from(file), {
    columns: COLUMNS,
    required: ['code'],
    maxBytes,
    onRow: (row, get) => {
      rows.push([row, { code: get('code'), name: get('name'), amount: get('amount') }]);
    },
  });
  return rows;
}

const fails = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err as AppError;
  }
  throw new Error('did not fail');
};

describe('readSheet', () => {
  it('matches headings in either language or as bare keys in any case, skips empty rows and reads cells as a person sees them', async () => {
    const file = await xlsx([
      ['  kode ', 'NAME', 'amount', 'Ignored'],
      ['A-1', { richText: [{ text: 'Kopi ' }, { text: 'Susu' }] }, 12.5, 'x'],
      [null, null, null, 'only an unknown column'],
      ['A-2', { formula: '"Te"&"h"', result: 'Teh' }, 3000, null],
      ['A-3', true, new Date(Date.UTC(2026, 10, 21)), null],
    ]);
    expect(await read(file)).toEqual([
      [2, { code: 'A-1', name: 'Kopi Susu', amount: '12.5' }],
      [4, { code: 'A-2', name: 'Teh', amount: '3000' }],
      // Styles are not read (speed), so a date cell is its day count; SheetRow.date reads that back.
      [5, { code: 'A-3', name: 'Y', amount: '46347' }],
    ]);
  });

  it('refuses a missing required column by its Indonesian heading, a file that is not xlsx, and a file over the byte limit', async () => {
    expect(await fails(read(await xlsx([['Nama'], ['x']])))).toMatchObject({ code: 'sheet_import_column_missing', args: ['Kode'] });
    expect(await fails(read(Buffer.from('plain text, not a zip')))).toMatchObject({ code: 'sheet_import_file_invalid' });
    const big = await xlsx([['Kode'], ...Array.from({ length: 2000 }, (_, i) => [`K-${i}-${'x'.repeat(50)}`])]);
    expect(await fails(read(big, 10_000))).toMatchObject({ code: 'payload_too_large' });
  });
});

describe('columns a sheet leaves out', () => {
  it('tells which columns the header holds', async () => {
    const seen: boolean[][] = [];
    await readSheet(
      Readable.from(
        await xlsx([
          ['Kode', 'Jumlah'],
          ['A', ''],
        ]),
      ),
      {
        columns: COLUMNS,
        required: ['code'],
        onRow: (_row, _get, has) => {
          seen.push([has('code'), has('name'), has('amount')]);
        },
      },
    );
    expect(seen).toEqual([[true, false, true]]);
    expect(leavesOut(COLUMNS, (k) => k !== 'name')).toBe(true);
    expect(leavesOut(COLUMNS, () => true)).toBe(false);
  });

  it('reads an absent column from the stored cells, keeps a blank present cell blank, and reads blank without a stored record', () => {
    const given: Record<string, string> = { code: 'A', name: '', amount: '' };
    const has = (k: keyof typeof COLUMNS) => k !== 'amount';
    const stored = exportedCells(
      COLUMNS,
      [
        { header: 'Nama', value: (r: { name: string; amount: string }) => r.name },
        { header: 'Jumlah', value: (r: { name: string; amount: string }) => r.amount },
        { header: 'Contoh', value: () => 'not a column' },
      ],
      { name: 'Nama Lama', amount: '1500.5' },
    );
    expect(stored).toEqual({ name: 'Nama Lama', amount: '1500.5' });
    const get = keepAbsent((k: keyof typeof COLUMNS) => given[k], has, stored);
    expect([get('code'), get('name'), get('amount')]).toEqual(['A', '', '1500.5']);
    const fresh = keepAbsent((k: keyof typeof COLUMNS) => given[k], has, undefined);
    expect(fresh('amount')).toBe('');
  });
});

describe('SheetRow', () => {
  const row = (cells: Record<string, string>) => new SheetRow<string>((k) => cells[k] ?? '');
  const error = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      return err as RowError;
    }
    throw new Error('did not fail');
  };

  it('reads flags as Y/N, Ya/Tidak, Yes/No or TRUE/FALSE, and blank as undefined', () => {
    expect(['Y', 'ya', 'YES', 'true', 'N', 'Tidak', 'no', 'FALSE', ''].map((v) => row({ f: v }).flag('f'))).toEqual([
      'Y',
      'Y',
      'Y',
      'Y',
      'N',
      'N',
      'N',
      'N',
      undefined,
    ]);
    expect(error(() => row({ f: 'mungkin' }).flag('f'))).toMatchObject({ column: 'f', code: 'invalid_input_format', args: ['f', 'Y or N'] });
  });

  it('reads dates as ISO, DD/MM/YYYY or Excel serials and refuses impossible ones', () => {
    expect(['2026-11-21', '21/11/2026', '1-2-2024', '45292', '46347'].map((v) => row({ d: v }).date('d'))).toEqual([
      '2026-11-21',
      '2026-11-21',
      '2024-02-01',
      '2024-01-01',
      '2026-11-21',
    ]);
    for (const bad of ['2026-02-30', '31/04/2026', 'besok', '2026/11/21'])
      expect(error(() => row({ d: bad }).date('d')).code, bad).toBe('invalid_input_format');
  });

  it('reads a choice by value or by its name in either language, any case', () => {
    const names = { id: { CASH: 'Kas', BANK: 'Bank' }, en: { CASH: 'Cash', BANK: 'Bank' } };
    expect(['cash', 'KAS', 'Cash', 'bank'].map((v) => row({ t: v }).choice('t', ['CASH', 'BANK'] as const, names))).toEqual(['CASH', 'CASH', 'CASH', 'BANK']);
    expect(error(() => row({ t: 'Giro' }).choice('t', ['CASH', 'BANK'] as const, names)).args).toEqual(['t', 'CASH, BANK']);
  });

  it('resolves a code through a lookup, any case, and names the missing code', () => {
    const byCode = new Map([['pcs', { id: '1' }]]);
    expect(row({ u: 'PCS' }).ref('u', byCode, 'uom_not_found')).toEqual({ id: '1' });
    expect(error(() => row({ u: 'GALON' }).ref('u', byCode, 'uom_not_found'))).toMatchObject({ column: 'u', code: 'uom_not_found', args: ['GALON'] });
  });
});

describe('validated', () => {
  const schema = z.object({ code: z.string().regex(/^[A-Z]+$/, 'capital letters'), name: z.string().min(1), groupId: z.uuid() });

  it('answers the parsed values, or the first problem at its column: value_cannot_null when missing, else the rule', () => {
    const groupId = '0190a000-0000-7000-8000-000000000000';
    expect(validated(schema, { code: 'AB', name: 'x', groupId })).toEqual({ code: 'AB', name: 'x', groupId });
    const at = (input: Record<string, unknown>) => {
      try {
        validated(schema, input, (f) => (f === 'groupId' ? 'groupCode' : f));
      } catch (err) {
        return err;
      }
      return undefined;
    };
    expect(at({ code: 'ab', name: 'x', groupId })).toMatchObject({ column: 'code', code: 'invalid_input_format', args: ['code', 'capital letters'] });
    expect(at({ code: 'AB', name: 'x' })).toMatchObject({ column: 'groupCode', code: 'value_cannot_null', args: ['groupCode'] });
  });
});

describe('canonicalDecimal', () => {
  it('writes one form per number so a re-import compares equal', () => {
    expect(['1500.0000', '0001500', '-0.50', '-0', '12.3400', 'abc'].map(canonicalDecimal)).toEqual(['1500', '1500', '-0.5', '0', '12.34', 'abc']);
    expect(canonicalDecimal(null)).toBeNull();
  });
});
