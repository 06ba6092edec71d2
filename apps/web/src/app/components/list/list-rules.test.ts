import { describe, expect, it } from 'vitest';
import { acceptedSort, cellOf, pageWithRows, valueAt } from './list-rules.ts';

type Row = { code: string; name: string | null; payment?: { status: string } | null };
const row: Row = { code: 'GDG-JKT', name: null, payment: { status: 'paid' } };

describe('list kit rules', () => {
  it('reads a cell by its dataIndex, a path included, and stops at a missing link', () => {
    expect(valueAt(row, 'code')).toBe('GDG-JKT');
    expect(valueAt(row, ['payment', 'status'])).toBe('paid');
    expect(valueAt<Row>({ ...row, payment: null }, ['payment', 'status'])).toBeNull();
    expect(valueAt(row, undefined)).toBeUndefined();
  });

  it('shows a card line through the column render, its { children } cell object, or the bare value', () => {
    expect(cellOf<Row>({ dataIndex: 'code', render: (code: string, r) => `${code} · ${r.name ?? '—'}` }, row, 0)).toBe('GDG-JKT · —');
    expect(cellOf<Row>({ dataIndex: 'code', render: () => ({ children: 'inner', props: { colSpan: 2 } }) }, row, 0)).toBe('inner');
    expect(cellOf<Row>({ dataIndex: 'code' }, row, 0)).toBe('GDG-JKT');
    expect(cellOf<Row>({ dataIndex: 'name' }, row, 0)).toBe('');
  });

  it("accepts only the list's sort fields, ascending or descending", () => {
    const sortable = ['code', 'name'] as const;
    expect(acceptedSort('name', sortable)).toBe('name');
    expect(acceptedSort('-code', sortable)).toBe('-code');
    expect(acceptedSort('password', sortable)).toBeUndefined();
    expect(acceptedSort('--code', sortable)).toBeUndefined();
    expect(acceptedSort(undefined, sortable)).toBeUndefined();
  });

  it('goes back to the last page with rows when the current one came back empty', () => {
    expect(pageWithRows(3, 25, { items: [], total: 30 })).toBe(2);
    expect(pageWithRows(3, 25, { items: [], total: 0 })).toBe(3);
    expect(pageWithRows(2, 25, { items: [{}], total: 26 })).toBe(2);
    expect(pageWithRows(1, 25, { items: [], total: 5 })).toBe(1);
    expect(pageWithRows(4, 5, undefined)).toBe(4);
  });
});
