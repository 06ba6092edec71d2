import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { call } from '../../../test/call.ts';
import { DEMO_PASSWORD } from '../../db/seed/demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('auth');
});
afterAll(() => t.close());

const login = async (username: string, password: string, tenant = 'demo') =>
  call(t, endpoints.login, { body: { username, password }, token: await t.preLoginToken(), tenant });

describe('login', () => {
  it('returns the session data and the work token in X-Auth-Token', async () => {
    const res = await login('admin', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-auth-token']).toMatch(/^ey/);
    const body = res.json();
    expect(body).toMatchObject({ fullName: 'Siti Rahayu', username: 'admin', xTenantDefault: 'demo', roleName: 'Admin' });
    expect(body.tasks).toContain('writeAllConfigUser');
    expect(body.userConfig.defaultPage).toBe('/dashboard');
    expect(body.appConfig.defaultLanguage).toBe('id');
  });

  it('gives a Super Admin every task', async () => {
    const body = (await login('superadmin', DEMO_PASSWORD)).json();
    expect(body.tasks).toContain('viewManagementLeads');
    expect(body.tasks).toContain('writeAllErpWarehouse');
  });

  it('needs a pre-login token', async () => {
    const res = await call(t, endpoints.login, { body: { username: 'admin', password: DEMO_PASSWORD }, tenant: 'demo' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errorCode: 'Unauthorized', errorArgs: [] });
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const unknown = await login('nobody-here', 'whatever');
    const wrong = await login('staff', 'wrong-password');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ errorCode: 'user_password_not_match_attempts', errorArgs: [4] });
    expect(wrong.json()).toEqual({ errorCode: 'user_password_not_match_attempts', errorArgs: [4] });
  });

  it('locks a username after the allowed failures, then refuses even the right password', async () => {
    const seen: unknown[] = [];
    for (let i = 0; i < 5; i++) seen.push((await login('cashier', 'nope')).json());
    expect(seen.map((b) => (b as { errorArgs: number[] }).errorArgs[0])).toEqual([4, 3, 2, 1, 900]);
    expect((seen[4] as { errorCode: string }).errorCode).toBe('user_login_throttled');
    const right = await login('cashier', DEMO_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.error().errorCode).toBe('user_login_throttled');
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('gives 50 parallel wrong passwords for one user no more password checks than the policy allows', async () => {
    // In a tenant of its own: the user stays locked for the rest of the file.
    await t.seedTenant('race');
    const started = (await t.pools.owner.query<{ now: Date }>('SELECT now()')).rows[0].now;
    const answers = await Promise.all(Array.from({ length: 50 }, () => login('admin', 'wrong-password', 'race')));
    const codes = answers.map((a) => a.error().errorCode as string);
    // A checked wrong password of a known user leaves a session row (401, or 429 for the one that locks).
    const checks = await t.pools.owner.query(
      "SELECT count(*)::int AS n FROM sessions s JOIN tenants t ON t.id = s.tenant_id WHERE t.code = 'race' AND s.username = 'admin' AND s.response_code IN (401, 429) AND s.login_at >= $1",
      [started],
    );
    expect(checks.rows[0].n).toBeLessThanOrEqual(5);
    expect(checks.rows[0].n).toBeGreaterThan(0);
    expect(codes.filter((c) => c === 'user_password_not_match_attempts').length).toBe(checks.rows[0].n - 1);
    expect(codes.filter((c) => c === 'user_login_throttled').length).toBe(50 - checks.rows[0].n + 1);
    expect((await login('admin', DEMO_PASSWORD, 'race')).statusCode).toBe(429);
  });

  it('refuses an inactive user after the right password', async () => {
    await t.pools.owner.query(`UPDATE users SET active = false WHERE username = 'agent'`);
    const res = await login('agent', DEMO_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.error().errorCode).toBe('user_inactive_or_banned');
    await t.pools.owner.query(`UPDATE users SET active = true WHERE username = 'agent'`);
  });

  it('answers tenant_not_found for an unknown tenant', async () => {
    const res = await login('admin', DEMO_PASSWORD, 'no-such-tenant');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errorCode: 'tenant_not_found', errorArgs: ['no-such-tenant'] });
  });
});

describe('sessions', () => {
  it('logout revokes the token', async () => {
    const token = await t.login('staff');
    expect((await call(t, endpoints.me, { token })).statusCode).toBe(200);
    expect((await call(t, endpoints.logout, { token })).json()).toEqual({ ok: true });
    const after = await call(t, endpoints.me, { token });
    expect(after.statusCode).toBe(401);
    expect(after.error().errorCode).toBe('session-expired');
  });

  it('records a session row per login with its response code', async () => {
    const token = await t.login('admin');
    const res = await call(t, endpoints.mySessions, { query: { limit: 5 }, token });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { current: boolean; responseCode: number; module: string }[];
    expect(items[0]).toMatchObject({ current: true, responseCode: 200, module: 'auth.login' });
  });

  it('refuses a tampered token', async () => {
    const token = await t.login('admin');
    const tampered = token.slice(0, -3) + (token.endsWith('aaa') ? 'bbb' : 'aaa');
    const res = await call(t, endpoints.me, { token: tampered });
    expect(res.statusCode).toBe(401);
    expect(res.error().errorCode).toBe('Unauthorized');
  });

  it('refuses identity headers that disagree with the token', async () => {
    const token = await t.login('admin');
    const res = await call(t, endpoints.me, { token, headers: { 'x-user-id': '00000000-0000-0000-0000-000000000000' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errorCode: 'identity_header_mismatch', errorArgs: ['X-User-Id'] });
  });
});

describe('login limits per client address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp('auth_address', { LOGIN_ADDRESS_FAILURES_PER_MINUTE: '20' });
  });
  afterAll(() => limited.close());

  const loginFrom = async (remoteAddress: string, username: string, password: string) =>
    call(limited, endpoints.login, { body: { username, password }, token: await limited.preLoginToken(), tenant: 'demo', remoteAddress });

  it('refuses an address after 20 wrong passwords in a minute, whatever the usernames, and no other address', async () => {
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push(await loginFrom('203.0.113.7', `guess${i}`, 'wrong'));
    expect(answers.slice(0, 20).map((a) => a.statusCode)).toEqual(Array(20).fill(401));
    for (const a of answers.slice(20)) {
      expect(a.statusCode).toBe(429);
      expect(a.error().errorCode).toBe('user_login_throttled');
      expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Refused before any check: even the right password waits, from that address only.
    expect((await loginFrom('203.0.113.7', 'staff', DEMO_PASSWORD)).statusCode).toBe(429);
    expect((await loginFrom('198.51.100.2', 'staff', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});
