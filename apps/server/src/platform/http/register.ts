import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasAnyTask, routerPath, type Access, type BodyOf, type Endpoint, type ParamsOf, type QueryOf, type ResponseOf } from '@nusa/contracts';
import type { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { withTenant, type Tx } from '../db/tenant.ts';
import type { Principal } from '../access/principal.ts';
import type { AnonymousClaims, TokenClaims, WorkClaims } from '../auth/tokens.ts';
import { tenantCodeOf, type Tenant } from '../tenancy/resolve.ts';

type Parsed<S> = [NonNullable<S>] extends [z.ZodType] ? z.output<NonNullable<S>> : undefined;

export interface HandlerContext<E extends Endpoint> {
  req: FastifyRequest;
  reply: FastifyReply;
  tenant: Tenant;
  /** Present on routes that need a logged-in user. */
  principal: E['access'] extends string ? Principal | undefined : Principal;
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  /** The request's tenant transaction; absent when the endpoint manages its own transactions. */
  tx: Tx;
  /** Run work in a fresh tenant transaction (for endpoints that must commit something even when they fail). */
  inTenant: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
}

export interface RegisterOptions {
  /** The handler opens its own transactions through `inTenant` (login must keep its failure counter). */
  ownTransactions?: boolean;
}

export type { BodyOf, ParamsOf, QueryOf, ResponseOf };

const bearer = (req: FastifyRequest) => {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
};

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** Identity comes from the token only; identity headers the client sends must agree with it (architecture §3). */
function checkIdentityHeaders(req: FastifyRequest, claims: WorkClaims | AnonymousClaims) {
  const checks: [header: string, shown: string, expected: string][] = [
    ['x-tenant-id', 'X-Tenant-Id', claims.tid],
    ['x-tenant', 'X-Tenant', claims.tcode],
  ];
  if (claims.typ === 'work') checks.push(['x-user-id', 'X-User-Id', claims.uid], ['x-role-id', 'X-Role-Id', claims.rid]);
  for (const [name, shown, expected] of checks) {
    const sent = header(req, name);
    if (sent !== undefined && sent !== '' && sent.toLowerCase() !== expected.toLowerCase()) {
      throw new AppError('identity_header_mismatch', [shown]);
    }
  }
}

const unauthorized = () => new AppError('Unauthorized', []);
/** The verified token of each request, from its onRequest check to its handler. */
const callerClaims = new WeakMap<FastifyRequest, TokenClaims>();
/** Returned out of the tenant transaction so the session resolver's bookkeeping commits before the 401. */
const SESSION_EXPIRED = Symbol('session-expired');
/** forbidden_action names the path asked for, without the query string (spec 8: "the resource at {n}"). */
const forbidden = (req: FastifyRequest) => new AppError('forbidden_action', [req.url.split('?')[0].slice(0, 200)]);

/** Registers one contract endpoint: schema validation, access by its declared tasks, tenant transaction. */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: HandlerContext<E>) => Promise<ResponseOf<E>>,
  options: RegisterOptions = {},
) {
  const access: Access = endpoint.access;
  const platform = app.platform;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: `/api${routerPath(endpoint.path)}`,
    config: { access },
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.path.split('/')[2] ?? 'api'],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.file ? {} : { response: { 200: endpoint.response } }),
      ...(access === 'public' ? {} : { security: [{ bearer: [] }] }),
    },
    // Who is calling is settled before the body is read or validated: a caller without the right token learns
    // 401/403, never which fields the endpoint expects.
    onRequest: async (req) => {
      const token = bearer(req);
      const claims = token ? await platform.tokens.verify(token) : undefined;
      if (token && !claims) throw unauthorized();
      if (Array.isArray(access)) {
        if (claims?.typ !== 'work') throw claims ? forbidden(req) : unauthorized();
      } else {
        if (access === 'prelogin' && claims?.typ !== 'prelogin') throw unauthorized();
        if (access === 'anonymous' && claims?.typ !== 'anon' && claims?.typ !== 'work') throw unauthorized();
      }
      if (claims && claims.typ !== 'prelogin') checkIdentityHeaders(req, claims);
      if (claims) callerClaims.set(req, claims);
    },
    handler: async (req, reply) => {
      const claims = callerClaims.get(req);
      let tenant: Tenant;
      let work: WorkClaims | undefined;
      if (claims?.typ === 'work' && Array.isArray(access)) {
        work = claims;
        tenant = { id: claims.tid, code: claims.tcode, name: claims.tcode };
      } else {
        tenant = claims && claims.typ !== 'prelogin' ? { id: claims.tid, code: claims.tcode, name: claims.tcode } : await platform.tenants.byCode(tenantCodeOf(req.headers));
      }

      const inTenant = <T>(fn: (tx: Tx) => Promise<T>) => withTenant(platform.pools.app, tenant.id, (tx) => fn(tx));
      const run = async (tx: Tx | undefined) => {
        let principal: Principal | undefined;
        if (work) {
          if (!tx) throw new Error('a user route needs a transaction');
          principal = await platform.resolveSession?.(tx, work);
          if (!principal) return SESSION_EXPIRED;
          if (!principal.isSuperAdmin && !hasAnyTask(principal.tasks, access as readonly string[])) {
            throw forbidden(req);
          }
        }
        return handler({
          req, reply, tenant, principal: principal as HandlerContext<E>['principal'],
          params: req.params as Parsed<E['params']>, query: req.query as Parsed<E['query']>, body: req.body as Parsed<E['body']>,
          tx: tx as Tx, inTenant,
        });
      };
      if (options.ownTransactions && !work) return run(undefined);
      const result = await inTenant((tx) => run(tx));
      if (result === SESSION_EXPIRED) throw new AppError('session-expired');
      return result;
    },
  });
}
