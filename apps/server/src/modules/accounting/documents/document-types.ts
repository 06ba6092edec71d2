import type { Task } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import type { PostingLine } from '../ledger/service.ts';
import type { documentLines, documents } from './schema.ts';

export type DocumentRow = typeof documents.$inferSelect;
export type DocumentLineRow = typeof documentLines.$inferSelect;

/** One ledger line a release writes (the ledger defines it: documents post through the ledger). */
export type { PostingLine };

/**
 * What a document type tells the engine (architecture §9: one engine, every type). The engine owns statuses,
 * numbering, approvals, policies, prohibitions, the free-trial counter and the closed-period check; a type owns its
 * lines' rules and what its release posts.
 */
export interface DocumentTypeDefinition {
  /** The document template code (JV, CI, CO, …) and the numeric id used by prohibitions and approval flows. */
  code: string;
  documentTypeId: number;
  tasks: { read: readonly Task[]; edit: readonly Task[]; release: readonly Task[]; approve: readonly Task[] };
  /** The ledger lines of a release; they must balance in the book currency (the database refuses them otherwise). */
  postingLines(tx: Tx, document: DocumentRow, lines: DocumentLineRow[]): Promise<PostingLine[]>;
}

const registry = new Map<string, DocumentTypeDefinition>();

export function registerDocumentType(definition: DocumentTypeDefinition): void {
  registry.set(definition.code, definition);
}

export function documentTypeOf(code: string): DocumentTypeDefinition {
  const definition = registry.get(code);
  if (!definition) throw new Error(`document type ${code} is not registered`);
  return definition;
}

export const registeredDocumentTypes = (): DocumentTypeDefinition[] => [...registry.values()];
