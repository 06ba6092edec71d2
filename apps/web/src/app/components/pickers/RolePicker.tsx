import { useCallback } from 'react';
import { endpoints } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { LazySelect } from '../LazySelect.tsx';
import { resourceKeyOf } from '../../../api/query-keys.ts';

interface RolePickerProps<V extends string | string[] | undefined> {
  value?: V;
  onChange?: (value: V) => void;
  multiple?: boolean;
  /** Names of chosen roles the first page of matches may not hold (a user's saved roles). */
  knownLabels?: Record<string, string>;
  /** Roles not to offer (the main role in the extra-roles field). */
  exclude?: readonly string[];
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
}

/** Roles of the tenant, searched by keyword (lazy dropdown, 30 a page). */
export function RolePicker<V extends string | string[] | undefined>({ multiple, exclude = [], ...rest }: RolePickerProps<V>) {
  const excluded = exclude.join(',');
  const fetchRoles = useCallback(
    async (keyword: string, limit: number, signal: AbortSignal) => {
      const { items } = await call(endpoints.listRoles, { query: { keyword: keyword || undefined, limit, page: 1 }, signal });
      const skip = new Set(excluded.split(','));
      return items.filter((r) => !skip.has(r.roleId)).map((r) => ({ value: r.roleId, label: r.name }));
    },
    [excluded],
  );
  return (
    <LazySelect<V> cacheKey={[...resourceKeyOf(endpoints.listRoles), excluded]} fetchPage={fetchRoles} mode={multiple ? 'multiple' : undefined} {...rest} />
  );
}
