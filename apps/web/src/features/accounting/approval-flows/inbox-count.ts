import { useQuery } from '@tanstack/react-query';
import { APPROVE_DOCUMENT_TASKS, endpoints, hasAnyTask } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { resourceKeyOf } from '../../../api/query-keys.ts';

export const INBOX_KEY = resourceKeyOf(endpoints.approvalInbox);
export const INBOX_COUNT_KEY = [...INBOX_KEY, 'counts'] as const;
/** How often the sidebar asks again while the window stays open (it also asks when the window regains focus). */
export const INBOX_POLL_MS = 30_000;

/** How many documents wait for the user's approval (the sidebar badge); 0 for a user who approves nothing. */
export function useApprovalInboxCount(tasks: readonly string[]): number {
  const approver = hasAnyTask(tasks, APPROVE_DOCUMENT_TASKS);
  const counts = useQuery({
    queryKey: INBOX_COUNT_KEY,
    queryFn: ({ signal }) => call(endpoints.approvalInboxCounts, { signal }),
    enabled: approver,
    refetchInterval: INBOX_POLL_MS,
    refetchOnWindowFocus: true,
    meta: { silent: true },
  });
  return approver ? (counts.data?.total ?? 0) : 0;
}

/** The inbox's route (the sidebar puts the count beside it). */
export const APPROVAL_INBOX_PATH = '/accounting/approval-inbox';
