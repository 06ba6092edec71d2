import { and, eq, sql, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { AuditAction, AuditModule, ErrorCode } from '@nusa/contracts';
import type { Tx } from '../db/tenant.ts';
import { listOrder } from '../db/list-order.ts';
import { AppError } from '../errors/app-error.ts';
import { lockCaselessKey } from '../numbering/lock.ts';
import { writeAudit, type Actor } from '../audit/write.ts';
import type { Lang } from '../files/sheet-import.ts';
import { codeOrNameLike, XLSX_EXPORT_LIMIT } from './query.ts';
import { writeSheet, type RecordSheetSpec } from './sheet.ts';

/**
 * The server record kit: list (keyword, filters, sort, paging, total), get, find by code, create, update,
 * activate/deactivate and delete of a code-keyed record, each write audited in its transaction, the code-taken check
 * (case-insensitive, unique per tenant and scope) and the xlsx export from the record's one sheet spec. The module
 * keeps its business rules (checks before a write, usage before a delete, child rows) and calls the kit for the rest.
 *
 * The table is a master table: `tenant_id`, `id`, `code`, `name` and `active` columns under those property names.
 */
export type RecordTable = PgTable & { id: AnyPgColumn; code: AnyPgColumn; name: AnyPgColumn; active: AnyPgColumn };

type Sortable = AnyPgColumn | SQL;

/** What every record list takes; a module adds its own filters to `F`. */
export interface BaseFilter {
  keyword?: string;
  active?: 'Y' | 'N';
  sort?: string;
}
export interface Paging {
  page: number;
  limit: number;
}

export interface RecordKitSpec<TT extends RecordTable, T, F extends BaseFilter> {
  table: TT;
  /** Audit module (the contracts' audit catalogue) and entity names of the record. */
  module: AuditModule;
  entity: string;
  errors: { notFound: ErrorCode; codeTaken: ErrorCode };
  /** A condition every read and write stays within (e.g. one kit per value of a type column). */
  scope?: SQL;
  /** The keyword match (default: code or name contains it). */
  keyword?: (keyword: string) => SQL;
  /** The module's own list filters (`keyword`, `active` and `sort` are the kit's). */
  filters?: (f: F) => (SQL | undefined)[];
  /** The list's sortable fields (the contract's sort values) and the order without one. */
  sort: { columns: Record<string, Sortable>; fallback: SQL[] };
  /** Stored rows as the records the API answers (one query for child rows of all of them, if any). */
  toRecords: (tx: Tx, rows: InferSelectModel<TT>[]) => T[] | Promise<T[]>;
  idOf: (record: T) => string;
  codeOf: (record: T) => string;
  /**
   * How a stored code matches a typed one (default: case-insensitively, `lower(code) = lower(typed)`, for the tables
   * whose unique index is on lower(code)); a table of upper-case ISO codes matches exactly and uses its index.
   */
  codeMatch?: (code: string) => SQL;
  /**
   * A unique-key lock name ('<entity>-code'): creators and editors of one code take it before checking the code is
   * free, so two concurrent writers meet the catalogued code-taken error instead of a unique-index violation.
   */
  lockCode?: string;
  /** The code for a record saved with a blank one (spec 5: the numbering service); `taken` skips codes typed by hand. */
  nextCode?: (tx: Tx, tenantId: string, taken: (code: string) => Promise<boolean>) => Promise<string>;
  /** What refers to the record, named in used_by_another_table; undefined when nothing does. */
  usedBy?: (tx: Tx, record: T) => Promise<string | undefined>;
  /** The record's one spreadsheet column spec (export and import). */
  sheet?: RecordSheetSpec<T>;
}

/** Column values a create or update sets besides tenant, id and code. */
export type RecordValues<TT extends RecordTable> = Partial<Omit<TT['$inferInsert'], 'tenantId' | 'id' | 'code'>>;

export interface WriteHooks {
  /** Writes after the record's own row (child rows), before the record is read back for the answer and the audit. */
  then?: (id: string) => Promise<void>;
}

export interface RecordKit<TT extends RecordTable, T, F extends BaseFilter> {
  readonly spec: RecordKitSpec<TT, T, F>;
  where: (f: F, extra?: readonly SQL[]) => SQL | undefined;
  list: (tx: Tx, f: F & Paging, extra?: readonly SQL[]) => Promise<{ items: T[]; total: number }>;
  get: (tx: Tx, id: string) => Promise<T>;
  findByCode: (tx: Tx, code: string) => Promise<T | undefined>;
  codeTaken: (tx: Tx, code: string, exceptId?: string) => Promise<boolean>;
  assertCodeFree: (tx: Tx, code: string, exceptId?: string) => Promise<void>;
  create: (tx: Tx, actor: Actor, code: string, values: RecordValues<TT>, hooks?: WriteHooks) => Promise<T>;
  update: (tx: Tx, actor: Actor, id: string, code: string, values: RecordValues<TT>, hooks?: WriteHooks) => Promise<T>;
  setActive: (tx: Tx, actor: Actor, id: string, active: 'Y' | 'N') => Promise<T>;
  /** Deletes unless `usedBy` or one of `moreUsers` (checks other modules hand in through app.ts) names a user. */
  remove: (tx: Tx, actor: Actor, id: string, moreUsers?: readonly ((tx: Tx, id: string) => Promise<string | undefined>)[]) => Promise<void>;
  exportXlsx: (tx: Tx, f: F, lang: Lang, extra?: readonly SQL[]) => Promise<Buffer>;
}

export function recordKit<TT extends RecordTable, T, F extends BaseFilter>(spec: RecordKitSpec<TT, T, F>): RecordKit<TT, T, F> {
  const t = spec.table;
  const within = (...c: (SQL | undefined)[]) => and(spec.scope, ...c);
  const byId = (id: string) => within(eq(t.id, id));
  const byCode = (code: string) => within(spec.codeMatch ? spec.codeMatch(code) : sql`lower(${t.code}) = lower(${code})`);
  const order = (f: F) => listOrder(f.sort as never, spec.sort.columns, spec.sort.fallback, t.id);
  // drizzle's select/insert/update builders lose the table's row type behind a generic table; the spec's types hold it.
  const rows = (tx: Tx) =>
    tx.select().from(t as PgTable) as unknown as {
      where: (c: SQL | undefined) => Promise<InferSelectModel<TT>[]> & {
        orderBy: (...o: SQL[]) => { limit: (n: number) => Promise<InferSelectModel<TT>[]> & { offset: (n: number) => Promise<InferSelectModel<TT>[]> } };
      };
    };

  const where = (f: F, extra: readonly SQL[] = []) =>
    within(
      f.keyword ? (spec.keyword ?? ((k: string) => codeOrNameLike(t.code, t.name, k)))(f.keyword) : undefined,
      f.active ? eq(t.active, f.active === 'Y') : undefined,
      ...(spec.filters?.(f) ?? []),
      ...extra,
    );

  const get = async (tx: Tx, id: string) => {
    const found = await rows(tx).where(byId(id));
    if (!found[0]) throw new AppError(spec.errors.notFound, [id]);
    return (await spec.toRecords(tx, found))[0];
  };

  const codeTaken = async (tx: Tx, code: string, exceptId?: string) => {
    const found = await tx
      .select({ id: t.id })
      .from(t as PgTable)
      .where(byCode(code));
    return found.some((r) => r.id !== exceptId);
  };

  const assertCodeFree = async (tx: Tx, code: string, exceptId?: string) => {
    if (spec.lockCode) await lockCaselessKey(tx, spec.lockCode, code);
    if (await codeTaken(tx, code, exceptId)) throw new AppError(spec.errors.codeTaken, [code]);
  };

  const audit = (tx: Tx, actor: Actor, action: AuditAction, id: string, before?: T, after?: T) =>
    writeAudit(tx, actor, { module: spec.module, action, entity: spec.entity, entityId: id, before, after });

  return {
    spec,
    where,
    list: async (tx, f, extra) => {
      const condition = where(f, extra);
      const page = await rows(tx)
        .where(condition)
        .orderBy(...order(f))
        .limit(f.limit)
        .offset((f.page - 1) * f.limit);
      const total = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(t as PgTable)
        .where(condition);
      return { items: await spec.toRecords(tx, page), total: total[0].n };
    },
    get,
    findByCode: async (tx, code) => {
      const found = await rows(tx).where(byCode(code));
      return found[0] ? (await spec.toRecords(tx, found))[0] : undefined;
    },
    codeTaken,
    assertCodeFree,
    create: async (tx, actor, typed, values, hooks) => {
      let code = typed;
      if (code === '') {
        if (!spec.nextCode) throw new AppError('value_cannot_null', ['code']);
        code = await spec.nextCode(tx, actor.tenantId, (c) => codeTaken(tx, c));
      }
      await assertCodeFree(tx, code);
      const id = uuidv7();
      await tx.insert(t as PgTable).values({ ...values, tenantId: actor.tenantId, id, code } as never);
      await hooks?.then?.(id);
      const after = await get(tx, id);
      await audit(tx, actor, 'create', id, undefined, after);
      return after;
    },
    update: async (tx, actor, id, typed, values, hooks) => {
      const before = await get(tx, id);
      const code = typed || spec.codeOf(before);
      await assertCodeFree(tx, code, id);
      await tx
        .update(t as PgTable)
        .set({ ...values, code } as never)
        .where(byId(id));
      await hooks?.then?.(id);
      const after = await get(tx, id);
      await audit(tx, actor, 'update', id, before, after);
      return after;
    },
    setActive: async (tx, actor, id, active) => {
      const before = await get(tx, id);
      await tx
        .update(t as PgTable)
        .set({ active: active === 'Y' } as never)
        .where(byId(id));
      const after = await get(tx, id);
      await audit(tx, actor, active === 'Y' ? 'activate' : 'deactivate', id, before, after);
      return after;
    },
    remove: async (tx, actor, id, moreUsers = []) => {
      const before = await get(tx, id);
      let user = await spec.usedBy?.(tx, before);
      for (const uses of moreUsers) user ??= await uses(tx, id);
      if (user) throw new AppError('used_by_another_table', [user]);
      await tx.delete(t as PgTable).where(byId(id));
      await audit(tx, actor, 'delete', id, before);
    },
    exportXlsx: async (tx, f, lang, extra) => {
      if (!spec.sheet) throw new Error(`${spec.entity}: no sheet spec`);
      const found = await rows(tx)
        .where(where(f, extra))
        .orderBy(...order(f))
        .limit(XLSX_EXPORT_LIMIT);
      return writeSheet(spec.sheet, await spec.toRecords(tx, found), lang);
    },
  };
}
