import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { DEFAULT_TENANT, endpoints } from '@nusa/contracts';
import { createTestApp, TEST_SECRET, type TestApp } from '../../../test/test-app.ts';
import { call, urlOf } from '../../../test/call.ts';
import { APP_ROLE } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../config.ts';
import { createPools, type Pools } from '../db/pools.ts';
import { TokenService } from '../auth/tokens.ts';
import { loadSecrets } from '../auth/secrets.ts';
import { TenantDirectory } from '../tenancy/resolve.ts';
import { noJobs } from '../jobs/jobs.ts';
import { DEMO_PASSWORD } from '../../db/seed/demo.ts';

/**
 * Sessions answer from memory (platform/access/principal-cache.ts), and revocation stays immediate: on the instance
 * that made the change before it answers, and on every other instance as soon as NOTIFY arrives.
 */
let t: TestApp;
/** A second server instance on the same database, with pools and a cache of its own. */
let other: { app: FastifyInstance; pools: Pools };

beforeAll(async () => {
  t = await createTestApp('session_cache');
  const config = loadConfig({ DATABASE_URL: t.databaseUrl, AUTH_SECRET: TEST_SECRET, LOG_LEVEL: 'silent', JOBS: 'false' });
  const secrets = await loadSecrets(TEST_SECRET, config.dataDir);
  const pools = createPools(t.databaseUrl, APP_ROLE, 4, secrets.databasePassword);
  const app = await buildApp(
    { config, pools, tokens: new TokenService(secrets, config.WORK_TOKEN_SECONDS), jobs: noJobs, tenants: new TenantDirectory(pools.app, 0) },
    { webDist: '/nonexistent' },
  );
  await app.ready();
  other = { app, pools };
});
afterAll(async () => {
  await other.app.close();
  await other.pools.close();
  await t.close();
});

// Straight through inject, not t.request (which waits for NOTIFY): the instance that made a change must not need it.
const me = (token: string) => t.app.inject({ method: 'GET', url: urlOf(endpoints.me), headers: { authorization: `Bearer ${token}` } });
const meOnOther = (token: string) => other.app.inject({ method: 'GET', url: urlOf(endpoints.me), headers: { authorization: `Bearer ${token}` } });
const listRolesOn = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: urlOf(endpoints.listRoles), headers: { authorization: `Bearer ${token}` } });

