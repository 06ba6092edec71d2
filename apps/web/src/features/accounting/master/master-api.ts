import { sortFieldsOf, type BodyOf, type Endpoint, type ResponseOf } from '@nusa/contracts';
import { call, callFile } from '../../../api/call.ts';
import type { ImportReport } from './import-report.ts';
import { importSheet, type ImportStage } from './import-run.ts';

type ItemOf<L> = ResponseOf<L> extends { items: (infer T)[] } ? T : never;
/** The list filters a page adds to page, limit, keyword, active and sort. */
export type FiltersOf<L> = L extends { query?: { _output: infer O } } ? Omit<O, 'page' | 'limit' | 'keyword' | 'active' | 'sort'> : never;

export interface ListParams<F> {
  page: number;
  limit: number;
  keyword?: string;
  active?: 'Y' | 'N';
  /** `field` or `-field`, one of the list's `sortable` fields; absent: the list's default order. */
  sort?: string;
  filters: F;
}

/** The calls a master-data page makes, typed by the contract endpoints they come from. */
export interface MasterApi<T, B, F> {
  list(p: ListParams<F>, signal?: AbortSignal): Promise<{ items: T[]; total: number }>;
  create(body: B): Promise<T>;
  update(row: T, body: B): Promise<T>;
  setActive(row: T, active: 'Y' | 'N'): Promise<T>;
  remove(row: T): Promise<unknown>;
  /** The xlsx of the current keyword, filters and sort, in the UI language. */
  exportXlsx(p: Omit<ListParams<F>, 'page' | 'limit'>, lang: 'id' | 'en'): Promise<Blob>;
  /** Set when the record has an xlsx import endpoint (upsert by code, a per-row report). */
  importXlsx?: (file: File, onStage: (stage: ImportStage) => void) => Promise<ImportReport>;
  /** The tasks of create/edit and of delete (the contract's access lists), to show or hide the buttons. */
  access: { edit: readonly string[]; remove: readonly string[] };
  /** The fields the list endpoint sorts by (its contract's sortBy). */
  sortable: readonly string[];
  /** The row's id as the update, activate and delete paths name it. */
  idOf(row: T): string;
}

type TaskAccess = { access: readonly string[] };

/**
 * The calls of one master record from its contract endpoints, e.g.
 * `masterApi({ list: endpoints.listCustomers, create: endpoints.createCustomer, …, idName: 'partnerId' })`.
 * Casts live here once: every master endpoint set has the same shapes (see masterEndpoints in the contracts).
 */
export function masterApi<L extends Endpoint, C extends Endpoint & TaskAccess, R extends Endpoint & TaskAccess, Id extends keyof ItemOf<L> & string>(e: {
  list: L;
  create: C;
  update: Endpoint;
  setActive: Endpoint;
  remove: R;
  export: Endpoint;
  import?: Endpoint & { response: unknown };
  idName: Id;
}): MasterApi<ItemOf<L>, BodyOf<C>, FiltersOf<L>> {
  type T = ItemOf<L>;
  const idOf = (row: T) => String(row[e.idName]);
  const params = (row: T) => ({ [e.idName]: idOf(row) }) as never;
  const clean = (p: Omit<ListParams<FiltersOf<L>>, 'page' | 'limit'>) => ({
    keyword: p.keyword || undefined,
    active: p.active,
    sort: p.sort,
    ...(p.filters as object),
  });
  const importEndpoint = e.import;
  return {
    list: ({ page, limit, ...rest }, signal) =>
      call(e.list, { query: { page, limit, ...clean(rest) } as never, signal }) as Promise<{ items: T[]; total: number }>,
    create: (body) => call(e.create, { body: body as never }) as Promise<T>,
    update: (row, body) => call(e.update, { params: params(row), body: body as never }) as Promise<T>,
    setActive: (row, active) => call(e.setActive, { params: params(row), body: { active } as never }) as Promise<T>,
    remove: (row) => call(e.remove, { params: params(row) }),
    exportXlsx: (p, lang) => callFile(e.export, { query: { ...clean(p), lang } as never }),
    importXlsx: importEndpoint ? (file, onStage) => importSheet(importEndpoint, file, onStage) : undefined,
    access: { edit: e.create.access, remove: e.remove.access },
    sortable: sortFieldsOf(e.list.query),
    idOf,
  };
}
