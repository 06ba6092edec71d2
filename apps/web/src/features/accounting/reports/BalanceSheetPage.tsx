import { Alert } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type BalanceSheet, type BalanceSheetLine } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { ExportButtons, ReportFilterBar } from './ReportFilterBar.tsx';
import { ReportLinesTable } from './ReportLinesTable.tsx';
import { ReportPage } from './ReportPage.tsx';
import { ledgerLink } from './report-query.ts';
import { useFormat } from '../../../app/use-format.ts';
import { useReportFilters } from './use-report-filters.ts';
import { queryKeyOf } from '../../../api/query-keys.ts';

/** Accounting › Balance sheet (issue 11): assets, liabilities and equity as of a date, the year's profit in equity. */
export default function BalanceSheetPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const [filters, change] = useReportFilters();
  const query = { date: filters.date, ouId: filters.ouId };
  const report = useQuery({
    queryKey: queryKeyOf(endpoints.getBalanceSheet, query),
    queryFn: ({ signal }) => call(endpoints.getBalanceSheet, { query, signal }),
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  // Drill-down: the account's ledger from the start of the year to the date (its opening carries the years before).
  const yearToDate = { from: `${filters.date.slice(0, 4)}-01-01`, to: filters.date, period: null };
  const label = (l: BalanceSheetLine) => (l.kind === 'earnings' ? t('reports.earnings') : l.kind === 'profit' ? t('reports.profit') : l.name);
  const section = (title: string, totalLabel: string, s: BalanceSheet['assets'], extra?: { key: string; label: string; amount: string }) => (
    <>
      <div className="report-section-title">{title}</div>
      <ReportLinesTable<BalanceSheetLine>
        lines={s.lines}
        label={label}
        amounts={[{ key: 'amount', title: t('reports.amount'), value: (l) => l.amount }]}
        drillTo={(coaId) => ledgerLink(coaId, yearToDate, filters.ouId)}
        lineLink={(l) =>
          l.kind === 'profit'
            ? `/accounting/profit-loss?${new URLSearchParams({ from: yearToDate.from, to: yearToDate.to, ...(filters.ouId ? { ouId: filters.ouId } : {}) }).toString()}`
            : undefined
        }
        summary={[{ key: 'total', label: totalLabel, amounts: [s.total] }, ...(extra ? [{ key: extra.key, label: extra.label, amounts: [extra.amount] }] : [])]}
      />
    </>
  );
  const empty =
    !data || (data.assets.lines.length === 0 && data.liabilities.lines.length === 0 && data.equity.lines.every((l) => l.kind !== 'group' && l.amount === '0'));
  return (
    <ReportPage
      title={t('page.balanceSheet')}
      subtitle={t('reports.description.balanceSheet')}
      actions={<ExportButtons report="balance-sheet" query={query} disabled={!data} />}
      filters={<ReportFilterBar filters={filters} onChange={change} asOfDate />}
      loading={report.isFetching}
      empty={empty}
    >
      {data && (
        <>
          {data.difference === '0' ? (
            <Alert type="success" showIcon message={t('reports.balanced')} />
          ) : (
            <Alert type="warning" showIcon message={t('reports.unbalanced', { amount: f.money(data.difference) })} />
          )}
          {section(t('reports.assets'), t('reports.totalAssets'), data.assets)}
          {section(t('reports.liabilities'), t('reports.totalLiabilities'), data.liabilities)}
          {section(t('reports.equity'), t('reports.totalEquity'), data.equity, {
            key: 'le',
            label: t('reports.liabilitiesAndEquity'),
            amount: data.liabilitiesAndEquity,
          })}
        </>
      )}
    </ReportPage>
  );
}
