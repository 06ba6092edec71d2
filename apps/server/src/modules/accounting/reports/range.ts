import type { ReportRange } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { getOrgUnit } from '../../configuration/org-units/service.ts';
import { monthEnd } from './balances.ts';

/** A report's dates: a period YYYYMM is its whole month; else both dates, the first on or before the last. */
export function resolveRange(q: { period?: string; from?: string; to?: string }): ReportRange {
  if (q.period) {
    const first = `${q.period.slice(0, 4)}-${q.period.slice(4, 6)}-01`;
    return { from: first, to: monthEnd(first), period: Number(q.period) };
  }
  if (!q.from || !q.to) throw new AppError('report_period_or_range_required');
  if (q.from > q.to) throw new AppError('report_range_invalid', [q.from, q.to]);
  return { from: q.from, to: q.to, period: null };
}

/** The range of the same length just before (a period: the month before). */
export function previousRange(r: ReportRange): ReportRange {
  const day = 86_400_000;
  const start = Date.parse(`${r.from}T00:00:00Z`);
  if (r.period) {
    const p = r.period % 100 === 1 ? r.period - 89 : r.period - 1;
    return resolveRange({ period: String(p).padStart(6, '0') });
  }
  const length = Date.parse(`${r.to}T00:00:00Z`) - start;
  const to = new Date(start - day).toISOString().slice(0, 10);
  return { from: new Date(start - day - length).toISOString().slice(0, 10), to, period: null };
}

export async function reportOu(tx: Tx, ouId: string | undefined) {
  if (!ouId) return null;
  const ou = await getOrgUnit(tx, ouId);
  return { ouId: ou.ouId, ouCode: ou.ouCode, ouName: ou.ouName };
}
