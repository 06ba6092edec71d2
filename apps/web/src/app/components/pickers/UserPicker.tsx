import { useQueries } from '@tanstack/react-query';
import { endpoints } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { LazySelect } from '../LazySelect.tsx';
import { queryKeyOf, resourceKeyOf } from '../../../api/query-keys.ts';

const fetchUsers = async (keyword: string, limit: number, signal: AbortSignal) => {
  const { items } = await call(endpoints.listUsers, { query: { keyword: keyword || undefined, limit, page: 1 }, signal });
  return items.map((u) => ({ value: u.userId, label: `${u.fullName} (${u.username})` }));
};

/** Names of chosen users that no dropdown page has shown yet (e.g. saved members). */
function useUserLabels(ids: readonly string[]) {
  const results = useQueries({
    queries: ids.slice(0, 100).map((userId) => ({
      queryKey: queryKeyOf(endpoints.getUser, userId),
      queryFn: ({ signal }: { signal: AbortSignal }) => call(endpoints.getUser, { params: { userId }, signal }),
      staleTime: 5 * 60_000,
      meta: { silent: true },
    })),
  });
  const labels: Record<string, string> = {};
  for (const r of results) if (r.data) labels[r.data.userId] = `${r.data.fullName} (${r.data.username})`;
  return labels;
}

interface UserPickerProps<V extends string | string[] | undefined> {
  value?: V;
  onChange?: (value: V) => void;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
}

/** Users of the tenant, searched by keyword (lazy dropdown). */
export function UserPicker<V extends string | string[] | undefined>({ value, onChange, multiple, ...rest }: UserPickerProps<V>) {
  const ids: string[] = value === undefined ? [] : typeof value === 'string' ? [value] : (value as string[]);
  const labels = useUserLabels(ids);
  return (
    <LazySelect<V>
      cacheKey={resourceKeyOf(endpoints.listUsers)}
      fetchPage={fetchUsers}
      value={value}
      onChange={onChange}
      mode={multiple ? 'multiple' : undefined}
      knownLabels={labels}
      {...rest}
    />
  );
}
