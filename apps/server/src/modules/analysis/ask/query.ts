import { sql, type SQL } from 'drizzle-orm';
import { NUMERIC_COLUMN_TYPES, PLAN_MAX_LIMIT, type PlanFilter, type QueryPlan, type TimeGrain } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { containsPattern } from '../../../platform/records/query.ts';
import { datasetRowsTable, slotSql, type DatasetRecord, type StoredColumn } from '../datasets/service.ts';

/**
 * The plan's guard and its query. Whoever proposed the plan (the local parser or a remote model), it runs only if
 * every column is the dataset's and every operation fits the column's type; otherwise `ai_generated_query_invalid`
 * and nothing runs. The SQL is built from the dataset's column map (slot names) and bound parameters only: no text
 * of the plan ever becomes SQL.
 */

const invalid = () => new AppError('ai_generated_query_invalid');
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (s: unknown) =>
  typeof s === 'string' && DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const isNumber = (c: StoredColumn) => NUMERIC_COLUMN_TYPES.includes(c.type);
const finite = (v: unknown) => (typeof v === 'number' ? Number.isFinite(v) : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)));

const VALUE_COUNT: Record<PlanFilter['op'], (n: number) => boolean> = {
  eq: (n) => n === 1,
  neq: (n) => n === 1,
  gt: (n) => n === 1,
  gte: (n) => n === 1,
  lt: (n) => n === 1,
  lte: (n) => n === 1,
  contains: (n) => n === 1,
  between: (n) => n === 2,
  in: (n) => n >= 1,
};

/** Checks the plan against the dataset; answers the columns it names by key. */
export function validatePlan(plan: QueryPlan, d: DatasetRecord): Map<string, StoredColumn> {
  const byKey = new Map(d.columns.map((c) => [c.key, c]));
  const col = (key: string) => {
    const c = byKey.get(key);
    if (!c) throw invalid();
    return c;
  };
  if (plan.datasetId !== d.id) throw invalid();
  for (const m of plan.measures) {
    if (m.column === null) {
      if (m.aggregation !== 'count') throw invalid();
      continue;
    }
    const c = col(m.column);
    if ((m.aggregation === 'sum' || m.aggregation === 'avg') && !isNumber(c)) throw invalid();
    if ((m.aggregation === 'min' || m.aggregation === 'max') && !isNumber(c) && c.type !== 'date') throw invalid();
  }
  for (const dim of plan.dimensions) {
    const c = col(dim.column);
    if (dim.timeGrain && c.type !== 'date') throw invalid();
  }
  if (new Set(plan.dimensions.map((x) => `${x.column}:${x.timeGrain ?? ''}`)).size !== plan.dimensions.length) throw invalid();
  for (const f of plan.filters) {
    const c = col(f.column);
    if (!VALUE_COUNT[f.op](f.values.length)) throw invalid();
    if (f.op === 'contains' && c.type !== 'text') throw invalid();
    if (['gt', 'gte', 'lt', 'lte', 'between'].includes(f.op) && c.type === 'text') throw invalid();
    if (isNumber(c) && !f.values.every(finite)) throw invalid();
    if (c.type === 'date' && !f.values.every(validDate)) throw invalid();
  }
  if (plan.timeRange) {
    if (
      col(plan.timeRange.column).type !== 'date' ||
      !validDate(plan.timeRange.from) ||
      !validDate(plan.timeRange.to) ||
      plan.timeRange.from > plan.timeRange.to
    )
      throw invalid();
  }
  if (plan.sort) {
    const size = plan.sort.by === 'measure' ? plan.measures.length : plan.dimensions.length;
    if (plan.sort.index >= size) throw invalid();
  }
  if (plan.comparison?.kind === 'values' && col(plan.comparison.column).type !== 'text') throw invalid();
  if (plan.comparison?.kind === 'previousPeriod' && !plan.timeRange) throw invalid();
  if (plan.share && (!plan.dimensions.length || plan.measures[0].aggregation === 'avg')) throw invalid();
  return byKey;
}

const GRAIN_SQL: Record<TimeGrain, string> = { day: 'day', week: 'week', month: 'month', quarter: 'quarter', year: 'year' };

const dimensionSql = (c: StoredColumn, grain?: TimeGrain): SQL =>
  grain && grain !== 'day' ? sql`date_trunc(${GRAIN_SQL[grain]}, ${slotSql(c)})::date` : slotSql(c);

function measureSql(m: QueryPlan['measures'][number], cols: Map<string, StoredColumn>): SQL {
  if (m.column === null) return sql`count(*)`;
  const s = slotSql(cols.get(m.column)!);
  switch (m.aggregation) {
    case 'sum':
      return sql`coalesce(sum(${s}), 0)`;
    case 'avg':
      return sql`avg(${s})`;
    case 'count':
      return sql`count(${s})`;
    case 'countDistinct':
      return sql`count(DISTINCT ${s})`;
    case 'min':
      return sql`min(${s})`;
    case 'max':
      return sql`max(${s})`;
  }
}

