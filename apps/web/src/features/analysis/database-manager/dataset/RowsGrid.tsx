import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Empty, Input, Table, type InputRef, type TableColumnType, type TableProps } from 'antd';
import { CheckOutlined, CloseOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type Dataset, type DatasetColumnType, type DatasetRow } from '@nusa/contracts';
import { ApiError } from '../../../../api/api-error.ts';
import { call, callFile, saveBlob } from '../../../../api/call.ts';
import { reportError, toast } from '../../../../app/feedback.tsx';
import { useFormat } from '../../../../app/use-format.ts';
import { ListToolbar, useListState, type SortableColumn } from '../../../../app/components/list/index.ts';
import { formatCell, isNumeric } from '../../analysis-format.ts';
import { editText, sentCells } from './grid-cells.ts';
import { useConfirmDanger } from '../../../../app/components/confirm-danger.ts';
import { queryKeyOf } from '../../../../api/query-keys.ts';

/** A row of the grid; rowNo 0 is the row being added. */
type GridRow = DatasetRow;
interface Editing {
  rowNo: number;
  texts: string[];
  /** The cell the server refused (its column key) and why, in the user's language. */
  error?: { key: string; message: string };
}

/**
 * The dataset's rows: searched, sorted and paged on the server, chosen and deleted, exported as xlsx; who may edit
 * adds and edits rows in place. Keyboard: Tab moves to the next cell, Enter saves the row (and opens a new one after
 * an added row), Esc cancels; a refused cell keeps what was typed and says why under it.
 */
