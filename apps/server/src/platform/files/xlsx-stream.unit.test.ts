import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeXlsx, type XlsxColumn } from './xlsx.ts';
import { lookOfXlsx, rowsOfXlsx } from '../../../test/xlsx-look.ts';
import { readXlsxRows, type XlsxRow } from './xlsx-reader.ts';
import { streamXlsx } from './xlsx-stream.ts';

/** The streaming writer gives writeXlsx's workbook, reads rows only as its file is taken, and stops when it is dropped. */

interface Sale {
  branch: string | null;
  day: Date | null;
  amount: number | null;
  qty: number;
}
const columns: XlsxColumn<Sale>[] = [
  { header: 'Cabang', value: (r) => r.branch },
  { header: 'Tanggal', value: (r) => r.day, format: 'dd/mm/yyyy' },
  { header: 'Penjualan (Rp)', value: (r) => r.amount, format: '#,##0.##', width: 22 },
  { header: 'Qty', value: (r) => r.qty, format: '#,##0' },
];
const BRANCHES = ['Surabaya', 'Jakarta & Sekitarnya', '<Bandung>', 'Médan "Kota"', null];
const sale = (i: number): Sale => ({
  branch: BRANCHES[i % BRANCHES.length],
  day: i % 7 === 3 ? null : new Date(Date.UTC(2026, i % 12, 1 + (i % 28))),
  amount: i % 11 === 5 ? null : i * 1234.5 - 50_000,
  qty: i,
});
async function* sales(n: number, seen?: { pulled: number; returned: boolean }) {
  try {
    for (let i = 0; i < n; i++) {
      if (seen) seen.pulled++;
      yield sale(i);
    }
  } finally {
    if (seen) seen.returned = true;
  }
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'xlsx-stream-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const rowsOf = (file: Buffer | string) => rowsOfXlsx(file, dir);

describe('streamXlsx', () => {
  it('writes what writeXlsx writes: cells, header, widths, number formats, frozen header and filter', async () => {
    const n = 300;
    const old = await writeXlsx(
      'Penjualan per cabang dan tanggal 2026',
      columns,
      Array.from({ length: n }, (_, i) => sale(i)),
    );
    const streamed = streamXlsx('Penjualan per cabang dan tanggal 2026', columns, sales(n));
    const [file, end] = await Promise.all([buffer(streamed.file), streamed.done]);
    expect(end).toBe('complete');
    expect(await rowsOf(file)).toEqual(await rowsOf(old));
    expect((await rowsOf(file)).length).toBe(n + 1);
    const look = await lookOfXlsx(file);
    expect(look).toEqual(await lookOfXlsx(old));
    expect(look).toMatchObject({ name: 'Penjualan per cabang dan tangga', views: [['frozen', 1]], autoFilter: 'A1:D1', widths: [12, 12, 22, 12] });
    expect(look.formats).toEqual([null, 'dd/mm/yyyy', '#,##0.##', '#,##0']);
  });

  it('reads rows only as fast as the file is taken, and stops reading when the file is dropped', async () => {
    const total = 200_000;
    const seen = { pulled: 0, returned: false };
    const streamed = streamXlsx('Besar', columns, sales(total, seen));
    // Nobody reads the file: the writer must stall after a bounded number of rows instead of reading them all.
    let last = -1;
    while (seen.pulled !== last && seen.pulled < total / 10) {
      last = seen.pulled;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen.pulled).toBeLessThan(total / 10);
    console.log(`rows read while nobody took the file: ${seen.pulled} of ${total}`);
    streamed.file.destroy();
    expect(await streamed.done).toBe('abandoned');
    expect(seen.returned).toBe(true);
    expect(seen.pulled).toBeLessThan(total / 10);
  }, 60_000);

  it('writes a large sheet to its end when the file is taken', async () => {
    const total = 30_000;
    const streamed = streamXlsx('Besar', columns, sales(total));
    const name = path.join(dir, 'large.xlsx');
    const [end] = await Promise.all([streamed.done, pipeline(streamed.file, createWriteStream(name))]);
    expect(end).toBe('complete');
    let count = 0;
    let lastRow: XlsxRow | undefined;
    for await (const r of readXlsxRows(name)) {
      count++;
      lastRow = r;
    }
    expect(count).toBe(total + 1);
    const [, expected] = await rowsOf(await writeXlsx('Besar', columns, [sale(total - 1)]));
    expect(lastRow).toEqual({ number: total + 1, values: expected.values });
  }, 60_000);

  it('ends the file with the error when the rows fail', async () => {
    async function* failing() {
      yield sale(1);
      throw new Error('connection lost');
    }
    const streamed = streamXlsx('Gagal', columns, failing());
    const read = buffer(streamed.file);
    await expect(streamed.done).rejects.toThrow('connection lost');
    await expect(read).rejects.toThrow('connection lost');
  });
});
