import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { transitionRefusal, type CoaAccount, type DocumentDetail, type DocumentStatus } from '@nusa/contracts';
import { preparedQuery, queryPrepared, type Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit } from '../../../platform/audit/write.ts';
import { lockUniqueKey } from '../../../platform/numbering/lock.ts';
import { assertMayCreateDocument } from '../../configuration/policies/service.ts';
import { consumeFreeTransaction } from '../../public/onboarding/service.ts';
import { pendingNumber, type PendingNumber } from '../document-templates/service.ts';
import { assertPeriodOpen } from '../ledger/service.ts';
import { assertDiscounts, assertPolicies, computeAmounts, currencyAndRate, type HeaderInput, type LineInput } from './checks.ts';
import { documentTypeOf, type DocumentLineRow, type DocumentRow, type DocumentEngineType } from './document-types.ts';
import { historyRows, recordStep, type Step } from './history.ts';
import { insertNewDocument } from './write.ts';
import { presentDetail } from './present.ts';
import { documentLines, documents } from './schema.ts';
import { assertHolds, holds, type DocumentUser } from './user.ts';

export const MODULE = 'accounting.document';

/** Whether `number` is taken by another document of the type; the key is locked first so concurrent creators queue. */
async function numberTaken(tx: Tx, type: string, number: string, exceptId?: string): Promise<boolean> {
  await lockUniqueKey(tx, `document-number:${type}:${number}`);
  const rows = await preparedQuery(tx, 'nusa_document_number_taken', (tx, name) =>
    tx
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.type, sql.placeholder('type')), eq(documents.number, sql.placeholder('number'))))
      .prepare(name),
  ).execute({ type, number });
  return rows.some((r) => r.id !== exceptId);
}

/** The document, locked for the rest of the transaction (every change of a document goes through this). */
export async function lockDocument(tx: Tx, id: string): Promise<DocumentRow> {
  const rows = await tx.select().from(documents).where(eq(documents.id, id)).for('update');
  if (!rows[0]) throw new AppError('document_not_found');
  return rows[0];
}

/** The checks of every create and edit: type prohibitions and OU policy, closed period, picked records, discounts; the lines' accounts. */
async function checkInput(tx: Tx, user: DocumentUser, documentTypeId: number, header: HeaderInput, lines: LineInput[], knownCoas?: Map<string, CoaAccount>) {
  await assertMayCreateDocument(tx, user.userId, documentTypeId);
  await assertPeriodOpen(tx, header.documentDate);
  const coas = await assertPolicies(tx, user, header, lines, knownCoas);
  await assertDiscounts(tx, user, lines);
  return coas;
}

const headerColumns = (header: HeaderInput) => ({
  documentDate: header.documentDate,
  dueDate: header.dueDate ?? null,
  reference: header.reference || null,
  externalNumber: header.externalNumber || null,
  externalDate: header.externalDate ?? null,
  remarks: header.remarks || null,
  ouId: header.ouId ?? null,
  partnerId: header.partnerId ?? null,
  cashBankId: header.cashBankId ?? null,
});

