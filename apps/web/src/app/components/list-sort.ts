import { useState } from 'react';
import type { TableColumnType, TableProps } from 'antd';
import type { SortValue } from '@nusa/contracts';

/** A list column that sorts on the server by the contract's sort field `sortKey` (see sortBy in the contracts). */
export type SortableColumn<T> = TableColumnType<T> & { sortKey?: string };

type Sorter<T> = Parameters<NonNullable<TableProps<T>['onChange']>>[2];

/** The `sort` query value of antd's sorter: `field`, `-field`, or undefined when the column went back to no order. */
export function sortOfSorter<T>(sorter: Sorter<T>): string | undefined {
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!one?.order || one.columnKey === undefined) return undefined;
  return `${one.order === 'descend' ? '-' : ''}${String(one.columnKey)}`;
}

/**
 * Columns with a `sortKey` the list accepts (`sortable`) get a controlled server sorter: ascending, descending, then
 * back to the list's default order. Other columns stay as they are.
 */
export function withServerSort<T>(columns: readonly SortableColumn<T>[], sort: string | undefined, sortable: readonly string[]): TableColumnType<T>[] {
  const field = sort?.replace(/^-/, '');
  return columns.map(({ sortKey, ...column }) => {
    if (!sortKey || !sortable.includes(sortKey)) return column;
    const order = field === sortKey ? (sort?.startsWith('-') ? 'descend' : 'ascend') : null;
    return { ...column, key: sortKey, sorter: true, sortOrder: order, sortDirections: ['ascend', 'descend'] };
  });
}

/**
 * The sort state of a server-paged list: put `sort` into the list query and its query key, the columns through
 * `columns`, and `onChange` on the Table. A new sort calls `onSortChange` (go back to page 1).
 */
export function useServerSort<T, F extends string = string>(sortable: readonly F[], onSortChange: () => void) {
  const [sort, setSort] = useState<SortValue<F> | undefined>();
  const onChange: NonNullable<TableProps<T>['onChange']> = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    // The columns' sortKeys are among `sortable` (withServerSort makes no other column sortable).
    setSort(sortOfSorter(sorter) as SortValue<F> | undefined);
    onSortChange();
  };
  /** Sorts by a value chosen outside the table (the phone's sort menu); undefined is the list's default order. */
  const set = (next: SortValue<F> | undefined) => {
    setSort(next);
    onSortChange();
  };
  return { sort, onChange, set, columns: (columns: readonly SortableColumn<T>[]) => withServerSort(columns, sort, sortable) };
}
