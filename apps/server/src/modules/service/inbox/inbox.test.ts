import { randomUUID } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TENANT, serviceChannelEndpoints as channelEp, serviceClientEndpoints as clientEp, serviceInboxEndpoints as ep } from '@nusa/contracts';
import type { FastifyInstance } from 'fastify';
import { call } from '../../../../test/call.ts';
import { createTestApp, secondInstance, type TestApp } from '../../../../test/test-app.ts';
import { widgetVisitor } from '../../../../test/widget-visitor.ts';
import { CONVERSATION_CHANNEL } from '../channels/index.ts';
import { closeIdleEverywhere } from '../conversations/index.ts';
import { INBOX_SOCKET_PATH } from './socket.ts';

let t: TestApp;
/** A second server instance on the same database: what one instance's NOTIFY reaches. */
let b: FastifyInstance;
/** The instance the customers' widget sockets are on (the virtual chat is a sandbox: never in the inbox). */
let w: { app: FastifyInstance; port: number };
let admin: string;
let agent: string;
let tenantId: string;
let listener: pg.Client;
const widgetNotices: { tenantId: string; conversationId: string; messageId: string }[] = [];
const CLIENT = 'TOKO';

const q = async <R extends object = Record<string, unknown>>(text: string, values: unknown[] = []) => (await t.pools.owner.query<R>(text, values)).rows;
const userId = async (username: string) => (await q<{ id: string }>('SELECT id FROM users WHERE tenant_id = $1 AND username = $2', [tenantId, username]))[0].id;
const makeAgent = async (username: string, max: number | null = null) =>
  q(
    `INSERT INTO service_agents (tenant_id, client_id, user_id, max_concurrent_chats) SELECT $1, id, $3, $4 FROM service_clients WHERE tenant_id = $1 AND code = $2`,
    [tenantId, CLIENT, await userId(username), max],
  );

/** A web visitor on the client's widget. */
const visitor = (id: string) => widgetVisitor(w.port, CLIENT, id);
type Visitor = Awaited<ReturnType<typeof visitor>>;
/** Each conversation's customer, to write again. */
const customers = new Map<string, Visitor>();
let visitors = 0;
const customerMessages = async (id: string) =>
  Number((await q<{ n: number }>(`SELECT count(*)::int AS n FROM service_messages WHERE conversation_id = $1 AND sender = 'customer'`, [id]))[0].n);

/** A web customer asks the bot for a person: a waiting conversation. */
async function handOver(customerText = 'saya mau bicara dengan orang'): Promise<string> {
  const visitorId = `visitor-inbox-${String(++visitors).padStart(4, '0')}`;
  const v = await visitor(visitorId);
  v.say(customerText);
  await v.next((f) => f.sender === 'bot' && f.handedOver === true);
  const [c] = await q<{ id: string }>('SELECT id FROM service_conversations WHERE customer_key = $1', [`web:${visitorId}`]);
  customers.set(c.id, v);
  return c.id;
}

/** The conversation's customer writes again; resolves once the message is stored (the bot is silent while a person has it). */
async function writeAgain(id: string, text: string) {
  const before = await customerMessages(id);
  customers.get(id)!.say(text);
  await expect.poll(() => customerMessages(id)).toBe(before + 1);
}