/** An edited draft's lines, replacing its old ones; returned as written (in line order). */
async function replaceLines(tx: Tx, tenantId: string, documentId: string, lines: ReturnType<typeof computeAmounts>['lines']) {
  await tx.delete(documentLines).where(eq(documentLines.documentId, documentId));
  if (!lines.length) return [];
  const column = <K extends keyof (typeof lines)[number]>(k: K) => lines.map((l) => l[k]);
  // One array per column: a statement of fixed shape, prepared once per connection whatever the number of lines.
  const written = await queryPrepared<DocumentLineRow>(
    tx,
    'nusa_document_lines_insert',
    `INSERT INTO document_lines (tenant_id, document_id, line_no, coa_id, ou_id, segment_id, partner_id, product_id, quantity,
       unit_price, discount_percent, discount_amount, tax_code, debit, credit, book_debit, book_credit, memo)
     SELECT $1::uuid, $2::uuid, l.* FROM unnest($3::int[], $4::uuid[], $5::uuid[], $6::uuid[], $7::uuid[], $8::uuid[],
       $9::numeric[], $10::numeric[], $11::numeric[], $12::numeric[], $13::text[], $14::numeric[], $15::numeric[], $16::numeric[],
       $17::numeric[], $18::text[]) AS l
     RETURNING tenant_id AS "tenantId", document_id AS "documentId", line_no AS "lineNo", coa_id AS "coaId", ou_id AS "ouId",
       segment_id AS "segmentId", partner_id AS "partnerId", product_id AS "productId", quantity, unit_price AS "unitPrice",
       discount_percent AS "discountPercent", discount_amount AS "discountAmount", tax_code AS "taxCode", debit, credit,
       book_debit AS "bookDebit", book_credit AS "bookCredit", memo`,
    [
      tenantId,
      documentId,
      column('lineNo'),
      column('coaId'),
      column('ouId'),
      column('segmentId'),
      column('partnerId'),
      column('productId'),
      column('quantity'),
      column('unitPrice'),
      column('discountPercent'),
      column('discountAmount'),
      column('taxCode'),
      column('debit'),
      column('credit'),
      column('bookDebit'),
      column('bookCredit'),
      column('memo'),
    ],
  );
  return written.sort((a, b) => a.lineNo - b.lineNo);
}

/** A new document's draft as it is to be stored, with what its checks read (for the answer and a submit that follows). */
export interface PreparedDraft {
  definition: DocumentEngineType;
  /** The draft row; its `number` is the typed one, or '' until insertNewDocument takes `pending`'s next. */
  row: DocumentRow;
  lines: DocumentLineRow[];
  coas: Map<string, CoaAccount>;
  currency: { currencyId: string; currencyCode: string };
  pending: PendingNumber | undefined;
}

/**
 * A new draft of `type` (architecture §9), checked and computed but not yet written: numbered from the type's
 * document template when the number is blank (gap-free, taken by insertNewDocument in the statement that writes it),
 * in the book currency unless another is chosen (rate of the document's date), totals computed here, counted against
 * a trial tenant's free transactions.
 */
export async function prepareDraft(
  tx: Tx,
  user: DocumentUser,
  type: string,
  header: HeaderInput,
  lines: LineInput[],
  knownCoas?: Map<string, CoaAccount>,
): Promise<PreparedDraft> {
  const definition = documentTypeOf(type);
  assertHolds(user, definition, 'edit', `documents/${type}`);
  const coas = await checkInput(tx, user, definition.documentTypeId, header, lines, knownCoas);
  const { currencyId, currencyCode, rate } = await currencyAndRate(tx, header.currencyId, header.documentDate);
  const amounts = computeAmounts(header, lines, rate);
  const number = header.number;
  if (number && (await numberTaken(tx, type, number))) throw new AppError('document_number_already_exists', [number]);
  await consumeFreeTransaction(tx, user.tenantId);
  const pending = number ? undefined : await pendingNumber(tx, type, header.documentDate);
  const id = uuidv7();
  const now = new Date();
  const row: DocumentRow = {
    tenantId: user.tenantId,
    id,
    type,
    number: number || '',
    ...headerColumns(header),
    currencyId,
    rate: rate.toFixed(),
    status: 'D',
    subStatus: null,
    approvalFlowId: null,
    approvalLevel: null,
    taxAmount: amounts.taxAmount,
    totalAmount: amounts.totalAmount,
    totalBookAmount: amounts.totalBookAmount,
    createdBy: user.userId,
    createdAt: now,
    updatedAt: now,
    submittedAt: null,
    releasedAt: null,
    releasedBy: null,
  };
  const draftLines: DocumentLineRow[] = amounts.lines.map((l) => ({ tenantId: user.tenantId, documentId: id, ...l }));
  return { definition, row, lines: draftLines, coas, currency: { currencyId, currencyCode }, pending };
}

export const CREATE_STEP: Step = { action: 'create', fromStatus: null, toStatus: 'D' };

/**
 * `knownCoas`: the lines' accounts when the caller has just read them for its own checks. `last`: the caller writes
 * nothing else in the transaction, so the COMMIT goes out right behind the document's statement (insertNewDocument).
 */
