/**
 * The document engine (architecture §9, issue 11): one engine for every document type. Types register their tasks
 * and posting lines (document-types.ts); their modules call these and add only their own line rules.
 */
export { createDocument, updateDocument, deleteDocument } from './create.ts';
export { actOnDocument, createAndSubmitDocument } from './act.ts';
export { getDocument, listDocuments, documentHistory, approvalInbox, approvalInboxCounts, documentsWaitingUnderFlow } from './list.ts';
export {
  registerDocumentType,
  documentTypeOf,
  registeredDocumentTypes,
  type DocumentTypeDefinition,
  type DocumentRow,
  type DocumentLineRow,
  type PostingLine,
} from './document-types.ts';
export type { DocumentUser } from './user.ts';
export type { HeaderInput, LineInput } from './checks.ts';
