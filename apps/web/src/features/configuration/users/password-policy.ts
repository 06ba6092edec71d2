import { useQuery } from '@tanstack/react-query';
import { PASSWORD_ABSOLUTE_MIN, endpoints, hasAnyTask, type PasswordPolicy } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { useHeldTasks } from '../../../app/session.ts';
import { queryKeyOf } from '../../../api/query-keys.ts';

/** The password policy when the user may read it; otherwise the absolute minimum (the server checks the rest). */
export function usePasswordPolicy(): Pick<PasswordPolicy, 'minLength' | 'requiredClasses'> {
  const allowed = hasAnyTask(useHeldTasks(), ['viewConfig', 'managePasswordPolicy']);
  const { data } = useQuery({
    queryKey: queryKeyOf(endpoints.getAppConfiguration),
    queryFn: ({ signal }) => call(endpoints.getAppConfiguration, { signal }),
    enabled: allowed,
    meta: { silent: true },
  });
  return data?.passwordPolicy ?? { minLength: PASSWORD_ABSOLUTE_MIN, requiredClasses: [] };
}
