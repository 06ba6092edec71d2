/**
 * The document engine (architecture §9, issue 11): one engine for every document type. A type is a definition
 * (document-types.ts, decision 016) served by type-service.ts; the engine's functions are here for other modules.
 */
export { createDocument, updateDocument, deleteDocument } from './create.ts';
export { actOnDocument, createAndSubmitDocument } from './act.ts';
export { getDocument, listDocuments, documentHistory, approvalInbox, approvalInboxCounts, documentsWaitingUnderFlow } from './list.ts';
export {
  registerDocumentTypes,
  documentTypeOf,
  registeredDocumentTypes,
  type DocumentEngineType,
  type DocumentTypeDefinition,
  type DocumentRow,
  type DocumentLineRow,
  type PostingLine,
} from './document-types.ts';
export type { DocumentUser } from './user.ts';
export type { HeaderInput, LineInput } from './checks.ts';
