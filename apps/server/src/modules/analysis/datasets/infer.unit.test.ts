import { describe, expect, it } from 'vitest';
import { detectDelimiter, readCsvRows } from './csv.ts';
import { convertCell, findHeaderRow, inferColumnType, numberStyleOf, parseDateCell, parseNumberCell } from './infer.ts';

describe('dates as Indonesian sheets write them', () => {
  it.each([
    ['31/12/2025', '2025-12-31'],
    ['31-12-2025', '2025-12-31'],
    ['1.3.2026', '2026-03-01'],
    ['2025-12-31', '2025-12-31'],
    ['2025-12-31 14:05:00', '2025-12-31'],
    ['31 Des 2025', '2025-12-31'],
    ['31 Desember 2025', '2025-12-31'],
    ['17 Agustus 2025', '2025-08-17'],
    ['5 Mei 2025', '2025-05-05'],
    ['Desember 2025', '2025-12-01'],
    ['March 2026', '2026-03-01'],
    ['01/02/25', '2025-02-01'],
  ])('%s → %s', (raw, expected) => expect(parseDateCell(raw)).toBe(expected));

  it.each(['31/02/2025', '2025-13-01', 'Surabaya', '12345', '31 Foo 2025', ''])('%s is not a date', (raw) => expect(parseDateCell(raw)).toBeNull());

  it('takes a Date cell as its day', () => expect(parseDateCell(new Date(Date.UTC(2026, 2, 15)))).toBe('2026-03-15'));
});

describe('numbers and money', () => {
  it.each([
    ['1.234.567,89', 'id', '1234567.89', false, false],
    ['1,234,567.89', 'id', '1234567.89', false, false],
    ['Rp 1.234.567', 'id', '1234567', true, false],
    ['Rp1.234.567,-', 'id', '1234567', true, false],
    ['IDR 2.500', 'id', '2500', true, false],
    ['12,5%', 'id', '12.5', false, true],
    ['-1.234', 'id', '-1234', false, false],
    ['(1.234,5)', 'id', '-1234.5', false, false],
    ['1.234', 'id', '1234', false, false],
    ['1.234', 'en', '1.234', false, false],
    ['1,234', 'en', '1234', false, false],
    ['1,5', 'id', '1.5', false, false],
    ['0.250', 'id', '0.250', false, false],
    ['1 234 567', 'id', '1234567', false, false],
    ['007', 'id', '7', false, false],
  ] as const)('%s (%s) → %s', (raw, style, value, money, percent) => {
    expect(parseNumberCell(raw, style)).toEqual({ value, money, percent });
  });

  it.each(['1.23.4', '12a', 'Rp', '1,2,3.4.5', 'Surabaya', '1.234,56,7', '3.'])('%s is not a number', (raw) => expect(parseNumberCell(raw)).toBeNull());

  it('finds the style a column agrees on', () => {
    expect(numberStyleOf(['1.000', '2.500,50'])).toBe('id');
    expect(numberStyleOf(['1,000', '2,500.50'])).toBe('en');
    expect(numberStyleOf(['1,000', '12.5'])).toBe('en');
    expect(numberStyleOf(['1.000', '2.000'])).toBe('id');
  });
});

