import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, DatePicker, Drawer, Input, Select, Space } from 'antd';
import { FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_SORT, DOCUMENT_STATUSES, hasAnyTask, type DocumentDetail, type DocumentHeader, type DocumentStatus } from '@nusa/contracts';
import { saveBlob } from '../../../api/call.ts';
import { ListPage, ListTable, ListToolbar, useListState, type SortableColumn } from '../../../app/components/list/index.ts';
import { reportError, toast } from '../../../app/feedback.tsx';
import { useLanguage } from '../../../i18n/index.ts';
import { useHeldTasks } from '../../../app/session.ts';
import { OrgUnitPicker } from '../../../app/components/pickers/OrgUnitPicker.tsx';
import { PartnerPicker } from '../pickers/PartnerPicker.tsx';
import { DocumentEditor } from './DocumentEditor.tsx';
import { DocumentStatusTag } from './DocumentStatusTag.tsx';
import { remarksPreview } from './line-grid.ts';
import type { DocumentTypeUi } from './type-ui.ts';
import './documents.css';
import './document-screen.css';
import { useFormat } from '../../../app/use-format.ts';
import { ERP } from '../../../api/query-keys.ts';

type Filters = { status?: DocumentStatus; range?: [string, string]; ouId?: string; partnerId?: string; amountFrom?: string; amountTo?: string };
const AMOUNT = /^\d{1,16}(\.\d{1,4})?$/;

/** dd/mm/yyyy (spec 9). */
export const showDate = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '—');

/**
 * A document type's page (issue 11; the type is a DocumentTypeUi, decision 016): its documents with search, status,
 * date range, OU, partner and amount filters, paging, sort and xlsx export; a document opens in a drawer to edit (a
 * draft) or to act on (submit, approve, release, void …) with its history and a printable PDF.
 */