const cast = (c: StoredColumn, v: string | number): SQL =>
  isNumber(c) ? sql`${String(v)}::numeric` : c.type === 'date' ? sql`${String(v)}::date` : sql`${String(v)}`;

function filterSql(f: PlanFilter, c: StoredColumn): SQL {
  const s = slotSql(c);
  // Text compares without case: "surabaya" finds "Surabaya".
  const text = c.type === 'text';
  const lhs = text ? sql`lower(${s})` : s;
  const v = (x: string | number) => (text ? sql`lower(${String(x)})` : cast(c, x));
  switch (f.op) {
    case 'eq':
      return sql`${lhs} = ${v(f.values[0])}`;
    case 'neq':
      return sql`${lhs} IS DISTINCT FROM ${v(f.values[0])}`;
    case 'in':
      return sql`${lhs} IN (${sql.join(f.values.map(v), sql`, `)})`;
    case 'gt':
      return sql`${lhs} > ${v(f.values[0])}`;
    case 'gte':
      return sql`${lhs} >= ${v(f.values[0])}`;
    case 'lt':
      return sql`${lhs} < ${v(f.values[0])}`;
    case 'lte':
      return sql`${lhs} <= ${v(f.values[0])}`;
    case 'between':
      return sql`${lhs} BETWEEN ${v(f.values[0])} AND ${v(f.values[1])}`;
    case 'contains':
      return sql`${lhs} LIKE ${containsPattern(String(f.values[0]).toLowerCase())}`;
  }
}

/** One result row: dimension values d0.., measure values m0.., and `share` when asked. */
export type ResultRow = Record<string, string | number | null>;

/**
 * Runs the plan over the dataset (under the tenant's RLS, and always within the one dataset) and answers its rows,
 * raw from PostgreSQL (numeric as text, dates as YYYY-MM-DD).
 */
export async function runPlan(
  tx: Tx,
  plan: QueryPlan,
  d: DatasetRecord,
  cols: Map<string, StoredColumn>,
  range = plan.timeRange,
): Promise<Record<string, unknown>[]> {
  const dims = plan.dimensions.map((dim, i) => sql`${dimensionSql(cols.get(dim.column)!, dim.timeGrain)} AS ${sql.raw(`d${i}`)}`);
  const measures = plan.measures.map((m, i) => sql`${measureSql(m, cols)} AS ${sql.raw(`m${i}`)}`);
  const select = [...dims, ...measures];
  if (plan.share)
    select.push(sql`round(${measureSql(plan.measures[0], cols)} * 100.0 / nullif(sum(${measureSql(plan.measures[0], cols)}) OVER (), 0), 2) AS share`);
  // The tenant as a constant beside the row-level-security policy's current_setting(): the planner then checks the
  // policy once (constant = setting) instead of calling current_setting() on every row of a scan (0.5 -> 0.6 of
  // the bare SQL on a million rows, bench/analysis-ask.ts). The policy still decides what is seen.
  const where: SQL[] = [sql`tenant_id = ${d.tenantId}::uuid`, sql`dataset_id = ${d.id}::uuid`];
  if (range) {
    const s = slotSql(cols.get(range.column)!);
    where.push(sql`${s} BETWEEN ${range.from}::date AND ${range.to}::date`);
  }
  for (const f of plan.filters) where.push(filterSql(f, cols.get(f.column)!));
  const groupBy = plan.dimensions.length
    ? sql` GROUP BY ${sql.join(
        plan.dimensions.map((_, i) => sql.raw(String(i + 1))),
        sql`, `,
      )}`
    : sql``;
  const order: SQL[] = [];
  if (plan.sort) {
    const dir = sql.raw(plan.sort.direction === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS LAST');
    order.push(sql`${sql.raw(plan.sort.by === 'measure' ? `m${plan.sort.index}` : `d${plan.sort.index}`)} ${dir}`);
  }
  plan.dimensions.forEach((_, i) => order.push(sql.raw(`d${i}`)));
  const orderBy = order.length ? sql` ORDER BY ${sql.join(order, sql`, `)}` : sql``;
  const limit = Math.min(plan.limit ?? PLAN_MAX_LIMIT, PLAN_MAX_LIMIT);
  const result = await tx.execute<Record<string, unknown>>(
    sql`SELECT ${sql.join(select, sql`, `)} FROM ${datasetRowsTable} WHERE ${sql.join(where, sql` AND `)}${groupBy}${orderBy} LIMIT ${limit}`,
  );
  return result.rows;
}
