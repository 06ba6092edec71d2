import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type BodyOf } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { call } from '../../../../test/call.ts';
import { withTenant } from '../../../platform/db/tenant.ts';
import { companyKey, emailKey } from './register.ts';
import { consumeFreeTransaction, markPackagePaid } from './free-transactions.ts';
import { prepareAccount } from './prepare.ts';
import { mailerOf } from '../../../platform/mail/mailer.ts';

let t: TestApp;
let anon: string;

beforeAll(async () => {
  t = await createTestApp('onboarding');
  anon = (await call(t, endpoints.anonymous, { token: await t.preLoginToken(), tenant: 'demo' })).json().token;
});
afterAll(() => t.close());

const registration = (extra: Partial<BodyOf<typeof endpoints.register>> = {}): BodyOf<typeof endpoints.register> => ({
  fullName: 'Rudi Hartono',
  email: 'rudi.hartono@gmail.com',
  phone: '0812-9876-5432',
  companyName: 'PT Maju Jaya',
  taxId: '01.234.567.8-901.000',
  username: 'rudi',
  password: 'Rahasia@2026',
  confirmPassword: 'Rahasia@2026',
  language: 'id',
  ...extra,
});
const register = (extra: Partial<BodyOf<typeof endpoints.register>> = {}) => call(t, endpoints.register, { body: registration(extra), token: anon });
const progress = (tenant: string) => call(t, endpoints.registrationProgress, { tenant });
const waitDone = async (app: TestApp, tenant: string) => {
  for (let i = 0; i < 200; i++) {
    const p = (await call(app, endpoints.registrationProgress, { tenant })).json();
    if (p.status === 'DONE' || p.status === 'FAILED') return p;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('account preparation did not finish');
};
const tenantCount = async () => (await t.pools.owner.query('SELECT count(*)::int AS n FROM tenants')).rows[0].n as number;

describe('normalised trial keys', () => {
  it('treats one mailbox and one company written differently as the same', () => {
    expect(emailKey('Rudi.Hartono+promo@GMail.com')).toBe(emailKey('rudihartono@gmail.com'));
    expect(emailKey('rudi+x@majujaya.co.id')).toBe('rudi@majujaya.co.id');
    expect(emailKey('r.udi@majujaya.co.id')).not.toBe(emailKey('rudi@majujaya.co.id'));
    expect(companyKey('PT. Maju Jaya, Tbk.')).toBe(companyKey('maju  jaya'));
    expect(companyKey('CV Maju Jaya Abadi')).not.toBe(companyKey('Maju Jaya'));
  });
});

describe('registration with free trial', () => {
  let code: string;

  it("refuses a password below a new tenant's policy (8 characters, no common or leaked one), creating nothing", async () => {
    const before = await tenantCount();
    const res = await register({ password: 'abcde', confirmPassword: 'abcde' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errorCode: 'password_too_short', errorArgs: [8] });
    // On the shipped list whatever the case.
    for (const common of ['password123', 'Password123', 'IloveYou'])
      expect((await register({ password: common, confirmPassword: common })).json()).toEqual({ errorCode: 'password_too_common', errorArgs: [] });
    expect((await register({ confirmPassword: 'Lain@2026x' })).error().errorCode).toBe('password_mismatch');
    expect(await tenantCount()).toBe(before);
  });

  it('creates a tenant with its admin user and prepares the account while reporting progress', async () => {
    const res = await register();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    code = body.tenantCode;
    expect(code).toBe('pt-maju-jaya');
    expect(body.username).toBe('rudi');
    expect(body.progress).toMatchObject({ stepsTotal: 8 });
    const done = await waitDone(t, code);
    expect(done).toEqual({
      status: 'DONE',
      stepsDone: 8,
      stepsTotal: 8,
      error: null,
      steps: [
        { name: 'roles', done: true },
        { name: 'company-unit', done: true },
        { name: 'chart-of-accounts', done: true },
        { name: 'currencies', done: true },
        { name: 'document-templates', done: true },
        { name: 'units', done: true },
        { name: 'cash-boxes', done: true },
        { name: 'welcome-mail', done: true },
      ],
    });

    const token = await t.login('rudi', code, 'Rahasia@2026');
    const me = (await call(t, endpoints.me, { token })).json();
    expect(me.tasks).toContain('writeAllConfigUser');
    const roles = (await call(t, endpoints.listRoles, { token })).json();
    expect(roles.items.map((r: { name: string }) => r.name).sort()).toEqual(['Admin', 'Cashier', 'CS Agent', 'Staff', 'Super Admin'].sort());
    const units = (await call(t, endpoints.listOrgUnits, { token })).json();
    expect(units.items).toEqual([expect.objectContaining({ ouCode: 'PT-MAJU-JAYA', ouName: 'PT Maju Jaya', ouTypeCode: 'COM' })]);
    expect(units.items[0].legal.taxNumber).toBe('01.234.567.8-901.000');
    const tenantId = await t.tenantId(code);
    const coa = (await call(t, endpoints.listCoa, { query: { limit: 5 }, token })).json();
    expect(coa.total).toBeGreaterThan(20);
    const mail = await t.pools.owner.query('SELECT to_address, subject FROM outbox WHERE tenant_id = $1', [tenantId]);
    expect(mail.rows).toEqual([{ to_address: 'rudi.hartono@gmail.com', subject: 'Akun Nusa Anda siap' }]);
    // The demo users and password do not exist in a registered tenant.
    const demoLogin = await call(t, endpoints.login, { body: { username: 'admin', password: 'Nusa@2026' }, token: await t.preLoginToken(), tenant: code });
    expect(demoLogin.statusCode).toBe(401);
    const free = (await call(t, endpoints.freeTransactions, { token })).json();
    expect(free).toEqual({ trial: true, used: 0, limit: 100, packagePaid: false });
  });

  it("starts the new tenant with the stronger policy, which its password changes follow, and lets it lower the policy to spec 5's floor", async () => {
    const token = await t.login('rudi', code, 'Rahasia@2026');
    const config = (await call(t, endpoints.getAppConfiguration, { token })).json();
    expect(config.passwordPolicy).toMatchObject({ minLength: 8, requiredClasses: [], rejectCommon: true });
    const change = (newPassword: string) =>
      call(t, endpoints.changePassword, { body: { oldPassword: 'Rahasia@2026', newPassword, confirmPassword: newPassword }, token });
    expect((await change('Bismillah')).json()).toEqual({ errorCode: 'password_too_common', errorArgs: [] });
    expect((await change('abcd')).json()).toEqual({ errorCode: 'password_too_short', errorArgs: [8] });

    const lowered = await call(t, endpoints.savePasswordPolicy, {
      body: { ...config.passwordPolicy, minLength: 4, rejectCommon: false },
      token,
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json()).toMatchObject({ minLength: 4, rejectCommon: false });
    expect((await call(t, endpoints.savePasswordPolicy, { body: { ...config.passwordPolicy, minLength: 3 }, token })).statusCode).toBe(400);
    // Left out, the choice stays.
    const { rejectCommon: _omitted, ...withoutChoice } = config.passwordPolicy;
    expect((await call(t, endpoints.savePasswordPolicy, { body: { ...withoutChoice, minLength: 4 }, token })).json().rejectCommon).toBe(false);
  });

  it.each([
    [
      'the same mailbox written differently',
      { email: 'RudiHartono+trial@googlemail.com', companyName: 'Toko Baru', taxId: '' },
      'RudiHartono+trial@googlemail.com',
    ],
    ['the same company', { email: 'lain@majujaya.co.id', companyName: 'Maju Jaya Tbk.', taxId: '' }, 'Maju Jaya Tbk.'],
    ['the same tax id', { email: 'lain@usaha.id', companyName: 'Usaha Lain', taxId: '012345678901000' }, '012345678901000'],
  ])('allows one free trial ever: refuses %s', async (_name, extra, arg) => {
    const before = await tenantCount();
    const res = await register(extra);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errorCode: 'trial_already_used', errorArgs: [arg] });
    expect(await tenantCount()).toBe(before);
  });

  it('gives another company its own trial under a unique tenant code', async () => {
    const other = await register({ email: 'sinta@ptmaju.id', companyName: 'PT Maju Jaya Sentosa', taxId: '' });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().tenantCode).toBe('pt-maju-jaya-sentosa');
    // Its code base (cut at 20 characters) is taken, the company is not: the next free code.
    const third = await register({ email: 'budi@abadi.id', companyName: 'PT Maju Jaya Sentosa Abadi', taxId: '' });
    expect(third.statusCode, third.body).toBe(200);
    expect(third.json().tenantCode).toBe('pt-maju-jaya-sentosa-2');
    await waitDone(t, other.json().tenantCode);
    await waitDone(t, third.json().tenantCode);
  });

  it('keeps trial registrations away from the app role and progress per tenant', async () => {
    await expect(t.pools.app.query('SELECT * FROM trial_registrations')).rejects.toThrow(/permission denied/);
    expect((await progress('demo')).statusCode).toBe(404);
    const demoId = await t.tenantId('demo');
    const seen = await withTenant(
      t.pools.app,
      demoId,
      async (_tx, client) => (await client.query('SELECT count(*)::int AS n FROM account_preparations')).rows[0].n,
    );
    expect(seen).toBe(0);
  });

  it('answers free_trial_limit_reached at the 101st transaction until a package is paid', async () => {
    const tenantId = await t.tenantId(code);
    await withTenant(t.pools.app, tenantId, async (tx) => {
      for (let i = 0; i < 100; i++) await consumeFreeTransaction(tx, tenantId);
    });
    const the101st = withTenant(t.pools.app, tenantId, (tx) => consumeFreeTransaction(tx, tenantId));
    await expect(the101st).rejects.toMatchObject({ code: 'free_trial_limit_reached', args: [100], status: 402 });
    const token = await t.login('rudi', code, 'Rahasia@2026');
    expect((await call(t, endpoints.freeTransactions, { token })).json()).toMatchObject({ used: 100, packagePaid: false });
    await withTenant(t.pools.app, tenantId, (tx) => markPackagePaid(tx, tenantId));
    await withTenant(t.pools.app, tenantId, (tx) => consumeFreeTransaction(tx, tenantId));
    expect((await call(t, endpoints.freeTransactions, { token })).json()).toMatchObject({ used: 100, packagePaid: true });
    // A tenant that never registered for a trial is not limited.
    const demoId = await t.tenantId('demo');
    await withTenant(t.pools.app, demoId, async (tx) => {
      for (let i = 0; i < 3; i++) await consumeFreeTransaction(tx, demoId);
    });
  });

  it('records a failed step and resumes after the last finished step when run again', async () => {
    const tenantId = await t.tenantId(code);
    const owner = t.pools.owner;
    await owner.query(`UPDATE account_preparations SET status = 'QUEUED', steps_done = '{roles}' WHERE tenant_id = $1`, [tenantId]);
    await owner.query(`DELETE FROM org_units WHERE tenant_id = $1`, [tenantId]);
    // Something already holds the company unit's code: the company-unit step cannot create it.
    await owner.query(`INSERT INTO org_units (tenant_id, id, code, name, type_code) VALUES ($1, gen_random_uuid(), 'PT-MAJU-JAYA', 'Lain', 'MBU')`, [tenantId]);
    const deps = { pools: t.pools, mailer: mailerOf(t.app), publicUrl: 'http://localhost:3000' };
    await expect(prepareAccount(deps, tenantId)).rejects.toMatchObject({ code: 'ou_code_already_exists' });
    expect((await progress(code)).json()).toMatchObject({ status: 'FAILED', stepsDone: 1, error: 'ou_code_already_exists' });

    await owner.query(`DELETE FROM org_units WHERE tenant_id = $1`, [tenantId]);
    const rolesBefore = (await owner.query('SELECT count(*)::int AS n FROM roles WHERE tenant_id = $1', [tenantId])).rows[0].n;
    await prepareAccount(deps, tenantId);
    expect((await progress(code)).json()).toMatchObject({ status: 'DONE', stepsDone: 8, error: null });
    expect((await owner.query('SELECT count(*)::int AS n FROM roles WHERE tenant_id = $1', [tenantId])).rows[0].n).toBe(rolesBefore);
    expect((await owner.query(`SELECT code, type_code FROM org_units WHERE tenant_id = $1`, [tenantId])).rows).toEqual([
      { code: 'PT-MAJU-JAYA', type_code: 'COM' },
    ]);
  });

  it('limits registrations per address', async () => {
    const from = (n: number) =>
      call(t, endpoints.register, {
        body: registration({ email: `pemilik${n}@usaha${n}.id`, companyName: `Usaha Nomor ${n}`, taxId: '', username: `pemilik${n}` }),
        token: anon,
        remoteAddress: '203.0.113.7',
      });
    const codes: string[] = [];
    for (let n = 1; n <= 5; n++) {
      const res = await from(n);
      expect(res.statusCode).toBe(200);
      codes.push(res.json().tenantCode);
    }
    const before = await tenantCount();
    const sixth = await from(6);
    expect(sixth.statusCode).toBe(429);
    // A forwarded-for header from a sender that is no trusted proxy names no other address.
    const forged = await call(t, endpoints.register, {
      body: registration({ email: 'pemilik7@usaha7.id', companyName: 'Usaha Nomor 7', taxId: '', username: 'pemilik7' }),
      token: anon,
      headers: { 'x-forwarded-for': '192.0.2.99' },
      remoteAddress: '203.0.113.7',
    });
    expect(forged.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ errorCode: 'too_many_requests', errorArgs: [] });
    expect(await tenantCount()).toBe(before);
    // Another address may still register.
    const other = await call(t, endpoints.register, {
      body: registration({ email: 'pemilik6@usaha6.id', companyName: 'Usaha Nomor 6', taxId: '', username: 'pemilik6' }),
      token: anon,
      remoteAddress: '198.51.100.20',
    });
    expect(other.statusCode, other.body).toBe(200);
    for (const c of [...codes, other.json().tenantCode]) expect((await waitDone(t, c)).status).toBe('DONE');
  });

  it('needs an anonymous or user token to register, and a login for the counter', async () => {
    expect((await call(t, endpoints.register, { body: registration(), tenant: 'demo' })).statusCode).toBe(401);
    expect((await call(t, endpoints.freeTransactions, { token: anon })).statusCode).toBe(403);
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  it('counts registrations by the client address the proxy forwards', async () => {
    const proxied = await createTestApp('onboarding_proxy', { TRUST_PROXY: '127.0.0.1' });
    try {
      const token = (await call(proxied, endpoints.anonymous, { token: await proxied.preLoginToken(), tenant: 'demo' })).json().token;
      const res = await call(proxied, endpoints.register, {
        body: registration({ email: 'rina@batik.id', companyName: 'Batik Rina', taxId: '', username: 'rina' }),
        token,
        headers: { 'x-forwarded-for': '192.0.2.44' },
        remoteAddress: '127.0.0.1',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await proxied.pools.owner.query(`SELECT client_ip FROM trial_registrations`)).rows).toEqual([{ client_ip: '192.0.2.44' }]);
      await waitDone(proxied, res.json().tenantCode);
    } finally {
      await proxied.close();
    }
  });
});

describe('account preparation on the job queue', () => {
  it('runs as a pg-boss job when jobs are on', async () => {
    const jobs = await createTestApp('onboarding_jobs', { JOBS: 'true' });
    try {
      const token = (await call(jobs, endpoints.anonymous, { token: await jobs.preLoginToken(), tenant: 'demo' })).json().token;
      const res = await call(jobs, endpoints.register, { body: registration({ email: 'dewi@kopi.id', companyName: 'Kopi Nusantara', taxId: '' }), token });
      expect(res.statusCode, res.body).toBe(200);
      const done = await waitDone(jobs, res.json().tenantCode);
      expect(done.status).toBe('DONE');
      // The worker marks the job completed just after the last step commits.
      const jobRows = async () => (await jobs.pools.owner.query(`SELECT state, data FROM pgboss.job WHERE name = 'onboarding.prepare-account'`)).rows;
      for (let i = 0; i < 100 && (await jobRows())[0]?.state !== 'completed'; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await jobRows()).toEqual([{ state: 'completed', data: { tenantId: await jobs.tenantId('kopi-nusantara') } }]);
    } finally {
      await jobs.close();
    }
  }, 30_000);
});
