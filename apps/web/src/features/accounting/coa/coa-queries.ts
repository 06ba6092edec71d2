import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { resourceKeyOf } from '../../../api/query-keys.ts';

/**
 * The account tree and the COA groups list in the query cache (the groups tab is the kit's list with cache name
 * 'coa'): a write to a group or an account refreshes both.
 */
export const COA_KEY = resourceKeyOf(endpoints.listCoa);

export const useCoaTree = () => useQuery({ queryKey: [...COA_KEY, 'tree'], queryFn: ({ signal }) => call(endpoints.coaTree, { signal }) });
