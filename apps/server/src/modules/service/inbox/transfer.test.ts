import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TENANT, serviceClientEndpoints as clientEp, serviceInboxEndpoints as inboxEp, serviceInboxTransferEndpoints as ep } from '@nusa/contracts';
import type { FastifyInstance } from 'fastify';
import { call } from '../../../../test/call.ts';
import { createTestApp, secondInstance, type TestApp } from '../../../../test/test-app.ts';
import { widgetVisitor, type Frame } from '../../../../test/widget-visitor.ts';
import { startTelegramServer, telegramTextUpdate, type TelegramTestServer } from '../../../../test/telegram-server.ts';

let t: TestApp;
/** A second instance on the same database: the visitor's widget socket is there, the agents' calls go to the first. */
let b: { app: FastifyInstance; port: number };
let admin: string;
let agent: string;
let tenantId: string;
let tg: TelegramTestServer;
const BOT = '123456:ABC-bot-token';
const CLIENT = 'SEKAR';

const q = async <R extends object = Record<string, unknown>>(text: string, values: unknown[] = []) => (await t.pools.owner.query<R>(text, values)).rows;
const userId = async (username: string) => (await q<{ id: string }>('SELECT id FROM users WHERE tenant_id = $1 AND username = $2', [tenantId, username]))[0].id;

/** A web visitor on the client's widget. */
const visitor = (id: string) => widgetVisitor(b.port, CLIENT, id);

/** A visitor asks for a person: the conversation waits for the shop's agents. */
async function handOver(visitorId: string, text = 'saya mau bicara dengan cs') {
  const v = await visitor(visitorId);
  v.say(text);
  await v.next((f) => f.sender === 'bot' && f.handedOver === true);
  const [c] = await q<{ id: string }>('SELECT id FROM service_conversations WHERE customer_key = $1', [`web:${visitorId}`]);
  return { ...v, id: c.id };
}

beforeAll(async () => {
  t = await createTestApp('inbox_transfer');
  tenantId = await t.tenantId(DEFAULT_TENANT);
  admin = await t.login('admin');
  agent = await t.login('agent');
  b = await secondInstance(t);
  tg = await startTelegramServer(BOT);
  // The demo shop's CS works Monday to Saturday by day; these tests run at any hour (the hours are inbox.test.ts's).
  expect((await call(t, clientEp.updateServiceClient, { params: { clientCode: CLIENT }, body: { workingHours: null }, token: admin })).statusCode).toBe(200);
});
afterAll(async () => {
  await tg?.close();
  await b?.app.close();
  await t?.close();
});

