import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('profile');
});
afterAll(() => t.close());

describe('profile and password', () => {
  it('shows and edits one\'s own profile', async () => {
    const token = await t.login('cashier');
    const me = (await t.request({ method: 'GET', url: '/api/v1/profile', token })).json();
    expect(me).toMatchObject({ username: 'cashier', fullName: 'Rina Kurniawati', roleName: 'Cashier' });
    const res = await t.request({ method: 'PUT', url: '/api/v1/profile', token, payload: { fullName: 'Rina K.', email: 'rina@contoh.co.id' } });
    expect(res.json()).toMatchObject({ fullName: 'Rina K.', email: 'rina@contoh.co.id' });
    const bad = await t.request({ method: 'PUT', url: '/api/v1/profile', token, payload: { fullName: '', email: 'not-an-email' } });
    expect(bad.statusCode).toBe(400);
  });

  it('changes the password: old must be right, confirmation must match, other sessions end', async () => {
    const first = await t.login('agent');
    const second = await t.login('agent');
    const wrongOld = await t.request({
      method: 'POST', url: '/api/v1/profile/change-password', token: first,
      payload: { oldPassword: 'nope', newPassword: 'Baru#20261', confirmPassword: 'Baru#20261' },
    });
    expect(wrongOld.json()).toEqual({ errorCode: 'old_password_incorrect', errorArgs: [] });
    const mismatch = await t.request({
      method: 'POST', url: '/api/v1/profile/change-password', token: first,
      payload: { oldPassword: 'Nusa@2026', newPassword: 'Baru#20261', confirmPassword: 'Baru#20262' },
    });
    expect(mismatch.json().errorCode).toBe('password_mismatch');
    const ok = await t.request({
      method: 'POST', url: '/api/v1/profile/change-password', token: first,
      payload: { oldPassword: 'Nusa@2026', newPassword: 'Baru#20261', confirmPassword: 'Baru#20261' },
    });
    expect(ok.json()).toEqual({ ok: true });
    expect((await t.request({ method: 'GET', url: '/api/v1/profile', token: first })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/v1/profile', token: second })).statusCode).toBe(401);
    await t.login('agent', 'demo', 'Baru#20261');
  });
});
