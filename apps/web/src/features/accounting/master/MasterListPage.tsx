/**
 * The accounting master-record page: the list kit (app/components/list: heading, debounced keyword search, filters,
 * server sort and paging, cards on a phone) plus the active filter and switch, row actions, xlsx export, optional
 * xlsx import, and one create/edit drawer, for every master record.
 *
 * Use:
 * ```tsx
 * const api = masterApi({ list: endpoints.listWarehouses, create: endpoints.createWarehouse, update: endpoints.updateWarehouse,
 *   setActive: endpoints.setWarehouseActive, remove: endpoints.deleteWarehouse, export: endpoints.exportWarehouses, idName: 'warehouseId' });
 * export default function WarehousePage() {
 *   return <MasterListPage api={api} cacheKey="warehouses" title={t('page.warehouse')} columns={…} describe={(w) => w.warehouseCode}
 *     exportName="gudang" filters={{ initial: {}, render: (f, set) => <Select … /> }} form={{ fields, initialValues, toBody, codeField: 'warehouseCode' }} />;
 * }
 * ```
 * - `columns`: the record's own columns; the kit appends the active switch and the row actions. A column with
 *   `sortKey: 'name'` sorts the list on the server by that field of the contract's sortBy (ascending, descending, then
 *   the default order by code, back on page 1); the export follows the same order. The active column sorts by itself.
 * - Buttons follow the contract's access lists (masterApi reads them): create/edit/activate with a create/edit task,
 *   delete with a write-all task; read-only users see the list and export only.
 * - Import: pass `import: endpoints.importX` to masterApi; the button shows the per-row report (override with
 *   `renderImportReport`).
 * - Reference fields in forms: the typed pickers of ../pickers (30 per page, 250 ms debounce).
 * - Filters: give each control the `list-toolbar__filter` class (200 px on a desktop, the whole line on a phone).
 * - Texts: the kit's own under `masterKit.*` and `listKit.*`; a page passes its translated title, column titles and
 *   form labels.
 */
