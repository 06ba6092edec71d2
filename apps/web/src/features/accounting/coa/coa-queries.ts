import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@nusa/contracts';
import { call } from '../../../api/call.ts';

/** Everything of the chart of accounts in the query cache: a write to a group, segment or account refreshes it all. */
export const COA_KEY = ['erp', 'coa'] as const;

export const useCoaTree = () =>
  useQuery({ queryKey: [...COA_KEY, 'tree'], queryFn: ({ signal }) => call(endpoints.coaTree, { signal }) });
