import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { queryKeyOf } from '../../../api/query-keys.ts';

/** The tenant's labels (at most 100: a label list is short), for pickers and filters. */
export function useServiceLabels(enabled = true) {
  const query = { page: 1, limit: 100 };
  return useQuery({
    queryKey: queryKeyOf(endpoints.listServiceLabels, query),
    queryFn: ({ signal }) => call(endpoints.listServiceLabels, { query, signal }),
    enabled,
    staleTime: 30_000,
  });
}
