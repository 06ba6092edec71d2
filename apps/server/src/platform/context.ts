import type { Access } from '@nusa/contracts';
import type { Config } from './config.ts';
import type { RouteEntry } from './http/route-table.ts';
import type { Pools } from './db/pools.ts';
import type { TokenService } from './auth/tokens.ts';
import type { TenantDirectory } from './tenancy/resolve.ts';
import type { SessionResolver } from './access/principal.ts';
import type { PrincipalCache } from './access/principal-cache.ts';
import type { Jobs } from './jobs/jobs.ts';

/** What the platform gives every module: settings, database pools, tokens, tenants, jobs. */
export interface PlatformContext {
  config: Config;
  pools: Pools;
  tokens: TokenService;
  tenants: TenantDirectory;
  jobs: Jobs;
  resolveSession: SessionResolver;
  /** Recently checked sessions (buildApp makes it and keeps it current through the access-change notifications). */
  principals: PrincipalCache;
}

/** What a caller of buildApp provides; the app adds the session resolver and the principal cache. */
export type PlatformInput = Omit<PlatformContext, 'resolveSession' | 'principals'> & { resolveSession?: SessionResolver };

declare module 'fastify' {
  interface FastifyInstance {
    platform: PlatformContext;
    /** Every registered method and path with its declared access (route-table test, fuzz test). */
    routeTable: () => RouteEntry[];
    /** Waits until every access change committed so far has reached this instance's principal cache. */
    accessChanges: { sync(): Promise<void> };
  }
  interface FastifyContextConfig {
    /** Every route declares who may call it; a test fails on any route that does not. */
    access?: Access;
  }
}
