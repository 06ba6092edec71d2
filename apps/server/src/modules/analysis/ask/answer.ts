import { describePlan, type AskAnswer, type QueryPlan } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import type { DatasetRecord } from '../datasets/service.ts';
import { previousRange } from './parse/dates.ts';
import { runPlan, validatePlan } from './query.ts';
import { chooseChart, shapeResult, writeInsight } from './result.ts';

export type PlanAnswer = Pick<AskAnswer, 'description' | 'columns' | 'rows' | 'chart' | 'insight' | 'language'>;

/**
 * A plan answered on the dataset's current rows: validated (ai_generated_query_invalid otherwise, and nothing runs),
 * run, with the period before when it compares, and shaped into words, table, chart and insight. Questions and saved
 * graphs both answer through here.
 */
export async function answerPlan(tx: Tx, plan: QueryPlan, d: DatasetRecord, language: 'id' | 'en'): Promise<PlanAnswer> {
  const cols = validatePlan(plan, d);
  const rows = await runPlan(tx, plan, d, cols);
  const before =
    plan.comparison?.kind === 'previousPeriod' && plan.timeRange
      ? await runPlan(tx, plan, d, cols, { column: plan.timeRange.column, ...previousRange(plan.timeRange) })
      : undefined;
  const shaped = shapeResult(plan, cols, rows, language, before);
  const description = describePlan(plan, d.columns, language);
  return {
    description,
    columns: shaped.columns,
    rows: shaped.rows,
    chart: chooseChart(plan, shaped, description),
    insight: writeInsight(plan, shaped, language),
    language,
  };
}
