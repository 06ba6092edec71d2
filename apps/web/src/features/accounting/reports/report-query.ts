import dayjs from 'dayjs';
import type { ReportRangeQuery } from '@nusa/contracts';

/** A report's filters as they stand in the page address, so a drill-down link or a reload keeps them. */
export interface ReportFilters {
  mode: 'period' | 'range';
  /** YYYYMM */
  period: string;
  from: string;
  to: string;
  /** Balance sheet: as of this date. */
  date: string;
  ouId?: string;
  coaId?: string;
  compare: boolean;
}

export function filtersFrom(params: URLSearchParams): ReportFilters {
  const today = dayjs();
  const period = /^\d{6}$/.test(params.get('period') ?? '') ? params.get('period')! : today.format('YYYYMM');
  const isDate = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
  const from = isDate(params.get('from'));
  const to = isDate(params.get('to'));
  return {
    mode: from && to && !params.get('period') ? 'range' : 'period',
    period,
    from: from ?? today.startOf('month').format('YYYY-MM-DD'),
    to: to ?? today.format('YYYY-MM-DD'),
    date: isDate(params.get('date')) ?? today.format('YYYY-MM-DD'),
    ouId: params.get('ouId') || undefined,
    coaId: params.get('coaId') || undefined,
    compare: params.get('compare') === 'Y',
  };
}

/** The address form of filters (only what the report reads). */
export function paramsOf(f: Partial<ReportFilters>): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.mode === 'range') {
    if (f.from) out.from = f.from;
    if (f.to) out.to = f.to;
  } else if (f.period) out.period = f.period;
  if (f.date) out.date = f.date;
  if (f.ouId) out.ouId = f.ouId;
  if (f.coaId) out.coaId = f.coaId;
  if (f.compare) out.compare = 'Y';
  return out;
}

export const rangeQuery = (f: ReportFilters): ReportRangeQuery =>
  f.mode === 'range' ? { from: f.from, to: f.to, ouId: f.ouId } : { period: f.period, ouId: f.ouId };

/** The general ledger of an account over the given dates: a drill-down target. */
export function ledgerLink(coaId: string, range: { from: string; to: string; period: number | null }, ouId?: string): string {
  const p: Record<string, string> = range.period ? { period: String(range.period) } : { from: range.from, to: range.to };
  return `/accounting/general-ledger?${new URLSearchParams({ ...p, coaId, ...(ouId ? { ouId } : {}) }).toString()}`;
}
