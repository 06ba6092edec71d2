import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Access } from '@nusa/contracts';

/** One registered method and path with the access it declares (undefined: declares nothing). */
export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
}

/**
 * Records every route registered from now on, plugin routes included. Access is read when the table is asked
 * for, after plugin-level onRoute hooks (docs, web) have added theirs. Call before registering anything.
 */
export function recordRoutes(app: FastifyInstance): () => RouteEntry[] {
  const seen: { url: string; route: RouteOptions }[] = [];
  app.addHook('onRoute', (route) => {
    seen.push({ url: route.url, route });
  });
  return () =>
    seen.flatMap(({ url, route }) =>
      (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ method, url, access: route.config?.access })),
    );
}
