import { asColumns, asColumnsJson } from '../../../platform/db/columns.ts';
import { commitBehind, queryPrepared, type Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { auditRowsOf, type Actor, type AuditEntry } from '../../../platform/audit/write.ts';
import type { PendingNumber } from '../document-templates/service.ts';
import { ledgerRowsJson, type LedgerRow } from '../ledger/service.ts';
import { auditLog } from '../../../platform/audit/schema.ts';
import type { DocumentLineRow, DocumentRow } from './document-types.ts';
import { documentHistory, documentLines, documents } from './schema.ts';

/** A new document as it is to be stored, with everything its creating transaction writes besides. */
export interface NewDocument {
  /** The row in its final state; `number` is the typed one, or anything when `pending` gives the number. */
  row: DocumentRow;
  lines: DocumentLineRow[];
  /** Its release's ledger rows when it is released at once (their document number is the one given here). */
  ledger: LedgerRow[];
  steps: { id: string; userId: string; action: string; fromStatus: string | null; toStatus: string; approvalLevel: number | null; comment: string | null }[];
  /** Audit entries; an `after` object's `number` is set to the number given. */
  audits: AuditEntry[];
  /** The template's counter and parts for a blank number; undefined keeps `row.number` (typed, checked by the caller). */
  pending: PendingNumber | undefined;
}

/**
 * What a document's statement writes besides the document (`d`, the CTE that wrote it, returning id and number): a
 * release's ledger rows, history steps and audit rows, each from a jsonb parameter starting at `$first`. An audit
 * after-image with a `number` gets the document's (a new document's number is taken in the same statement).
 */
const companionWrites = (first: number) => `
ledger AS (
  INSERT INTO ledger_entries (tenant_id, posting_id, document_id, document_type, document_number, entry_date, period, coa_id, ou_id,
    segment_id, partner_id, cash_bank_id, currency_id, amount, book_amount, memo)
  SELECT r.tenant_id, r.posting_id, d.id, r.document_type, d.number, r.entry_date, r.period, r.coa_id, r.ou_id,
    r.segment_id, r.partner_id, r.cash_bank_id, r.currency_id, r.amount, r.book_amount, r.memo
    FROM d, jsonb_populate_recordset(NULL::ledger_entries, $${first}::jsonb) WITH ORDINALITY AS r
   ORDER BY r.ordinality),
history AS (
  INSERT INTO document_history (tenant_id, id, document_id, user_id, action, from_status, to_status, approval_level, comment)
  SELECT r.tenant_id, r.id, d.id, r.user_id, r.action, r.from_status, r.to_status, r.approval_level, r.comment
    FROM d, jsonb_populate_recordset(NULL::document_history, $${first + 1}::jsonb) r),
audit AS (
  INSERT INTO audit_log (tenant_id, id, user_id, session_id, module, action, entity, entity_id, before, after)
  SELECT r.tenant_id, r.id, r.user_id, r.session_id, r.module, r.action, r.entity, r.entity_id, r.before,
         CASE WHEN jsonb_typeof(r.after) = 'object' AND r.after ? 'number' THEN jsonb_set(r.after, '{number}', to_jsonb(d.number)) ELSE r.after END
    FROM d, jsonb_populate_recordset(NULL::audit_log, $${first + 2}::jsonb) r)`;

/** A step taken on a document: its row as it is to be, and what the step writes besides. */
export type StepWrites = Pick<NewDocument, 'row' | 'ledger' | 'steps' | 'audits'>;

/** The parameters of companionWrites, in its order. */
const companionValues = (tx: Tx, actor: Actor, doc: StepWrites) => [
  ledgerRowsJson(doc.ledger),
  asColumnsJson(
    documentHistory,
    doc.steps.map((s) => ({ ...s, tenantId: doc.row.tenantId })),
  ),
  asColumnsJson(auditLog, auditRowsOf(tx, actor, doc.audits)),
];

/**
 * One statement takes the number and writes the document, its lines, its ledger rows, its history and its audit rows;
 * the COMMIT may go out right behind it. The gap-free counter's row, which every creator of the type in the tenant
 * queues on until COMMIT, is so held for this statement and the COMMIT only, however many reads and checks the
 * creation made before. document_number_take (migration 0038) steps the counter, skipping numbers typed by hand, and
 * locks the number's unique key as lockUniqueKey locks a typed one. The lines, ledger rows and history reference the
 * document inserted by a sibling CTE: the foreign keys are checked at the end of the statement.
 */
const INSERT_NUMBERED = `
WITH numbered AS (
  SELECT CASE WHEN $1::text IS NULL THEN document_number_take($2::text, $3::text, $4::text, $5::int, $6::text, $7::text, 'document-number:' || $7::text || ':')
              ELSE $1::text END AS number),
d AS (
  INSERT INTO documents (tenant_id, id, type, number, document_date, due_date, reference, external_number, external_date, remarks,
    currency_id, rate, ou_id, partner_id, cash_bank_id, status, sub_status, approval_flow_id, approval_level, tax_amount, total_amount,
    total_book_amount, created_by, created_at, updated_at, submitted_at, released_at, released_by)
  SELECT r.tenant_id, r.id, r.type, n.number, r.document_date, r.due_date, r.reference, r.external_number, r.external_date, r.remarks,
    r.currency_id, r.rate, r.ou_id, r.partner_id, r.cash_bank_id, r.status, r.sub_status, r.approval_flow_id, r.approval_level,
    r.tax_amount, r.total_amount, r.total_book_amount, r.created_by, r.created_at, r.updated_at, r.submitted_at, r.released_at, r.released_by
    FROM numbered n, jsonb_populate_record(NULL::documents, $8::jsonb) r
  RETURNING id, number),
lines AS (
  INSERT INTO document_lines (tenant_id, document_id, line_no, coa_id, ou_id, segment_id, partner_id, product_id, quantity, unit_price,
    discount_percent, discount_amount, tax_code, debit, credit, book_debit, book_credit, memo)
  SELECT r.tenant_id, d.id, r.line_no, r.coa_id, r.ou_id, r.segment_id, r.partner_id, r.product_id, r.quantity, r.unit_price,
    r.discount_percent, r.discount_amount, r.tax_code, r.debit, r.credit, r.book_debit, r.book_credit, r.memo
    FROM d, jsonb_populate_recordset(NULL::document_lines, $9::jsonb) r),${companionWrites(10)}
SELECT number FROM d`;

/** "Key (tenant_id, type, number)=(…, JV, JV/2026/0001) already exists." → the number. */
const numberOfDuplicate = (detail: string | undefined) => /, ([^,]*)\) already exists/.exec(detail ?? '')?.[1] ?? '';

