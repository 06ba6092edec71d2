import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@nusa/contracts';
import { decodeJwt } from 'jose';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { call } from '../../../test/call.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('session-duration');
});
afterAll(() => t.close());

const sid = (token: string) => String(decodeJwt(token).sid);

/** Moves a session's times to `interval`s before now (ended: null leaves it live). */
const place = (id: string, login: string, lastSeen: string, ended: string | null) =>
  t.pools.owner.query(
    `UPDATE sessions SET login_at = now() - $2::interval, last_seen_at = now() - $3::interval,
       ended_at = CASE WHEN $4::text IS NULL THEN NULL ELSE now() - $4::interval END WHERE id = $1`,
    [id, login, lastSeen, ended],
  );

describe('session durations in the sessions list', () => {
  it('runs from login to logout, to the last request of a live session, and to the last request of one ended after its idle limit', async () => {
    const loggedOut = sid(await t.login('cashier'));
    const live = sid(await t.login('cashier'));
    const expired = sid(await t.login('cashier'));
    const current = await t.login('cashier');
    // Logged out 30 s after its last request: 2 h 5 min.
    await place(loggedOut, '5 hours', '2 hours 55 minutes 30 seconds', '2 hours 55 minutes');
    // Not ended, last request 10 minutes ago: 40 minutes so far.
    await place(live, '50 minutes', '10 minutes', null);
    // Its token came back three days later and the idle limit (8 h) ended it then: it lasted 40 minutes, not 3 days.
    await place(expired, '4 days', '4 days -40 minutes', '1 day');

    const res = await call(t, endpoints.mySessions, { query: { limit: 10 }, token: current });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { sessionId: string; durationSeconds: number | null; current: boolean }[];
    const seconds = (id: string) => items.find((i) => i.sessionId === id)?.durationSeconds;
    expect(seconds(loggedOut)).toBe(2 * 3600 + 5 * 60);
    expect(seconds(live)).toBe(40 * 60);
    expect(seconds(expired)).toBe(40 * 60);
    expect(items.find((i) => i.current)?.sessionId).toBe(sid(current));
  });

  it('gives a refused login no duration', async () => {
    const refused = await call(t, endpoints.login, { body: { username: 'cashier', password: 'wrong-password' }, token: await t.preLoginToken() });
    expect(refused.statusCode).toBe(401);
    const res = await call(t, endpoints.mySessions, { query: { limit: 10 }, token: await t.login('cashier') });
    const failed = (res.json().items as { responseCode: number; durationSeconds: number | null }[]).filter((i) => i.responseCode !== 200);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((i) => i.durationSeconds === null)).toBe(true);
  });
});
