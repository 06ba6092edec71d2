import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { call } from '../../../../test/call.ts';
import { DEMO_PASSWORD } from '../../../db/seed/demo.ts';
import { startSmtpCapture, type CapturedMail } from '../../../platform/mail/smtp-capture.ts';
import { createMailer } from '../../../platform/mail/mailer.ts';
import { withTenant } from '../../../platform/db/tenant.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp('password_reset', { SMTP_URL: smtp.url, PUBLIC_URL: 'https://app.nusa.test' });
  await t.seedTenant('acme');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const forgot = async (login: string, tenant = 'demo') => call(t, endpoints.forgotPassword, { body: { login }, token: await t.preLoginToken(), tenant });
const reset = async (token: string, newPassword: string, confirmPassword = newPassword, tenant = 'demo') =>
  call(t, endpoints.resetPassword, { body: { token, newPassword, confirmPassword }, token: await t.preLoginToken(), tenant });
const loginStatus = async (username: string, password: string, tenant = 'demo') =>
  (await call(t, endpoints.login, { body: { username, password }, token: await t.preLoginToken(), tenant })).statusCode;

const mailTo = (address: string): CapturedMail => {
  const mail = smtp.mails.filter((m) => m.to.includes(address)).at(-1);
  if (!mail) throw new Error(`no mail to ${address}`);
  return mail;
};
const tokenIn = (mail: CapturedMail) => {
  const m = /https:\/\/app\.nusa\.test\/reset-password\?tenant=([a-z0-9-]+)&token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!m) throw new Error(`no link in ${mail.text}`);
  return { tenant: m[1], token: m[2] };
};
const waitForMail = async (address: string, count: number) => {
  for (let i = 0; i < 50 && smtp.mails.filter((m) => m.to.includes(address)).length < count; i++) await new Promise((r) => setTimeout(r, 50));
};

describe('forgot and reset password', () => {
  it('answers the same for an existing and an unknown account, and mails only the existing one', async () => {
    const known = await forgot('admin');
    const unknown = await forgot('nobody-here');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    await waitForMail('admin@demo.nusa.id', 1);
    expect(smtp.mails.filter((m) => m.to.includes('admin@demo.nusa.id'))).toHaveLength(1);
    expect(smtp.mails.some((m) => m.raw.includes('nobody-here'))).toBe(false);
    const mail = mailTo('admin@demo.nusa.id');
    expect(mail.subject).toContain('atur ulang kata sandi');
    expect(mail.text).toContain('30 menit');
    const outbox = async () => (await t.pools.owner.query(`SELECT status, to_address FROM outbox WHERE to_address = 'admin@demo.nusa.id'`)).rows;
    for (let i = 0; i < 50 && (await outbox())[0]?.status !== 'sent'; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await outbox()).toEqual([{ status: 'sent', to_address: 'admin@demo.nusa.id' }]);
  });

  it("resets with the mailed link's token under the password policy, ends the sessions, and the link works once", async () => {
    const oldSession = await t.login('admin');
    expect((await call(t, endpoints.me, { token: oldSession })).statusCode).toBe(200);
    const { tenant, token } = tokenIn(mailTo('admin@demo.nusa.id'));
    expect(tenant).toBe('demo');

    expect((await reset(token, 'abc')).json()).toEqual({ errorCode: 'password_too_short', errorArgs: [4] });
    expect((await reset(token, 'Baru@2026x', 'Baru@2026y')).json()).toEqual({ errorCode: 'password_mismatch', errorArgs: [] });
    // A refused password does not spend the link.
    const done = await reset(token, 'Baru@2026x');
    expect(done.statusCode, done.body).toBe(200);

    expect((await call(t, endpoints.me, { token: oldSession })).statusCode).toBe(401);
    expect(await loginStatus('admin', 'Baru@2026x')).toBe(200);
    expect(await loginStatus('admin', DEMO_PASSWORD)).toBe(401);

    const again = await reset(token, 'Lagi@2026x');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errorCode: 'password_reset_link_invalid', errorArgs: [] });
    const audit = await t.pools.owner.query(`SELECT action FROM audit_log WHERE module = 'public.password-reset' ORDER BY id`);
    expect(audit.rows.map((r) => r.action)).toEqual(['request-reset', 'reset-password']);
  });

  it('lets a user whose name a stranger locked in again through the reset link', async () => {
    for (let i = 0; i < 5; i++) await loginStatus('superadmin', 'wrong-password');
    expect(await loginStatus('superadmin', DEMO_PASSWORD)).toBe(429);
    expect((await forgot('superadmin')).statusCode).toBe(200);
    await waitForMail('superadmin@demo.nusa.id', 1);
    const { token } = tokenIn(mailTo('superadmin@demo.nusa.id'));
    expect((await reset(token, 'Pulih@2026x')).statusCode).toBe(200);
    expect(await loginStatus('superadmin', 'Pulih@2026x')).toBe(200);
  });

  it('refuses an expired link and an unknown token', async () => {
    await forgot('staff@demo.nusa.id');
    await waitForMail('staff@demo.nusa.id', 1);
    const { token } = tokenIn(mailTo('staff@demo.nusa.id'));
    await t.pools.owner.query(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    expect((await reset(token, 'Baru@2026x')).json()).toEqual({ errorCode: 'password_reset_link_expired', errorArgs: [] });
    expect(await loginStatus('staff', DEMO_PASSWORD)).toBe(200);
    expect((await reset('x'.repeat(43), 'Baru@2026x')).json()).toEqual({ errorCode: 'password_reset_link_invalid', errorArgs: [] });
  });

  it('stores only a hash of the token', async () => {
    const { token } = tokenIn(mailTo('staff@demo.nusa.id'));
    const rows = await t.pools.owner.query(`SELECT token_hash FROM password_reset_tokens`);
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows.some((r) => r.token_hash === token)).toBe(false);
  });

  it('throttles per address, known or not, with a catalogued 429', async () => {
    for (const login of ['agent', 'ghost-user']) {
      for (let i = 0; i < 3; i++) expect((await forgot(login)).statusCode).toBe(200);
      const res = await forgot(login.toUpperCase());
      expect(res.statusCode).toBe(429);
      expect(res.error().errorCode).toBe('password_reset_throttled');
      expect(res.error().errorArgs[0]).toBeGreaterThan(0);
    }
    // Another address is not affected.
    expect((await forgot('cashier')).statusCode).toBe(200);
  });

  it("mails in the tenant's default language and keeps tenants apart", async () => {
    const acme = await t.tenantId('acme');
    await t.pools.owner.query(`UPDATE app_settings SET default_language = 'en' WHERE tenant_id = $1`, [acme]);
    await t.pools.owner.query(`UPDATE users SET email = 'boss@acme.test' WHERE tenant_id = $1 AND username = 'admin'`, [acme]);
    expect((await forgot('boss@acme.test', 'acme')).statusCode).toBe(200);
    await waitForMail('boss@acme.test', 1);
    const mail = mailTo('boss@acme.test');
    expect(mail.subject).toContain('reset your password');
    const link = tokenIn(mail);
    expect(link.tenant).toBe('acme');
    // The acme link means nothing in the demo tenant.
    expect((await reset(link.token, 'Baru@2026x', 'Baru@2026x', 'demo')).error().errorCode).toBe('password_reset_link_invalid');
    expect((await reset(link.token, 'Baru@2026x', 'Baru@2026x', 'acme')).statusCode).toBe(200);
    expect(await loginStatus('admin', 'Baru@2026x', 'acme')).toBe(200);
  });

  it('needs a pre-login token', async () => {
    const res = await call(t, endpoints.forgotPassword, { body: { login: 'admin' }, tenant: 'demo' });
    expect(res.statusCode).toBe(401);
  });
});