/**
 * Writes `doc` and returns its number: the typed one, or the next of `doc.pending`'s counter. A typed number was
 * checked by the caller; a concurrent creator who commits the same number first makes it
 * `document_number_already_exists`, never a duplicate. `last`: nothing else is written in the transaction, so its
 * COMMIT is sent right behind the statement (commitBehind), without waiting for the answer in between.
 */
export async function insertNewDocument(tx: Tx, actor: Actor, doc: NewDocument, last = false): Promise<string> {
  const { row, pending } = doc;
  const values = [
    pending ? null : row.number,
    pending?.key ?? '',
    pending?.period ?? '',
    pending?.head ?? '',
    pending?.counterDigits ?? 0,
    pending?.tail ?? '',
    row.type,
    JSON.stringify(asColumns(documents, row)),
    asColumnsJson(documentLines, doc.lines),
    ...companionValues(tx, actor, doc),
  ];
  const send = () => queryPrepared<{ number: string }>(tx, 'nusa_document_insert_numbered', INSERT_NUMBERED, values);
  const inserted = last ? commitBehind(tx, send) : send();
  try {
    return (await inserted)[0]!.number;
  } catch (err) {
    const e = err as { code?: string; constraint?: string; detail?: string; hint?: string };
    if (e.code === '23505' && e.constraint === 'documents_type_number_key') throw new AppError('document_number_already_exists', [numberOfDuplicate(e.detail)]);
    if (e.code === 'P0001' && e.hint === 'autonumber_code_already_exists') throw new AppError('autonumber_code_already_exists', [row.type]);
    throw err;
  }
}

/**
 * A step's writes in one statement: the document's new state (every column a step may change, from the row as it is
 * to be), the ledger rows of a release, the history step and the audit row. A release's balance was checked by
 * ledgerRowsOf; the deferred constraint checks it again at COMMIT.
 */
const WRITE_STEP = `
WITH d AS (
  UPDATE documents x
     SET status = r.status, sub_status = r.sub_status, approval_flow_id = r.approval_flow_id, approval_level = r.approval_level,
         submitted_at = r.submitted_at, released_at = r.released_at, released_by = r.released_by, updated_at = r.updated_at
    FROM jsonb_populate_record(NULL::documents, $1::jsonb) r
   WHERE x.id = r.id
  RETURNING x.id, x.number),${companionWrites(2)}
SELECT count(*)::int AS n FROM d`;

/** Writes a step (takeStep in act.ts); `last` as insertNewDocument's. The document was locked by the caller. */
export async function writeStep(tx: Tx, actor: Actor, step: StepWrites, last = false): Promise<void> {
  const values = [JSON.stringify(asColumns(documents, step.row)), ...companionValues(tx, actor, step)];
  const send = () => queryPrepared<{ n: number }>(tx, 'nusa_document_write_step', WRITE_STEP, values);
  const [written] = await (last ? commitBehind(tx, send) : send());
  if (written?.n !== 1) throw new AppError('document_not_found');
}
