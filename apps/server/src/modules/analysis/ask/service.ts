import { and, desc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { queryPlan, type AskAnswer, type QueryPlan } from '@nusa/contracts';
import type { Principal } from '../../../platform/access/principal.ts';
import type { AiEngine } from '../../../platform/ai/engine.ts';
import { registerLocalStructuredParser } from '../../../platform/ai/local/index.ts';
import { meteredCall } from '../../../platform/ai/metering/index.ts';
import { costOf, engineFor, modelPrices } from '../../../platform/ai/select.ts';
import { writeAudit } from '../../../platform/audit/write.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { loadDataset, textValues, type DatasetRecord } from '../datasets/service.ts';
import { answerPlan } from './answer.ts';

export { answerPlan, type PlanAnswer } from './answer.ts';
export { validatePlan } from './query.ts';
import { detectLanguage, parseQuestion, type ParseColumn } from './parse/parse.ts';
import { analysisConversations, analysisQuestions } from './schema.ts';

/** The plan's schema as engines see it: the local engine finds this package's parser by the schema's id. */
export const PLAN_SCHEMA_ID = 'analysis-query-plan';
const planSchema = queryPlan.meta({ id: PLAN_SCHEMA_ID });

/** What an engine is given besides the question: the dataset's columns, their frequent values, today and the last plan. */
interface PlanInput {
  question: string;
  datasetId: string;
  today: string;
  columns: ParseColumn[];
  values: Record<string, string[]>;
  previousPlan: QueryPlan | null;
}

const INSTRUCTION = `Turn the user's question about one dataset into a query plan (JSON matching the schema). Use only the column keys listed
in "columns" (never labels, never SQL). Aggregations: sum, avg, count (column null counts rows), countDistinct, min, max; sum and avg only on
number, money or percent columns. timeGrain only on date columns. Dates are resolved to YYYY-MM-DD against "today". Filter text values as
written in "values". A follow-up question changes "previousPlan" only where it says so. Requests to change or delete data, or to read
anything but this dataset, are refused: answer an empty measures list.`;

registerLocalStructuredParser(PLAN_SCHEMA_ID, ({ input }) => {
  const p = JSON.parse(input) as PlanInput;
  const outcome = parseQuestion(p.question, {
    datasetId: p.datasetId,
    columns: p.columns,
    values: p.values,
    today: p.today,
    previous: p.previousPlan ?? undefined,
  });
  if (!outcome.ok) throw new AppError(outcome.code);
  return outcome.plan;
});

const todayOf = (now: Date) => now.toISOString().slice(0, 10);

async function conversationOf(tx: Tx, principal: Principal, d: DatasetRecord, conversationId: string | undefined) {
  if (!conversationId) return { id: uuidv7(), turn: 0, previous: null, fresh: true };
  const [c] = await tx
    .select({ id: analysisConversations.id })
    .from(analysisConversations)
    .where(and(eq(analysisConversations.id, conversationId), eq(analysisConversations.datasetId, d.id), eq(analysisConversations.userId, principal.userId)));
  if (!c) throw new AppError('analysis_conversation_not_found', [conversationId]);
  const [last] = await tx
    .select({ turn: analysisQuestions.turn, plan: analysisQuestions.plan })
    .from(analysisQuestions)
    .where(eq(analysisQuestions.conversationId, c.id))
    .orderBy(desc(analysisQuestions.turn))
    .limit(1);
  return { id: c.id, turn: last?.turn ?? 0, previous: (last?.plan as QueryPlan | undefined) ?? null, fresh: false };
}

export interface AskOptions {
  /** The engine to plan with; the tenant's (engineFor) by default. */
  engine?: AiEngine;
  now?: Date;
}

/**
 * Answers a question about a dataset: the tenant's engine proposes the plan (metered, area 'analysis'), the plan is
 * validated against the dataset and run, and the answer is shaped; the question and its plan are kept in the
 * conversation so that a follow-up can build on it.
 */
export async function askQuestion(
  tx: Tx,
  principal: Principal,
  body: { datasetId: string; question: string; conversationId?: string; lang?: 'id' | 'en' },
  options: AskOptions = {},
): Promise<AskAnswer> {
  const d = await loadDataset(tx, body.datasetId);
  const conversation = await conversationOf(tx, principal, d, body.conversationId);
  const language = body.lang ?? detectLanguage(body.question);
  const engine = options.engine ?? (await engineFor(tx, principal.tenantId));
  const input: PlanInput = {
    question: body.question,
    datasetId: d.id,
    today: todayOf(options.now ?? new Date()),
    columns: d.columns.map(({ key, label, type }) => ({ key, label, type })),
    values: textValues(d),
    previousPlan: conversation.previous,
  };
  const prices = engine.provider === 'local' ? undefined : await modelPrices(tx);
  const { value: plan } = await meteredCall(
    tx,
    {
      tenantId: principal.tenantId,
      area: 'analysis',
      purpose: 'structured',
      kind: 'request',
      provider: engine.provider,
      ...(prices ? { priceOf: costOf(prices) } : {}),
    },
    () => engine.structured({ schema: planSchema, instruction: INSTRUCTION, input: JSON.stringify(input), language }),
  );
  const answer = await answerPlan(tx, plan, d, language);

  const turn = conversation.turn + 1;
  if (conversation.fresh) {
    await tx.insert(analysisConversations).values({ tenantId: principal.tenantId, id: conversation.id, datasetId: d.id, userId: principal.userId });
  } else {
    await tx
      .update(analysisConversations)
      .set({ updatedAt: sql`now()` })
      .where(eq(analysisConversations.id, conversation.id));
  }
  await tx
    .insert(analysisQuestions)
    .values({ tenantId: principal.tenantId, conversationId: conversation.id, turn, question: body.question, language, plan, engine: engine.provider });
  await writeAudit(tx, principal, {
    module: 'analysis.conversation',
    action: conversation.fresh ? 'create' : 'update',
    entity: 'analysis_conversation',
    entityId: conversation.id,
    after: { datasetId: d.id, turn, question: body.question, engine: engine.provider },
  });
  return { plan, ...answer, conversationId: conversation.id };
}
