import { eq, sql } from 'drizzle-orm';
import {
  transitionOf,
  transitionRefusal,
  type AuditAction,
  type CoaAccount,
  type DocumentDetail,
  type DocumentStatus,
  type DocumentStepAction,
} from '@nusa/contracts';
import { preparedQuery, type Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit, writeAudits, type AuditEntry } from '../../../platform/audit/write.ts';
import { userNamesByIds } from '../../configuration/users/service.ts';
import { money } from '../../../platform/money/decimal.ts';
import { applyingFlow, approveLevel, clearApprovals, isNamedApprover, nextLevel, type ApplyingFlow } from '../approval-flows/service.ts';
import { assertPeriodOpen, postDocument, reverseDocument } from '../ledger/service.ts';
import { CREATE_STEP, MODULE, insertDraft, lockDocument } from './create.ts';
import type { HeaderInput, LineInput } from './checks.ts';
import { documentTypeOf, type DocumentRow, type DocumentTypeDefinition } from './document-types.ts';
import { recordSteps, type Step } from './history.ts';
import { linesOf, presentDetail, type InHand } from './present.ts';
import { documents } from './schema.ts';
import { assertHolds, holds, type DocumentUser } from './user.ts';

const AUDIT_ACTIONS: Record<DocumentStepAction, AuditAction> = {
  submit: 'submit',
  approve: 'approve',
  reject: 'reject',
  requestChanges: 'request-changes',
  cancelApproval: 'cancel-approval',
  release: 'release',
  void: 'void',
};

type Change = Partial<typeof documents.$inferInsert>;

/** The UPDATEs a step makes differ only in the columns they set: one prepared statement per set of columns. */
const stepShapes = new Map<string, number>();

async function updateDocument(tx: Tx, documentId: string, change: Change) {
  const columns = (Object.keys(change) as (keyof Change)[]).filter((k) => change[k] !== undefined).sort();
  const shape = columns.join(',');
  let n = stepShapes.get(shape);
  if (n === undefined) stepShapes.set(shape, (n = stepShapes.size));
  return preparedQuery(tx, `nusa_document_step_${n}`, (tx, name) =>
    tx
      .update(documents)
      .set({ ...Object.fromEntries(columns.map((c) => [c, sql.placeholder(c)])), updatedAt: sql`now()` })
      .where(eq(documents.id, sql.placeholder('documentId')))
      .returning()
      .prepare(name),
  ).execute({ ...change, documentId });
}

/** Posts the document's lines; returns them (in line order) for the answer. */
async function post(tx: Tx, user: DocumentUser, definition: DocumentTypeDefinition, row: DocumentRow, inHand: InHand) {
  const lines = inHand.lines ?? (await linesOf(tx, [row.id]));
  await postDocument(tx, user.tenantId, row, await definition.postingLines(tx, row, lines));
  return lines;
}

const released = (user: DocumentUser): Change => ({ status: 'R', subStatus: null, releasedAt: new Date(), releasedBy: user.userId });

/** Who may ask for the action, besides the table allowing it from the document's status. */
async function assertActor(tx: Tx, user: DocumentUser, definition: DocumentTypeDefinition, row: DocumentRow, action: DocumentStepAction) {
  const what = `documents/${row.id}/actions/${action}`;
  const actor = transitionOf(action).actor;
  if (actor === 'releaser') return assertHolds(user, definition, 'release', what);
  if (actor === 'author') {
    assertHolds(user, definition, 'edit', what);
    if (row.createdBy !== user.userId && !holds(user, definition, 'release')) throw new AppError('forbidden_action', [what]);
    return;
  }
  assertHolds(user, definition, 'approve', what);
  if (row.createdBy === user.userId) throw new AppError('document_own_approval');
  if (!row.approvalFlowId || row.approvalLevel === null || !(await isNamedApprover(tx, row.approvalFlowId, row.approvalLevel, user.userId, user.roleId))) {
    throw new AppError('document_not_your_turn');
  }
}

/** What the action changes on the document (and in the ledger): the transition table's `to`, decided here. */
async function apply(
  tx: Tx,
  user: DocumentUser,
  definition: DocumentTypeDefinition,
  row: DocumentRow,
  action: DocumentStepAction,
  inHand: InHand,
  /** A draft created in this transaction, with the flow that applies to it as read before its number was taken. */
  newDraft?: { flow: ApplyingFlow | undefined },
): Promise<Change> {
  switch (action) {
    case 'submit': {
      // A new round: approvals of an earlier round (before changes were requested) do not count; a draft created
      // in this transaction has none.
      if (!newDraft) await clearApprovals(tx, row.id);
      const flow = newDraft ? newDraft.flow : await applyingFlow(tx, definition.documentTypeId, row.ouId, money(row.totalBookAmount));
      if (flow) return { status: 'I', subStatus: null, approvalFlowId: flow.flowId, approvalLevel: flow.levels[0], submittedAt: new Date() };
      inHand.lines = await post(tx, user, definition, row, inHand);
      return { ...released(user), approvalFlowId: null, approvalLevel: null, submittedAt: new Date() };
    }
    case 'approve': {
      const levelDone = await approveLevel(tx, user.tenantId, row.id, row.approvalFlowId!, row.approvalLevel!, user.userId, user.roleId);
      if (!levelDone) return {};
      const next = await nextLevel(tx, row.approvalFlowId!, row.approvalLevel!, money(row.totalBookAmount));
      return next === undefined ? { status: 'F', approvalLevel: null } : { approvalLevel: next };
    }
    case 'reject':
      return { status: 'C', subStatus: 'rejected', approvalLevel: null };
    case 'requestChanges':
      await clearApprovals(tx, row.id);
      return { status: 'D', subStatus: 'changesRequested', approvalFlowId: null, approvalLevel: null };
    case 'cancelApproval':
      await clearApprovals(tx, row.id);
      return { status: 'D', subStatus: null, approvalFlowId: null, approvalLevel: null };
    case 'release':
      inHand.lines = await post(tx, user, definition, row, inHand);
      return released(user);
    case 'void':
      // The reversal is dated as the document, so the period's balances return to what they were without it.
      await reverseDocument(tx, user.tenantId, row, row.documentDate);
      return { status: 'C', subStatus: 'void' };
  }
}

