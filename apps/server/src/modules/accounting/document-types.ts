import type { FastifyInstance } from 'fastify';
import { cashInType, cashOutType } from './cash-transactions/index.ts';
import { documentRoutes, registerDocumentTypes, type DocumentTypeDefinition } from './documents/index.ts';
import { journalType } from './journals/index.ts';

/** Every document type of the accounting area, in one explicit list (decision 016): a new type is added here. */
export const DOCUMENT_TYPES: readonly DocumentTypeDefinition[] = [journalType, cashInType, cashOutType];

/** At start-up: the engine learns the types, then the shared document endpoints and each type's own are registered. */
export function documentTypeRoutes(app: FastifyInstance): void {
  registerDocumentTypes(DOCUMENT_TYPES);
  documentRoutes(app);
  for (const type of DOCUMENT_TYPES) type.routes(app);
}
