import { useState } from 'react';
import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { documentPathOf, endpoints, type LedgerMovement } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { CoaPicker } from '../pickers/CoaPicker.tsx';
import { ExportButtons, ReportFilterBar } from './ReportFilterBar.tsx';
import { ReportPage } from './ReportPage.tsx';
import { rangeQuery } from './report-query.ts';
import { useFormat } from '../../../app/use-format.ts';
import { useReportFilters } from './use-report-filters.ts';
import { queryKeyOf } from '../../../api/query-keys.ts';

const dmy = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** Accounting › General ledger (issue 11): one account's opening, movements with running balance (paged), closing. */
export default function GeneralLedgerPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const [filters, change] = useReportFilters();
  const [paging, setPaging] = useState({ page: 1, limit: 25 as 25 | 50 | 100 });
  const coaId = filters.coaId;
  const query = { ...rangeQuery(filters), coaId: coaId ?? '' };
  const report = useQuery({
    queryKey: queryKeyOf(endpoints.getGeneralLedger, query, paging),
    queryFn: ({ signal }) => call(endpoints.getGeneralLedger, { query: { ...query, ...paging }, signal }),
    enabled: !!coaId,
    placeholderData: keepPreviousData,
  });
  const data = coaId ? report.data : undefined;
  const onFilters = (c: Parameters<typeof change>[0]) => {
    setPaging((p) => ({ ...p, page: 1 }));
    change(c);
  };
  const columns: ColumnsType<LedgerMovement> = [
    { key: 'date', title: t('reports.date'), dataIndex: 'date', width: 110, render: dmy },
    {
      key: 'document',
      title: t('reports.document'),
      render: (_: unknown, m: LedgerMovement) => {
        const path = documentPathOf(m.documentType, m.documentId);
        const number = <span className="code-text">{m.documentNumber}</span>;
        return (
          <span>
            {path ? (
              <Link to={path} aria-label={t('reports.openDocument', { number: m.documentNumber })}>
                {number}
              </Link>
            ) : (
              number
            )}{' '}
            <Tag>{m.documentType}</Tag>
            {m.reversal === 'Y' && <Tag color="orange">{t('reports.reversal')}</Tag>}
          </span>
        );
      },
    },
    { key: 'memo', title: t('reports.memo'), dataIndex: 'memo', ellipsis: true },
    { key: 'partner', title: t('reports.partner'), dataIndex: 'partnerCode', width: 110 },
    { key: 'ou', title: t('reports.ou'), dataIndex: 'ouCode', width: 100 },
    { key: 'debit', title: t('reports.debit'), dataIndex: 'debit', align: 'right', width: 150, render: (v: string) => (v === '0' ? '' : f.money(v)) },
    { key: 'credit', title: t('reports.credit'), dataIndex: 'credit', align: 'right', width: 150, render: (v: string) => (v === '0' ? '' : f.money(v)) },
    { key: 'balance', title: t('reports.balance'), dataIndex: 'balance', align: 'right', width: 160, render: (v: string) => f.money(v) },
  ];
  return (
    <ReportPage
      title={data ? `${t('page.generalLedger')} · ${data.account.coaCode} ${data.account.coaName}` : t('page.generalLedger')}
      subtitle={t('reports.description.generalLedger')}
      actions={<ExportButtons report="general-ledger" query={query} disabled={!data} />}
      filters={
        <ReportFilterBar filters={filters} onChange={onFilters}>
          <div className="report-filters__ou">
            <CoaPicker
              value={coaId}
              onChange={(v) => onFilters({ coaId: v ?? undefined })}
              placeholder={t('reports.accountPlaceholder')}
              aria-label={t('reports.account')}
            />
          </div>
        </ReportFilterBar>
      }
      loading={!!coaId && report.isFetching}
      empty={!coaId}
      emptyText={t('reports.chooseAccount')}
    >
      {data && (
        <Table<LedgerMovement>
          size="small"
          className="report-table"
          columns={columns}
          dataSource={data.movements.items}
          rowKey="entryId"
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('reports.emptyMovements') }}
          pagination={{
            current: paging.page,
            pageSize: paging.limit,
            total: data.movements.total,
            showSizeChanger: true,
            pageSizeOptions: [25, 50, 100],
            onChange: (page, limit) => setPaging({ page, limit: limit as 25 | 50 | 100 }),
          }}
          summary={() => (
            <>
              <Table.Summary.Row className="report-summary">
                <Table.Summary.Cell index={0} colSpan={5}>
                  {t('reports.opening')}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} colSpan={3} align="right">
                  {f.money(data.opening)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
              <Table.Summary.Row className="report-summary">
                <Table.Summary.Cell index={0} colSpan={5}>
                  {t('reports.closing')}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="right">
                  {f.money(data.debit)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={6} align="right">
                  {f.money(data.credit)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={7} align="right">
                  {f.money(data.closing)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </>
          )}
        />
      )}
    </ReportPage>
  );
}
