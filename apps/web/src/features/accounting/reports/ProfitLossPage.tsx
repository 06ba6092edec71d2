import { Checkbox } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type ProfitLoss, type ProfitLossLine } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { ExportButtons, ReportFilterBar } from './ReportFilterBar.tsx';
import { ReportLinesTable, type AmountColumn } from './ReportLinesTable.tsx';
import { ReportPage } from './ReportPage.tsx';
import { ledgerLink, rangeQuery } from './report-query.ts';
import { useReportFilters } from './use-report-filters.ts';
import { queryKeyOf } from '../../../api/query-keys.ts';

/** Accounting › Profit and loss (issue 11): revenue and cost for the dates, the net profit, optionally against the period before. */
export default function ProfitLossPage() {
  const { t } = useTranslation();
  const [filters, change] = useReportFilters();
  const query = { ...rangeQuery(filters), compare: filters.compare ? ('Y' as const) : ('N' as const) };
  const report = useQuery({
    queryKey: queryKeyOf(endpoints.getProfitLoss, query),
    queryFn: ({ signal }) => call(endpoints.getProfitLoss, { query, signal }),
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  const compared = !!data?.previousRange;
  const amounts: AmountColumn<ProfitLossLine>[] = [
    { key: 'amount', title: t('reports.amount'), value: (l) => l.amount },
    ...(compared ? [{ key: 'previous', title: t('reports.previous'), value: (l: ProfitLossLine) => l.previous }] : []),
  ];
  const pair = (a: string, b: string | null) => (compared ? [a, b] : [a]);
  const section = (title: string, totalLabel: string, s: ProfitLoss['revenue'], data: ProfitLoss, last?: boolean) => (
    <>
      <div className="report-section-title">{title}</div>
      <ReportLinesTable<ProfitLossLine>
        lines={s.lines}
        amounts={amounts}
        drillTo={(coaId) => ledgerLink(coaId, data.range, filters.ouId)}
        summary={[
          { key: 'total', label: totalLabel, amounts: pair(s.total, s.previousTotal) },
          ...(last ? [{ key: 'net', label: t('reports.netProfit'), amounts: pair(data.netProfit, data.previousNetProfit) }] : []),
        ]}
      />
    </>
  );
  return (
    <ReportPage
      title={t('page.profitLoss')}
      subtitle={t('reports.description.profitLoss')}
      actions={<ExportButtons report="profit-loss" query={query} disabled={!data} />}
      filters={
        <ReportFilterBar filters={filters} onChange={change}>
          <Checkbox checked={filters.compare} onChange={(e) => change({ compare: e.target.checked })}>
            {t('reports.compare')}
          </Checkbox>
        </ReportFilterBar>
      }
      loading={report.isFetching}
      empty={!data || (data.revenue.lines.length === 0 && data.cost.lines.length === 0)}
    >
      {data && (
        <>
          {section(t('reports.revenue'), t('reports.totalRevenue'), data.revenue, data)}
          {section(t('reports.cost'), t('reports.totalCost'), data.cost, data, true)}
        </>
      )}
    </ReportPage>
  );
}