export async function createDocument(
  tx: Tx,
  user: DocumentUser,
  type: string,
  header: HeaderInput,
  lines: LineInput[],
  knownCoas?: Map<string, CoaAccount>,
  last = false,
): Promise<DocumentDetail> {
  const draft = await prepareDraft(tx, user, type, header, lines, knownCoas);
  const detail = await presentDetail(tx, user, draft.row, draft);
  const number = await insertNewDocument(
    tx,
    user,
    {
      row: draft.row,
      lines: draft.lines,
      ledger: [],
      steps: historyRows(user.userId, [CREATE_STEP]),
      audits: [{ module: MODULE, action: 'create', entity: type, entityId: draft.row.id, after: detail }],
      pending: draft.pending,
    },
    last,
  );
  return { ...detail, number };
}

/** Edit and delete: the author's (or a holder of the release task's) while the document is a draft. */
async function lockDraft(tx: Tx, user: DocumentUser, id: string, action: 'edit' | 'delete', type?: string) {
  const row = await lockDocument(tx, id);
  if (type && row.type !== type) throw new AppError('document_not_found');
  const definition = documentTypeOf(row.type);
  assertHolds(user, definition, 'edit', `documents/${id}`);
  if (row.createdBy !== user.userId && !holds(user, definition, 'release')) throw new AppError('forbidden_action', [`documents/${id}`]);
  const refusal = transitionRefusal(action, row.status as DocumentStatus);
  if (refusal) throw new AppError(refusal);
  await assertPeriodOpen(tx, row.documentDate);
  return { row, definition };
}

/** A blank number keeps the current one; the sub-status (changes requested) stays until the next submit. */
export async function updateDocument(
  tx: Tx,
  user: DocumentUser,
  id: string,
  header: HeaderInput,
  lines: LineInput[],
  type?: string,
  knownCoas?: Map<string, CoaAccount>,
): Promise<DocumentDetail> {
  const { row, definition } = await lockDraft(tx, user, id, 'edit', type);
  const before = await presentDetail(tx, user, row);
  const coas = await checkInput(tx, user, definition.documentTypeId, header, lines, knownCoas);
  const { currencyId, currencyCode, rate } = await currencyAndRate(tx, header.currencyId, header.documentDate);
  const amounts = computeAmounts(header, lines, rate);
  const number = header.number || row.number;
  if (number !== row.number && (await numberTaken(tx, row.type, number, id))) throw new AppError('document_number_already_exists', [number]);
  const [updated] = await tx
    .update(documents)
    .set({
      number,
      ...headerColumns(header),
      currencyId,
      rate: rate.toFixed(),
      taxAmount: amounts.taxAmount,
      totalAmount: amounts.totalAmount,
      totalBookAmount: amounts.totalBookAmount,
      updatedAt: sql`now()`,
    })
    .where(eq(documents.id, id))
    .returning();
  const written = await replaceLines(tx, user.tenantId, id, amounts.lines);
  await recordStep(tx, user.tenantId, user.userId, id, { action: 'edit', fromStatus: 'D', toStatus: 'D' });
  const after = await presentDetail(tx, user, updated!, { lines: written, coas, currency: { currencyId, currencyCode } });
  await writeAudit(tx, user, { module: MODULE, action: 'update', entity: row.type, entityId: id, before, after });
  return after;
}

/** A draft is canceled as deleted, not removed: its number stays used (numbering is gap-free) and its history kept. */
export async function deleteDocument(tx: Tx, user: DocumentUser, id: string, type?: string): Promise<void> {
  const { row } = await lockDraft(tx, user, id, 'delete', type);
  await tx
    .update(documents)
    .set({ status: 'C', subStatus: 'deleted', updatedAt: sql`now()` })
    .where(eq(documents.id, id));
  await recordStep(tx, user.tenantId, user.userId, id, { action: 'delete', fromStatus: 'D', toStatus: 'C' });
  await writeAudit(tx, user, { module: MODULE, action: 'delete', entity: row.type, entityId: id, before: { number: row.number, status: row.status } });
}
