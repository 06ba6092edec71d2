import { useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type DemoRequestView } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { sessionStore } from '../../../app/session.ts';
import type { RequestRef } from './flow.ts';
import { aimPublicCallsAt, conflictingSessionTenant } from './public-tenant.ts';
import { queryKeyOf } from '../../../api/query-keys.ts';

export const demoRequestKey = (ref: RequestRef | undefined) => queryKeyOf(endpoints.getDemoRequest, ref?.tenant, ref?.requestId);

/** Before a public call about `ref`: anonymous calls go to its organisation (a session's go to the session's). */
export function aimAt(ref: RequestRef) {
  if (!sessionStore.get().data) aimPublicCallsAt(ref.tenant);
}

/**
 * The request of the address, read from the server on every visit (the page's state survives a reload because it
 * is the server's). `pollMs` keeps asking while the answer says something is still to come.
 */
export function useDemoRequest(ref: RequestRef | undefined, pollMs?: (view: DemoRequestView) => number | false) {
  const conflict = ref ? conflictingSessionTenant(ref.tenant) : undefined;
  const query = useQuery({
    queryKey: demoRequestKey(ref),
    queryFn: ({ signal }) => {
      aimAt(ref!);
      return call(endpoints.getDemoRequest, { params: { requestId: ref!.requestId }, signal });
    },
    enabled: Boolean(ref) && !conflict,
    meta: { silent: true },
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && pollMs ? pollMs(q.state.data) : false),
  });
  return { ...query, conflict };
}

/** Puts a fresher answer (after starting a payment or uploading a proof) in place of the cached one. */
export function useStoreDemoRequest(ref: RequestRef | undefined) {
  const client = useQueryClient();
  return (view: DemoRequestView) => client.setQueryData(demoRequestKey(ref), view);
}
