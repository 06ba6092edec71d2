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
import { writeAudit, type AuditEntry } from '../../../platform/audit/write.ts';
import { userNamesByIds } from '../../configuration/users/service.ts';
import { money } from '../../../platform/money/decimal.ts';
import { applyingFlow, approveLevel, clearApprovals, isNamedApprover, nextLevel, type ApplyingFlow } from '../approval-flows/service.ts';
import { assertPeriodOpen, ledgerRowsOf, postDocument, reverseDocument } from '../ledger/service.ts';
import { CREATE_STEP, MODULE, lockDocument, prepareDraft } from './create.ts';
import type { HeaderInput, LineInput } from './checks.ts';
import { documentTypeOf, type DocumentRow, type DocumentTypeDefinition } from './document-types.ts';
import { historyRows, recordSteps, type Step } from './history.ts';
import { insertNewDocument } from './insert.ts';
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

/** A submit's change: waiting at the applying flow's first level, or released at once without a flow. */
const submitted = (user: DocumentUser, flow: ApplyingFlow | undefined): Change =>
  flow
    ? { status: 'I', subStatus: null, approvalFlowId: flow.flowId, approvalLevel: flow.levels[0], submittedAt: new Date() }
    : { ...released(user), approvalFlowId: null, approvalLevel: null, submittedAt: new Date() };

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
): Promise<Change> {
  switch (action) {
    case 'submit': {
      // A new round: approvals of an earlier round (before changes were requested) do not count.
      await clearApprovals(tx, row.id);
      const flow = await applyingFlow(tx, definition.documentTypeId, row.ouId, money(row.totalBookAmount));
      if (!flow) inHand.lines = await post(tx, user, definition, row, inHand);
      return submitted(user, flow);
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
): Promise<{ detail: DocumentDetail; audit: AuditEntry }> {
  const documentId = row.id;
  const definition = documentTypeOf(row.type);
  assertHolds(user, definition, 'read', `documents/${documentId}`);
  const refusal = transitionRefusal(action, row.status as DocumentStatus);
  if (refusal) throw new AppError(refusal);
  await assertActor(tx, user, definition, row, action);
  await assertPeriodOpen(tx, row.documentDate);
  const change = await apply(tx, user, definition, row, action, inHand);
  const [updated] = await updateDocument(tx, documentId, change);
  const { step, audit } = stepRecords(row, action, change, comment);
  await recordSteps(tx, user.tenantId, user.userId, documentId, [step]);
  const detail = await presentDetail(tx, user, updated!, inHand);
  return { detail, audit };
}

/** A step's history step and audit entry, from the document before it and the change it makes. */
function stepRecords(row: DocumentRow, action: DocumentStepAction, change: Change, comment: string | undefined): { step: Step; audit: AuditEntry } {
  const to = change.status ?? row.status;
  const step: Step = { action, fromStatus: row.status, toStatus: to, approvalLevel: row.approvalLevel ?? change.approvalLevel, comment };
  const before = { status: row.status, subStatus: row.subStatus, approvalLevel: row.approvalLevel };
  const after = {
    status: to,
    subStatus: change.subStatus === undefined ? row.subStatus : change.subStatus,
    approvalLevel: change.approvalLevel === undefined ? row.approvalLevel : change.approvalLevel,
    comment: comment ?? null,
  };
  return { step, audit: { module: MODULE, action: AUDIT_ACTIONS[action], entity: row.type, entityId: row.id, before, after } };
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
 * nothing stays when the submit is refused. Everything is checked, read and computed first, the release's ledger rows
 * included; then one statement takes the gap-free number and writes the document in its submitted state with its
 * lines, ledger rows, history and audit rows (insertNewDocument), so the number is held only for it and the COMMIT.
 */
export async function createAndSubmitDocument(
  tx: Tx,
  user: DocumentUser,
  type: string,
  header: HeaderInput,
  lines: LineInput[],
  knownCoas?: Map<string, CoaAccount>,
  /** As createDocument's: nothing else is written in the transaction. */
  last = false,
): Promise<DocumentDetail> {
  const draft = await prepareDraft(tx, user, type, header, lines, knownCoas);
  const { definition, row } = draft;
  const names = await userNamesByIds(tx, [user.userId]);
  const flow = await applyingFlow(tx, definition.documentTypeId, header.ouId, money(row.totalBookAmount));
  const inHand: InHand = { ...draft, names };
  const created = await presentDetail(tx, user, row, inHand);
  assertHolds(user, definition, 'read', `documents/${row.id}`);
  const refusal = transitionRefusal('submit', row.status as DocumentStatus);
  if (refusal) throw new AppError(refusal);
  await assertActor(tx, user, definition, row, 'submit');
  const change = submitted(user, flow);
  const ledger = flow ? [] : ledgerRowsOf(user.tenantId, [{ document: row, lines: await definition.postingLines(tx, row, draft.lines) }]).rows;
  const submittedRow: DocumentRow = { ...row, ...(change as Partial<DocumentRow>) };
  const { step, audit } = stepRecords(row, 'submit', change, undefined);
  const detail = await presentDetail(tx, user, submittedRow, inHand);
  const number = await insertNewDocument(
    tx,
    user,
    {
      row: submittedRow,
      lines: draft.lines,
      ledger,
      steps: historyRows(user.userId, [CREATE_STEP, step]),
      audits: [{ module: MODULE, action: 'create', entity: type, entityId: row.id, after: created }, audit],
      pending: draft.pending,
    },
    last,
  );
  return { ...detail, number };
}
