import { and, desc, eq, sql } from 'drizzle-orm';
import type { AiEngine } from '../../../platform/ai/engine.ts';
import { cosineSimilarity, hashedEmbedding } from '../../../platform/ai/local/index.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { serviceFineTunes, type AnswerPair } from './schema.ts';

/** How alike a customer's message and a corrected question must be for the agent's answer to be given again. */
export const ANSWER_INDEX_SIMILARITY = 0.9;
export const ANSWER_INDEX_MODEL = 'local-answer-index';

/** The model a client's chat answers use instead of the base one: its newest succeeded remote run on that base model. */
export async function fineTunedChatModel(tx: Tx, clientId: string, baseModel: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ model: serviceFineTunes.fineTunedModel })
    .from(serviceFineTunes)
    .where(
      and(
        eq(serviceFineTunes.clientId, clientId),
        eq(serviceFineTunes.provider, 'openai-compatible'),
        eq(serviceFineTunes.status, 'succeeded'),
        eq(serviceFineTunes.baseModel, baseModel),
        sql`${serviceFineTunes.fineTunedModel} IS NOT NULL`,
      ),
    )
    .orderBy(desc(serviceFineTunes.finishedAt), desc(serviceFineTunes.id))
    .limit(1);
  return row?.model ?? undefined;
}

interface Indexed {
  pairs: AnswerPair[];
  vectors: Float32Array[];
}
/** Embedded questions by run: a run's index never changes once it succeeded. */
const indexes = new Map<string, Indexed>();

/** The answer index of the client's newest succeeded local run (questions agents answered, with their answers). */
async function answerIndexOf(tx: Tx, clientId: string): Promise<Indexed | undefined> {
  const [row] = await tx
    .select({ id: serviceFineTunes.id, pairs: serviceFineTunes.answerIndex })
    .from(serviceFineTunes)
    .where(and(eq(serviceFineTunes.clientId, clientId), eq(serviceFineTunes.provider, 'local'), eq(serviceFineTunes.status, 'succeeded')))
    .orderBy(desc(serviceFineTunes.finishedAt), desc(serviceFineTunes.id))
    .limit(1);
  if (!row || row.pairs.length === 0) return undefined;
  let indexed = indexes.get(row.id);
  if (!indexed) {
    if (indexes.size > 200) indexes.clear();
    indexed = { pairs: row.pairs, vectors: row.pairs.map((p) => hashedEmbedding(p.question)) };
    indexes.set(row.id, indexed);
  }
  return indexed;
}

/** The agent's answer to the corrected question most like `text`, when one is alike enough. */
export function lookUpAnswer(index: Indexed, text: string): AnswerPair | undefined {
  const v = hashedEmbedding(text);
  let best: { i: number; score: number } | undefined;
  index.vectors.forEach((q, i) => {
    const score = cosineSimilarity(v, q);
    if (!best || score > best.score) best = { i, score };
  });
  return best && best.score >= ANSWER_INDEX_SIMILARITY ? index.pairs[best.i] : undefined;
}

/**
 * The local engine with the client's answer index in front of its chat: a customer's message like a question an
 * agent answered gets the agent's answer; anything else goes to the engine as before.
 */
export async function withAnswerIndex(tx: Tx, clientId: string, engine: AiEngine): Promise<AiEngine> {
  if (engine.provider !== 'local') return engine;
  const index = await answerIndexOf(tx, clientId);
  if (!index) return engine;
  return {
    ...engine,
    async chat(request) {
      const last = [...request.messages].reverse().find((m) => m.role === 'user');
      const pair = last ? lookUpAnswer(index, last.content) : undefined;
      if (!pair) return engine.chat(request);
      request.onDelta?.(pair.answer);
      return { text: pair.answer, sources: [], unknown: false, usage: { model: ANSWER_INDEX_MODEL, inputTokens: 0, outputTokens: 0, images: 0 } };
    },
  };
}
