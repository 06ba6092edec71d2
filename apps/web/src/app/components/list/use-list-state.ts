import { useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@nusa/contracts';
import { useDebounced } from '../LazySelect.tsx';
import { useServerSort, type SortableColumn } from '../list-sort.ts';
import { acceptedSort, pageWithRows } from './list-rules.ts';

export interface ListStateOptions<F, S extends string> {
  /** The list's own filters (type, status, date range …) and their cleared values. */
  filters?: F;
  /** The fields the list endpoint sorts by (its contract's sortBy, e.g. USER_SORT). */
  sortable?: readonly S[];
}

/** Two filter values are the same (filters hold strings, numbers, undefined, arrays of them and dayjs values). */
const sameFilters = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The state of a server-paged list (spec 9): the keyword as typed and its debounced value (250 ms), the list's
 * filters, the sort, page and page size (5/25/50/100, 25 by default). A new keyword, filter, sort or page size goes
 * back to page 1. Put `query` (page, limit, keyword, sort) and `filters` into the list call and its query key.
 */
export function useListState<T, F extends object = Record<never, never>, S extends string = string>(options: ListStateOptions<F, S> = {}) {
  const [initialFilters] = useState<F>(() => options.filters ?? ({} as F));
  const [keyword, setKeywordNow] = useState('');
  const search = useDebounced(keyword.trim());
  const [filters, setFiltersNow] = useState<F>(initialFilters);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const toFirstPage = () => setPage(1);
  const sortable = options.sortable ?? [];
  const sorting = useServerSort<T, S>(sortable, toFirstPage);

  const setFilters = (next: F) => {
    setFiltersNow(next);
    toFirstPage();
  };
  return {
    keyword,
    setKeyword: (value: string) => {
      setKeywordNow(value);
      toFirstPage();
    },
    /** The keyword the list asks for: trimmed, 250 ms after the last keystroke; '' when none. */
    search,
    filters,
    setFilters,
    setFilter: <K extends keyof F>(key: K, value: F[K]) => setFilters({ ...filters, [key]: value }),
    sort: sorting.sort,
    page,
    pageSize,
    /** The paging, keyword and sort of the list call. */
    query: { page, limit: pageSize, keyword: search || undefined, sort: sorting.sort },
    /** Whether a keyword or a filter narrows the list (its empty state then says "no match"). */
    filtered: search !== '' || !sameFilters(filters, initialFilters),
    /** The columns with their server sorters, and the Table's onChange that reads a new sort. */
    columns: (columns: readonly SortableColumn<T>[]) => sorting.columns(columns),
    onTableChange: sorting.onChange,
    /** Sorts by `field` or `-field` of a `sortable` field, else (undefined, another field) the default order; back to page 1. */
    setSort: (next: string | undefined) => sorting.set(acceptedSort(next, sortable)),
    toFirstPage,
    /** antd paging of `total` rows; `showTotal` words the count. */
    pagination: (total: number, showTotal: (total: number) => string): TablePaginationConfig => ({
      current: page,
      pageSize,
      total,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZES.map(String),
      showTotal,
      onChange: (next, size) => {
        setPage(size !== pageSize ? 1 : next);
        setPageSize(size);
      },
    }),
    /**
     * Call while rendering with the list's answer: a page emptied by a delete or a narrower filter goes back to the
     * last page that has rows.
     */
    settle(data: { items: readonly unknown[]; total: number } | undefined, fetching: boolean) {
      const next = fetching ? page : pageWithRows(page, pageSize, data);
      if (next !== page) setPage(next);
    },
  };
}

export type ListState<T, F extends object = Record<never, never>, S extends string = string> = ReturnType<typeof useListState<T, F, S>>;
