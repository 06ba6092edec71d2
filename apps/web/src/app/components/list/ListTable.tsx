import { useState, type Key, type ReactNode } from 'react';
import { Button, Empty, Pagination, Select, Spin, Table, type TableColumnType, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../use-format.ts';
import type { SortableColumn } from '../list-sort.ts';
import { cellOf } from './list-rules.ts';
import type { ListState } from './use-list-state.ts';
import { usePhoneLayout } from '../viewport.ts';

type ListStateOf<T> = Pick<ListState<T>, 'columns' | 'onTableChange' | 'pagination' | 'filtered' | 'sort' | 'setSort'>;

export interface ListTableProps<T> {
  state: ListStateOf<T>;
  rowKey: (row: T) => string;
  /** The columns; the one keyed 'actions' sits at the right of a row (the top right of a phone card). */
  columns: SortableColumn<T>[];
  /** The list call's answer (undefined while the first page loads). */
  data: { items: T[]; total: number } | undefined;
  loading: boolean;
  /** The list call failed: the empty state offers a retry. */
  failed?: boolean;
  onRetry?: () => void;
  /** What an unfiltered empty list says ("no users yet"). */
  emptyText: string;
  /** Width the table scrolls sideways at inside its card (default 900). */
  scrollX?: number;
  /** Opens a row on a double click (table rows; a phone card opens through its actions). */
  onOpen?: (row: T) => void;
  /** The accessible name of the phone card list. */
  label?: string;
  /**
   * Details a row opens in place (a table row's expand button; a phone card's toggle under its fields), and the
   * toggle's text on a phone card, for the open and the closed state.
   */
  expandable?: { render: (row: T) => ReactNode; toggleText: (open: boolean) => string };
  /** A class for a row (a table row, a phone card) that must stand out. */
  rowClassName?: (row: T) => string;
}

const titleOf = <T,>(column: TableColumnType<T>): ReactNode => (typeof column.title === 'function' ? null : column.title);
const isActions = <T,>(column: TableColumnType<T>) => column.key === 'actions';

/**
 * The rows of a server-paged list: a table that scrolls sideways inside its card (never the page) on wider screens;
 * on a phone, one card per row with every column as a labelled line, so name, status and actions are all in view.
 */
export function ListTable<T extends object>(p: ListTableProps<T>) {
  const { t } = useTranslation();
  const f = useFormat();
  const phone = usePhoneLayout();
  const [openCards, setOpenCards] = useState<ReadonlySet<string>>(new Set());
  const toggleCard = (key: string) =>
    setOpenCards((open) => {
      const next = new Set(open);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const columns = p.state.columns(p.columns);
  const total = p.data?.total ?? 0;
  const pagination = p.state.pagination(total, (n) => t('listKit.total', { value: f.number(n) }));
  const empty =
    p.data === undefined && !p.failed ? (
      <span />
    ) : p.failed ? (
      <Empty description={t('common.loadFailed')}>
        <Button onClick={p.onRetry}>{t('common.retry')}</Button>
      </Empty>
    ) : (
      <Empty description={p.state.filtered ? t('listKit.noMatch') : p.emptyText} />
    );

  if (!phone)
    return (
      <Table<T>
        className="list-table"
        rowKey={p.rowKey}
        size="middle"
        columns={columns}
        onChange={p.state.onTableChange as TableProps<T>['onChange']}
        dataSource={p.data?.items}
        loading={p.loading}
        scroll={{ x: p.scrollX ?? 900 }}
        pagination={pagination}
        onRow={p.onOpen ? (row) => ({ onDoubleClick: () => p.onOpen?.(row) }) : undefined}
        expandable={p.expandable && { expandedRowRender: p.expandable.render }}
        rowClassName={p.rowClassName}
        locale={{ emptyText: empty }}
      />
    );

  // Cards have no column headers to click: the sortable columns are offered in a menu above them.
  const sortOptions = columns
    .filter((c) => c.sorter && c.key !== undefined)
    .flatMap((c) => {
      const column = typeof c.title === 'string' ? c.title : String(c.key);
      return [
        { value: String(c.key), label: t('listKit.ascending', { column }) },
        { value: `-${String(c.key)}`, label: t('listKit.descending', { column }) },
      ];
    });
  const [first, ...rest] = columns.filter((c) => !isActions(c));
  const actions = columns.find(isActions);
  const items = p.data?.items ?? [];
  return (
    <Spin spinning={p.loading}>
      {sortOptions.length > 0 && (
        <Select<string>
          allowClear
          className="list-cards__sort"
          placeholder={t('listKit.defaultOrder')}
          aria-label={t('listKit.sort')}
          value={p.state.sort}
          onChange={(sort) => p.state.setSort(sort)}
          options={sortOptions}
        />
      )}
      {items.length === 0 ? (
        <div className="list-cards__empty">{empty}</div>
      ) : (
        <ul className="list-cards" aria-label={p.label}>
          {items.map((row, index) => (
            <li key={p.rowKey(row) as Key} className={`list-cards__card ${p.rowClassName?.(row) ?? ''}`.trim()}>
              <div className="list-cards__head">
                <div className="list-cards__title">{first && cellOf(first, row, index)}</div>
                {actions && <div className="list-cards__actions">{cellOf(actions, row, index)}</div>}
              </div>
              <dl className="list-cards__fields">
                {rest.map((column, i) => (
                  <div key={String(column.key ?? column.dataIndex ?? i)} className="list-cards__field">
                    <dt>{titleOf(column)}</dt>
                    <dd>{cellOf(column, row, index)}</dd>
                  </div>
                ))}
              </dl>
              {p.expandable && (
                <>
                  <Button type="link" className="list-cards__toggle" aria-expanded={openCards.has(p.rowKey(row))} onClick={() => toggleCard(p.rowKey(row))}>
                    {p.expandable.toggleText(openCards.has(p.rowKey(row)))}
                  </Button>
                  {openCards.has(p.rowKey(row)) && <div className="list-cards__details">{p.expandable.render(row)}</div>}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {total > 0 && (
        <Pagination
          className="list-cards__pagination"
          size="small"
          align="center"
          {...pagination}
          showTotal={(n) => t('listKit.total', { value: f.number(n) })}
        />
      )}
    </Spin>
  );
}
