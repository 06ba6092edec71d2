import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  APPROVAL_DOCUMENT_TYPES,
  type APPROVAL_FLOW_SORT,
  type ApprovalFlow,
  type ApprovalMode,
  type approvalFlowInput,
  type SortValue,
} from '@nusa/contracts';
import type { z } from 'zod';
import { caseless, listOrder } from '../../../platform/db/list-order.ts';
import { preparedQuery, type Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import { money, plainDecimal, type Money } from '../../../platform/money/decimal.ts';
import { lockUniqueKey } from '../../../platform/numbering/lock.ts';
import { orgUnitExists, orgUnitNamesByIds } from '../../configuration/org-units/service.ts';
import { roleNamesByIds, userNamesByIds, usersExist } from '../../configuration/users/service.ts';
import { approvalFlowApprovers, approvalFlowLevels, approvalFlows, documentApprovals } from './schema.ts';

const MODULE = 'accounting.approval-flow';
type FlowInput = z.output<typeof approvalFlowInput>;
type FlowRow = typeof approvalFlows.$inferSelect;
type LevelRow = typeof approvalFlowLevels.$inferSelect;
type ApproverRow = typeof approvalFlowApprovers.$inferSelect;

async function present(tx: Tx, rows: FlowRow[]): Promise<ApprovalFlow[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const levels = await tx.select().from(approvalFlowLevels).where(inArray(approvalFlowLevels.flowId, ids)).orderBy(asc(approvalFlowLevels.levelNo));
  const approvers = await tx.select().from(approvalFlowApprovers).where(inArray(approvalFlowApprovers.flowId, ids));
  const roleNames = await roleNamesByIds(
    tx,
    approvers.filter((a) => a.kind === 'role').map((a) => a.approverId),
  );
  const userNames = await userNamesByIds(
    tx,
    approvers.filter((a) => a.kind === 'user').map((a) => a.approverId),
  );
  const ous = await orgUnitNamesByIds(
    tx,
    rows.map((r) => r.ouId),
  );
  const named = (flowId: string, levelNo: number, kind: 'role' | 'user', names: Map<string, string>) =>
    approvers
      .filter((a) => a.flowId === flowId && a.levelNo === levelNo && a.kind === kind)
      .map((a) => ({ id: a.approverId, name: names.get(a.approverId) ?? '' }))
      .sort((a, b) => a.name.localeCompare(b.name));
  return rows.map((r) => ({
    flowId: r.id,
    name: r.name,
    documentTypeId: r.documentTypeId,
    ouId: r.ouId,
    ouCode: r.ouId ? (ous.get(r.ouId)?.code ?? null) : null,
    ouName: r.ouId ? (ous.get(r.ouId)?.name ?? null) : null,
    active: r.active ? 'Y' : 'N',
    levels: levels
      .filter((l) => l.flowId === r.id)
      .map((l) => ({
        levelNo: l.levelNo,
        mode: l.mode as ApprovalMode,
        amountAbove: plainDecimal(l.amountAbove),
        amountUpTo: plainDecimal(l.amountUpTo),
        roles: named(r.id, l.levelNo, 'role', roleNames),
        users: named(r.id, l.levelNo, 'user', userNames),
      })),
  }));
}

// Flows sort by their type's place in the list of document types, not by the raw id.
const typeOrder = sql`array_position(ARRAY[${sql.join(
  APPROVAL_DOCUMENT_TYPES.map((d) => sql`${d.id}::int`),
  sql`, `,
)}], ${approvalFlows.documentTypeId})`;

export async function listApprovalFlows(
  tx: Tx,
  f: { page: number; limit: number; keyword?: string; documentTypeId?: number; sort?: SortValue<(typeof APPROVAL_FLOW_SORT)[number]> },
) {
  const where = and(
    f.keyword ? sql`${approvalFlows.name} ILIKE ${`%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
    f.documentTypeId !== undefined ? eq(approvalFlows.documentTypeId, f.documentTypeId) : undefined,
  );
  const rows = await tx
    .select()
    .from(approvalFlows)
    .where(where)
    .orderBy(
      ...listOrder(
        f.sort,
        { name: caseless(approvalFlows.name), documentType: typeOrder },
        [asc(typeOrder), asc(sql`lower(${approvalFlows.name})`)],
        approvalFlows.id,
      ),
    )
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const total = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(approvalFlows)
    .where(where);
  return { items: await present(tx, rows), total: total[0].n };
}

export async function getApprovalFlow(tx: Tx, id: string): Promise<ApprovalFlow> {
  const rows = await tx.select().from(approvalFlows).where(eq(approvalFlows.id, id));
  if (!rows[0]) throw new AppError('approval_flow_not_found');
  return (await present(tx, rows))[0];
}

/** A level without approvers could never be passed; a band whose floor is not below its ceiling holds no total. */
async function checkInput(tx: Tx, input: FlowInput, exceptId?: string) {
  if (input.ouId && !(await orgUnitExists(tx, input.ouId))) throw new AppError('ou_not_found', [input.ouId]);
  input.levels.forEach((l, i) => {
    if (!l.roleIds.length && !l.userIds.length) throw new AppError('approval_flow_level_no_approver', [i + 1]);
    if (l.amountAbove !== null && l.amountUpTo !== null && !money(l.amountAbove).lt(money(l.amountUpTo)))
      throw new AppError('approval_flow_band_invalid', [i + 1]);
  });
  const roleIds = [...new Set(input.levels.flatMap((l) => l.roleIds))];
  if ((await roleNamesByIds(tx, roleIds)).size !== roleIds.length) throw new AppError('role_not_found');
  if (
    !(await usersExist(
      tx,
      input.levels.flatMap((l) => l.userIds),
    ))
  )
    throw new AppError('user_not_found');
  // One flow per document type and OU: serialise creators of the same pair, then look.
  await lockUniqueKey(tx, `approval-flow:${input.documentTypeId}:${input.ouId ?? '-'}`);
  const same = await tx
    .select({ id: approvalFlows.id })
    .from(approvalFlows)
    .where(and(eq(approvalFlows.documentTypeId, input.documentTypeId), input.ouId ? eq(approvalFlows.ouId, input.ouId) : sql`${approvalFlows.ouId} IS NULL`));
  if (same.some((r) => r.id !== exceptId)) throw new AppError('approval_flow_already_exists');
}

async function writeLevels(tx: Tx, tenantId: string, flowId: string, input: FlowInput) {
  await tx.delete(approvalFlowApprovers).where(eq(approvalFlowApprovers.flowId, flowId));
  await tx.delete(approvalFlowLevels).where(eq(approvalFlowLevels.flowId, flowId));
  await tx
    .insert(approvalFlowLevels)
    .values(input.levels.map((l, i) => ({ tenantId, flowId, levelNo: i + 1, mode: l.mode, amountAbove: l.amountAbove, amountUpTo: l.amountUpTo })));
  const approvers = input.levels.flatMap((l, i) => [
    ...[...new Set(l.roleIds)].map((approverId) => ({ tenantId, flowId, levelNo: i + 1, kind: 'role', approverId })),
    ...[...new Set(l.userIds)].map((approverId) => ({ tenantId, flowId, levelNo: i + 1, kind: 'user', approverId })),
  ]);
  await tx.insert(approvalFlowApprovers).values(approvers);
}

export async function createApprovalFlow(tx: Tx, actor: Actor, input: FlowInput): Promise<ApprovalFlow> {
  await checkInput(tx, input);
  const id = uuidv7();
  await tx
    .insert(approvalFlows)
    .values({ tenantId: actor.tenantId, id, name: input.name, documentTypeId: input.documentTypeId, ouId: input.ouId, active: input.active === 'Y' });
  await writeLevels(tx, actor.tenantId, id, input);
  const after = await getApprovalFlow(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'create', entity: 'approval-flow', entityId: id, after });
  return after;
}

