import { describe, expect, it } from 'vitest';
import { sortOfSorter, withServerSort, type SortableColumn } from './list-sort.ts';

type Row = { code: string; name: string; note: string };
const columns: SortableColumn<Row>[] = [
  { title: 'Code', dataIndex: 'code', sortKey: 'code' },
  { title: 'Name', dataIndex: 'name', sortKey: 'name' },
  { title: 'Note', dataIndex: 'note' },
  { title: 'Hidden', dataIndex: 'note', sortKey: 'note' },
];

describe('sortOfSorter', () => {
  it('turns antd sorter state into the sort query value', () => {
    expect(sortOfSorter<Row>({ columnKey: 'name', order: 'ascend' })).toBe('name');
    expect(sortOfSorter<Row>({ columnKey: 'name', order: 'descend' })).toBe('-name');
    expect(sortOfSorter<Row>({ columnKey: 'name', order: undefined })).toBeUndefined();
    expect(sortOfSorter<Row>([{ columnKey: 'code', order: 'descend' }])).toBe('-code');
    expect(sortOfSorter<Row>([])).toBeUndefined();
  });
});

describe('withServerSort', () => {
  it('makes the columns with an accepted sortKey sortable, controlled by the current sort', () => {
    const out = withServerSort(columns, '-name', ['code', 'name']);
    expect(out.map((c) => [c.key, c.sorter, c.sortOrder])).toEqual([
      ['code', true, null],
      ['name', true, 'descend'],
      [undefined, undefined, undefined],
      [undefined, undefined, undefined],
    ]);
    expect(out.some((c) => 'sortKey' in c)).toBe(false);
  });

  it('shows the ascending order and no order at all', () => {
    expect(withServerSort(columns, 'code', ['code', 'name']).map((c) => c.sortOrder)).toEqual(['ascend', null, undefined, undefined]);
    expect(withServerSort(columns, undefined, ['code', 'name']).map((c) => c.sortOrder)).toEqual([null, null, undefined, undefined]);
  });
});