/** An agent socket on instance B: authenticates with its first frame, collects frames. */
async function agentSocket(token: string) {
  const { port } = b.server.address() as { port: number };
  const ws = new WebSocket(`ws://127.0.0.1:${port}${INBOX_SOCKET_PATH}`);
  const frames: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (d) => {
    frames.push(JSON.parse(String(d)) as Record<string, unknown>);
    waiters.splice(0).forEach((w) => w());
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'auth', token }));
  const next = async (match: (f: Record<string, unknown>) => boolean) => {
    for (;;) {
      const found = frames.find(match);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { ws, frames, next, closed };
}

beforeAll(async () => {
  t = await createTestApp('inbox');
  tenantId = await t.tenantId(DEFAULT_TENANT);
  admin = await t.login('admin');
  agent = await t.login('agent');
  b = (await secondInstance(t)).app;
  // Every visitor here comes from one address: more new conversations an hour than one visitor's address may start.
  w = await secondInstance(t, { WIDGET_ADDRESS_CONVERSATIONS_PER_HOUR: '1000' });
  const created = await call(t, clientEp.createServiceClient, {
    body: { code: CLIENT, name: 'Toko Nusa', businessField: 'Retail', systemInstruction: '' },
    token: admin,
  });
  expect(created.statusCode, created.body).toBe(200);
  expect((await call(t, channelEp.saveServiceChannel, { params: { clientCode: CLIENT, kind: 'web' }, body: {}, token: admin })).statusCode).toBe(200);
  const active = await call(t, channelEp.setServiceChannelActive, { params: { clientCode: CLIENT, kind: 'web' }, body: { active: true }, token: admin });
  expect(active.statusCode, active.body).toBe(200);
  await makeAgent('agent');
  await makeAgent('admin', 1);
  listener = new pg.Client({ connectionString: t.databaseUrl });
  await listener.connect();
  listener.on('notification', (n) => widgetNotices.push(JSON.parse(n.payload ?? '{}') as (typeof widgetNotices)[number]));
  await listener.query(`LISTEN ${CONVERSATION_CHANNEL}`);
});
afterAll(async () => {
  await listener?.end();
  for (const v of customers.values()) v.ws.close();
  await w?.app.close();
  await b?.close();
  await t?.close();
});

describe('messages for me', () => {
  it('a hand-over on the widget instance reaches an agent socket on instance B; the open socket marks the agent online, closing it offline', async () => {
    const socket = await agentSocket(agent);
    await socket.next((f) => f.type === 'ready');
    expect((await q<{ status: string }>('SELECT status FROM service_agents WHERE user_id = $1', [await userId('agent')]))[0].status).toBe('online');
    const id = await handOver();
    expect(await socket.next((f) => f.type === 'conversation' && f.conversationId === id)).toMatchObject({ status: 'waiting' });
    socket.ws.close();
    await socket.closed;
    await expect
      .poll(async () => (await q<{ status: string }>('SELECT status FROM service_agents WHERE user_id = $1', [await userId('agent')]))[0].status)
      .toBe('offline');
  });

  it('a plain request to a socket route (one WebSocket plugin at the root routes both) gets websocket_required', async () => {
    for (const url of [INBOX_SOCKET_PATH, `/api/v1/service/widget/demo/${CLIENT}/socket?visitor=visitor-0001`]) {
      const res = await t.request({ method: 'GET', url });
      expect([res.statusCode, res.json()]).toEqual([400, { errorCode: 'websocket_required', errorArgs: [] }]);
    }
  });

  it('a socket without a valid token is closed unheard', async () => {
    const socket = await agentSocket('not-a-token');
    expect(await socket.closed).toBe(4401);
    const staff = await agentSocket(await t.login('staff'));
    expect(await staff.closed).toBe(4401);
  });

  it('lists waiting conversations with unread counts; two agents claiming at once: exactly one wins; the loser sees it gone', async () => {
    const id = await handOver('mau bicara dengan orang soal pesanan');
    const list = (await call(t, ep.listInbox, { token: agent })).json();
    const row = list.items.find((c) => c.id === id)!;
    expect(row).toMatchObject({ clientCode: CLIENT, status: 'waiting', channelKind: 'web', handoverReason: 'asked_for_person', unread: 1 });
    expect(list.unread).toBeGreaterThanOrEqual(1);

    const [x, y] = await Promise.all([
      call(t, ep.claimConversation, { params: { conversationId: id }, token: agent }),
      call(t, ep.claimConversation, { params: { conversationId: id }, token: admin }),
    ]);
    const codes = [x.statusCode, y.statusCode].sort();
    expect(codes, x.body + y.body).toEqual([200, 409]);
    const loser = x.statusCode === 409 ? x : y;
    expect(loser.error()).toEqual({ errorCode: 'service_conversation_already_claimed', errorArgs: [id] });
    const winner = x.statusCode === 200 ? agent : admin;
    const other = winner === agent ? admin : agent;
    expect((await call(t, ep.listInbox, { token: other })).json().items.some((c) => c.id === id)).toBe(false);
    expect((await call(t, ep.replyConversation, { params: { conversationId: id }, body: { text: 'halo' }, token: other })).error().errorCode).toBe(
      'service_conversation_not_yours',
    );
    // Tidy: the winner closes it, so the limits below start from nothing.
    expect((await call(t, ep.closeInboxConversation, { params: { conversationId: id }, token: winner })).statusCode).toBe(200);
  });

  it("reply is stored as the agent and announced to the widget (NOTIFY nusa_service_conversation); a note is not; the customer's next message counts as unread; close ends the metering chat session", async () => {
    const id = await handOver('halo, saya mau bicara dengan orang lagi');
    // The same customer had talked to the shop before (a widget visitor's next message reopens their latest
    // conversation, so the earlier one is a record of the past): it shows beside this one.
    const first = randomUUID();
    await q(
      `INSERT INTO service_conversations (tenant_id, id, client_id, channel_kind, channel_id, customer_key, status, outcome, started_at, last_message_at, ended_at)
       SELECT tenant_id, $2, client_id, channel_kind, channel_id, customer_key, 'closed', 'resolved_by_agent', now() - interval '2 days', now() - interval '2 days', now() - interval '2 days'
         FROM service_conversations WHERE id = $1`,
      [id, first],
    );
    const claimed = await call(t, ep.claimConversation, { params: { conversationId: id }, token: agent });
    expect(claimed.json()).toMatchObject({ status: 'agent', assignedAgentId: await userId('agent') });

    const reply = await call(t, ep.replyConversation, {
      params: { conversationId: id },
      body: { text: 'Halo, saya Dewi. Ada yang bisa dibantu?' },
      token: agent,
    });
    expect(reply.json()).toMatchObject({ sender: 'agent', agentId: await userId('agent') });
    const note = await call(t, ep.noteConversation, { params: { conversationId: id }, body: { text: 'pelanggan lama' }, token: agent });
    expect(note.json().sender).toBe('note');
    await listener.query('SELECT 1');
    // The widget hears the claim's notice of who joined, then the reply; not the note.
    expect(widgetNotices.filter((n) => n.conversationId === id).map((n) => n.messageId)).toEqual([expect.any(String), reply.json().id]);

    await writeAgain(id, 'pesanan saya nomor 12');
    const detail = (await call(t, ep.getInboxConversation, { params: { conversationId: id }, token: agent })).json();
    expect(detail.conversation.unread).toBe(1);
    expect(detail.messages.map((m) => m.sender)).toEqual(['customer', 'bot', 'system', 'agent', 'note', 'customer']);
    expect(detail.earlier.map((e) => e.id)).toContain(first);

    const closed = await call(t, ep.closeInboxConversation, { params: { conversationId: id }, token: agent });
    expect(closed.json()).toMatchObject({ status: 'closed' });
    const [session] = await q<{ ended_at: Date | null; outcome: string }>(
      'SELECT s.ended_at, c.outcome FROM service_conversations c JOIN ai_chat_sessions s ON s.id = c.chat_session_id WHERE c.id = $1',
      [id],
    );
    expect(session.ended_at).not.toBeNull();
    expect(session.outcome).toBe('resolved_by_agent');
    const audit = await q<{ action: string }>("SELECT action FROM audit_log WHERE entity_id = $1 AND module = 'service.conversation' ORDER BY id", [id]);
    expect(audit.map((a) => a.action)).toEqual(['claim', 'reply', 'note', 'status']);
  });

  it("send back to the bot: the bot answers again; the agent's limit refuses a claim beyond it", async () => {
    const one = await handOver();
    expect((await call(t, ep.claimConversation, { params: { conversationId: one }, token: admin })).statusCode).toBe(200);
    const two = await handOver('bicara dengan orang please');
    // admin's limit is 1 conversation at a time
    expect((await call(t, ep.claimConversation, { params: { conversationId: two }, token: admin })).error()).toEqual({
      errorCode: 'service_agent_chat_limit_reached',
      errorArgs: ['1'],
    });
    const back = await call(t, ep.sendBackToBot, { params: { conversationId: one }, token: admin });
    expect(back.json()).toMatchObject({ status: 'bot', assignedAgentId: null });
    expect((await call(t, ep.claimConversation, { params: { conversationId: two }, token: admin })).statusCode).toBe(200);
  });

  it('a conversation left with the bot for 30 minutes is closed as resolved_by_bot at its last message; one waiting for a person stays; writing again reopens it', async () => {
    const withBot = await handOver('saya mau bicara dengan orang, soal ukuran');
    expect((await call(t, ep.claimConversation, { params: { conversationId: withBot }, token: agent })).statusCode).toBe(200);
    expect((await call(t, ep.sendBackToBot, { params: { conversationId: withBot }, token: agent })).json().status).toBe('bot');
    const waiting = await handOver('saya mau bicara dengan orang, soal retur');
    const fresh = await handOver('saya mau bicara dengan orang, soal ongkir');
    expect((await call(t, ep.claimConversation, { params: { conversationId: fresh }, token: agent })).statusCode).toBe(200);
    expect((await call(t, ep.sendBackToBot, { params: { conversationId: fresh }, token: agent })).statusCode).toBe(200);
    // The closer runs 31 minutes from now; the fresh conversation's customer wrote 10 minutes before that.
    const later = new Date(Date.now() + 31 * 60_000);
    await q('UPDATE service_conversations SET last_message_at = $2 WHERE id = $1', [fresh, new Date(later.getTime() - 10 * 60_000)]);

    expect(await closeIdleEverywhere(t.app, later)).toBeGreaterThanOrEqual(1);
    const rows = await q<{ id: string; status: string; outcome: string | null; ended_at: Date | null; last_message_at: Date; session_end: Date | null }>(
      `SELECT c.id, c.status, c.outcome, c.ended_at, c.last_message_at, s.ended_at AS session_end
         FROM service_conversations c LEFT JOIN ai_chat_sessions s ON s.id = c.chat_session_id WHERE c.id = ANY($1)`,
      [[withBot, waiting, fresh]],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(withBot)).toMatchObject({ status: 'closed', outcome: 'resolved_by_bot' });
    expect(byId.get(withBot)!.ended_at).toEqual(byId.get(withBot)!.last_message_at);
    expect(byId.get(withBot)!.session_end).toEqual(byId.get(withBot)!.last_message_at);
    expect(byId.get(waiting)).toMatchObject({ status: 'waiting', outcome: null });
    expect(byId.get(fresh)).toMatchObject({ status: 'bot', outcome: null });
    const audit = await q<{ action: string; user_id: string | null }>('SELECT action, user_id FROM audit_log WHERE entity_id = $1 ORDER BY id DESC LIMIT 1', [
      withBot,
    ]);
    expect(audit).toEqual([{ action: 'status', user_id: null }]);
    // Nothing idle is left: a second run closes nothing of these.
    await closeIdleEverywhere(t.app, later);
    expect((await q<{ status: string }>('SELECT status FROM service_conversations WHERE id = $1', [fresh]))[0].status).toBe('bot');

    const customer = customers.get(withBot)!;
    const replies = customer.frames.length;
    customer.say('halo lagi');
    await customer.next((f) => customer.frames.indexOf(f) >= replies && f.sender === 'bot');
    expect(
      (await q<{ status: string; outcome: string | null }>('SELECT status, outcome FROM service_conversations WHERE id = $1', [withBot]))[0].outcome,
    ).toBeNull();
  });

  it('a user without sendChatForMe gets 403; a user not an agent of the client cannot open its conversations; a second tenant sees nothing', async () => {
    const staff = await t.login('staff');
    expect((await call(t, ep.listInbox, { token: staff })).statusCode).toBe(403);
    const id = await handOver();
    await q('DELETE FROM service_agents WHERE user_id = $1', [await userId('agent')]);
    expect((await call(t, ep.getInboxConversation, { params: { conversationId: id }, token: agent })).error()).toEqual({
      errorCode: 'service_not_an_agent',
      errorArgs: [CLIENT],
    });
    expect((await call(t, ep.listInbox, { token: agent })).json().items).toEqual([]);
    await makeAgent('agent');

    await t.seedTenant('lain');
    const otherAgent = await t.login('agent', 'lain');
    expect((await call(t, ep.listInbox, { token: otherAgent })).json()).toEqual({ items: [], waiting: 0, mine: 0, unread: 0 });
    expect((await call(t, ep.claimConversation, { params: { conversationId: id }, token: otherAgent })).error().errorCode).toBe(
      'service_conversation_not_found',
    );
  });
});

describe('CS working hours (a fixed clock)', () => {
  /** Monday to Saturday 08:00–22:00 in Jakarta; 2026-11-23 is a Monday. */
  const SHOP = { timeZone: 'Asia/Jakarta', days: [1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '08:00', to: '22:00' })) };
  const at = (isoLocal: string) => vi.setSystemTime(new Date(`${isoLocal}+07:00`));
  const setHours = async (workingHours: typeof SHOP | null) =>
    expect((await call(t, clientEp.updateServiceClient, { params: { clientCode: CLIENT }, body: { workingHours }, token: admin })).statusCode).toBe(200);
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await setHours(null);
  });

  it("outside the client's hours a customer asking for a person is told when the staff are back; nobody can claim until they are; a chat taken before the end is finished after it", async () => {
    await setHours(SHOP);
    const bad = await call(t, clientEp.updateServiceClient, {
      params: { clientCode: CLIENT },
      body: { workingHours: { ...SHOP, timeZone: 'Asia/Atlantis' } },
      token: admin,
    });
    expect(bad.statusCode).toBe(400);

    at('2026-11-23T23:00:00');
    const botSaid = async (id: string) => customers.get(id)!.next((f) => f.sender === 'bot' && f.handedOver === true);
    const id = await handOver('saya mau bicara dengan orang');
    expect((await botSaid(id)).text).toBe(
      'Maaf, petugas CS kami sedang di luar jam kerja. Pesan Anda sudah kami simpan dan akan dibalas saat kami kembali, besok pukul 08:00 WIB.',
    );
    const enId = await handOver('I want to talk to a person');
    expect((await botSaid(enId)).text).toContain('we will reply when we are back, tomorrow at 08:00 WIB');
    // The conversation waits (nothing is lost): agents see it, but may not take it yet.
    expect((await call(t, ep.listInbox, { token: agent })).json().items.find((c) => c.id === id)).toMatchObject({
      status: 'waiting',
      outsideWorkingHours: true,
    });
    expect((await call(t, ep.claimConversation, { params: { conversationId: id }, token: agent })).error()).toEqual({
      errorCode: 'service_outside_working_hours',
      errorArgs: [CLIENT],
    });
    at('2026-11-24T07:59:00');
    expect((await call(t, ep.claimConversation, { params: { conversationId: id }, token: agent })).error().errorCode).toBe('service_outside_working_hours');

    at('2026-11-24T08:00:00');
    expect((await call(t, ep.getInboxConversation, { params: { conversationId: id }, token: agent })).json().conversation.outsideWorkingHours).toBe(false);
    await writeAgain(enId, 'saya mau bicara dengan orang');
    // Already waiting for a person: the bot stays silent.
    expect(
      (await q<{ sender: string }>('SELECT sender FROM service_messages WHERE conversation_id = $1 ORDER BY at DESC, id DESC LIMIT 1', [enId]))[0].sender,
    ).toBe('customer');
    expect((await call(t, ep.claimConversation, { params: { conversationId: id }, token: agent })).json()).toMatchObject({ status: 'agent' });

    at('2026-11-24T22:30:00');
    const late = await call(t, ep.replyConversation, { params: { conversationId: id }, body: { text: 'Maaf menunggu, ada yang bisa dibantu?' }, token: agent });
    expect(late.statusCode, late.body).toBe(200);
    expect((await call(t, ep.claimConversation, { params: { conversationId: enId }, token: agent })).error().errorCode).toBe('service_outside_working_hours');
    // Tidy for the other tests: nothing left open for this agent.
    expect((await call(t, ep.closeInboxConversation, { params: { conversationId: id }, token: agent })).statusCode).toBe(200);
  });
});
