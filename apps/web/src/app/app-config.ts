import { useQuery } from '@tanstack/react-query';
import { PRODUCT_NAME, endpoints } from '@nusa/contracts';
import { call } from '../api/call.ts';
import { currentTenant, useSession } from './session.ts';
import { queryKeyOf } from '../api/query-keys.ts';

/** The tenant's public configuration: product name, default language, release notes. */
export function useAppConfig() {
  const tenant = currentTenant();
  return useQuery({
    queryKey: queryKeyOf(endpoints.appConfig, tenant),
    queryFn: ({ signal }) => call(endpoints.appConfig, { signal }),
    staleTime: Infinity,
    // Public pages render without it (the product name falls back); a wrong tenant is reported by the login itself.
    meta: { silent: true },
  });
}

export function useProductName(): string {
  const session = useSession();
  const config = useAppConfig();
  return session?.appConfig.productName || config.data?.productName || PRODUCT_NAME;
}