export function RowsGrid({ dataset, canEdit }: { dataset: Dataset; canEdit: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const confirmDanger = useConfirmDanger();
  const queries = useQueryClient();
  const id = dataset.datasetId;
  const sortable = ['row', ...dataset.columns.map((c) => c.key)];
  const list = useListState<GridRow>({ sortable });
  const [editing, setEditing] = useState<Editing | null>(null);
  /** The cell to focus, and a count that changes each time a row opens (a new row after a new row keeps rowNo 0). */
  const [focus, setFocus] = useState({ at: 0, opened: 0 });
  const [selected, setSelected] = useState<number[]>([]);
  const inputs = useRef<(InputRef | null)[]>([]);

  const rows = useQuery({
    queryKey: queryKeyOf(endpoints.listDatasetRows, id, list.query),
    queryFn: ({ signal }) => call(endpoints.listDatasetRows, { params: { datasetId: id }, query: list.query, signal }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => {
    void queries.invalidateQueries({ queryKey: queryKeyOf(endpoints.getDataset, id) });
    void queries.invalidateQueries({ queryKey: queryKeyOf(endpoints.listDatasetRows, id) });
  };

  useEffect(() => {
    if (editing) inputs.current[focus.at]?.focus();
    // Only when a row starts being edited (or a new one opens), not on each keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus]);

  const openAt = (at: number) => setFocus((f) => ({ at, opened: f.opened + 1 }));
  const blank = (): Editing => ({ rowNo: 0, texts: dataset.columns.map(() => '') });
  const startEdit = (row: GridRow, at: number) => {
    if (!canEdit || editing?.rowNo === row.rowNo) return;
    setEditing({ rowNo: row.rowNo, texts: row.cells.map((v, i) => editText(v, dataset.columns[i].type)) });
    openAt(at);
  };
  const save = useMutation({
    mutationFn: (e: Editing) =>
      e.rowNo === 0
        ? call(endpoints.addDatasetRow, { params: { datasetId: id }, body: { cells: sentCells(e.texts) } })
        : call(endpoints.updateDatasetRow, { params: { datasetId: id, rowNo: e.rowNo }, body: { cells: sentCells(e.texts) } }),
    meta: { silent: true },
    onSuccess: (row, e) => {
      toast.success(t('analysisDataset.rows.saved', { row: row.rowNo }));
      refresh();
      if (e.rowNo === 0) {
        setEditing(blank());
        openAt(0);
      } else setEditing(null);
    },
    onError: (err, e) => {
      if (err instanceof ApiError && err.code === 'analysis_row_cell_invalid') {
        const key = String(err.args[3]);
        const column = dataset.columns.find((c) => c.key === key);
        const message = t('analysisDataset.rows.cellInvalid', { value: String(err.args[1]), type: column ? t(`analysis.type.${column.type}`) : '' });
        setEditing({ ...e, error: { key, message } });
        inputs.current[dataset.columns.findIndex((c) => c.key === key)]?.focus();
      } else reportError(err);
    },
  });
  const remove = useMutation({
    mutationFn: (rowNos: number[]) => call(endpoints.deleteDatasetRows, { params: { datasetId: id }, body: { rowNos } }),
    onSuccess: ({ deleted }) => {
      toast.success(t('analysisDataset.rows.deleted', { count: deleted }));
      setSelected([]);
      refresh();
    },
  });
  const exportXlsx = useMutation({
    mutationFn: () => callFile(endpoints.exportDatasetRows, { params: { datasetId: id }, query: { keyword: list.query.keyword, sort: list.query.sort } }),
    onSuccess: (blob) => saveBlob(blob, `${dataset.name}.xlsx`),
  });
  const confirmDelete = () =>
    confirmDanger({
      title: t('analysisDataset.rows.deleteTitle', { count: selected.length }),
      content: t('analysisDataset.rows.deleteBody'),
      okText: t('analysisDataset.rows.delete', { count: selected.length }),
      onOk: () => remove.mutateAsync(selected),
    });

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && editing) {
      e.preventDefault();
      save.mutate(editing);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setEditing(null);
    }
  };
  const cellInput = (i: number, type: DatasetColumnType, key: string, rowNo: number) => {
    const wrong = editing?.error?.key === key;
    return (
      <div className="analysis-grid__cell">
        <Input
          ref={(el) => {
            inputs.current[i] = el;
          }}
          size="small"
          value={editing?.texts[i] ?? ''}
          status={wrong ? 'error' : undefined}
          placeholder={t(`analysisDataset.typeHint.${type}`)}
          aria-label={t('analysisDataset.rows.cell', {
            column: dataset.columns[i].label,
            row: rowNo ? t('analysisDataset.rows.rowNumber', { row: rowNo }) : t('analysisDataset.rows.newRow'),
          })}
          aria-invalid={wrong || undefined}
          className={isNumeric(type) ? 'analysis-grid__input--number' : undefined}
          onChange={(ev) =>
            setEditing((cur) => cur && { ...cur, texts: cur.texts.map((s, j) => (j === i ? ev.target.value : s)), error: wrong ? undefined : cur.error })
          }
          onKeyDown={onKey}
        />
        {wrong && (
          <div className="analysis-grid__error" role="alert">
            {editing?.error?.message}
          </div>
        )}
      </div>
    );
  };

  const items = rows.data ? rows.data.items.map((cells, i) => ({ rowNo: rows.data.rowNos[i], cells })) : [];
  const shown = editing?.rowNo === 0 ? [{ rowNo: 0, cells: dataset.columns.map(() => null) }, ...items] : items;
  const columns: SortableColumn<GridRow>[] = [
    { title: '#', key: 'row', sortKey: 'row', width: 70, render: (_: unknown, r: GridRow) => (r.rowNo === 0 ? '+' : f.number(r.rowNo)) },
    ...dataset.columns.map((c, i): SortableColumn<GridRow> => ({
      title: c.label,
      key: c.key,
      sortKey: c.key,
      align: isNumeric(c.type) ? 'right' : undefined,
      render: (_: unknown, r: GridRow) =>
        editing?.rowNo === r.rowNo ? (
          cellInput(i, c.type, c.key, r.rowNo)
        ) : (
          <span className="analysis-grid__value">{formatCell(r.cells[i] ?? null, c.type, f)}</span>
        ),
      onCell: (r: GridRow) => ({ onClick: () => startEdit(r, i) }),
    })),
  ];
  if (canEdit)
    columns.push({
      title: t('analysisDataset.rows.actions'),
      key: 'actions',
      width: 96,
      fixed: 'right',
      render: (_: unknown, r: GridRow) =>
        editing?.rowNo === r.rowNo ? (
          <span className="analysis-grid__actions">
            <Button
              size="small"
              type="primary"
              icon={<CheckOutlined />}
              aria-label={t('analysisDataset.rows.save')}
              loading={save.isPending}
              onClick={() => save.mutate(editing)}
            />
            <Button size="small" icon={<CloseOutlined />} aria-label={t('analysisDataset.rows.cancel')} onClick={() => setEditing(null)} />
          </span>
        ) : (
          <Button
            size="small"
            type="text"
            icon={<EditOutlined />}
            aria-label={t('analysisDataset.rows.edit', { row: r.rowNo })}
            onClick={() => startEdit(r, 0)}
          />
        ),
    });

  return (
    <>
      <h2 className="analysis-dataset__heading">{t('analysisDataset.rows.title')}</h2>
      <ListToolbar
        keyword={list.keyword}
        onKeyword={list.setKeyword}
        searchPlaceholder={t('analysisDataset.rows.search')}
        actions={
          <>
            {canEdit && selected.length > 0 && (
              <Button danger icon={<DeleteOutlined />} onClick={confirmDelete}>
                {t('analysisDataset.rows.delete', { count: selected.length })}
              </Button>
            )}
            <Button icon={<DownloadOutlined />} loading={exportXlsx.isPending} onClick={() => exportXlsx.mutate()}>
              {t('analysisDataset.rows.export')}
            </Button>
            {canEdit && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={editing?.rowNo === 0}
                onClick={() => {
                  setEditing(blank());
                  openAt(0);
                }}
              >
                {t('analysisDataset.rows.add')}
              </Button>
            )}
          </>
        }
      />
      {canEdit && <p className="analysis-grid__hint">{t('analysisDataset.rows.gridHint')}</p>}
      <Table<GridRow>
        className="analysis-grid"
        size="small"
        rowKey={(r) => String(r.rowNo)}
        columns={list.columns(columns) as TableColumnType<GridRow>[]}
        dataSource={shown}
        loading={rows.isFetching && !save.isPending}
        onChange={list.onTableChange as TableProps<GridRow>['onChange']}
        pagination={list.pagination(rows.data?.total ?? 0, (n) => t('listKit.total', { value: f.number(n) }))}
        scroll={{ x: Math.max(600, dataset.columns.length * 160 + 170) }}
        rowSelection={
          canEdit
            ? {
                selectedRowKeys: selected.map(String),
                onChange: (keys) => setSelected(keys.map(Number).filter((n) => n > 0)),
                getCheckboxProps: (r) => ({ disabled: r.rowNo === 0, 'aria-label': `#${r.rowNo}` }),
              }
            : undefined
        }
        locale={{
          emptyText: rows.isError ? (
            <Empty description={t('common.loadFailed')}>
              <Button onClick={() => void rows.refetch()}>{t('common.retry')}</Button>
            </Empty>
          ) : (
            <Empty description={list.filtered ? t('listKit.noMatch') : canEdit ? t('analysisDataset.rows.empty') : t('analysisDataset.rows.emptyReadOnly')} />
          ),
        }}
      />
    </>
  );
}
