import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeJwt } from 'jose';
import { PRELOGIN_TOKEN_EXPIRY_SECONDS, PRELOGIN_TOKEN_IAT_TOLERANCE_SECONDS, defineEndpoint, endpoints } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { call } from '../../../test/call.ts';
import { DEMO_PASSWORD } from '../../db/seed/demo.ts';
import { registerEndpoint } from '../../platform/http/register.ts';
import { TokenService } from '../../platform/auth/tokens.ts';
import { loadSecrets } from '../../platform/auth/secrets.ts';

/** No product endpoint is 'anonymous' yet; this one exercises the access kind through the real registration. */
const anonymousProbe = defineEndpoint({
  method: 'GET',
  path: '/v1/test-only/anonymous-probe',
  access: 'anonymous',
  summary: 'test: which tenant an anonymous call runs in',
  response: z.object({ tenant: z.string(), user: z.string().nullable() }),
});

let t: TestApp;
let acmeId: string;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  t = await createTestApp(
    'auth_flows',
    {},
    {
      extend: (app) => registerEndpoint(app, anonymousProbe, async ({ tenant, principal }) => ({ tenant: tenant.code, user: principal?.userId ?? null })),
    },
  );
  acmeId = await t.seedTenant('acme');
});
afterAll(() => t.close());

const loginWith = (token: string | undefined, username = 'staff', tenant = 'demo') =>
  call(t, endpoints.login, { body: { username, password: DEMO_PASSWORD }, token, tenant });
const anonymousToken = async (tenant = 'demo') => (await call(t, endpoints.anonymous, { token: await t.preLoginToken(), tenant })).json().token as string;
const errorOf = (res: { statusCode: number; json: () => unknown }) => ({ status: res.statusCode, body: res.json() });
const UNAUTHORIZED = { status: 401, body: { errorCode: 'Unauthorized', errorArgs: [] } };
const SESSION_EXPIRED = { status: 401, body: { errorCode: 'session-expired', errorArgs: [] } };

describe('pre-login token (spec 9: expiry 10800 s, issued-at tolerance 3600 s)', () => {
  it('is issued for 10800 s', async () => {
    const res = await call(t, endpoints.preLoginToken, {});
    expect(res.statusCode).toBe(200);
    const { token, expiresIn } = res.json();
    expect(expiresIn).toBe(PRELOGIN_TOKEN_EXPIRY_SECONDS);
    const claims = decodeJwt(token);
    expect(claims.typ).toBe('prelogin');
    expect(claims.exp! - claims.iat!).toBe(10800);
    expect(Math.abs(claims.iat! - now())).toBeLessThanOrEqual(2);
  });

  it('is accepted until it expires and refused after', async () => {
    expect((await loginWith(await t.tokens.signPreLogin(now() - PRELOGIN_TOKEN_EXPIRY_SECONDS + 30))).statusCode).toBe(200);
    expect(errorOf(await loginWith(await t.tokens.signPreLogin(now() - PRELOGIN_TOKEN_EXPIRY_SECONDS - 1)))).toEqual(UNAUTHORIZED);
  });

  it('accepts an issued-at up to 3600 s ahead of the server clock and refuses one further ahead', async () => {
    expect(PRELOGIN_TOKEN_IAT_TOLERANCE_SECONDS).toBe(3600);
    expect((await loginWith(await t.tokens.signPreLogin(now() + 3600 - 30))).statusCode).toBe(200);
    expect(errorOf(await loginWith(await t.tokens.signPreLogin(now() + 3600 + 30)))).toEqual(UNAUTHORIZED);
  });

  it('refuses a work token, an anonymous token, no token and a token signed with another key where a pre-login token is required', async () => {
    const work = await t.login('admin');
    expect(errorOf(await loginWith(work))).toEqual(UNAUTHORIZED);
    expect(errorOf(await loginWith(await anonymousToken()))).toEqual(UNAUTHORIZED);
    expect(errorOf(await loginWith(undefined))).toEqual(UNAUTHORIZED);
    const stranger = new TokenService(await loadSecrets('another-secret-that-is-long-enough-for-keys', '/nonexistent'), 3600);
    expect(errorOf(await loginWith(await stranger.signPreLogin()))).toEqual(UNAUTHORIZED);
    // One body for three endpoints, so the same refusal is checked on each: raw URLs on purpose.
    for (const url of ['/api/v1/auth/anonymous', '/api/v1/auth/session-key/login', '/api/v1/auth/redirect/login']) {
      const res = await t.request({ method: 'POST', url, token: work, tenant: 'demo', payload: { session: 's', key: 'k', redirect: 'r' } });
      expect(errorOf(res), url).toEqual(UNAUTHORIZED);
    }
  });
});