describe('assign and transfer', () => {
  it('the agent transfers to a colleague, who sees it, replies under their name and now holds it; the customer is told who joined; audited', async () => {
    const v = await handOver('visitor-transfer-0001');
    const claimed = await call(t, inboxEp.claimConversation, { params: { conversationId: v.id }, token: agent });
    expect(claimed.statusCode, claimed.body).toBe(200);
    // The customer learns who answers: the claim's notice, in their language, then the agent's reply with the agent's name.
    expect(await v.next((f) => f.sender === 'system')).toMatchObject({ type: 'message', text: 'Dewi Lestari bergabung dalam percakapan.' });
    await call(t, inboxEp.replyConversation, { params: { conversationId: v.id }, body: { text: 'Halo, ada yang bisa dibantu?' }, token: agent });
    expect(await v.next((f) => f.sender === 'agent')).toMatchObject({ text: 'Halo, ada yang bisa dibantu?', agentName: 'Dewi Lestari' });

    const colleagues = await call(t, ep.listTransferCandidates, { params: { conversationId: v.id }, token: agent });
    expect(colleagues.json().items).toEqual([expect.objectContaining({ userId: await userId('admin'), fullName: 'Siti Rahayu', openChats: 0 })]);
    const moved = await call(t, ep.transferConversation, { params: { conversationId: v.id }, body: { userId: await userId('admin') }, token: agent });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'agent', assignedAgentId: await userId('admin') });
    expect(await v.next((f) => f.text === 'Siti Rahayu bergabung dalam percakapan.')).toMatchObject({ sender: 'system' });

    // The colleague has it in their inbox and replies; the first agent no longer holds it.
    expect((await call(t, inboxEp.listInbox, { token: admin })).json().items.find((c) => c.id === v.id)).toMatchObject({ status: 'agent' });
    expect((await call(t, inboxEp.listInbox, { token: agent })).json().items.some((c) => c.id === v.id)).toBe(false);
    const late = await call(t, inboxEp.replyConversation, { params: { conversationId: v.id }, body: { text: 'masih saya?' }, token: agent });
    expect(late.error()).toEqual({ errorCode: 'service_conversation_not_yours', errorArgs: [v.id] });
    const reply = await call(t, inboxEp.replyConversation, { params: { conversationId: v.id }, body: { text: 'Saya Siti, saya lanjutkan.' }, token: admin });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await v.next((f) => f.text === 'Saya Siti, saya lanjutkan.')).toMatchObject({ sender: 'agent', agentName: 'Siti Rahayu' });

    // The customer's thread goes on: the customer writes again, the new agent sees it unread; a reconnect shows the names.
    v.say('baik, terima kasih');
    await expect
      .poll(async () => (await call(t, inboxEp.getInboxConversation, { params: { conversationId: v.id }, token: admin })).json().conversation.unread)
      .toBe(1);
    v.ws.close();
    const again = await visitor('visitor-transfer-0001');
    const hello = (again.frames[0].messages as Frame[]).filter((m) => m.sender === 'agent' || m.sender === 'system');
    expect(hello.map((m) => [m.sender, m.agentName ?? m.text])).toEqual([
      ['system', 'Dewi Lestari bergabung dalam percakapan.'],
      ['agent', 'Dewi Lestari'],
      ['system', 'Siti Rahayu bergabung dalam percakapan.'],
      ['agent', 'Siti Rahayu'],
    ]);
    again.ws.close();

    const audit = await q<{ action: string; before: unknown; after: unknown }>(
      "SELECT action, before, after FROM audit_log WHERE entity_id = $1 AND module = 'service.conversation' ORDER BY id",
      [v.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['claim', 'reply', 'transfer', 'reply']);
    expect(audit[2]).toMatchObject({ before: { assignedAgentId: await userId('agent') }, after: { assignedAgentId: await userId('admin') } });
    expect((await call(t, inboxEp.closeInboxConversation, { params: { conversationId: v.id }, token: admin })).statusCode).toBe(200);
  });

  it('an English-speaking customer is told in English; a waiting conversation is assigned to a colleague straight away', async () => {
    const v = await handOver('visitor-transfer-0002', 'I want to talk to a person');
    const assigned = await call(t, ep.transferConversation, { params: { conversationId: v.id }, body: { userId: await userId('agent') }, token: admin });
    expect(assigned.json()).toMatchObject({ status: 'agent', assignedAgentId: await userId('agent') });
    expect(await v.next((f) => f.sender === 'system')).toMatchObject({ text: 'Dewi Lestari joined the conversation.' });
    v.ws.close();
    expect((await call(t, inboxEp.closeInboxConversation, { params: { conversationId: v.id }, token: agent })).statusCode).toBe(200);
  });

  it('refuses: to oneself, to a user not an agent of the client, beyond the colleague’s limit, a conversation someone else holds, without the task', async () => {
    const v = await handOver('visitor-transfer-0003');
    expect((await call(t, inboxEp.claimConversation, { params: { conversationId: v.id }, token: agent })).statusCode).toBe(200);
    const to = (user: string, token = agent) => call(t, ep.transferConversation, { params: { conversationId: v.id }, body: { userId: user }, token });
    expect((await to(await userId('agent'))).error()).toEqual({ errorCode: 'service_transfer_to_self', errorArgs: [] });
    const staff = await userId('staff');
    expect((await to(staff)).error()).toEqual({ errorCode: 'service_transfer_target_not_agent', errorArgs: [staff, CLIENT] });
    // An agent row for a user whose role lost the inbox task does not make them a colleague.
    await q('INSERT INTO service_agents (tenant_id, client_id, user_id) SELECT $1, id, $2 FROM service_clients WHERE tenant_id = $1 AND code = $3', [
      tenantId,
      staff,
      CLIENT,
    ]);
    expect((await to(staff)).error().errorCode).toBe('service_transfer_target_not_agent');
    expect((await call(t, ep.listTransferCandidates, { params: { conversationId: v.id }, token: agent })).json().items.map((c) => c.fullName)).toEqual([
      'Siti Rahayu',
    ]);

    await q('UPDATE service_agents SET max_concurrent_chats = 1 WHERE tenant_id = $1 AND user_id = $2', [tenantId, await userId('admin')]);
    const other = await handOver('visitor-transfer-0004');
    expect((await call(t, inboxEp.claimConversation, { params: { conversationId: other.id }, token: admin })).statusCode).toBe(200);
    expect((await to(await userId('admin'))).error()).toEqual({ errorCode: 'service_transfer_target_limit_reached', errorArgs: ['Siti Rahayu', '1'] });
    // The admin holds `other`: the agent may not give it away.
    const notYours = await call(t, ep.transferConversation, { params: { conversationId: other.id }, body: { userId: await userId('agent') }, token: agent });
    expect(notYours.error()).toEqual({ errorCode: 'service_conversation_not_yours', errorArgs: [other.id] });
    expect(
      (await call(t, ep.transferConversation, { params: { conversationId: v.id }, body: { userId: staff }, token: await t.login('staff') })).statusCode,
    ).toBe(403);
    // Nothing was half done: the agent still holds it, with one transfer-free trail.
    expect((await q<{ assigned_agent_id: string }>('SELECT assigned_agent_id FROM service_conversations WHERE id = $1', [v.id]))[0].assigned_agent_id).toBe(
      await userId('agent'),
    );
    expect(await q("SELECT 1 FROM audit_log WHERE entity_id = $1 AND action = 'transfer'", [v.id])).toEqual([]);
    v.ws.close();
    other.ws.close();
    // Tidy for the next test: nothing held, the admin's limit back to the client's.
    await q('UPDATE service_agents SET max_concurrent_chats = NULL WHERE tenant_id = $1', [tenantId]);
    for (const [id, token] of [
      [v.id, agent],
      [other.id, admin],
    ])
      expect((await call(t, inboxEp.closeInboxConversation, { params: { conversationId: id }, token })).statusCode).toBe(200);
  });

  it('a Telegram customer is sent who joined, on the claim and on a transfer (after commit, recorded as sent)', async () => {
    const CH = `/api/v1/service/clients/${CLIENT}/channels/telegram`;
    const put = await t.request({
      method: 'PUT',
      url: CH,
      token: admin,
      payload: { attributes: { apiRoot: tg.apiRoot, botUsername: 'sekar_bot' }, secrets: { botToken: BOT } },
    });
    expect(put.statusCode, put.body).toBe(200);
    const on = await t.request({ method: 'POST', url: `${CH}/active`, token: admin, payload: { active: true } });
    expect(on.statusCode, on.body).toBe(200);
    const update = telegramTextUpdate(910001, { messageId: 71, chatId: 778001, firstName: 'Yusuf', text: 'saya mau bicara dengan cs' });
    const hook = await t.request({
      method: 'POST',
      url: new URL(tg.webhook!.url).pathname,
      payload: JSON.stringify(update),
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': tg.webhook!.secretToken },
    });
    expect(hook.statusCode, hook.body).toBe(200);
    const [c] = await q<{ id: string; status: string }>("SELECT id, status FROM service_conversations WHERE customer_key = '778001'");
    expect(c.status).toBe('waiting');
    const texts = () => tg.calls.filter((x) => x.method === 'sendMessage' && x.body.chat_id === '778001').map((x) => String(x.body.text));

    expect((await call(t, inboxEp.claimConversation, { params: { conversationId: c.id }, token: agent })).statusCode).toBe(200);
    await expect.poll(texts).toContain('Dewi Lestari bergabung dalam percakapan.');
    expect(
      (await call(t, ep.transferConversation, { params: { conversationId: c.id }, body: { userId: await userId('admin') }, token: agent })).statusCode,
    ).toBe(200);
    await expect.poll(texts).toContain('Siti Rahayu bergabung dalam percakapan.');
    await expect
      .poll(async () =>
        (
          await q<{ delivery_status: string | null }>("SELECT delivery_status FROM service_messages WHERE conversation_id = $1 AND sender = 'system'", [c.id])
        ).map((m) => m.delivery_status),
      )
      .toEqual(['sent', 'sent']);
    expect((await call(t, inboxEp.closeInboxConversation, { params: { conversationId: c.id }, token: admin })).statusCode).toBe(200);
  });
});
