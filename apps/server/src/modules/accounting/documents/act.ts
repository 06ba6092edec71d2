import {
  transitionOf,
  transitionRefusal,
  type AuditAction,
  type CoaAccount,
  type DocumentDetail,
  type DocumentStatus,
  type DocumentStepAction,
} from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { AuditEntry } from '../../../platform/audit/write.ts';
import { userNamesByIds } from '../../configuration/users/service.ts';
import { money } from '../../../platform/money/decimal.ts';
import { applyingFlow, approveLevel, clearApprovals, isNamedApprover, nextLevel, type ApplyingFlow } from '../approval-flows/service.ts';
import { assertPeriodOpen, ledgerRowsOf, reverseDocument, type LedgerRow } from '../ledger/service.ts';
import { CREATE_STEP, MODULE, lockDocument, prepareDraft } from './create.ts';
import type { HeaderInput, LineInput } from './checks.ts';
import { documentTypeOf, type DocumentRow, type DocumentEngineType } from './document-types.ts';
import { historyRows, type Step } from './history.ts';
import { insertNewDocument, writeStep } from './write.ts';
import { linesOf, presentDetail, type InHand } from './present.ts';
import type { documents } from './schema.ts';
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

/** The ledger rows of the document's release (its lines in hand for the answer); written by the step's statement. */
async function postingRows(tx: Tx, user: DocumentUser, definition: DocumentEngineType, row: DocumentRow, inHand: InHand): Promise<LedgerRow[]> {
  const lines = (inHand.lines ??= await linesOf(tx, [row.id]));
  return ledgerRowsOf(user.tenantId, [{ document: row, lines: await definition.postingLines(tx, row, lines) }]).rows;
}

const released = (user: DocumentUser): Change => ({ status: 'R', subStatus: null, releasedAt: new Date(), releasedBy: user.userId });

/** A submit's change: waiting at the applying flow's first level, or released at once without a flow. */
const submitted = (user: DocumentUser, flow: ApplyingFlow | undefined): Change =>
  flow
    ? { status: 'I', subStatus: null, approvalFlowId: flow.flowId, approvalLevel: flow.levels[0], submittedAt: new Date() }
    : { ...released(user), approvalFlowId: null, approvalLevel: null, submittedAt: new Date() };

/** The step is allowed: the user reads the type, the transition table allows it from the status, the user may ask. */
async function assertMayTake(tx: Tx, user: DocumentUser, definition: DocumentEngineType, row: DocumentRow, action: DocumentStepAction) {
  assertHolds(user, definition, 'read', `documents/${row.id}`);
  const refusal = transitionRefusal(action, row.status as DocumentStatus);
  if (refusal) throw new AppError(refusal);
  await assertActor(tx, user, definition, row, action);
}

/** Who may ask for the action, besides the table allowing it from the document's status. */
async function assertActor(tx: Tx, user: DocumentUser, definition: DocumentEngineType, row: DocumentRow, action: DocumentStepAction) {
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

/**
 * What the action changes on the document, and the ledger rows a release posts (written with the document's change);
 * the transition table's `to`, decided here. A void's reversal is written here.
 */
async function apply(
  tx: Tx,
  user: DocumentUser,
  definition: DocumentEngineType,
  row: DocumentRow,
  action: DocumentStepAction,
  inHand: InHand,
): Promise<{ change: Change; ledger: LedgerRow[] }> {
  const only = (change: Change) => ({ change, ledger: [] });
  switch (action) {
    case 'submit': {
      // A new round: approvals of an earlier round (before changes were requested) do not count; a draft never
      // submitted has none.
      if (row.submittedAt) await clearApprovals(tx, row.id);
      const flow = await applyingFlow(tx, definition.documentTypeId, row.ouId, money(row.totalBookAmount));
      return { change: submitted(user, flow), ledger: flow ? [] : await postingRows(tx, user, definition, row, inHand) };
    }
    case 'approve': {
      const levelDone = await approveLevel(tx, user.tenantId, row.id, row.approvalFlowId!, row.approvalLevel!, user.userId, user.roleId);
      if (!levelDone) return only({});
      const next = await nextLevel(tx, row.approvalFlowId!, row.approvalLevel!, money(row.totalBookAmount));
      return only(next === undefined ? { status: 'F', approvalLevel: null } : { approvalLevel: next });
    }
    case 'reject':
      return only({ status: 'C', subStatus: 'rejected', approvalLevel: null });
    case 'requestChanges':
      await clearApprovals(tx, row.id);
      return only({ status: 'D', subStatus: 'changesRequested', approvalFlowId: null, approvalLevel: null });
    case 'cancelApproval':
      await clearApprovals(tx, row.id);
      return only({ status: 'D', subStatus: null, approvalFlowId: null, approvalLevel: null });
    case 'release':
      return { change: released(user), ledger: await postingRows(tx, user, definition, row, inHand) };
    case 'void':
      // The reversal is dated as the document, so the period's balances return to what they were without it.
      await reverseDocument(tx, user.tenantId, row, row.documentDate);
      return only({ status: 'C', subStatus: 'void' });
  }
}

/**
 * A step's checks and change, then one statement writing the document's new state with its ledger rows, history
 * step and audit row (writeStep); `last`: the COMMIT goes out right behind it. Returns the answer, presented before
 * that statement from the document as it is about to be.
 */
async function takeStep(
  tx: Tx,
  user: DocumentUser,
  row: DocumentRow,
  action: DocumentStepAction,
  comment: string | undefined,
  last: boolean,
): Promise<DocumentDetail> {
  const definition = documentTypeOf(row.type);
  await assertMayTake(tx, user, definition, row, action);
  await assertPeriodOpen(tx, row.documentDate);
  const inHand: InHand = {};
  const { change, ledger } = await apply(tx, user, definition, row, action, inHand);
  const updated = changed(row, change);
  const { step, audit } = stepRecords(row, action, change, comment);
  const detail = await presentDetail(tx, user, updated, inHand);
  await writeStep(tx, user, { row: updated, ledger, steps: historyRows(user.userId, [step]), audits: [audit] }, last);
  return detail;
}

/** The row with a step's change made (the columns it sets; `updatedAt` now). */
function changed(row: DocumentRow, change: Change): DocumentRow {
  const next = { ...row, updatedAt: new Date() };
  for (const [key, value] of Object.entries(change)) if (value !== undefined) (next as Record<string, unknown>)[key] = value;
  return next;
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
 * `last`: nothing else is written in the transaction (the action endpoint), so its COMMIT goes out with the step.
 */
export async function actOnDocument(
  tx: Tx,
  user: DocumentUser,
  documentId: string,
  action: DocumentStepAction,
  comment?: string,
  last = false,
): Promise<DocumentDetail> {
  return takeStep(tx, user, await lockDocument(tx, documentId), action, comment, last);
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
  await assertMayTake(tx, user, definition, row, 'submit');
  const change = submitted(user, flow);
  const ledger = flow ? [] : ledgerRowsOf(user.tenantId, [{ document: row, lines: await definition.postingLines(tx, row, draft.lines) }]).rows;
  const submittedRow = changed(row, change);
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
