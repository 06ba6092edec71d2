import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type TrialBalanceLine } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { ExportButtons, ReportFilterBar } from './ReportFilterBar.tsx';
import { ReportLinesTable } from './ReportLinesTable.tsx';
import { ReportPage } from './ReportPage.tsx';
import { ledgerLink, rangeQuery } from './report-query.ts';
import { useReportFilters } from './use-report-filters.ts';
import { queryKeyOf } from '../../../api/query-keys.ts';

/** Accounting › Trial balance (issue 11): every account's opening, debit, credit and closing, with subtotals. */
export default function TrialBalancePage() {
  const { t } = useTranslation();
  const [filters, change] = useReportFilters();
  const query = rangeQuery(filters);
  const report = useQuery({
    queryKey: queryKeyOf(endpoints.getTrialBalance, query),
    queryFn: ({ signal }) => call(endpoints.getTrialBalance, { query, signal }),
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  return (
    <ReportPage
      title={t('page.trialBalance')}
      subtitle={t('reports.description.trialBalance')}
      actions={<ExportButtons report="trial-balance" query={query} disabled={!data?.lines.length} />}
      filters={<ReportFilterBar filters={filters} onChange={change} />}
      loading={report.isFetching}
      empty={!data?.lines.length}
    >
      {data && (
        <ReportLinesTable<TrialBalanceLine>
          lines={data.lines}
          drillTo={(coaId) => ledgerLink(coaId, data.range, filters.ouId)}
          amounts={[
            { key: 'opening', title: t('reports.opening'), value: (l) => l.opening },
            { key: 'debit', title: t('reports.debit'), value: (l) => l.debit },
            { key: 'credit', title: t('reports.credit'), value: (l) => l.credit },
            { key: 'closing', title: t('reports.closing'), value: (l) => l.closing },
          ]}
          summary={[{ key: 'total', label: t('reports.total'), amounts: [data.totals.opening, data.totals.debit, data.totals.credit, data.totals.closing] }]}
        />
      )}
    </ReportPage>
  );
}