describe('column types', () => {
  it('reads dates, money, numbers, percents and text', () => {
    expect(inferColumnType(['31/12/2025', '01/01/2026', ''], 'Tanggal')).toBe('date');
    expect(inferColumnType(['Rp 1.000', 'Rp 2.500'], 'Nilai')).toBe('money');
    expect(inferColumnType(['1.000', '2.500'], 'Penjualan')).toBe('money');
    expect(inferColumnType([3, 4, 5], 'Qty')).toBe('number');
    expect(inferColumnType(['10%', '12,5%'], 'Diskon')).toBe('percent');
    expect(inferColumnType(['Surabaya', 'Jakarta'], 'Cabang')).toBe('text');
    expect(inferColumnType(['001', '002'], 'Kode Produk')).toBe('text');
    expect(inferColumnType([45992, 45993], 'Tanggal')).toBe('date');
    expect(inferColumnType([], 'Kosong')).toBe('text');
  });

  it('keeps the type when a few cells are bad, and reports those', () => {
    const cells = [...Array.from({ length: 19 }, (_, i) => String(i * 1000)), 'n/a'];
    expect(inferColumnType(cells, 'Jumlah')).toBe('number');
    expect(convertCell('n/a', 'number')).toEqual({ bad: true });
    expect(convertCell('', 'number')).toEqual({ value: null });
    expect(convertCell('2.500', 'number', 'id')).toEqual({ value: '2500' });
    expect(convertCell(45992, 'date')).toEqual({ value: '2025-12-01' });
  });
});

describe('header row', () => {
  it('skips title rows above the labels', () => {
    expect(
      findHeaderRow([
        ['Laporan Penjualan 2025', null, null],
        [null, null, null],
        ['Tanggal', 'Cabang', 'Penjualan'],
        ['01/01/2025', 'Surabaya', '1.000'],
      ]),
    ).toBe(2);
  });
  it('takes the first row when it is the header', () => {
    expect(
      findHeaderRow([
        ['date', 'branch', 'sales'],
        ['2025-01-01', 'Jakarta', 5],
      ]),
    ).toBe(0);
  });
  it('finds none in a sheet of data only', () => {
    expect(
      findHeaderRow([
        ['01/01/2025', 'Surabaya', 1000],
        ['02/01/2025', 'Jakarta', 2000],
      ]),
    ).toBe(-1);
  });
  it('does not take a row with repeated names', () => {
    expect(
      findHeaderRow([
        ['a', 'a', 'a'],
        ['Tanggal', 'Cabang', 'Nilai'],
      ]),
    ).toBe(1);
  });
});

describe('csv', () => {
  const rows = (text: string | Uint8Array) => [...readCsvRows(typeof text === 'string' ? new TextEncoder().encode(text) : text)];
  it('reads semicolons, quotes, line breaks in quotes and a BOM', () => {
    expect(rows('\uFEFFTanggal;Cabang;Nilai\r\n01/01/2025;"Sura;baya";"1.000,5"\n02/01/2025;"Jl. ""A""\nB";2\n')).toEqual([
      { number: 1, cells: ['Tanggal', 'Cabang', 'Nilai'] },
      { number: 2, cells: ['01/01/2025', 'Sura;baya', '1.000,5'] },
      { number: 3, cells: ['02/01/2025', 'Jl. "A"\nB', '2'] },
    ]);
  });
  it('finds commas and tabs, and a last line without a break', () => {
    expect(detectDelimiter('a,b,c\n1;2,3')).toBe(',');
    expect(rows('a\tb\n1\t2')).toEqual([
      { number: 1, cells: ['a', 'b'] },
      { number: 2, cells: ['1', '2'] },
    ]);
  });
  it('reads files larger than one decoded chunk: rows, quoted line breaks and multi-byte letters across the seams', () => {
    const lines = Array.from({ length: 40_000 }, (_, i) => `${i};"Café ${i}\nbaris dua";Rp ${i}.000`);
    const read = rows(`no;nama;nilai\r\n${lines.join('\r\n')}\r\n`);
    expect(read.length).toBe(40_001);
    expect(read.every((r, i) => i === 0 || (r.cells[1] === `Café ${i - 1}\nbaris dua` && r.cells.length === 3))).toBe(true);
    expect(read[40_000]).toEqual({ number: 80_000, cells: ['39999', 'Café 39999\nbaris dua', 'Rp 39999.000'] });
  });
  it('reads Windows-1252 when the bytes are not UTF-8', () => {
    expect(rows(Uint8Array.from([0x43, 0x61, 0x66, 0xe9, 0x0a]))[0].cells).toEqual(['Café']);
  });
});
