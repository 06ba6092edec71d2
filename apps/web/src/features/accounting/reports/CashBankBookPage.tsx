import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { endpoints, type CashBankBookLine } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { ExportButtons, ReportFilterBar } from './ReportFilterBar.tsx';
import { ReportPage } from './ReportPage.tsx';
import { ledgerLink, rangeQuery } from './report-query.ts';
import { useFormat } from '../../../app/use-format.ts';
import { useReportFilters } from './use-report-filters.ts';
import { queryKeyOf } from '../../../api/query-keys.ts';

/** Accounting › Cash and bank book (issue 11): per cash bank opening, in, out, closing; a row opens its movements. */
export default function CashBankBookPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const [filters, change] = useReportFilters();
  const query = rangeQuery(filters);
  const report = useQuery({
    queryKey: queryKeyOf(endpoints.getCashBankBook, query),
    queryFn: ({ signal }) => call(endpoints.getCashBankBook, { query, signal }),
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  const link = (c: CashBankBookLine, text: string) => (data ? <Link to={ledgerLink(c.coaId, data.range, filters.ouId)}>{text}</Link> : text);
  const amount = (key: 'opening' | 'debit' | 'credit' | 'closing', title: string) => ({
    key,
    title,
    dataIndex: key,
    align: 'right' as const,
    render: (v: string, c: CashBankBookLine) => (v === '0' ? <span className="muted-text">{f.money(v)}</span> : link(c, f.money(v))),
  });
  const columns: ColumnsType<CashBankBookLine> = [
    { key: 'code', title: t('reports.code'), dataIndex: 'cashBankCode', width: 100, className: 'code-text' },
    {
      key: 'name',
      title: t('reports.cashBank'),
      render: (_: unknown, c) => (
        <span>
          {link(c, c.cashBankName)} <Tag>{t(`cashBankPage.type${c.type}`)}</Tag>
        </span>
      ),
    },
    { key: 'coa', title: t('reports.coa'), dataIndex: 'coaCode', width: 90, className: 'code-text' },
    amount('opening', t('reports.opening')),
    amount('debit', t('reports.moneyIn')),
    amount('credit', t('reports.moneyOut')),
    amount('closing', t('reports.closing')),
  ];
  return (
    <ReportPage
      title={t('page.cashBankBook')}
      subtitle={t('reports.description.cashBankBook')}
      actions={<ExportButtons report="cash-bank-book" query={query} disabled={!data?.cashBanks.length} />}
      filters={<ReportFilterBar filters={filters} onChange={change} />}
      loading={report.isFetching}
      empty={!data?.cashBanks.length}
    >
      {data && (
        <Table<CashBankBookLine>
          size="small"
          className="report-table"
          columns={columns}
          dataSource={data.cashBanks}
          rowKey="cashBankId"
          pagination={false}
          scroll={{ x: 'max-content' }}
          summary={() => (
            <Table.Summary.Row className="report-summary">
              <Table.Summary.Cell index={0} />
              <Table.Summary.Cell index={1}>{t('reports.total')}</Table.Summary.Cell>
              <Table.Summary.Cell index={2} />
              {[data.totals.opening, data.totals.debit, data.totals.credit, data.totals.closing].map((v, i) => (
                <Table.Summary.Cell key={i} index={i + 3} align="right">
                  {f.money(v)}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          )}
        />
      )}
    </ReportPage>
  );
}
