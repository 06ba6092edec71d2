import { asc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { describePlan, type QueryPlan, type SavedGraph } from '@nusa/contracts';
import type { Principal } from '../../../platform/access/principal.ts';
import { writeAudit } from '../../../platform/audit/write.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { lockUniqueKey } from '../../../platform/numbering/lock.ts';
import { writeXlsx } from '../../../platform/files/xlsx.ts';
import { answerPlan, validatePlan, type PlanAnswer } from '../ask/service.ts';
import { datasetNames, loadDataset } from '../datasets/service.ts';
import { analysisSavedGraphs } from './schema.ts';

type Row = typeof analysisSavedGraphs.$inferSelect;
const MODULE = 'analysis.savedGraph';
const ENTITY = 'analysis_saved_graph';

const toSavedGraph = (g: Row, datasetName: string | null): SavedGraph => ({
  savedGraphId: g.id,
  datasetId: g.datasetId,
  datasetName,
  name: g.name,
  plan: g.plan,
  language: g.language,
  position: g.position,
  createdAt: g.createdAt.toISOString(),
  updatedAt: g.updatedAt.toISOString(),
});

export async function listSavedGraphs(tx: Tx): Promise<{ items: SavedGraph[] }> {
  const rows = await tx.select().from(analysisSavedGraphs).orderBy(asc(analysisSavedGraphs.position), asc(analysisSavedGraphs.id));
  const names = await datasetNames(tx, [...new Set(rows.map((g) => g.datasetId))]);
  return { items: rows.map((g) => toSavedGraph(g, names.get(g.datasetId) ?? null)) };
}

async function loadSavedGraph(tx: Tx, id: string, lock = false): Promise<Row> {
  const q = tx.select().from(analysisSavedGraphs).where(eq(analysisSavedGraphs.id, id));
  const [g] = lock ? await q.for('update') : await q;
  if (!g) throw new AppError('analysis_saved_graph_not_found', [id]);
  return g;
}

const withDatasetName = async (tx: Tx, g: Row) => toSavedGraph(g, (await datasetNames(tx, [g.datasetId])).get(g.datasetId) ?? null);

/** Keeps an answer's plan as the last saved graph; a plan the dataset cannot answer is refused before it is kept. */
export async function saveGraph(
  tx: Tx,
  principal: Principal,
  input: { datasetId: string; plan: QueryPlan; name?: string; language: 'id' | 'en' },
): Promise<SavedGraph> {
  const d = await loadDataset(tx, input.datasetId);
  validatePlan(input.plan, d);
  // One saver at a time takes the next place (the table's rows of this tenant are locked for the count).
  await lockUniqueKey(tx, 'analysis-saved-graphs');
  const [{ last }] = await tx.select({ last: sql<number>`coalesce(max(${analysisSavedGraphs.position}), 0)::int` }).from(analysisSavedGraphs);
  const name = input.name ?? describePlan(input.plan, d.columns, input.language).slice(0, 120);
  const [g] = await tx
    .insert(analysisSavedGraphs)
    .values({
      tenantId: principal.tenantId,
      id: uuidv7(),
      datasetId: d.id,
      name,
      plan: input.plan,
      language: input.language,
      position: last + 1,
      createdBy: principal.userId,
    })
    .returning();
  await writeAudit(tx, principal, { module: MODULE, action: 'create', entity: ENTITY, entityId: g.id, after: { name, datasetId: d.id, plan: input.plan } });
  return toSavedGraph(g, d.name);
}

/** The saved graph's plan on the dataset's current rows. A plan naming a column that is gone or retyped is outdated, not a failure. */
export async function runSavedGraph(tx: Tx, id: string): Promise<PlanAnswer> {
  const g = await loadSavedGraph(tx, id);
  const d = await loadDataset(tx, g.datasetId);
  try {
    return await answerPlan(tx, g.plan, d, g.language);
  } catch (e) {
    if (e instanceof AppError && e.code === 'ai_generated_query_invalid') throw new AppError('analysis_saved_graph_outdated');
    throw e;
  }
}

/** The result table on current data as xlsx, headings as the answer labels them. */
export async function exportSavedGraph(tx: Tx, id: string): Promise<{ name: string; file: Buffer }> {
  const g = await loadSavedGraph(tx, id);
  const answer = await runSavedGraph(tx, id);
  const file = await writeXlsx<(string | number | null)[]>(
    g.name,
    answer.columns.map((c, i) => ({
      header: c.label,
      width: Math.max(14, c.label.length + 2),
      value: (row) => row[i],
      ...(c.type === 'money' ? { format: '#,##0.####' } : c.type === 'number' ? { format: '#,##0.####' } : {}),
    })),
    answer.rows,
  );
  return { name: g.name, file };
}

export async function renameSavedGraph(tx: Tx, principal: Principal, id: string, name: string): Promise<SavedGraph> {
  const before = await loadSavedGraph(tx, id, true);
  const [g] = await tx
    .update(analysisSavedGraphs)
    .set({ name, updatedAt: sql`now()` })
    .where(eq(analysisSavedGraphs.id, id))
    .returning();
  await writeAudit(tx, principal, { module: MODULE, action: 'update', entity: ENTITY, entityId: id, before: { name: before.name }, after: { name } });
  return withDatasetName(tx, g);
}

/** Puts every saved graph in the order given (each id once, all of them): positions 1..n. */
export async function orderSavedGraphs(tx: Tx, principal: Principal, ids: string[]): Promise<{ items: SavedGraph[] }> {
  await lockUniqueKey(tx, 'analysis-saved-graphs');
  const current = await tx.select({ id: analysisSavedGraphs.id }).from(analysisSavedGraphs).orderBy(asc(analysisSavedGraphs.position));
  const known = new Set(current.map((r) => r.id));
  if (new Set(ids).size !== ids.length || ids.length !== known.size || !ids.every((id) => known.has(id))) {
    throw new AppError('analysis_saved_graph_order_invalid');
  }
  if (ids.length) {
    const positions = sql.join(
      ids.map((id, i) => sql`(${id}::uuid, ${i + 1}::int)`),
      sql`, `,
    );
    await tx.execute(
      sql`UPDATE analysis_saved_graphs g SET position = o.position, updated_at = now() FROM (VALUES ${positions}) AS o(id, position) WHERE g.id = o.id AND g.position <> o.position`,
    );
  }
  await writeAudit(tx, principal, {
    module: MODULE,
    action: 'update',
    entity: ENTITY,
    entityId: principal.tenantId,
    before: { order: current.map((r) => r.id) },
    after: { order: ids },
  });
  return listSavedGraphs(tx);
}

export async function deleteSavedGraph(tx: Tx, principal: Principal, id: string): Promise<{ ok: true }> {
  const g = await loadSavedGraph(tx, id, true);
  await tx.delete(analysisSavedGraphs).where(eq(analysisSavedGraphs.id, id));
  await writeAudit(tx, principal, {
    module: MODULE,
    action: 'delete',
    entity: ENTITY,
    entityId: id,
    before: { name: g.name, datasetId: g.datasetId, plan: g.plan },
  });
  return { ok: true };
}
