import { z } from 'zod';

/**
 * The typed query plan of the AI sales analysis (issue 13): what a question asks of one dataset, never SQL. The
 * local parser and a remote model both answer one of these; the server validates it against the dataset's columns
 * and builds the query from it with bound parameters only. Column references are the dataset's column keys.
 */

export const AGGREGATIONS = ['sum', 'avg', 'count', 'min', 'max', 'countDistinct'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];
export const TIME_GRAINS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type TimeGrain = (typeof TIME_GRAINS)[number];
export const FILTER_OPS = ['eq', 'neq', 'in', 'gt', 'gte', 'lt', 'lte', 'between', 'contains'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
/** A plan answers at most this many rows (a larger limit is refused, not cut). */
export const PLAN_MAX_LIMIT = 1000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const columnKey = z.string().min(1).max(63);

export const planMeasure = z.object({
  /** A column key; `null` with `count` counts rows. */
  column: columnKey.nullable(),
  aggregation: z.enum(AGGREGATIONS),
  /** The words shown for it ("Total Penjualan"); blank: made from the column's label. */
  label: z.string().max(120).default(''),
});
export type PlanMeasure = z.infer<typeof planMeasure>;

export const planDimension = z.object({
  column: columnKey,
  /** Only for a date column: the period each row is grouped into. */
  timeGrain: z.enum(TIME_GRAINS).optional(),
});
export type PlanDimension = z.infer<typeof planDimension>;

export const planFilter = z.object({
  column: columnKey,
  op: z.enum(FILTER_OPS),
  /** eq/neq/gt/gte/lt/lte/contains: one value; in: one or more; between: two (from, to). Dates as YYYY-MM-DD. */
  values: z
    .array(z.union([z.string().max(200), z.number()]))
    .min(1)
    .max(100),
});
export type PlanFilter = z.infer<typeof planFilter>;

export const planTimeRange = z.object({
  column: columnKey,
  /** Inclusive, resolved dates (YYYY-MM-DD): "bulan lalu" is already turned into its first and last day. */
  from: z.string().regex(DATE),
  to: z.string().regex(DATE),
});
export type PlanTimeRange = z.infer<typeof planTimeRange>;

export const planSort = z.object({
  /** 'measure' sorts by the measure at `index`; 'dimension' by the dimension at `index`. */
  by: z.enum(['measure', 'dimension']),
  index: z.number().int().min(0).max(20),
  direction: z.enum(['asc', 'desc']),
});
export type PlanSort = z.infer<typeof planSort>;

export const planComparison = z.discriminatedUnion('kind', [
  /** The same plan over the period of equal length just before the time range. */
  z.object({ kind: z.literal('previousPeriod') }),
  /** Two or more values of one text column side by side ("Surabaya vs Jakarta"). */
  z.object({ kind: z.literal('values'), column: columnKey, values: z.array(z.string().max(200)).min(2).max(10) }),
]);
export type PlanComparison = z.infer<typeof planComparison>;

export const queryPlan = z.object({
  datasetId: z.uuid(),
  measures: z.array(planMeasure).min(1).max(10),
  dimensions: z.array(planDimension).max(3).default([]),
  filters: z.array(planFilter).max(20).default([]),
  timeRange: planTimeRange.nullable().default(null),
  sort: planSort.nullable().default(null),
  limit: z.number().int().min(1).max(PLAN_MAX_LIMIT).nullable().default(null),
  comparison: planComparison.nullable().default(null),
  /** Each row's first measure as a percent of the total over all rows. */
  share: z.boolean().default(false),
});
export type QueryPlan = z.infer<typeof queryPlan>;
export type QueryPlanInput = z.input<typeof queryPlan>;

/** What describePlan needs to know of a column. */
export interface PlanColumnLabel {
  key: string;
  label: string;
}

type Lang = 'id' | 'en';

const AGG_WORDS: Record<Aggregation, Record<Lang, string>> = {
  sum: { id: 'Total', en: 'Total' },
  avg: { id: 'Rata-rata', en: 'Average' },
  count: { id: 'Jumlah', en: 'Count of' },
  min: { id: 'Terendah', en: 'Lowest' },
  max: { id: 'Tertinggi', en: 'Highest' },
  countDistinct: { id: 'Jumlah unik', en: 'Distinct count of' },
};
const GRAIN_WORDS: Record<TimeGrain, Record<Lang, string>> = {
  day: { id: 'hari', en: 'day' },
  week: { id: 'minggu', en: 'week' },
  month: { id: 'bulan', en: 'month' },
  quarter: { id: 'kuartal', en: 'quarter' },
  year: { id: 'tahun', en: 'year' },
};
const MONTHS: Record<Lang, string[]> = {
  id: ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};
const OP_WORDS: Record<FilterOp, Record<Lang, string>> = {
  eq: { id: '=', en: '=' },
  neq: { id: '≠', en: '≠' },
  in: { id: '∈', en: 'in' },
  gt: { id: '>', en: '>' },
  gte: { id: '≥', en: '≥' },
  lt: { id: '<', en: '<' },
  lte: { id: '≤', en: '≤' },
  between: { id: 'antara', en: 'between' },
  contains: { id: 'memuat', en: 'contains' },
};

const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** A date range in words: a whole month, quarter or year by its name, else "1 Mar 2026 – 15 Mar 2026". */
export function describeRange(from: string, to: string, lang: Lang): string {
  const [fy, fm, fd] = from.split('-').map(Number);
  const [ty, tm, td] = to.split('-').map(Number);
  if (fd === 1 && td === lastDay(ty, tm)) {
    if (fy === ty && fm === 1 && tm === 12) return String(fy);
    if (fy === ty && fm === tm) return `${MONTHS[lang][fm - 1]} ${fy}`;
    if (fy === ty && (fm - 1) % 3 === 0 && tm === fm + 2) return `${lang === 'id' ? 'Kuartal' : 'Q'}${lang === 'id' ? ' ' : ''}${(fm + 2) / 3} ${fy}`;
    if (fy === ty && (fm === 1 || fm === 7) && tm === fm + 5)
      return lang === 'id' ? `Semester ${fm === 1 ? 1 : 2} ${fy}` : `${fm === 1 ? 'First' : 'Second'} half ${fy}`;
    return `${MONTHS[lang][fm - 1]} ${fy} – ${MONTHS[lang][tm - 1]} ${ty}`;
  }
  const day = (y: number, m: number, d: number) => `${d} ${MONTHS[lang][m - 1].slice(0, 3)} ${y}`;
  return from === to ? day(fy, fm, fd) : `${day(fy, fm, fd)} – ${day(ty, tm, td)}`;
}

/** A measure's words: its own label, else the aggregation and the column's label ("Total Penjualan"). */
export function measureLabel(m: PlanMeasure, columns: readonly PlanColumnLabel[], lang: Lang): string {
  if (m.label) return m.label;
  if (m.column === null) return lang === 'id' ? 'Jumlah baris' : 'Row count';
  const col = columns.find((c) => c.key === m.column)?.label ?? m.column;
  return `${AGG_WORDS[m.aggregation][lang]} ${col}`;
}

/**
 * The plan in words, as the user sees it above the answer: "Total Penjualan per Cabang, Maret 2026" /
 * "Total Sales by Branch, March 2026", with filters, top N and comparison after it.
 */
export function describePlan(plan: QueryPlan, columns: readonly PlanColumnLabel[], lang: Lang): string {
  const label = (key: string) => columns.find((c) => c.key === key)?.label ?? key;
  const parts: string[] = [plan.measures.map((m) => measureLabel(m, columns, lang)).join(lang === 'id' ? ' dan ' : ' and ')];
  if (plan.share) parts[0] = lang === 'id' ? `Porsi ${parts[0]}` : `Share of ${parts[0]}`;
  if (plan.dimensions.length) {
    parts[0] += ` ${lang === 'id' ? 'per' : 'by'} ${plan.dimensions
      .map((d) => (d.timeGrain ? GRAIN_WORDS[d.timeGrain][lang] : label(d.column)))
      .join(lang === 'id' ? ' dan ' : ' and ')}`;
  }
  if (plan.limit !== null && plan.sort) {
    const top =
      plan.sort.direction === 'desc'
        ? lang === 'id'
          ? `${plan.limit} teratas`
          : `top ${plan.limit}`
        : lang === 'id'
          ? `${plan.limit} terbawah`
          : `bottom ${plan.limit}`;
    parts[0] += ` (${top})`;
  }
  for (const f of plan.filters) {
    const values = f.op === 'between' ? `${f.values[0]} – ${f.values[1]}` : f.values.join(', ');
    parts.push(f.op === 'eq' || f.op === 'in' ? `${label(f.column)} ${values}` : `${label(f.column)} ${OP_WORDS[f.op][lang]} ${values}`);
  }
  if (plan.comparison?.kind === 'values') parts.push(`${label(plan.comparison.column)} ${plan.comparison.values.join(' vs ')}`);
  if (plan.timeRange) parts.push(describeRange(plan.timeRange.from, plan.timeRange.to, lang));
  if (plan.comparison?.kind === 'previousPeriod') parts.push(lang === 'id' ? 'dibanding periode sebelumnya' : 'vs the previous period');
  return parts.join(', ');
}
