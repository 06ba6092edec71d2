import { useEffect, useMemo, useState } from 'react';
import { Select, Spin } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DROPDOWN_PAGE_SIZE } from '@nusa/contracts';

export interface PickOption {
  value: string;
  label: string;
}

/** Waits 250 ms after the last keystroke before a lazy dropdown asks the server (architecture §4). */
export const DROPDOWN_DEBOUNCE_MS = 250;

/** In a picker's query key after its cacheKey, which starts with the area (['erp', 'coa', …]): area refreshes reach it. */
export const LAZY_SELECT = 'lazy-select';

export function useDebounced<T>(value: T, ms = DROPDOWN_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function asList(value: string | string[] | undefined): string[] {
  return value === undefined ? [] : typeof value === 'string' ? [value] : value;
}

interface LazySelectProps<V extends string | string[] | undefined> {
  /** Identifies the list in the query cache, e.g. ['users']. */
  cacheKey: readonly unknown[];
  /** One page (DROPDOWN_PAGE_SIZE) of options for a keyword. */
  fetchPage: (keyword: string, limit: number, signal: AbortSignal) => Promise<PickOption[]>;
  value?: V;
  onChange?: (value: V) => void;
  mode?: 'multiple' | 'tags';
  placeholder?: string;
  /** Labels of values already chosen that the current page may not hold. */
  knownLabels?: Record<string, string>;
  disabled?: boolean;
  allowClear?: boolean;
  /** Focus on mount (the first field of a form). */
  autoFocus?: boolean;
  id?: string;
  'aria-label'?: string;
  className?: string;
}

/** A reference dropdown that searches the server by keyword (30 per page, debounced) instead of loading every record. */
export function LazySelect<V extends string | string[] | undefined>({
  cacheKey,
  fetchPage,
  value,
  onChange,
  mode,
  placeholder,
  knownLabels,
  disabled,
  allowClear = true,
  autoFocus,
  id,
  className,
  ...rest
}: LazySelectProps<V>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const keyword = useDebounced(search.trim());
  // Labels of the options the user chose, kept for when a later page (another keyword) no longer holds them.
  const [picked, setPicked] = useState<Record<string, string>>({});
  const page = useQuery({
    queryKey: [...cacheKey, LAZY_SELECT, keyword],
    queryFn: ({ signal }) => fetchPage(keyword, DROPDOWN_PAGE_SIZE, signal),
    enabled: open || Boolean(keyword),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

  const options = useMemo(() => {
    const list = [...(page.data ?? [])];
    for (const v of asList(value)) {
      if (!list.some((o) => o.value === v)) list.push({ value: v, label: knownLabels?.[v] ?? picked[v] ?? v });
    }
    return list;
  }, [page.data, value, knownLabels, picked]);

  return (
    <Select<V>
      id={id}
      autoFocus={autoFocus}
      className={className}
      aria-label={rest['aria-label']}
      mode={mode}
      value={value}
      onChange={(v) => {
        const chosen = asList(v);
        const labels = Object.fromEntries(options.filter((o) => chosen.includes(o.value)).map((o) => [o.value, o.label]));
        setPicked((before) => ({ ...before, ...labels }));
        onChange?.(v);
      }}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      onOpenChange={setOpen}
      onBlur={() => setSearch('')}
      options={options}
      placeholder={placeholder}
      allowClear={allowClear}
      disabled={disabled}
      loading={page.isFetching}
      notFoundContent={page.isFetching ? <Spin size="small" /> : t('crud.noMatch')}
      style={{ width: '100%' }}
      maxTagCount="responsive"
    />
  );
}
