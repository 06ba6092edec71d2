import { useSearchParams } from 'react-router';
import { filtersFrom, paramsOf, type ReportFilters } from './report-query.ts';

/** The report's filters, read from and written to the page address (replacing the entry: filters are not steps back). */
export function useReportFilters(): [ReportFilters, (change: Partial<ReportFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const change = (c: Partial<ReportFilters>) => setParams(paramsOf({ ...filters, ...c }), { replace: true });
  return [filters, change];
}
