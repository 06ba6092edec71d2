import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { call } from '../../../../test/call.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('profile');
});
afterAll(() => t.close());

describe('profile and password', () => {
  it("shows and edits one's own profile", async () => {
    const token = await t.login('cashier');
    const me = (await call(t, endpoints.getProfile, { token })).json();
    expect(me).toMatchObject({ username: 'cashier', fullName: 'Rina Kurniawati', roleName: 'Cashier' });
    const res = await call(t, endpoints.updateProfile, { body: { fullName: 'Rina K.', email: 'rina@contoh.co.id' }, token });
    expect(res.json()).toMatchObject({ fullName: 'Rina K.', email: 'rina@contoh.co.id' });
    const bad = await call(t, endpoints.updateProfile, { body: { fullName: '', email: 'not-an-email' }, token });
    expect(bad.statusCode).toBe(400);
  });

  it('changes the password: old must be right, confirmation must match, other sessions end', async () => {
    const first = await t.login('agent');
    const second = await t.login('agent');
    const wrongOld = await call(t, endpoints.changePassword, {
      body: { oldPassword: 'nope', newPassword: 'Baru#20261', confirmPassword: 'Baru#20261' },
      token: first,
    });
    expect(wrongOld.json()).toEqual({ errorCode: 'old_password_incorrect', errorArgs: [] });
    const mismatch = await call(t, endpoints.changePassword, {
      body: { oldPassword: 'Nusa@2026', newPassword: 'Baru#20261', confirmPassword: 'Baru#20262' },
      token: first,
    });
    expect(mismatch.error().errorCode).toBe('password_mismatch');
    const ok = await call(t, endpoints.changePassword, {
      body: { oldPassword: 'Nusa@2026', newPassword: 'Baru#20261', confirmPassword: 'Baru#20261' },
      token: first,
    });
    expect(ok.json()).toEqual({ ok: true });
    expect((await call(t, endpoints.getProfile, { token: first })).statusCode).toBe(200);
    expect((await call(t, endpoints.getProfile, { token: second })).statusCode).toBe(401);
    await t.login('agent', 'demo', 'Baru#20261');
  });
});
