import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { CoaAccount, DocumentDetail, DocumentTypeCode, Task } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import type { PostingLine } from '../ledger/service.ts';
import type { HeaderInput, LineInput } from './checks.ts';
import type { Lang, PrintLayout } from './print-parts.ts';
import type { documentLines, documents } from './schema.ts';
import type { DocumentUser } from './user.ts';

export type DocumentRow = typeof documents.$inferSelect;
export type DocumentLineRow = typeof documentLines.$inferSelect;

/** One ledger line a release writes (the ledger defines it: documents post through the ledger). */
export type { PostingLine, Lang };

/**
 * What the engine itself reads of a type (architecture §9: one engine, every type). The engine owns statuses,
 * numbering, approvals, policies, prohibitions, the free-trial counter and the closed-period check; a type owns its
 * lines' rules and what its release posts. `code` is the stored `documents.type` (the engine's own tests use a type
 * outside the contracts; plug-ins are DocumentTypeDefinitions, whose code is typed).
 */
export interface DocumentEngineType {
  /** The document template code (JV, CI, CO, …) and the numeric id used by prohibitions and approval flows. */
  code: string;
  documentTypeId: number;
  tasks: { read: readonly Task[]; edit: readonly Task[]; release: readonly Task[]; approve: readonly Task[] };
  /** The ledger lines of a release; they must balance in the book currency (the database refuses them otherwise). */
  postingLines(tx: Tx, document: DocumentRow, lines: DocumentLineRow[]): Promise<PostingLine[]>;
}

/** A type's body in the engine's terms, after the type's own checks (the accounts they read are reused by the engine's). */
export interface EngineInput {
  header: HeaderInput;
  lines: LineInput[];
  coas?: Map<string, CoaAccount>;
}

/**
 * Rows a type keeps beside its document (cash in/out: how the money moved). They are written after the document's
 * statement, so its COMMIT cannot go out with that statement (decision 010).
 */
export interface DocumentCompanion<I, D extends DocumentDetail> {
  save(tx: Tx, user: DocumentUser, documentId: string, input: I, isNew: boolean): Promise<void>;
  /** The type's answer: the engine's document with what the companion adds. */
  present(tx: Tx, doc: DocumentDetail): Promise<D>;
}

/**
 * A document type as a plug-in (decision 016): everything that differs between types, in one object. Shared logic
 * (documents/type-service.ts, print.ts, sheet.ts) reads it and never branches on a type's code.
 */
export interface DocumentTypeDefinition<S extends z.ZodType = z.ZodType, D extends DocumentDetail = DocumentDetail> extends DocumentEngineType {
  code: DocumentTypeCode;
  /** The body of its create and edit endpoints (header fields and lines), from the contracts. */
  schemas: { input: S; line: z.ZodType };
  /** The type's own checks of a body (balance, postable accounts, cash bank …), then the body as the engine's header and lines. */
  check(tx: Tx, input: z.output<S>): Promise<EngineInput>;
  print: PrintLayout<D>;
  /** The xlsx export of its list: the file's name (before the date) and the sheet's name. */
  sheet: { fileName: string; name: Record<Lang, string> };
  companion?: DocumentCompanion<z.output<S>, D>;
  /** Registers the type's endpoints (contracts), each served by the shared type service. */
  routes(app: FastifyInstance): void;
}

const registry = new Map<string, DocumentEngineType>();

/**
 * The document types the engine serves, registered explicitly at start-up (app.ts: accounting/document-types.ts) and
 * never by importing a module for its side effect. A code claimed by two definitions is a programming error.
 */
export function registerDocumentTypes(types: readonly DocumentEngineType[]): void {
  for (const type of types) {
    const known = registry.get(type.code);
    if (known && known !== type) throw new Error(`document type ${type.code} is registered twice`);
    registry.set(type.code, type);
  }
}

export function documentTypeOf(code: string): DocumentEngineType {
  const definition = registry.get(code);
  if (!definition) throw new Error(`document type ${code} is not registered`);
  return definition;
}

export const registeredDocumentTypes = (): DocumentEngineType[] => [...registry.values()];