/** Documents already waiting keep their flow and level; the new levels and approvers apply from their next step. */
export async function updateApprovalFlow(tx: Tx, actor: Actor, id: string, input: FlowInput): Promise<ApprovalFlow> {
  const before = await getApprovalFlow(tx, id);
  await checkInput(tx, input, id);
  await tx
    .update(approvalFlows)
    .set({ name: input.name, documentTypeId: input.documentTypeId, ouId: input.ouId, active: input.active === 'Y', updatedAt: sql`now()` })
    .where(eq(approvalFlows.id, id));
  await writeLevels(tx, actor.tenantId, id, input);
  const after = await getApprovalFlow(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'update', entity: 'approval-flow', entityId: id, before, after });
  return after;
}

/** `waiting` counts the documents still waiting for approval under the flow (the documents module answers it). */
export async function deleteApprovalFlow(tx: Tx, actor: Actor, id: string, waiting: (tx: Tx, flowId: string) => Promise<number>): Promise<void> {
  const before = await getApprovalFlow(tx, id);
  const n = await waiting(tx, id);
  if (n > 0) throw new AppError('approval_flow_in_use', [n]);
  await tx.delete(approvalFlowApprovers).where(eq(approvalFlowApprovers.flowId, id));
  await tx.delete(approvalFlowLevels).where(eq(approvalFlowLevels.flowId, id));
  await tx.delete(approvalFlows).where(eq(approvalFlows.id, id));
  await writeAudit(tx, actor, { module: MODULE, action: 'delete', entity: 'approval-flow', entityId: id, before });
}

