import type { ReactNode } from 'react';
import type { TableColumnType } from 'antd';

/** A cell's value by the column's dataIndex ('name', or a path such as ['payment', 'status']). */
export function valueAt<T>(row: T, dataIndex: TableColumnType<T>['dataIndex']): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  return path.reduce<unknown>((value, key) => (value === null || value === undefined ? value : (value as Record<string, unknown>)[String(key)]), row);
}

/** What a column shows for a row, outside a Table (a phone card): its render, else its value as text. */
export function cellOf<T>(column: TableColumnType<T>, row: T, index: number): ReactNode {
  const value = valueAt(row, column.dataIndex);
  if (column.render) {
    const rendered = column.render(value, row, index);
    // A render may answer antd's { children, props } cell object.
    return rendered !== null && typeof rendered === 'object' && 'children' in rendered && !('$$typeof' in rendered)
      ? rendered.children
      : (rendered as ReactNode);
  }
  return value === null || value === undefined ? '' : String(value as string | number);
}

/** A sort the list accepts: `field` or `-field` of one of its sortable fields; anything else is the default order. */
export function acceptedSort<S extends string>(next: string | undefined, sortable: readonly S[]): S | `-${S}` | undefined {
  const field = next?.replace(/^-/, '');
  return field !== undefined && (sortable as readonly string[]).includes(field) ? (next as S | `-${S}`) : undefined;
}

/** The page to show when the current one came back empty (a delete, a narrower filter): the last page with rows. */
export function pageWithRows(page: number, pageSize: number, answer: { items: readonly unknown[]; total: number } | undefined): number {
  if (!answer || page <= 1 || answer.items.length > 0 || answer.total === 0) return page;
  return Math.max(1, Math.ceil(answer.total / pageSize));
}
