import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { call } from '../../../../test/call.ts';

let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp('app_settings');
  [admin, staff] = await Promise.all([t.login('admin'), t.login('staff')]);
});
afterAll(() => t.close());

const settings = {
  productName: 'Nusa Niaga',
  defaultLanguage: 'en' as const,
  defaultPage: '/dashboard',
  releaseVersion: '1.1.0',
  releaseDate: '2026-12-01',
  releaseNotes: 'Konfigurasi pengguna dan peran.',
};

describe('app configuration', () => {
  it('saves settings, shows them on the public config and audits the change', async () => {
    const res = await call(t, endpoints.saveAppConfiguration, { body: settings, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(settings);
    const pub = (await call(t, endpoints.appConfig, { tenant: 'demo' })).json();
    expect(pub).toMatchObject({ productName: 'Nusa Niaga', defaultLanguage: 'en', releaseNotes: { version: '1.1.0', releaseDate: '2026-12-01' } });
    const audit = await t.pools.owner.query(`SELECT entity FROM audit_log WHERE module = 'configuration.app'`);
    expect(audit.rows).toEqual([{ entity: 'app-settings' }]);
  });

  it('refuses an unknown default page and a bad date', async () => {
    const page = await call(t, endpoints.saveAppConfiguration, { body: { ...settings, defaultPage: '/x' }, token: admin });
    expect(page.json()).toEqual({ errorCode: 'role_default_page_invalid', errorArgs: ['/x'] });
    const date = await call(t, endpoints.saveAppConfiguration, { body: { ...settings, releaseDate: '2026-13-45' }, token: admin });
    expect(date.statusCode).toBe(400);
  });

  it('keeps the password minimum at 4 or more and applies the policy to new passwords', async () => {
    const low = await call(t, endpoints.savePasswordPolicy, {
      body: { minLength: 3, requiredClasses: [], expiryDays: 0, failedAttemptsBeforeLockout: 5 },
      token: admin,
    });
    expect(low.statusCode).toBe(400);
    const ok = await call(t, endpoints.savePasswordPolicy, {
      body: { minLength: 10, requiredClasses: ['upper', 'digit'], expiryDays: 90, failedAttemptsBeforeLockout: 3 },
      token: admin,
    });
    expect(ok.json()).toEqual({ minLength: 10, requiredClasses: ['upper', 'digit'], expiryDays: 90, failedAttemptsBeforeLockout: 3, rejectCommon: false });
    const me = await t.login('staff');
    const weak = await call(t, endpoints.changePassword, { body: { oldPassword: 'Nusa@2026', newPassword: 'short1A', confirmPassword: 'short1A' }, token: me });
    expect(weak.json()).toEqual({ errorCode: 'password_too_short', errorArgs: [10] });
    // Long enough and of every class, but on the shipped list of common passwords: refused once the tenant asks.
    const common = { oldPassword: 'Nusa@2026', newPassword: 'Password123', confirmPassword: 'Password123' };
    const strict = await call(t, endpoints.savePasswordPolicy, {
      body: { minLength: 10, requiredClasses: ['upper', 'digit'], expiryDays: 90, failedAttemptsBeforeLockout: 3, rejectCommon: true },
      token: admin,
    });
    expect(strict.json()).toMatchObject({ rejectCommon: true });
    expect((await call(t, endpoints.changePassword, { body: common, token: me })).json()).toEqual({ errorCode: 'password_too_common', errorArgs: [] });
  });

  it('lets only holders of viewConfig or managePasswordPolicy in', async () => {
    expect((await call(t, endpoints.getAppConfiguration, { token: staff })).statusCode).toBe(403);
    expect((await call(t, endpoints.getAppConfiguration, { token: admin })).json().passwordPolicy.minLength).toBe(10);
  });

  it('shows a second tenant its own settings only', async () => {
    await t.seedTenant('acme');
    const pub = (await call(t, endpoints.appConfig, { tenant: 'acme' })).json();
    expect(pub.productName).toBe('Nusa');
  });
});