// ---- What the document engine asks ----

export interface ApplyingFlow {
  flowId: string;
  levels: number[];
}

const holds = (level: LevelRow, total: Money) =>
  (level.amountAbove === null || total.gt(money(level.amountAbove))) && (level.amountUpTo === null || total.lte(money(level.amountUpTo)));

/**
 * The flow a document of `documentTypeId` in `ouId` goes through and the levels whose band holds its book total, in
 * order: the active flow of the document's OU, else the active flow for every OU. Undefined when none applies (the
 * document is then released on submit).
 */
export async function applyingFlow(tx: Tx, documentTypeId: number, ouId: string | null, totalBook: Money): Promise<ApplyingFlow | undefined> {
  // Every submit asks it: prepared once per connection (a null OU matches only the flows without one).
  const flows = await preparedQuery(tx, 'nusa_applying_flows', (tx, name) =>
    tx
      .select()
      .from(approvalFlows)
      .where(
        and(
          eq(approvalFlows.documentTypeId, sql.placeholder('documentTypeId')),
          eq(approvalFlows.active, true),
          or(sql`${approvalFlows.ouId} = ${sql.placeholder('ouId')}::uuid`, sql`${approvalFlows.ouId} IS NULL`),
        ),
      )
      .prepare(name),
  ).execute({ documentTypeId, ouId });
  const flow = flows.find((f) => f.ouId !== null) ?? flows[0];
  if (!flow) return undefined;
  const levels = await tx.select().from(approvalFlowLevels).where(eq(approvalFlowLevels.flowId, flow.id)).orderBy(asc(approvalFlowLevels.levelNo));
  const applying = levels.filter((l) => holds(l, totalBook)).map((l) => l.levelNo);
  return applying.length ? { flowId: flow.id, levels: applying } : undefined;
}

export type LevelBands = Map<string, LevelRow[]>;

/** The levels of the flows, for answering `nextLevelOf` of many documents at once. */
export async function levelBands(tx: Tx, flowIds: string[]): Promise<LevelBands> {
  const unique = [...new Set(flowIds)];
  const bands: LevelBands = new Map(unique.map((id) => [id, []]));
  if (!unique.length) return bands;
  const rows = await tx.select().from(approvalFlowLevels).where(inArray(approvalFlowLevels.flowId, unique)).orderBy(asc(approvalFlowLevels.levelNo));
  for (const r of rows) bands.get(r.flowId)!.push(r);
  return bands;
}

/** The level after `levelNo` that the document's total goes through, or undefined when `levelNo` is its last. */
export function nextLevelOf(bands: LevelBands, flowId: string, levelNo: number, totalBook: Money): number | undefined {
  return bands.get(flowId)?.find((l) => l.levelNo > levelNo && holds(l, totalBook))?.levelNo;
}

export async function nextLevel(tx: Tx, flowId: string, levelNo: number, totalBook: Money): Promise<number | undefined> {
  return nextLevelOf(await levelBands(tx, [flowId]), flowId, levelNo, totalBook);
}

