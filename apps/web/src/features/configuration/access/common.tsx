import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import './access.css';
import { Select, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, DROPDOWN_PAGE_SIZE, PAGE_SIZES, endpoints, type PasswordPolicy } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { formatNumber } from '../../../app/format.ts';
import { useSession } from '../../../app/session.ts';

/** Spec 9: keyword searches and lazy dropdowns wait this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 250;

export function useDebounced<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The tasks of the logged-in user. */
export const useHeldTasks = (): readonly string[] => useSession()?.tasks ?? [];

/** Table paging of spec 9: 5/25/50/100 rows, 25 by default; a new search starts at page 1. */
export function usePaging() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  return {
    page,
    pageSize,
    reset: () => setPage(1),
    pagination: (total: number, t: (key: string, vars?: Record<string, unknown>) => string) => ({
      current: page,
      pageSize,
      total,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZES.map(String),
      showTotal: (n: number) => t('accessCommon.totalRows', { value: formatNumber(n) }),
      onChange: (p: number, size: number) => {
        setPage(size !== pageSize ? 1 : p);
        setPageSize(size);
      },
    }),
  };
}

export interface PickOption {
  value: string;
  label: string;
}

interface LazySelectProps {
  kind: 'role' | 'user';
  value?: string | string[];
  onChange?: (value: string | string[] | undefined) => void;
  mode?: 'multiple';
  /** Labels of values already chosen (they may not be among the first 30 matches). */
  known?: readonly PickOption[];
  placeholder?: string;
  allowClear?: boolean;
  id?: string;
  exclude?: readonly string[];
  disabled?: boolean;
  style?: CSSProperties;
  'aria-label'?: string;
}

/** A reference dropdown of spec 9: 30 matches at a time, searched by keyword 250 ms after typing. */
export function LazySelect({ kind, known = [], exclude = [], ...props }: LazySelectProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  const debounced = useDebounced(keyword.trim());
  const query = useQuery({
    queryKey: ['config', kind === 'role' ? 'roles' : 'users', 'pick', debounced],
    queryFn: async ({ signal }): Promise<PickOption[]> => {
      const q = { page: 1, limit: DROPDOWN_PAGE_SIZE, keyword: debounced || undefined };
      if (kind === 'role') {
        const res = await call(endpoints.listRoles, { query: q, signal });
        return res.items.map((r) => ({ value: r.roleId, label: r.name }));
      }
      const res = await call(endpoints.listUsers, { query: q, signal });
      return res.items.map((u) => ({ value: u.userId, label: `${u.fullName} (${u.username})` }));
    },
    enabled: open || debounced !== '',
    placeholderData: keepPreviousData,
  });
  const options = useMemo(() => {
    const seen = new Set<string>();
    return [...(query.data ?? []), ...known]
      .filter((o) => !exclude.includes(o.value))
      .filter((o) => (seen.has(o.value) ? false : (seen.add(o.value), true)));
  }, [query.data, known, exclude]);
  return (
    <Select<string | string[]>
      {...props}
      showSearch
      filterOption={false}
      searchValue={keyword}
      onSearch={setKeyword}
      onOpenChange={setOpen}
      onBlur={() => setKeyword('')}
      loading={query.isFetching}
      options={options}
      notFoundContent={query.isFetching ? t('common.loading') : t('accessCommon.noMatches')}
      maxTagCount="responsive"
    />
  );
}

/** The password policy when the user may read it; otherwise the absolute minimum (the server checks the rest). */
export function usePasswordPolicy(): Pick<PasswordPolicy, 'minLength' | 'requiredClasses'> {
  const tasks = useHeldTasks();
  const allowed = tasks.includes('viewConfig') || tasks.includes('managePasswordPolicy');
  const { data } = useQuery({
    queryKey: ['config', 'app'],
    queryFn: ({ signal }) => call(endpoints.getAppConfiguration, { signal }),
    enabled: allowed,
    meta: { silent: true },
  });
  return data?.passwordPolicy ?? { minLength: 4, requiredClasses: [] };
}

export function ActiveTag({ active }: { active: 'Y' | 'N' }) {
  const { t } = useTranslation();
  return active === 'Y' ? <Tag color="green">{t('accessCommon.active')}</Tag> : <Tag>{t('accessCommon.inactive')}</Tag>;
}
