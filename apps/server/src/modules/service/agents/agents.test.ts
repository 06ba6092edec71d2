import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceAgentEndpoints as ep } from '@nusa/contracts';
import { call } from '../../../../test/call.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp('agents');
  admin = await t.login('admin');
});
afterAll(() => t.close());

describe('manage CS users', () => {
  it("lists the demo client's agents; adds only users with a CS role; changes a limit and takes an agent off; audited", async () => {
    const list = (await call(t, ep.listServiceAgents, { query: { clientCode: 'SEKAR' }, token: admin })).json();
    expect(list.items.map((a) => a.username).sort()).toEqual(['admin', 'agent']);
    expect(list.items[0]).toMatchObject({ clientCode: 'SEKAR', status: 'offline', active: true, openChats: 0, maxConcurrentChats: null });
    expect((await call(t, ep.addServiceAgent, { params: { clientCode: 'SEKAR' }, body: { username: 'cashier' }, token: admin })).error()).toEqual({
      errorCode: 'service_user_not_cs_agent',
      errorArgs: ['cashier'],
    });
    const agent = list.items.find((a) => a.username === 'agent')!;
    const changed = await call(t, ep.updateServiceAgent, {
      params: { clientCode: 'SEKAR', userId: agent.userId },
      body: { maxConcurrentChats: 2, active: false },
      token: admin,
    });
    expect(changed.json()).toMatchObject({ maxConcurrentChats: 2, active: false });
    const again = await call(t, ep.addServiceAgent, { params: { clientCode: 'SEKAR' }, body: { username: 'agent', maxConcurrentChats: 3 }, token: admin });
    expect(again.json()).toMatchObject({ username: 'agent', maxConcurrentChats: 3, active: true });
    const audit = (await t.pools.owner.query<{ action: string }>("SELECT action FROM audit_log WHERE module = 'service.agent' ORDER BY id")).rows;
    expect(audit.map((a) => a.action)).toEqual(['update', 'create']);
  });

  it('a user without the tasks gets 403; a second tenant sees none of these agents', async () => {
    const agentToken = await t.login('agent');
    expect((await call(t, ep.listServiceAgents, { query: {}, token: agentToken })).statusCode).toBe(403);
    expect((await call(t, ep.addServiceAgent, { params: { clientCode: 'SEKAR' }, body: { username: 'agent' }, token: agentToken })).statusCode).toBe(403);
    await t.seedTenant('lain');
    const other = await t.login('admin', 'lain');
    expect((await call(t, ep.listServiceAgents, { query: {}, token: other })).json().items).toEqual([]);
  });
});
