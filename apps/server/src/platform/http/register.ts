import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasAnyTask, routerPath, type Access, type BodyOf, type Endpoint, type ParamsOf, type QueryOf, type ResponseOf } from '@nusa/contracts';
import type { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { withTenant, type Tx } from '../db/tenant.ts';
import type { Principal } from '../access/principal.ts';
import type { PlatformContext } from '../context.ts';
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

type Identity = { tid: string; tcode: string; uid?: string; rid?: string };

/** Identity comes from the token only; identity headers the client sends must agree with it (architecture §3). */
function checkIdentityHeaders(req: FastifyRequest, identity: Identity) {
  const checks: [header: string, shown: string, expected: string | undefined][] = [
    ['x-tenant-id', 'X-Tenant-Id', identity.tid],
    ['x-tenant', 'X-Tenant', identity.tcode],
    ['x-user-id', 'X-User-Id', identity.uid],
    ['x-role-id', 'X-Role-Id', identity.rid],
  ];
  for (const [name, shown, expected] of checks) {
    if (expected === undefined) continue;
    const sent = header(req, name);
    if (sent !== undefined && sent !== '' && sent.toLowerCase() !== expected.toLowerCase()) {
      throw new AppError('identity_header_mismatch', [shown]);
    }
  }
}

const identityOfClaims = (claims: WorkClaims | AnonymousClaims): Identity =>
  claims.typ === 'work' ? { tid: claims.tid, tcode: claims.tcode, uid: claims.uid, rid: claims.rid } : { tid: claims.tid, tcode: claims.tcode };
const identityOfPrincipal = (p: Principal): Identity => ({ tid: p.tenantId, tcode: p.tenantCode, uid: p.userId, rid: p.roleId });

const unauthorized = () => new AppError('Unauthorized', []);
/** The verified token of each request, from its onRequest check to its handler. */
const callerClaims = new WeakMap<FastifyRequest, TokenClaims>();
/** The logged-in user of each task route's request, settled before its body is read. */
const callerPrincipals = new WeakMap<FastifyRequest, Principal>();
/** forbidden_action names the path asked for, without the query string (spec 8: "the resource at {n}"). */
const forbidden = (req: FastifyRequest) => new AppError('forbidden_action', [req.url.split('?')[0].slice(0, 200)]);

/**
 * The user behind a work token: from the principal cache when the session was checked recently and nothing about
 * the tenant's access changed since, else verified (signature, expiry) and checked against the database in a
 * transaction of its own, which commits the resolver's bookkeeping (an ended session) even when the answer is 401.
 */
async function principalOf(platform: PlatformContext, req: FastifyRequest, token: string | undefined): Promise<Principal> {
  if (!token) throw unauthorized();
  const cached = platform.principals.get(token);
  if (cached) {
    checkIdentityHeaders(req, identityOfPrincipal(cached));
    return cached;
  }
  const claims = await platform.tokens.verify(token);
  if (!claims) throw unauthorized();
  if (claims.typ !== 'work') throw forbidden(req);
  checkIdentityHeaders(req, identityOfClaims(claims));
  const generation = platform.principals.generation(claims.tid);
  const principal = await withTenant(platform.pools.app, claims.tid, (tx) => platform.resolveSession(tx, claims));
  if (!principal) throw new AppError('session-expired');
  platform.principals.remember(token, principal, claims.exp, generation);
  return principal;
}

/**
 * What a handler answers: the response, or for a file endpoint the reply itself once the handler has sent the file
 * (a stream written while the handler's transaction is still open).
 */
export type HandlerAnswer<E extends Endpoint> = ResponseOf<E> | (E['file'] extends object ? FastifyReply : never);

/** Registers one contract endpoint: schema validation, access by its declared tasks, tenant transaction. */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: HandlerContext<E>) => Promise<HandlerAnswer<E>>,
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
      if (Array.isArray(access)) {
        const principal = await principalOf(platform, req, token);
        if (!principal.isSuperAdmin && !hasAnyTask(principal.tasks, access as readonly string[])) throw forbidden(req);
        callerPrincipals.set(req, principal);
        return;
      }
      const claims = token ? await platform.tokens.verify(token) : undefined;
      if (token && !claims) throw unauthorized();
      if (access === 'prelogin' && claims?.typ !== 'prelogin') throw unauthorized();
      if (access === 'anonymous' && claims?.typ !== 'anon' && claims?.typ !== 'work') throw unauthorized();
      if (claims && claims.typ !== 'prelogin') checkIdentityHeaders(req, identityOfClaims(claims));
      if (claims) callerClaims.set(req, claims);
    },
    handler: async (req, reply) => {
      const principal = callerPrincipals.get(req);
      const claims = callerClaims.get(req);
      const tenant: Tenant = principal
        ? { id: principal.tenantId, code: principal.tenantCode, name: principal.tenantCode }
        : claims && claims.typ !== 'prelogin'
          ? { id: claims.tid, code: claims.tcode, name: claims.tcode }
          : await platform.tenants.byCode(tenantCodeOf(req.headers));
      const inTenant = <T>(fn: (tx: Tx) => Promise<T>) => withTenant(platform.pools.app, tenant.id, (tx) => fn(tx));
      const run = (tx: Tx | undefined) =>
        handler({
          req,
          reply,
          tenant,
          principal: principal as HandlerContext<E>['principal'],
          params: req.params as Parsed<E['params']>,
          query: req.query as Parsed<E['query']>,
          body: req.body as Parsed<E['body']>,
          tx: tx as Tx,
          inTenant,
        });
      if (options.ownTransactions && !principal) return run(undefined);
      return inTenant((tx) => run(tx));
    },
  });
}
