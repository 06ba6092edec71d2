import { asc, eq, inArray } from 'drizzle-orm';
import {
  actionsFor,
  documentLabel,
  type CoaAccount,
  type DocumentDetail,
  type DocumentHeader,
  type DocumentStatus,
  type DocumentSubStatus,
} from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { money, plainDecimal } from '../../../platform/money/decimal.ts';
import { userNamesByIds } from '../../configuration/users/service.ts';
import { coaByIds } from '../coa/service.ts';
import { currenciesByIds } from '../currencies/service.ts';
import { approvedBy, levelBands, levelsNaming, nextLevelOf } from '../approval-flows/service.ts';
import { documentTypeOf, type DocumentLineRow, type DocumentRow } from './document-types.ts';
import { documentLines } from './schema.ts';
import { holds, type DocumentUser } from './user.ts';

const amount = (v: string) => plainDecimal(v) ?? '0';

/** What the caller is to each of `rows`, read in a few queries for a whole page. */
async function viewersOf(tx: Tx, user: DocumentUser, rows: DocumentRow[]) {
  const waiting = rows.filter((r) => r.status === 'I' && r.approvalFlowId && r.approvalLevel !== null);
  const named = new Set(waiting.length ? (await levelsNaming(tx, user.userId, user.roleId)).map((l) => `${l.flowId}:${l.levelNo}`) : []);
  const approved = new Set(
    (
      await approvedBy(
        tx,
        user.userId,
        waiting.map((r) => r.id),
      )
    ).map((a) => `${a.documentId}:${a.levelNo}`),
  );
  const bands = await levelBands(
    tx,
    waiting.map((r) => r.approvalFlowId!),
  );
  return (r: DocumentRow) => {
    const type = documentTypeOf(r.type);
    const isAuthor = r.createdBy === user.userId;
    const atLevel = r.status === 'I' && r.approvalFlowId !== null && r.approvalLevel !== null;
    const isCurrentApprover =
      atLevel &&
      !isAuthor &&
      holds(user, type, 'approve') &&
      named.has(`${r.approvalFlowId}:${r.approvalLevel}`) &&
      !approved.has(`${r.id}:${r.approvalLevel}`);
    const lastLevelNext = atLevel && nextLevelOf(bands, r.approvalFlowId!, r.approvalLevel!, money(r.totalBookAmount)) === undefined;
    return { isAuthor, isCurrentApprover, mayRelease: holds(user, type, 'release'), mayEdit: holds(user, type, 'edit'), lastLevelNext };
  };
}

export async function presentHeaders(
  tx: Tx,
  user: DocumentUser,
  rows: DocumentRow[],
  known?: Map<string, { currencyCode: string }>,
  knownNames?: Map<string, string>,
): Promise<DocumentHeader[]> {
  if (!rows.length) return [];
  const viewerOf = await viewersOf(tx, user, rows);
  const currencies =
    known && rows.every((r) => known.has(r.currencyId))
      ? known
      : await currenciesByIds(
          tx,
          rows.map((r) => r.currencyId),
        );
  const names =
    knownNames && rows.every((r) => knownNames.has(r.createdBy))
      ? knownNames
      : await userNamesByIds(
          tx,
          rows.map((r) => r.createdBy),
        );
  return rows.map((r) => {
    const viewer = viewerOf(r);
    const status = r.status as DocumentStatus;
    const sub = r.subStatus as DocumentSubStatus | null;
    return {
      documentId: r.id,
      type: r.type,
      number: r.number,
      documentDate: r.documentDate,
      dueDate: r.dueDate,
      reference: r.reference,
      externalNumber: r.externalNumber,
      externalDate: r.externalDate,
      remarks: r.remarks,
      currencyId: r.currencyId,
      currencyCode: currencies.get(r.currencyId)?.currencyCode ?? '',
      rate: plainDecimal(r.rate) ?? '1',
      ouId: r.ouId,
      partnerId: r.partnerId,
      cashBankId: r.cashBankId,
      status,
      subStatus: sub,
      label: documentLabel(status, sub, viewer),
      actions: actionsFor(status, viewer),
      viewer,
      approvalFlowId: r.approvalFlowId,
      approvalLevel: r.approvalLevel,
      taxAmount: amount(r.taxAmount),
      totalAmount: amount(r.totalAmount),
      totalBookAmount: amount(r.totalBookAmount),
      createdBy: r.createdBy,
      createdByName: names.get(r.createdBy) ?? '',
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      submittedAt: r.submittedAt?.toISOString() ?? null,
      releasedAt: r.releasedAt?.toISOString() ?? null,
    };
  });
}

export async function linesOf(tx: Tx, documentIds: string[]) {
  if (!documentIds.length) return [];
  return tx.select().from(documentLines).where(inArray(documentLines.documentId, documentIds)).orderBy(asc(documentLines.lineNo));
}

/** What the caller already holds of the document, so that the answer does not read it again. */
export interface InHand {
  /** The document's lines in line order, as just written or read. */
  lines?: DocumentLineRow[];
  /** Accounts read for the checks (each line's account must be among them when given). */
  coas?: Map<string, CoaAccount>;
  /** The document's currency, as the checks read it. */
  currency?: { currencyId: string; currencyCode: string };
  /** User names by id, as just read (the creator's). */
  names?: Map<string, string>;
}

export async function presentDetail(tx: Tx, user: DocumentUser, row: DocumentRow, inHand: InHand = {}): Promise<DocumentDetail> {
  const [header] = await presentHeaders(tx, user, [row], inHand.currency && new Map([[inHand.currency.currencyId, inHand.currency]]), inHand.names);
  const lines = inHand.lines ?? (await tx.select().from(documentLines).where(eq(documentLines.documentId, row.id)).orderBy(asc(documentLines.lineNo)));
  const coaIds = lines.flatMap((l) => (l.coaId ? [l.coaId] : []));
  const coas = inHand.coas && coaIds.every((id) => inHand.coas!.has(id)) ? inHand.coas : await coaByIds(tx, coaIds);
  return {
    ...header,
    lines: lines.map((l) => ({
      lineNo: l.lineNo,
      coaId: l.coaId,
      coaCode: l.coaId ? (coas.get(l.coaId)?.coaCode ?? null) : null,
      coaName: l.coaId ? (coas.get(l.coaId)?.coaName ?? null) : null,
      ouId: l.ouId,
      segmentId: l.segmentId,
      partnerId: l.partnerId,
      productId: l.productId,
      quantity: plainDecimal(l.quantity),
      unitPrice: plainDecimal(l.unitPrice),
      discountPercent: plainDecimal(l.discountPercent),
      discountAmount: plainDecimal(l.discountAmount),
      taxCode: l.taxCode,
      debit: amount(l.debit),
      credit: amount(l.credit),
      bookDebit: amount(l.bookDebit),
      bookCredit: amount(l.bookCredit),
      memo: l.memo,
    })),
  };
}
