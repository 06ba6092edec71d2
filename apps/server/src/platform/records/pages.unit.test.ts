import { describe, expect, it } from 'vitest';
import { pagesFrom } from './pages.ts';

const list = Array.from({ length: 5 }, (_, i) => i + 1);
const reader = (items: number[], size: number) => {
  const read: number[] = [];
  return { read, page: async (p: number) => (read.push(p), items.slice((p - 1) * size, p * size)) };
};
const all = async <T>(rows: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const r of rows) out.push(r);
  return out;
};

describe('pagesFrom', () => {
  it('reads the pages after the first until one is short, in order', async () => {
    const r = reader(list, 2);
    expect(await all(pagesFrom(list.slice(0, 2), 2, r.page))).toEqual([1, 2, 3, 4, 5]);
    expect(r.read).toEqual([2, 3]);
  });

  it('reads one empty page after a full last one, and none after a short first one', async () => {
    const full = reader(list.slice(0, 4), 2);
    expect(await all(pagesFrom([1, 2], 2, full.page))).toEqual([1, 2, 3, 4]);
    expect(full.read).toEqual([2, 3]);
    const short = reader(list, 10);
    expect(await all(pagesFrom(list, 10, short.page))).toEqual(list);
    expect(short.read).toEqual([]);
  });

  it('reads a page only once the items before it are taken', async () => {
    const r = reader(list, 2);
    const rows = pagesFrom(list.slice(0, 2), 2, r.page);
    await rows.next();
    await rows.next();
    expect(r.read).toEqual([]);
    await rows.next();
    expect(r.read).toEqual([2]);
  });
});
