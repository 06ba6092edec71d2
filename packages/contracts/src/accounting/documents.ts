import type { ErrorCode } from '../errors.ts';

/**
 * The document engine's rules (spec 3 Document, spec 4 statuses and approval actions, architecture §9): one table
 * that the server enforces and the web reads to decide which buttons a document shows. The spec names the stored
 * codes and the displayed labels but not the transitions; this file is where they are written down.
 */

/** The ledger's document types: their template `documentType` code and their numeric id for policies (spec 3). */
export const LEDGER_DOCUMENT_TYPES = [
  { id: 20001, code: 'JV', key: 'journal' },
  { id: 20002, code: 'CI', key: 'cashIn' },
  { id: 20003, code: 'CO', key: 'cashOut' },
] as const;
export type LedgerDocumentType = (typeof LEDGER_DOCUMENT_TYPES)[number]['code'];
/** A document type's code as the plug-ins of the server and the web name it: a new type adds its row above first. */
export type DocumentTypeCode = LedgerDocumentType;

/** Stored status codes (spec 4): Draft, In progress (waiting for approval), Final (approved), Released (posted), Canceled. */
export const DOCUMENT_STATUSES = ['D', 'I', 'F', 'R', 'C'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/**
 * What a status code does not say by itself: a draft sent back by an approver (changes requested), and why a document
 * was canceled (deleted as a draft, rejected by an approver, voided after release).
 */
export const DOCUMENT_SUB_STATUSES = ['changesRequested', 'deleted', 'rejected', 'void'] as const;
export type DocumentSubStatus = (typeof DOCUMENT_SUB_STATUSES)[number];

export const DOCUMENT_ACTIONS = ['edit', 'delete', 'submit', 'approve', 'reject', 'requestChanges', 'cancelApproval', 'release', 'void'] as const;
export type DocumentAction = (typeof DOCUMENT_ACTIONS)[number];

/** Who may take an action, besides holding the document type's task. */
export type DocumentActor = 'author' | 'approver' | 'releaser';

export interface DocumentTransition {
  action: DocumentAction;
  from: readonly DocumentStatus[];
  /** Statuses the action may lead to: submit goes to I when a flow applies and straight to R when none does. */
  to: readonly DocumentStatus[];
  /** The sub-status the document carries after the action (undefined clears it). */
  sub?: DocumentSubStatus;
  actor: DocumentActor;
  /** The error when the action is asked of a document in another status. */
  refusal: ErrorCode;
  /** The action changes the ledger: release posts, void writes the reversal. */
  ledger?: 'post' | 'reverse';
}

export const DOCUMENT_TRANSITIONS: readonly DocumentTransition[] = [
  { action: 'edit', from: ['D'], to: ['D'], actor: 'author', refusal: 'document_already_submitted' },
  { action: 'delete', from: ['D'], to: ['C'], sub: 'deleted', actor: 'author', refusal: 'document_already_submitted' },
  // A document type without an approval flow for the document's OU and amount is released on submit (posted).
  { action: 'submit', from: ['D'], to: ['I', 'R'], actor: 'author', refusal: 'document_already_submitted', ledger: 'post' },
  // Approving the last level makes the document Final; earlier levels keep it In progress for the next approver.
  { action: 'approve', from: ['I'], to: ['I', 'F'], actor: 'approver', refusal: 'document_not_waiting_for_approval' },
  { action: 'reject', from: ['I'], to: ['C'], sub: 'rejected', actor: 'approver', refusal: 'document_not_waiting_for_approval' },
  { action: 'requestChanges', from: ['I'], to: ['D'], sub: 'changesRequested', actor: 'approver', refusal: 'document_not_waiting_for_approval' },
  // The author withdraws a request (I) or an approval not yet released (F) and gets a draft back.
  { action: 'cancelApproval', from: ['I', 'F'], to: ['D'], actor: 'author', refusal: 'document_not_waiting_for_approval' },
  { action: 'release', from: ['F'], to: ['R'], actor: 'releaser', refusal: 'document_not_approved', ledger: 'post' },
  { action: 'void', from: ['R'], to: ['C'], sub: 'void', actor: 'releaser', refusal: 'document_must_released_first', ledger: 'reverse' },
];

export function transitionOf(action: DocumentAction): DocumentTransition {
  const t = DOCUMENT_TRANSITIONS.find((x) => x.action === action);
  if (!t) throw new Error(`no transition for ${action}`);
  return t;
}

/** The refusal code when `action` is asked of a document in `status`, or undefined when the table allows it. */
export function transitionRefusal(action: DocumentAction, status: DocumentStatus): ErrorCode | undefined {
  const t = transitionOf(action);
  return t.from.includes(status) ? undefined : t.refusal;
}

/** What the viewer is to the document: its author, the approver whose turn it is, a holder of the release task. */
export interface DocumentViewer {
  isAuthor: boolean;
  /** The viewer may act on the document's current approval level. */
  isCurrentApprover: boolean;
  /** The viewer holds the document type's write-all (release/void) task. */
  mayRelease: boolean;
  /** The viewer holds the document type's create/edit task. */
  mayEdit: boolean;
}

/** The actions the web shows as buttons: allowed by the table and by who the viewer is. */
export function actionsFor(status: DocumentStatus, viewer: DocumentViewer): DocumentAction[] {
  return DOCUMENT_TRANSITIONS.filter((t) => {
    if (!t.from.includes(status)) return false;
    if (t.actor === 'approver') return viewer.isCurrentApprover;
    if (t.actor === 'releaser') return viewer.mayRelease;
    return viewer.mayEdit && (viewer.isAuthor || viewer.mayRelease);
  }).map((t) => t.action);
}

/** Displayed labels of spec 4. */
export const DOCUMENT_LABELS = [
  'DRAFT',
  'CHANGES_REQUESTED',
  'IN_PROGRESS',
  'INCOMING_APPROVAL_REQUEST',
  'WAIT_FOR_APPROVAL',
  'REVIEW_TO_RELEASE',
  'NEED_REVIEW',
  'APPROVED',
  'RELEASED',
  'REJECTED',
  'VOID',
  'DELETED',
] as const;
export type DocumentLabel = (typeof DOCUMENT_LABELS)[number];

/**
 * The label a viewer sees (spec 4): an approver whose turn it is sees INCOMING APPROVAL REQUEST; the author sees
 * WAIT FOR APPROVAL, shown as REVIEW TO RELEASE when the last level is next (the approver flag) and NEED REVIEW
 * otherwise; everybody else sees IN PROGRESS.
 */
export function documentLabel(
  status: DocumentStatus,
  sub: DocumentSubStatus | null,
  viewer?: { isAuthor: boolean; isCurrentApprover: boolean; lastLevelNext: boolean },
): DocumentLabel {
  switch (status) {
    case 'D':
      return sub === 'changesRequested' ? 'CHANGES_REQUESTED' : 'DRAFT';
    case 'I':
      if (viewer?.isCurrentApprover) return 'INCOMING_APPROVAL_REQUEST';
      if (viewer?.isAuthor) return viewer.lastLevelNext ? 'REVIEW_TO_RELEASE' : 'NEED_REVIEW';
      return 'IN_PROGRESS';
    case 'F':
      return 'APPROVED';
    case 'R':
      return 'RELEASED';
    case 'C':
      return sub === 'rejected' ? 'REJECTED' : sub === 'void' ? 'VOID' : 'DELETED';
  }
}

/** An accounting period as stored on ledger lines (spec 9: YYYYMM). */
export const periodOf = (date: string): number => Number(date.slice(0, 4)) * 100 + Number(date.slice(5, 7));
