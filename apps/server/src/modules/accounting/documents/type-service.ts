import type { FastifyReply } from 'fastify';
import type { DocumentDetail, DocumentListQuery } from '@nusa/contracts';
import type { z } from 'zod';
import type { Tx } from '../../../platform/db/tenant.ts';
import { streamXlsxReply } from '../../../platform/records/xlsx-reply.ts';
import { createAndSubmitDocument } from './act.ts';
import { createDocument, deleteDocument, updateDocument } from './create.ts';
import type { DocumentTypeDefinition, Lang } from './document-types.ts';
import { getDocument, listDocuments } from './list.ts';
import { documentPdf, sendPdf } from './print.ts';
import { exportDocuments } from './sheet.ts';
import type { DocumentUser } from './user.ts';

/*
 * The endpoints of every document type, served from its definition: a type's routes.ts only maps its contract
 * endpoints onto these. Nothing here knows a type's code.
 */

type Def<S extends z.ZodType, D extends DocumentDetail> = DocumentTypeDefinition<S, D>;

/** The type's answer: the engine's document, with what its companion keeps beside it. */
async function answer<S extends z.ZodType, D extends DocumentDetail>(tx: Tx, type: Def<S, D>, doc: DocumentDetail): Promise<D> {
  // Without a companion the type's answer is the engine's document (D defaults to DocumentDetail).
  return type.companion ? type.companion.present(tx, doc) : (doc as D);
}

/** `submit`: save and submit in one request (decision 010); without a companion the COMMIT goes out with the document. */
export async function createOfType<S extends z.ZodType, D extends DocumentDetail>(
  tx: Tx,
  user: DocumentUser,
  type: Def<S, D>,
  input: z.output<S>,
  submit = false,
): Promise<D> {
  const { header, lines, coas } = await type.check(tx, input);
  const last = !type.companion;
  const doc = await (submit ? createAndSubmitDocument : createDocument)(tx, user, type.code, header, lines, coas, last);
  await type.companion?.save(tx, user, doc.documentId, input, true);
  return answer(tx, type, doc);
}

export async function updateOfType<S extends z.ZodType, D extends DocumentDetail>(
  tx: Tx,
  user: DocumentUser,
  type: Def<S, D>,
  id: string,
  input: z.output<S>,
): Promise<D> {
  const { header, lines, coas } = await type.check(tx, input);
  const doc = await updateDocument(tx, user, id, header, lines, type.code, coas);
  await type.companion?.save(tx, user, id, input, false);
  return answer(tx, type, doc);
}

export async function deleteOfType(tx: Tx, user: DocumentUser, type: Def<z.ZodType, DocumentDetail>, id: string): Promise<{ ok: true }> {
  await deleteDocument(tx, user, id, type.code);
  return { ok: true };
}

export async function getOfType<S extends z.ZodType, D extends DocumentDetail>(tx: Tx, user: DocumentUser, type: Def<S, D>, id: string): Promise<D> {
  return answer(tx, type, await getDocument(tx, user, id, type.code));
}

export const listOfType = (tx: Tx, user: DocumentUser, type: Def<z.ZodType, DocumentDetail>, q: DocumentListQuery) => listDocuments(tx, user, type.code, q);

/** The list's documents for the same filters as an xlsx download (`<fileName>.xlsx`). */
export async function exportOfType(
  reply: FastifyReply,
  tx: Tx,
  user: DocumentUser,
  type: Def<z.ZodType, DocumentDetail>,
  query: Omit<DocumentListQuery, 'page' | 'limit'> & { lang: Lang },
) {
  const { lang, ...filters } = query;
  const sheet = await exportDocuments(tx, user, type, filters, lang);
  return streamXlsxReply(reply, type.sheet.fileName, sheet.sheetName, sheet.columns, sheet.rows);
}

/** The document as the type prints it, shown inline and named after its number. */
export async function pdfOfType<S extends z.ZodType, D extends DocumentDetail>(
  reply: FastifyReply,
  tx: Tx,
  user: DocumentUser,
  type: Def<S, D>,
  id: string,
  lang: Lang,
): Promise<Buffer> {
  const doc = await getOfType(tx, user, type, id);
  return sendPdf(reply, doc.number, await documentPdf(tx, user, doc, lang, type.print));
}