async function approversOf(tx: Tx, flowId: string, levelNo: number): Promise<{ mode: ApprovalMode; approvers: ApproverRow[] } | undefined> {
  const level = await tx
    .select()
    .from(approvalFlowLevels)
    .where(and(eq(approvalFlowLevels.flowId, flowId), eq(approvalFlowLevels.levelNo, levelNo)));
  if (!level[0]) return undefined;
  const approvers = await tx
    .select()
    .from(approvalFlowApprovers)
    .where(and(eq(approvalFlowApprovers.flowId, flowId), eq(approvalFlowApprovers.levelNo, levelNo)));
  return { mode: level[0].mode as ApprovalMode, approvers };
}

const names = (a: ApproverRow, userId: string, roleId: string) => (a.kind === 'user' ? a.approverId === userId : a.approverId === roleId);

/** Whether the level names the user, directly or through the role the user acts in. */
export async function isNamedApprover(tx: Tx, flowId: string, levelNo: number, userId: string, roleId: string): Promise<boolean> {
  const level = await approversOf(tx, flowId, levelNo);
  return !!level?.approvers.some((a) => names(a, userId, roleId));
}

/** The (flow, level) pairs that name the user or the role: the inbox looks for documents waiting at one of them. */
export async function levelsNaming(tx: Tx, userId: string, roleId: string): Promise<{ flowId: string; levelNo: number }[]> {
  const rows = await tx
    .selectDistinct({ flowId: approvalFlowApprovers.flowId, levelNo: approvalFlowApprovers.levelNo })
    .from(approvalFlowApprovers)
    .where(
      or(
        and(eq(approvalFlowApprovers.kind, 'user'), eq(approvalFlowApprovers.approverId, userId)),
        and(eq(approvalFlowApprovers.kind, 'role'), eq(approvalFlowApprovers.approverId, roleId)),
      ),
    );
  return rows;
}

/** The (document, level) pairs of the current rounds that the user has already approved, as a subquery for lists. */
export const approvalsOfUser = (userId: string) =>
  sql`SELECT ${documentApprovals.documentId}, ${documentApprovals.levelNo} FROM ${documentApprovals} WHERE ${documentApprovals.userId} = ${userId}`;

/**
 * Records the user's approval of a level and says whether the level is now done: at once for "any"; for "all" when
 * each named user has approved and each named role has an approval by a user acting in it.
 */
export async function approveLevel(
  tx: Tx,
  tenantId: string,
  documentId: string,
  flowId: string,
  levelNo: number,
  userId: string,
  roleId: string,
): Promise<boolean> {
  const done = await tx
    .select()
    .from(documentApprovals)
    .where(and(eq(documentApprovals.documentId, documentId), eq(documentApprovals.levelNo, levelNo), eq(documentApprovals.userId, userId)));
  if (done.length) throw new AppError('document_already_approved_by_you', [levelNo]);
  await tx.insert(documentApprovals).values({ tenantId, documentId, levelNo, userId, roleId });
  const level = await approversOf(tx, flowId, levelNo);
  if (!level || level.mode === 'any') return true;
  const given = await tx
    .select()
    .from(documentApprovals)
    .where(and(eq(documentApprovals.documentId, documentId), eq(documentApprovals.levelNo, levelNo)));
  return level.approvers.every((a) => given.some((g) => (a.kind === 'user' ? g.userId === a.approverId : g.roleId === a.approverId)));
}

/** A new round (submit after changes, or a withdrawn request) starts with no approvals. */
export async function clearApprovals(tx: Tx, documentId: string): Promise<void> {
  await tx.delete(documentApprovals).where(eq(documentApprovals.documentId, documentId));
}

/** The (document, level) pairs among `documentIds` that the user has already approved in their current rounds. */
export async function approvedBy(tx: Tx, userId: string, documentIds: string[]): Promise<{ documentId: string; levelNo: number }[]> {
  if (!documentIds.length) return [];
  return tx
    .select({ documentId: documentApprovals.documentId, levelNo: documentApprovals.levelNo })
    .from(documentApprovals)
    .where(and(eq(documentApprovals.userId, userId), inArray(documentApprovals.documentId, documentIds)));
}
