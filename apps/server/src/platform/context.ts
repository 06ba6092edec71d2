import type { Access } from '@nusa/contracts';
import type { Config } from './config.ts';
import type { RouteEntry } from './http/route-table.ts';
import type { Pools } from './db/pools.ts';
import type { TokenService } from './auth/tokens.ts';
import type { TenantDirectory } from './tenancy/resolve.ts';
import type { SessionResolver } from './access/principal.ts';
import type { Jobs } from './jobs/jobs.ts';

/** What the platform gives every module: settings, database pools, tokens, tenants, jobs. */
export interface PlatformContext {
  config: Config;
  pools: Pools;
  tokens: TokenService;
  tenants: TenantDirectory;
  jobs: Jobs;
  resolveSession?: SessionResolver;
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: PlatformContext;
    /** Every registered method and path with its declared access (route-table test, fuzz test). */
    routeTable: () => RouteEntry[];
  }
  interface FastifyContextConfig {
    /** Every route declares who may call it; a test fails on any route that does not. */
    access?: Access;
  }
}