/** Asks until the answer has `status` (another instance hears of a change through NOTIFY, in milliseconds). */
async function eventually(ask: () => Promise<{ statusCode: number }>, status: number, withinMs = 3000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await ask();
    if (res.statusCode === status) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`still ${res.statusCode} after ${withinMs} ms, expected ${status}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const userId = async (username: string) =>
  (await t.pools.owner.query<{ id: string }>('SELECT id FROM users WHERE username = $1 AND tenant_id = $2', [username, await t.tenantId(DEFAULT_TENANT)]))
    .rows[0].id;

describe('the session cache', () => {
  it('answers a known session from memory', async () => {
    const token = await t.login('staff');
    expect((await me(token)).statusCode).toBe(200);
    expect(t.app.platform.principals.get(token)?.username).toBe('staff');
  });

  it('logout: the same instance refuses the token at once, another instance as soon as it hears', async () => {
    const token = await t.login('staff');
    expect((await me(token)).statusCode).toBe(200);
    expect((await meOnOther(token)).statusCode).toBe(200);
    expect(other.app.platform.principals.get(token)).toBeDefined();
    expect((await call(t, endpoints.logout, { token })).statusCode).toBe(200);
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('session-expired');
    await eventually(() => meOnOther(token), 401);
  });

  it('a password change ends the other sessions at once, on both instances', async () => {
    const first = await t.login('agent');
    const second = await t.login('agent');
    expect((await me(first)).statusCode).toBe(200);
    expect((await meOnOther(first)).statusCode).toBe(200);
    const changed = await call(t, endpoints.changePassword, {
      body: { oldPassword: DEMO_PASSWORD, newPassword: 'Ganti@2026x', confirmPassword: 'Ganti@2026x' },
      token: second,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
    await eventually(() => meOnOther(first), 401);
  });

  it('page access granted or taken applies at the next request, on both instances', async () => {
    const admin = await t.login('superadmin');
    const cashier = await t.login('cashier');
    const cashierId = await userId('cashier');
    expect((await listRolesOn(t.app, cashier)).statusCode).toBe(403);
    expect((await listRolesOn(other.app, cashier)).statusCode).toBe(403);
    const grant = await call(t, endpoints.setPageAccess, { params: { kind: 'user', id: cashierId }, body: { tasks: ['readOnlyConfigRole'] }, token: admin });
    expect(grant.statusCode, grant.body).toBe(200);
    expect((await listRolesOn(t.app, cashier)).statusCode).toBe(200);
    await eventually(() => listRolesOn(other.app, cashier), 200);
    expect((await call(t, endpoints.clearPageAccess, { params: { kind: 'user', id: cashierId }, token: admin })).statusCode).toBe(200);
    expect((await listRolesOn(t.app, cashier)).statusCode).toBe(403);
    await eventually(() => listRolesOn(other.app, cashier), 403);
  });

  it('a role losing a task, a user deactivated: refused at once', async () => {
    const admin = await t.login('superadmin');
    const staff = await t.login('staff');
    expect((await listRolesOn(t.app, staff)).statusCode).toBe(200);
    const staffRole = (
      await t.pools.owner.query<{ id: string }>(
        "SELECT r.id FROM roles r JOIN users u ON u.role_id = r.id AND u.tenant_id = r.tenant_id WHERE u.username = 'staff'",
      )
    ).rows[0].id;
    const before = (await call(t, endpoints.getPageAccess, { params: { kind: 'role', id: staffRole }, token: admin })).json().tasks as string[];
    const without = before.filter((task) => task !== 'readOnlyConfigRole' && task !== 'readOnlyConfigUser' && task !== 'readOnlyAksesHalaman');
    expect((await call(t, endpoints.setPageAccess, { params: { kind: 'role', id: staffRole }, body: { tasks: without }, token: admin })).statusCode).toBe(200);
    expect((await listRolesOn(t.app, staff)).statusCode).toBe(403);

    const staffId = await userId('staff');
    expect((await me(staff)).statusCode).toBe(200);
    const off = await call(t, endpoints.setUserActive, { params: { userId: staffId }, body: { active: 'N' }, token: admin });
    expect(off.statusCode, off.body).toBe(200);
    expect((await me(staff)).statusCode).toBe(401);
  });

  it('a change made straight in the database (another tool, a script) reaches every instance', async () => {
    const token = await t.login('admin');
    expect((await me(token)).statusCode).toBe(200);
    expect((await meOnOther(token)).statusCode).toBe(200);
    await t.pools.owner.query("UPDATE users SET active = false WHERE username = 'admin'");
    await eventually(() => me(token), 401);
    await eventually(() => meOnOther(token), 401);
    await t.pools.owner.query("UPDATE users SET active = true WHERE username = 'admin'");
  });

  it('a read that began before a change does not store what it read', () => {
    const cache = other.app.platform.principals;
    const tenantId = '00000000-0000-4000-8000-000000000001';
    const principal = { tenantId, tenantCode: 'x', userId: 'u', roleId: 'r', sessionId: 's', username: 'x', isSuperAdmin: false, tasks: [] };
    const stamp = cache.generation(tenantId);
    cache.forgetTenant(tenantId);
    cache.remember('token-a', principal, Date.now() / 1000 + 60, stamp);
    expect(cache.get('token-a')).toBeUndefined();
    cache.remember('token-b', principal, Date.now() / 1000 + 60, cache.generation(tenantId));
    expect(cache.get('token-b')).toBeDefined();
    cache.forgetTenant(tenantId);
    expect(cache.get('token-b')).toBeUndefined();
  });
});

describe('tokens', () => {
  it('refuses a well-signed token without exp or iat', async () => {
    const token = await t.login('superadmin');
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    const { signingKey } = await loadSecrets(TEST_SECRET, loadConfig({ AUTH_SECRET: TEST_SECRET }).dataDir);
    const { exp: _exp, iat: _iat, ...rest } = claims;
    const noExp = await new SignJWT({ ...rest }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().sign(signingKey);
    const noIat = await new SignJWT({ ...rest }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(signingKey);
    const signedAlike = await new SignJWT({ ...rest }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').sign(signingKey);
    // The control: the same claims with both times are accepted, so the refusals below are about the missing times.
    expect((await me(signedAlike)).statusCode).toBe(200);
    for (const bad of [noExp, noIat]) {
      const res = await me(bad);
      expect(res.statusCode).toBe(401);
      expect(res.json().errorCode).toBe('Unauthorized');
    }
  });
});