/** A step's checks, change, history and answer; its audit entry is returned for the caller to write last. */
async function takeStep(
  tx: Tx,
  user: DocumentUser,
  row: DocumentRow,
  action: DocumentStepAction,
  comment: string | undefined,
  inHand: InHand,
  newDraft?: { createStep: Step; flow: ApplyingFlow | undefined },
): Promise<{ detail: DocumentDetail; audit: AuditEntry }> {
  const documentId = row.id;
  const definition = documentTypeOf(row.type);
  assertHolds(user, definition, 'read', `documents/${documentId}`);
  const refusal = transitionRefusal(action, row.status as DocumentStatus);
  if (refusal) throw new AppError(refusal);
  await assertActor(tx, user, definition, row, action);
  // A draft created in this transaction had its period checked for the same date a moment ago.
  if (!newDraft) await assertPeriodOpen(tx, row.documentDate);
  const before = { status: row.status, subStatus: row.subStatus, approvalLevel: row.approvalLevel };
  const change = await apply(tx, user, definition, row, action, inHand, newDraft);
  const [updated] = await updateDocument(tx, documentId, change);
  const to = change.status ?? row.status;
  const step: Step = { action, fromStatus: row.status, toStatus: to, approvalLevel: row.approvalLevel ?? change.approvalLevel, comment };
  await recordSteps(tx, user.tenantId, user.userId, documentId, newDraft ? [newDraft.createStep, step] : [step]);
  const after = {
    status: to,
    subStatus: change.subStatus === undefined ? row.subStatus : change.subStatus,
    approvalLevel: change.approvalLevel === undefined ? row.approvalLevel : change.approvalLevel,
    comment: comment ?? null,
  };
  const detail = await presentDetail(tx, user, updated!, inHand);
  return { detail, audit: { module: MODULE, action: AUDIT_ACTIONS[action], entity: row.type, entityId: documentId, before, after } };
}

/**
 * Takes a step of the transition table on a document, under a row lock (two approvers of one level queue; the
 * second finds the level already passed and is refused). Refusals: the table's code for the status, forbidden_action
 * without the type's task, document_own_approval, document_not_your_turn, document_period_closed for its date.
 */
export async function actOnDocument(tx: Tx, user: DocumentUser, documentId: string, action: DocumentStepAction, comment?: string): Promise<DocumentDetail> {
  const row = await lockDocument(tx, documentId);
  const { detail, audit } = await takeStep(tx, user, row, action, comment, {});
  // Last: the audit row takes the tenant's audit chain head until commit, so nothing else waits behind this request's reads.
  await writeAudit(tx, user, audit);
  return detail;
}

/**
 * Save and submit in one request (the form's "Simpan & ajukan"): the draft is created and submitted in one
 * transaction with the same checks, history steps and audit rows (create, then submit) as the two requests, and
 * nothing stays when the submit is refused. What the submit would read back (the document, its lines, the period
 * just checked, approvals a new draft cannot have, the creator's name) it takes from the create.
 */
export async function createAndSubmitDocument(
  tx: Tx,
  user: DocumentUser,
  type: string,
  header: HeaderInput,
  lines: LineInput[],
  knownCoas?: Map<string, CoaAccount>,
): Promise<DocumentDetail> {
  let names = new Map<string, string>();
  let flow: ApplyingFlow | undefined;
  // Read before the draft takes its gap-free number, whose lock every other creator of the type then waits on.
  const draft = await insertDraft(tx, user, type, header, lines, knownCoas, async (amounts) => {
    names = await userNamesByIds(tx, [user.userId]);
    flow = await applyingFlow(tx, documentTypeOf(type).documentTypeId, header.ouId, money(amounts.totalBookAmount));
  });
  const inHand: InHand = { ...draft, names };
  const created = await presentDetail(tx, user, draft.row, inHand);
  const { detail, audit } = await takeStep(tx, user, draft.row, 'submit', undefined, inHand, { createStep: CREATE_STEP, flow });
  // Last, as in each request alone: the audit rows take the tenant's audit chain head until commit.
  await writeAudits(tx, user, [{ module: MODULE, action: 'create', entity: type, entityId: draft.row.id, after: created }, audit]);
  return detail;
}
