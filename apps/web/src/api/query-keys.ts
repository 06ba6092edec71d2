import type { QueryClient } from '@tanstack/react-query';
import { endpoints, type Endpoint } from '@nusa/contracts';

/**
 * Query-cache keys derived from the contracts, so that one area's reads share one prefix: '/v1/erp/journals/{id}'
 * caches under ['erp', 'journals', …]. Refreshing an area (after a document is submitted: its lists, reports and the
 * pickers that show balances) is then one invalidation that cannot miss a read cached under another name.
 */

/** The endpoint's area as its contract path names it ('/v1/erp/journals' → 'erp'). */
export const areaOf = (endpoint: Pick<Endpoint, 'path'>): string => pathParts(endpoint)[0];

/** Its resource within the area ('/v1/erp/journals/{documentId}' → 'journals'). */
export const resourceOf = (endpoint: Pick<Endpoint, 'path'>): string => pathParts(endpoint)[1] ?? '';

const pathParts = (endpoint: Pick<Endpoint, 'path'>) => {
  const parts = endpoint.path.split('/').filter((p) => p && !/^v\d+$/.test(p));
  if (!parts[0]) throw new Error(`no area in ${endpoint.path}`);
  return parts;
};

/** The key of everything read from the endpoint's resource: what to invalidate after writing it. */
export const resourceKeyOf = (endpoint: Pick<Endpoint, 'path'>) => [areaOf(endpoint), resourceOf(endpoint)] as const;

/** The key of one read: area, resource, the endpoint (its method and path) and what sets its answer apart. */
export const queryKeyOf = (endpoint: Pick<Endpoint, 'path' | 'method'>, ...params: unknown[]) =>
  [...resourceKeyOf(endpoint), `${endpoint.method} ${endpoint.path}`, ...params] as const;

/** Marks every read of the area stale (the shown ones are read again). */
export const invalidateArea = (queryClient: QueryClient, area: string) => queryClient.invalidateQueries({ queryKey: [area] });

/** The accounting screens' area ('erp'). */
export const ERP = areaOf(endpoints.listJournals);