describe('mail with an SMTP server that refuses', () => {
  it('records the failure on the outbox row and does not throw', async () => {
    const warnings: object[] = [];
    const mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'Nusa <no-reply@nusa.test>',
      log: { info: () => {}, warn: (o) => warnings.push(o) },
      pool: t.pools.app,
    });
    const demo = await t.tenantId('demo');
    const queued = await withTenant(t.pools.app, demo, (tx) => mailer.send(tx, demo, { to: 'siapa@contoh.id', subject: 'Uji', text: 'Isi' }));
    expect(queued.status).toBe('queued');
    expect(await queued.deliver()).toBe('failed');
    // Delivered (or failed) once: a second call finds nothing queued.
    expect(await queued.deliver()).toBe('skipped');
    const row = (await t.pools.owner.query('SELECT status, error FROM outbox WHERE id = $1', [queued.id])).rows[0];
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
    expect(warnings).toHaveLength(1);
  });
});

describe('mail whose transaction rolled back', () => {
  it('is never sent', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Nusa <no-reply@nusa.test>', log: { info: () => {}, warn: () => {} }, pool: t.pools.app });
    const demo = await t.tenantId('demo');
    let queued: Awaited<ReturnType<typeof mailer.send>> | undefined;
    await expect(
      withTenant(t.pools.app, demo, async (tx) => {
        queued = await mailer.send(tx, demo, { to: 'batal@contoh.id', subject: 'Batal', text: 'Tidak terkirim' });
        throw new Error('the business write failed');
      }),
    ).rejects.toThrow('the business write failed');
    expect(await queued!.deliver()).toBe('skipped');
    expect(smtp.mails.some((m) => m.to.includes('batal@contoh.id'))).toBe(false);
  });
});

describe('mail without SMTP', () => {
  it('writes the mail to the outbox table only', async () => {
    const plain = await createTestApp('mail_outbox');
    try {
      const res = await call(plain, endpoints.forgotPassword, { body: { login: 'cashier' }, token: await plain.preLoginToken(), tenant: 'demo' });
      expect(res.statusCode).toBe(200);
      const rows = await plain.pools.owner.query(`SELECT status, to_address, text_body FROM outbox`);
      expect(rows.rows).toHaveLength(1);
      expect(rows.rows[0]).toMatchObject({ status: 'logged', to_address: 'cashier@demo.nusa.id' });
      expect(rows.rows[0].text_body).toContain('http://localhost:3000/reset-password?tenant=demo&token=');
    } finally {
      await plain.close();
    }
  });
});