describe("anonymous token for 'anonymous' routes", () => {
  // A test-only route registered by this file (not in the contracts): a raw URL.
  const probe = (token: string | undefined, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: '/api/v1/test-only/anonymous-probe', token, headers });

  it('is issued per tenant and runs the call in that tenant, whatever the host says', async () => {
    const res = await call(t, endpoints.anonymous, { token: await t.preLoginToken(), tenant: 'acme' });
    expect(res.statusCode).toBe(200);
    const { token, expiresIn } = res.json();
    expect(expiresIn).toBe(86400);
    expect(decodeJwt(token)).toMatchObject({ typ: 'anon', tcode: 'acme', tid: acmeId });
    const probed = await probe(token, { host: 'demo.localhost' });
    expect(probed.statusCode).toBe(200);
    expect(probed.json()).toEqual({ tenant: 'acme', user: null });
  });

  it('answers tenant_not_found for an unknown tenant', async () => {
    const res = await call(t, endpoints.anonymous, { token: await t.preLoginToken(), tenant: 'no-such' });
    expect(errorOf(res)).toEqual({ status: 404, body: { errorCode: 'tenant_not_found', errorArgs: ['no-such'] } });
  });

  it("also lets a user's work token in, and refuses a pre-login token or none", async () => {
    const work = await probe(await t.login('agent'));
    expect(work.statusCode).toBe(200);
    expect(work.json().tenant).toBe('demo');
    expect(errorOf(await probe(await t.preLoginToken()))).toEqual(UNAUTHORIZED);
    expect(errorOf(await probe(undefined))).toEqual(UNAUTHORIZED);
    expect(errorOf(await probe('not.a.token'))).toEqual(UNAUTHORIZED);
  });

  it('refuses tenant headers that disagree with the anonymous token', async () => {
    const token = await anonymousToken('demo');
    expect(errorOf(await probe(token, { 'x-tenant': 'acme' }))).toEqual({
      status: 403,
      body: { errorCode: 'identity_header_mismatch', errorArgs: ['X-Tenant'] },
    });
    expect(errorOf(await probe(token, { 'x-tenant-id': acmeId }))).toEqual({
      status: 403,
      body: { errorCode: 'identity_header_mismatch', errorArgs: ['X-Tenant-Id'] },
    });
    expect((await probe(token, { 'x-tenant': 'DEMO' })).statusCode).toBe(200);
  });
});