export function DocumentScreen<D extends DocumentDetail, B>({ type }: { type: DocumentTypeUi<D, B> }) {
  const kind = type.code;
  const { t } = useTranslation();
  const format = useFormat();
  const lang = useLanguage();
  const api = type.api;
  const tasks = useHeldTasks();
  const list = useListState<DocumentHeader, Filters, (typeof DOCUMENT_SORT)[number]>({ filters: {}, sortable: DOCUMENT_SORT });
  const f = list.filters;
  const amountOk = (v?: string) => !v || AMOUNT.test(v);
  const query = {
    ...list.query,
    status: f.status,
    dateFrom: f.range?.[0],
    dateTo: f.range?.[1],
    ouId: f.ouId,
    partnerId: f.partnerId,
    amountFrom: amountOk(f.amountFrom) ? f.amountFrom || undefined : undefined,
    amountTo: amountOk(f.amountTo) ? f.amountTo || undefined : undefined,
  };
  const documents = useQuery({
    queryKey: [ERP, 'documents', kind, 'list', query],
    queryFn: ({ signal }) => api.list(query, signal),
    placeholderData: keepPreviousData,
  });
  list.settle(documents.data, documents.isFetching);
  // A ledger report's line opens its document here by ?documentId= (contracts reports.ts documentPathOf).
  const [params] = useSearchParams();
  const [open, setOpen] = useState<{ id?: string } | null>(() => (params.get('documentId') ? { id: params.get('documentId')! } : null));

  const exportFile = useMutation({
    mutationFn: () => api.exportFile({ ...query, page: undefined, limit: undefined, lang }),
    onSuccess: (blob) => {
      saveBlob(blob, `${t(`journals.exportName.${kind}`)}-${new Date().toISOString().slice(0, 10)}.xlsx`);
      toast.success(t('journals.exported'));
    },
    onError: reportError,
  });

  const columns: SortableColumn<DocumentHeader>[] = [
    { title: t('journals.number'), sortKey: 'number', dataIndex: 'number', width: 170, render: (n: string) => <strong>{n}</strong> },
    { title: t('journals.date'), sortKey: 'documentDate', dataIndex: 'documentDate', width: 110, render: showDate },
    {
      title: t('journals.remarks'),
      key: 'remarks',
      render: (_: unknown, d) => <span title={d.remarks ?? undefined}>{remarksPreview(d.remarks) || <span className="muted-text">—</span>}</span>,
    },
    { title: t('journals.reference'), dataIndex: 'reference', responsive: ['lg'], render: (r: string | null) => r ?? <span className="muted-text">—</span> },
    {
      title: t('journals.total'),
      sortKey: 'total',
      key: 'total',
      align: 'right',
      width: 170,
      render: (_: unknown, d) => format.money(d.totalAmount, d.currencyCode),
    },
    { title: t('journals.status'), sortKey: 'status', key: 'status', width: 170, render: (_: unknown, d) => <DocumentStatusTag label={d.label} /> },
    {
      title: '',
      key: 'actions',
      width: 90,
      align: 'right',
      render: (_: unknown, d) => (
        <Button size="small" onClick={() => setOpen({ id: d.documentId })} aria-label={`${t('journals.open')} ${d.number}`}>
          {t('journals.open')}
        </Button>
      ),
    },
  ];

  const rangeValue: [Dayjs, Dayjs] | null = f.range ? [dayjs(f.range[0]), dayjs(f.range[1])] : null;
  return (
    <ListPage
      title={t(type.title)}
      subtitle={t(`journals.description.${kind}`)}
      actions={
        <Space wrap>
          <Button icon={<FileExcelOutlined />} loading={exportFile.isPending} onClick={() => exportFile.mutate()}>
            {t('journals.export')}
          </Button>
          {hasAnyTask(tasks ?? [], type.editTasks) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen({})}>
              {t(`journals.add.${kind}`)}
            </Button>
          )}
        </Space>
      }
    >
      <ListToolbar keyword={list.keyword} onKeyword={list.setKeyword} searchPlaceholder={t('journals.search')}>
        <Select<DocumentStatus>
          allowClear
          className="list-toolbar__filter"
          placeholder={t('journals.allStatuses')}
          aria-label={t('journals.status')}
          value={f.status}
          onChange={(status) => list.setFilter('status', status)}
          options={DOCUMENT_STATUSES.map((s) => ({ value: s, label: t(`journals.statuses.${s}`) }))}
        />
        <DatePicker.RangePicker
          className="list-toolbar__filter journals-range"
          format="DD/MM/YYYY"
          aria-label={t('journals.dateRange')}
          value={rangeValue}
          onChange={(v) => list.setFilter('range', v?.[0] && v[1] ? [v[0].format('YYYY-MM-DD'), v[1].format('YYYY-MM-DD')] : undefined)}
        />
        <div className="list-toolbar__filter journals-filter">
          <OrgUnitPicker
            value={f.ouId ?? null}
            onChange={(ouId) => list.setFilter('ouId', ouId ?? undefined)}
            placeholder={t('journals.allOus')}
            aria-label={t('journals.ou')}
          />
        </div>
        <div className="list-toolbar__filter journals-filter">
          <PartnerPicker
            value={f.partnerId ?? null}
            onChange={(p) => list.setFilter('partnerId', p ?? undefined)}
            placeholder={t('journals.allPartners')}
            aria-label={t('journals.partner')}
          />
        </div>
        <Input
          className="list-toolbar__filter journals-amount"
          placeholder={t('journals.amountFrom')}
          aria-label={t('journals.amountFrom')}
          inputMode="decimal"
          status={amountOk(f.amountFrom) ? undefined : 'error'}
          value={f.amountFrom}
          onChange={(e) => list.setFilter('amountFrom', e.target.value.trim() || undefined)}
        />
        <Input
          className="list-toolbar__filter journals-amount"
          placeholder={t('journals.amountTo')}
          aria-label={t('journals.amountTo')}
          inputMode="decimal"
          status={amountOk(f.amountTo) ? undefined : 'error'}
          value={f.amountTo}
          onChange={(e) => list.setFilter('amountTo', e.target.value.trim() || undefined)}
        />
      </ListToolbar>
      <ListTable
        state={list}
        rowKey={(d) => d.documentId}
        columns={columns}
        data={documents.data}
        loading={documents.isFetching}
        failed={documents.isError}
        onRetry={() => void documents.refetch()}
        emptyText={t(`journals.empty.${kind}`)}
        onOpen={(d) => setOpen({ id: d.documentId })}
        label={t(type.title)}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        size="min(1100px, 100vw)"
        title={t(open?.id ? `journals.documentTitle.${kind}` : `journals.add.${kind}`)}
        destroyOnHidden
        className="journals-drawer"
      >
        {open && <DocumentEditor type={type} documentId={open.id} onSaved={(id) => setOpen({ id })} onClosed={() => setOpen(null)} />}
      </Drawer>
    </ListPage>
  );
}