import { ConfirmDeleteButton } from '../../../app/components/ConfirmDeleteButton.tsx';
import { useState, type ReactNode } from 'react';
import { Button, Select, Space, Switch, Tooltip } from 'antd';
import { DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../api/call.ts';
import { ActiveTag, ListPage, ListTable, ListToolbar, useListState, type SortableColumn } from '../../../app/components/list/index.ts';
import { reportError, toast } from '../../../app/feedback.tsx';
import { useLanguage } from '../../../i18n/index.ts';
import { useHeldTasks } from '../../../app/session.ts';
import { masterLevel } from './access.ts';
import { ImportButton } from './ImportButton.tsx';
import type { ImportReport } from './import-report.ts';
import type { MasterApi } from './master-api.ts';
import { MasterRecordForm, type MasterFormSpec } from './MasterRecordForm.tsx';
import './master.css';
import { useConfirmDanger } from '../../../app/components/confirm-danger.ts';
import { ERP } from '../../../api/query-keys.ts';

export { masterApi } from './master-api.ts';
export { ActiveTag } from '../../../app/components/list/index.ts';
export type { MasterFormSpec } from './MasterRecordForm.tsx';

type ActiveFlag = { active: 'Y' | 'N' };

export interface MasterListPageProps<T extends ActiveFlag, B, F extends object, V extends object> {
  api: MasterApi<T, B, F>;
  /** Query-cache name of the record, e.g. 'cash-banks'; saving invalidates [ERP, cacheKey]. */
  cacheKey: string;
  title: string;
  subtitle?: string;
  /** The record in confirmations and toasts, e.g. its code and name. */
  describe: (row: T) => string;
  /** The record's columns; `sortKey` makes one sortable by that contract sort field. */
  columns: SortableColumn<T>[];
  /** Extra list filters next to the keyword and active filters; the current values and a setter (resets to page 1). */
  filters?: { initial: F; render: (value: F, set: (next: F) => void) => ReactNode };
  form: MasterFormSpec<T, V, B>;
  /** The export's file name without extension and date. */
  exportName: string;
  searchPlaceholder: string;
  /** The empty state when no record exists yet (filtered lists say "no match"). */
  emptyText: string;
  addLabel: string;
  /** The edit drawer's title for a row. */
  editTitle: (row: T) => string;
  renderImportReport?: (report: ImportReport) => ReactNode;
  /** Horizontal scroll width of the table (default 900). */
  scrollX?: number;
  /** False hides the active filter, for lists whose endpoint has none (currencies, exchange rates, countries). */
  activeFilter?: boolean;
  /** Why a row may not be deactivated or deleted (the book currency): its switch is disabled with the reason, delete hidden. */
  locked?: (row: T) => string | undefined;
  /** Inside a tab of a page: no page heading; import, export and add sit at the right of the toolbar. */
  embedded?: boolean;
}

type Editing<T> = { row?: T } | null;

export function MasterListPage<T extends ActiveFlag, B, F extends object, V extends object>(p: MasterListPageProps<T, B, F, V>) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const confirmDanger = useConfirmDanger();
  const queryClient = useQueryClient();
  const level = masterLevel(useHeldTasks(), p.api.access);
  const list = useListState<T, F>({ filters: p.filters?.initial, sortable: p.api.sortable });
  const [active, setActive] = useState<'Y' | 'N' | undefined>();
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [exporting, setExporting] = useState(false);

  const rows = useQuery({
    queryKey: [ERP, p.cacheKey, 'list', list.query, active, list.filters],
    queryFn: ({ signal }) => p.api.list({ ...list.query, active, filters: list.filters }, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [ERP, p.cacheKey] });
  list.settle(rows.data, rows.isFetching);

  const setRowActive = useMutation({
    mutationFn: ({ row, value }: { row: T; value: 'Y' | 'N' }) => p.api.setActive(row, value),
    onSuccess: (saved) => {
      toast.success(t(saved.active === 'Y' ? 'masterKit.activated' : 'masterKit.deactivated', { name: p.describe(saved) }));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (row: T) => p.api.remove(row),
    onSuccess: (_d, row) => {
      toast.success(t('masterKit.deleted', { name: p.describe(row) }));
      void refresh();
    },
  });

  const confirmActive = (row: T, on: boolean) =>
    confirmDanger({
      title: t(on ? 'masterKit.activateTitle' : 'masterKit.deactivateTitle'),
      content: t(on ? 'masterKit.activateConfirm' : 'masterKit.deactivateConfirm', { name: p.describe(row) }),
      okText: t(on ? 'masterKit.activate' : 'masterKit.deactivate'),
      danger: !on,
      onOk: () => setRowActive.mutateAsync({ row, value: on ? 'Y' : 'N' }).catch(() => undefined),
    });

  const exportXlsx = async () => {
    setExporting(true);
    try {
      const blob = await p.api.exportXlsx({ keyword: list.query.keyword, active, sort: list.sort, filters: list.filters }, lang);
      saveBlob(blob, `${p.exportName}-${new Date().toISOString().slice(0, 10)}.xlsx`);
    } catch (err) {
      reportError(err);
    } finally {
      setExporting(false);
    }
  };

  const kitColumns: SortableColumn<T>[] = [
    {
      title: t('masterKit.active'),
      dataIndex: 'active',
      sortKey: 'active',
      width: 110,
      render: (value: 'Y' | 'N', row) =>
        level === 'view' ? (
          <ActiveTag active={value} />
        ) : (
          <Tooltip title={p.locked?.(row)}>
            <Switch
              checked={value === 'Y'}
              checkedChildren="Y"
              unCheckedChildren="N"
              disabled={Boolean(p.locked?.(row))}
              aria-label={t('masterKit.activeOf', { name: p.describe(row) })}
              onChange={(on) => confirmActive(row, on)}
            />
          </Tooltip>
        ),
    },
  ];
  if (level !== 'view')
    kitColumns.push({
      title: t('masterKit.actions'),
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={2}>
          <Tooltip title={t('masterKit.edit')}>
            <Button type="text" icon={<EditOutlined />} aria-label={t('masterKit.editOf', { name: p.describe(row) })} onClick={() => setEditing({ row })} />
          </Tooltip>
          {level === 'full' && !p.locked?.(row) && (
            <ConfirmDeleteButton
              title={t('masterKit.deleteTitle')}
              description={t('masterKit.deleteConfirm', { name: p.describe(row) })}
              okText={t('masterKit.delete')}
              label={t('masterKit.deleteOf', { name: p.describe(row) })}
              tooltip={t('masterKit.delete')}
              onConfirm={() => remove.mutateAsync(row)}
            />
          )}
        </Space>
      ),
    });

  const actions = (
    <>
      {p.api.importXlsx && level !== 'view' && <ImportButton upload={p.api.importXlsx} renderReport={p.renderImportReport} onImported={() => void refresh()} />}
      <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportXlsx()}>
        {t('masterKit.export')}
      </Button>
      {level !== 'view' && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
          {p.addLabel}
        </Button>
      )}
    </>
  );

  return (
    <>
      <ListPage title={p.title} subtitle={p.subtitle} actions={actions} embedded={p.embedded}>
        <ListToolbar keyword={list.keyword} onKeyword={list.setKeyword} searchPlaceholder={p.searchPlaceholder} actions={p.embedded ? actions : undefined}>
          {p.filters?.render(list.filters, list.setFilters)}
          {p.activeFilter !== false && (
            <Select<'Y' | 'N'>
              allowClear
              placeholder={t('masterKit.allStatuses')}
              aria-label={t('masterKit.filterActive')}
              value={active}
              onChange={(v) => {
                setActive(v);
                list.toFirstPage();
              }}
              className="list-toolbar__filter"
              options={[
                { value: 'Y', label: t('masterKit.activeOnly') },
                { value: 'N', label: t('masterKit.inactiveOnly') },
              ]}
            />
          )}
        </ListToolbar>
        <ListTable<T>
          state={{ ...list, filtered: list.filtered || active !== undefined }}
          rowKey={(row) => p.api.idOf(row)}
          columns={[...p.columns, ...kitColumns]}
          data={rows.data}
          loading={rows.isFetching}
          failed={rows.isError}
          onRetry={() => void rows.refetch()}
          emptyText={p.emptyText}
          scrollX={p.scrollX}
          label={p.title}
        />
      </ListPage>
      {editing && (
        <MasterRecordForm<T, V, B>
          spec={p.form}
          row={editing.row}
          title={editing.row ? p.editTitle(editing.row) : p.addLabel}
          save={(body) => (editing.row ? p.api.update(editing.row, body) : p.api.create(body))}
          onSaved={(saved) => {
            toast.success(t(editing.row ? 'masterKit.updated' : 'masterKit.created', { name: p.describe(saved) }));
            void refresh();
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
