import { useState } from 'react';
import { Button, Descriptions, Drawer, Select, Skeleton, Table, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LEDGER_DOCUMENT_TYPES, endpoints, type DocumentLine, type InboxItem } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { ListPage, ListTable, ListToolbar, useListState, type SortableColumn } from '../../../app/components/list/index.ts';
import { DocumentActions, DocumentHistory, DocumentStatusTag } from '../documents/index.ts';
import './approval-flows.css';
import { useFormat } from '../../../app/use-format.ts';
import { queryKeyOf, resourceKeyOf } from '../../../api/query-keys.ts';

/** The inbox is where approvers act: the author's and releaser's steps stay on the document type's own screen. */
const APPROVER_ACTIONS = ['approve', 'requestChanges', 'reject'] as const;

/** A document type's name by its code (JV …); a type the web does not know yet shows its code. */
function useTypeName() {
  const { t } = useTranslation();
  return (code: string) => {
    const type = LEDGER_DOCUMENT_TYPES.find((d) => d.code === code);
    return type ? t(`approvals.types.${type.key}`) : code;
  };
}

/** Accounting › Approval inbox (issue 11): documents waiting for the user's approval, approved or sent back from here. */
export default function ApprovalInboxPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const typeName = useTypeName();
  const list = useListState<InboxItem, { type?: string }, never>({ filters: {}, sortable: [] });
  const [open, setOpen] = useState<InboxItem | null>(null);
  const inbox = useQuery({
    queryKey: [...resourceKeyOf(endpoints.approvalInbox), 'list', list.query, list.filters],
    queryFn: ({ signal }) =>
      call(endpoints.approvalInbox, { query: { page: list.query.page, limit: list.query.limit, keyword: list.query.keyword, ...list.filters }, signal }),
    placeholderData: keepPreviousData,
  });
  list.settle(inbox.data, inbox.isFetching);
  const date = (d: string) => f.date(d);

  const columns: SortableColumn<InboxItem>[] = [
    {
      title: t('inbox.number'),
      dataIndex: 'number',
      render: (number: string, d) => (
        <Button type="link" className="link-cell" aria-label={t('inbox.view', { number })} onClick={() => setOpen(d)}>
          {number}
        </Button>
      ),
    },
    { title: t('inbox.type'), dataIndex: 'type', render: (type: string) => <Tag color="blue">{typeName(type)}</Tag> },
    { title: t('inbox.date'), dataIndex: 'documentDate', render: date },
    { title: t('inbox.remarks'), key: 'remarks', render: (_: unknown, d) => [d.reference, d.remarks].filter(Boolean).join(' · ') || '—', responsive: ['lg'] },
    { title: t('inbox.author'), dataIndex: 'createdByName' },
    {
      title: t('inbox.total'),
      key: 'total',
      align: 'right',
      render: (_: unknown, d) => <span className="nowrap">{f.money(d.totalAmount, d.currencyCode)}</span>,
    },
    { title: t('inbox.level'), dataIndex: 'approvalLevel', align: 'center', render: (level: number | null) => (level === null ? '—' : level) },
    {
      title: t('inbox.actions'),
      key: 'actions',
      width: 140,
      render: (_: unknown, d) => <DocumentActions document={d} only={APPROVER_ACTIONS} size="small" compact />,
    },
  ];

  return (
    <>
      <ListPage title={t('page.approvalInbox')} subtitle={t('inbox.description')}>
        <ListToolbar keyword={list.keyword} onKeyword={list.setKeyword} searchPlaceholder={t('inbox.searchPlaceholder')}>
          <Select
            allowClear
            className="list-toolbar__filter"
            placeholder={t('inbox.allTypes')}
            aria-label={t('inbox.type')}
            value={list.filters.type}
            onChange={(type?: string) => list.setFilters({ type })}
            options={LEDGER_DOCUMENT_TYPES.map((d) => ({ value: d.code, label: t(`approvals.types.${d.key}`) }))}
          />
        </ListToolbar>
        <ListTable<InboxItem>
          state={list}
          rowKey={(d) => d.documentId}
          columns={columns}
          data={inbox.data}
          loading={inbox.isFetching}
          failed={inbox.isError}
          onRetry={() => void inbox.refetch()}
          emptyText={t('inbox.empty')}
          scrollX={960}
          label={t('page.approvalInbox')}
        />
      </ListPage>
      {open && <InboxDocument item={open} onClose={() => setOpen(null)} />}
    </>
  );
}

/** One waiting document: its header, lines and history, with the approver's buttons. */
function InboxDocument({ item, onClose }: { item: InboxItem; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const typeName = useTypeName();
  const detail = useQuery({
    queryKey: queryKeyOf(endpoints.getDocument, item.documentId),
    queryFn: ({ signal }) => call(endpoints.getDocument, { params: { documentId: item.documentId }, signal }),
  });
  const d = detail.data;
  const amount = (v: string) => (v === '0' ? '' : f.decimal(v, true));
  return (
    <Drawer
      open
      size="min(760px, 100vw)"
      title={`${typeName(item.type)} ${item.number}`}
      onClose={onClose}
      destroyOnHidden
      footer={
        d && (
          <div className="drawer-footer">
            <DocumentActions document={d} only={APPROVER_ACTIONS} onDone={onClose} />
          </div>
        )
      }
    >
      {!d ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} className="inbox-detail__meta">
            <Descriptions.Item label={t('inbox.date')}>{f.date(d.documentDate)}</Descriptions.Item>
            <Descriptions.Item label={t('inbox.status')}>
              <DocumentStatusTag label={d.label} />{' '}
              {d.approvalLevel !== null && <span className="muted-text">{t('documents.level', { level: d.approvalLevel })}</span>}
            </Descriptions.Item>
            <Descriptions.Item label={t('inbox.author')}>{d.createdByName}</Descriptions.Item>
            <Descriptions.Item label={t('inbox.total')}>{f.money(d.totalAmount, d.currencyCode)}</Descriptions.Item>
            {d.reference && <Descriptions.Item label={t('inbox.reference')}>{d.reference}</Descriptions.Item>}
            {d.remarks && <Descriptions.Item label={t('inbox.remarks')}>{d.remarks}</Descriptions.Item>}
          </Descriptions>
          <div className="inbox-detail__section">{t('inbox.lines')}</div>
          <Table<DocumentLine>
            size="small"
            pagination={false}
            rowKey={(l) => String(l.lineNo)}
            dataSource={d.lines}
            scroll={{ x: 520 }}
            columns={[
              { title: t('inbox.account'), key: 'coa', render: (_: unknown, l) => (l.coaCode ? `${l.coaCode} - ${l.coaName}` : '—') },
              { title: t('inbox.debit'), dataIndex: 'debit', align: 'right', render: amount },
              { title: t('inbox.credit'), dataIndex: 'credit', align: 'right', render: amount },
              { title: t('inbox.memo'), dataIndex: 'memo', render: (m: string | null) => m ?? '' },
            ]}
          />
          <div className="inbox-detail__section">{t('documents.history')}</div>
          <DocumentHistory documentId={d.documentId} />
        </>
      )}
    </Drawer>
  );
}