describe('sign-in by session and key (one-time pair)', () => {
  const createPair = async (token: string) => {
    const res = await call(t, endpoints.createSessionKey, { token });
    expect(res.statusCode).toBe(200);
    return res.json() as { session: string; key: string; expiresIn: number };
  };
  const useKey = async (session: string, key: string, tenant = 'demo') =>
    call(t, endpoints.loginBySessionKey, { body: { session, key }, token: await t.preLoginToken(), tenant });
  const INVALID = { status: 401, body: { errorCode: 'session_key_invalid', errorArgs: [] } };

  it('logs in once as the user who created the pair; the second use fails', async () => {
    const pair = await createPair(await t.login('cashier'));
    expect(pair.expiresIn).toBe(300);
    const first = await useKey(pair.session, pair.key);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ username: 'cashier', xTenantDefault: 'demo' });
    const token = first.headers['x-auth-token'] as string;
    expect((await call(t, endpoints.me, { token })).json().username).toBe('cashier');
    const sessions = await call(t, endpoints.mySessions, { token });
    expect(sessions.json().items[0]).toMatchObject({ current: true, module: 'auth.session-key', responseCode: 200 });
    expect(errorOf(await useKey(pair.session, pair.key))).toEqual(INVALID);
  });

  it('spends the pair on a wrong key, so the right key no longer works', async () => {
    const pair = await createPair(await t.login('cashier'));
    expect(errorOf(await useKey(pair.session, `${pair.key}x`))).toEqual(INVALID);
    expect(errorOf(await useKey(pair.session, pair.key))).toEqual(INVALID);
  });

  it('refuses an expired pair and an unknown session', async () => {
    const pair = await createPair(await t.login('cashier'));
    await t.pools.owner.query(`UPDATE session_keys SET expires_at = now() - interval '1 second' WHERE session = $1`, [pair.session]);
    expect(errorOf(await useKey(pair.session, pair.key))).toEqual(INVALID);
    expect(errorOf(await useKey('no-such-session', 'no-such-key'))).toEqual(INVALID);
  });

  it('is not usable in another tenant, and stays usable in its own', async () => {
    const pair = await createPair(await t.login('cashier'));
    expect(errorOf(await useKey(pair.session, pair.key, 'acme'))).toEqual(INVALID);
    expect((await useKey(pair.session, pair.key, 'demo')).statusCode).toBe(200);
  });

  it('keeps only a hash of the key', async () => {
    const pair = await createPair(await t.login('cashier'));
    const row = (await t.pools.owner.query<{ key_hash: string }>('SELECT key_hash FROM session_keys WHERE session = $1', [pair.session])).rows[0];
    expect(row.key_hash).not.toContain(pair.key);
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('automatic login from ?redirect= (encrypted, expiring, single-use bundle)', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await t.login('admin');
  });
  const bundleFor = async (username: string, password: string, remember = false) => {
    const res = await call(t, endpoints.createRedirectCredential, { body: { username, password, remember }, token: admin });
    expect(res.statusCode).toBe(200);
    return res.json().redirect as string;
  };
  const useBundle = async (redirect: string, tenant = 'demo') =>
    call(t, endpoints.loginByRedirect, { body: { redirect }, token: await t.preLoginToken(), tenant });
  const INVALID = { status: 401, body: { errorCode: 'redirect_credential_invalid', errorArgs: [] } };

  it('logs in once with the credentials inside, and says whether to remember the username', async () => {
    const redirect = await bundleFor('staff', DEMO_PASSWORD, true);
    expect(redirect).not.toContain('staff');
    expect(redirect.split('.')).toHaveLength(5);
    const res = await useBundle(redirect);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'staff', remember: true, rememberedUsername: 'staff' });
    expect((await call(t, endpoints.me, { token: res.headers['x-auth-token'] as string })).statusCode).toBe(200);
    expect(errorOf(await useBundle(redirect))).toEqual(INVALID);
  });

  it('does not remember the username unless asked', async () => {
    const res = await useBundle(await bundleFor('staff', DEMO_PASSWORD));
    expect(res.json()).toMatchObject({ remember: false, rememberedUsername: null });
  });

  it('refuses a tampered, an expired or a foreign bundle', async () => {
    const redirect = await bundleFor('staff', DEMO_PASSWORD);
    const parts = redirect.split('.');
    parts[3] = parts[3].slice(0, -2) + (parts[3].endsWith('AA') ? 'BB' : 'AA');
    expect(errorOf(await useBundle(parts.join('.')))).toEqual(INVALID);
    const expired = await t.tokens.encryptRedirect({ username: 'staff', password: DEMO_PASSWORD, remember: false, tcode: 'demo' }, -5);
    expect(errorOf(await useBundle(expired))).toEqual(INVALID);
    expect(errorOf(await useBundle(await t.preLoginToken()))).toEqual(INVALID);
    expect(errorOf(await useBundle('garbage'))).toEqual(INVALID);
    // The untampered bundle was never spent by those attempts.
    expect((await useBundle(redirect)).statusCode).toBe(200);
  });

  it('refuses a bundle made for another tenant', async () => {
    const redirect = await bundleFor('staff', DEMO_PASSWORD);
    expect(errorOf(await useBundle(redirect, 'acme'))).toEqual(INVALID);
  });

  it('answers the normal password errors for wrong credentials inside', async () => {
    const wrong = await useBundle(await bundleFor('agent', 'not-the-password'));
    expect(errorOf(wrong)).toEqual({ status: 401, body: { errorCode: 'user_password_not_match_attempts', errorArgs: [4] } });
    const unknown = await useBundle(await bundleFor('nobody', 'whatever'));
    expect(errorOf(unknown)).toEqual({ status: 401, body: { errorCode: 'user_password_not_match_attempts', errorArgs: [4] } });
  });
});

describe('the session follows the user as the database knows them now', () => {
  const roleId = async (name: string) =>
    (await t.pools.owner.query<{ id: string }>(`SELECT r.id FROM roles r JOIN tenants t ON t.id = r.tenant_id WHERE t.code = 'demo' AND r.name = $1`, [name]))
      .rows[0].id;
  const userSql = (sql: string, username: string, ...params: unknown[]) =>
    t.pools.owner.query(`${sql} WHERE username = $1 AND tenant_id = (SELECT id FROM tenants WHERE code = 'demo')`, [username, ...params]);

  it('ends at the next request after a role change', async () => {
    const token = await t.login('cashier');
    expect((await call(t, endpoints.me, { token })).statusCode).toBe(200);
    const cashierRole = await roleId('Cashier');
    await userSql('UPDATE users SET role_id = $2', 'cashier', await roleId('Staff'));
    try {
      expect(errorOf(await call(t, endpoints.me, { token }))).toEqual(SESSION_EXPIRED);
    } finally {
      await userSql('UPDATE users SET role_id = $2', 'cashier', cashierRole);
    }
    // Back on the old role, the old token stays dead; a fresh login works.
    expect(errorOf(await call(t, endpoints.me, { token }))).toEqual(SESSION_EXPIRED);
    expect((await call(t, endpoints.me, { token: await t.login('cashier') })).statusCode).toBe(200);
  });

  it('ends at the next request after the user is deactivated', async () => {
    const token = await t.login('agent');
    await userSql('UPDATE users SET active = false', 'agent');
    try {
      expect(errorOf(await call(t, endpoints.me, { token }))).toEqual(SESSION_EXPIRED);
      expect(errorOf(await call(t, endpoints.createSessionKey, { token }))).toEqual(SESSION_EXPIRED);
    } finally {
      await userSql('UPDATE users SET active = true', 'agent');
    }
    // Reactivating the user does not revive the tokens of before.
    expect(errorOf(await call(t, endpoints.me, { token }))).toEqual(SESSION_EXPIRED);
    const ended = await t.pools.owner.query(`SELECT ended_at IS NOT NULL AS ended FROM sessions WHERE id = $1`, [decodeJwt(token).sid]);
    expect(ended.rows).toEqual([{ ended: true }]);
  });

  it('ends at the next request after the role is deactivated', async () => {
    const token = await t.login('cashier');
    await t.pools.owner.query('UPDATE roles SET active = false WHERE id = $1', [await roleId('Cashier')]);
    try {
      expect(errorOf(await call(t, endpoints.me, { token }))).toEqual(SESSION_EXPIRED);
    } finally {
      await t.pools.owner.query('UPDATE roles SET active = true WHERE id = $1', [await roleId('Cashier')]);
    }
    expect(errorOf(await call(t, endpoints.me, { token }))).toEqual(SESSION_EXPIRED);
  });

  it('ends after the idle limit and stays ended', async () => {
    const token = await t.login('staff');
    const sid = decodeJwt(token).sid;
    await t.pools.owner.query(`UPDATE sessions SET last_seen_at = now() - interval '9 hours' WHERE id = $1`, [sid]);
    expect(errorOf(await call(t, endpoints.me, { token }))).toEqual(SESSION_EXPIRED);
    await t.pools.owner.query(`UPDATE sessions SET last_seen_at = now() WHERE id = $1`, [sid]);
    expect(errorOf(await call(t, endpoints.me, { token }))).toEqual(SESSION_EXPIRED);
  });

  it('applies a page-access grant (user_tasks) at the next request, and its removal too', async () => {
    const token = await t.login('agent');
    const me = async () => (await call(t, endpoints.me, { token })).json().tasks as string[];
    const audit = async () => (await call(t, endpoints.listAuditEntries, { token })).statusCode;
    expect(await me()).not.toContain('readOnlyConfigUser');
    expect(await audit()).toBe(403);
    const grant = `INSERT INTO user_tasks (tenant_id, user_id, task) SELECT tenant_id, id, 'readOnlyConfigUser' FROM users WHERE username = 'agent' AND tenant_id = (SELECT id FROM tenants WHERE code = 'demo')`;
    await t.pools.owner.query(grant);
    try {
      expect(await me()).toContain('readOnlyConfigUser');
      expect(await audit()).toBe(200);
    } finally {
      await t.pools.owner.query(`DELETE FROM user_tasks WHERE task = 'readOnlyConfigUser'`);
    }
    expect(await me()).not.toContain('readOnlyConfigUser');
    expect(await audit()).toBe(403);
  });
});

describe('identity headers must agree with the work token (architecture §3)', () => {
  let token: string;
  let session: { userId: string; roleId: string; tenantId: string };
  beforeAll(async () => {
    const res = await loginWith(await t.preLoginToken(), 'staff');
    token = res.headers['x-auth-token'] as string;
    session = res.json();
  });
  const me = (headers: Record<string, string>) => call(t, endpoints.me, { token, headers });
  const mismatch = (header: string) => ({ status: 403, body: { errorCode: 'identity_header_mismatch', errorArgs: [header] } });

  it('accepts headers that agree, in any letter case', async () => {
    const res = await me({ 'x-tenant': 'Demo', 'x-tenant-id': session.tenantId.toUpperCase(), 'x-user-id': session.userId, 'x-role-id': session.roleId });
    expect(res.statusCode).toBe(200);
  });

  it('refuses an X-Tenant of another tenant', async () => {
    expect(errorOf(await me({ 'x-tenant': 'acme' }))).toEqual(mismatch('X-Tenant'));
  });

  it('refuses X-Tenant-Id, X-User-Id and X-Role-Id that disagree', async () => {
    expect(errorOf(await me({ 'x-tenant-id': acmeId }))).toEqual(mismatch('X-Tenant-Id'));
    expect(errorOf(await me({ 'x-user-id': session.roleId }))).toEqual(mismatch('X-User-Id'));
    expect(errorOf(await me({ 'x-role-id': session.userId }))).toEqual(mismatch('X-Role-Id'));
  });

  it('takes the tenant from the token, not from the host', async () => {
    const res = await me({ host: 'acme.localhost' });
    expect(res.statusCode).toBe(200);
    expect(res.json().tenantId).toBe(session.tenantId);
  });
});
