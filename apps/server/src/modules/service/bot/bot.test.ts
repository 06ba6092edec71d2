import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceHistoryEndpoints as historyEp, serviceInboxEndpoints as inboxEp, serviceIntentEndpoints as intentEp } from '@nusa/contracts';
import { call } from '../../../../test/call.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { INBOX_CHANNEL } from '../conversations/index.ts';

let t: TestApp;
let admin: string;
let agent: string;
let listener: pg.Client;
const inboxNotices: string[] = [];
const CLIENT = 'SEKAR';
/** A record dump's field labels (the demo datasets' attributes) or an item named before a colon. */
const DUMP = /(Nama|Kategori|Harga|Stok|Keterangan|Topik|Jawaban|Kata Kunci)\s*:|Kain Batik \w+:/i;

const chat = async (message: string, conversationId?: string) => {
  const res = await call(t, intentEp.virtualChat, { params: { clientCode: CLIENT }, body: { message, conversationId }, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp('bot_replies');
  admin = await t.login('admin');
  agent = await t.login('agent');
  // The demo shop's CS hours would make the hand-over text depend on the hour the test runs.
  await t.pools.owner.query(`UPDATE service_clients SET working_hours = NULL WHERE code = $1`, [CLIENT]);
  listener = new pg.Client({ connectionString: t.databaseUrl });
  await listener.connect();
  listener.on('notification', (n) => inboxNotices.push(String((JSON.parse(n.payload ?? '{}') as { conversationId?: string }).conversationId)));
  await listener.query(`LISTEN ${INBOX_CHANNEL}`);
});
afterAll(async () => {
  await listener?.end();
  await t?.close();
});

describe('replies a customer would accept (issue 24)', () => {
  it("a FAQ gets its answer text alone; a product the asked fields in a sentence of the customer's language, money as Rp45.000 / Rp45,000", async () => {
    const replies: Record<string, string> = {};
    for (const question of [
      'jam buka toko kapan?',
      'what are your opening hours?',
      'berapa harga kain batik parang kak?',
      'masker batik berapaan',
      'how much is the silk scarf?',
      'what is the price of the face mask',
      'stok kain parang masih ada?',
      'is the kawung fabric in stock?',
      'halo kak',
      'hello',
    ]) {
      const reply = await chat(question);
      expect(reply, question).toMatchObject({ handedOver: false, status: 'bot' });
      replies[question] = reply.reply;
    }
    expect(replies).toEqual({
      'jam buka toko kapan?': 'Senin–Sabtu 09.00–21.00 WIB, Minggu 10.00–18.00 WIB.',
      'what are your opening hours?': 'Senin–Sabtu 09.00–21.00 WIB, Minggu 10.00–18.00 WIB.',
      'berapa harga kain batik parang kak?': 'Harga Kain Batik Parang Rp350.000.',
      // Asked without naming what of it: what it is, and its price.
      'masker batik berapaan': 'Masker Batik — Isi 3, kain katun dua lapis. Harga Masker Batik Rp45.000.',
      'how much is the silk scarf?': 'The Selendang Batik Sutra costs Rp450,000.',
      'what is the price of the face mask': 'The Masker Batik costs Rp45,000.',
      'stok kain parang masih ada?': 'Kain Batik Parang masih tersedia, stok 12.',
      'is the kawung fabric in stock?': 'The Kain Batik Kawung is available, 8 in stock.',
      // An intent's fixed reply written for both languages ("id: …" / "en: …" lines): the customer's part only.
      'halo kak': 'Halo, selamat datang di Toko Batik Sekar! Ada yang bisa kami bantu?',
      hello: 'Hello, welcome to Toko Batik Sekar! How can we help?',
    });
  });

  it('several items only when a list is asked for, one line each without field labels', async () => {
    const one = await chat('harga kain batik berapa?');
    expect(one.sources).toHaveLength(1);
    expect(one.reply).not.toContain('\n');
    const list = await chat('harga kain batik apa saja?');
    const lines = list.reply.split('\n');
    expect(lines[0]).toBe('Berikut yang saya temukan:');
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines.slice(1)) expect(line).toMatch(/^- /);
    // The fabrics by name and price (a FAQ the question also matches is its answer alone).
    expect(lines.filter((line) => /^- Kain Batik [\w ]+ — Rp\d{3}\.000$/.test(line)).length).toBeGreaterThanOrEqual(2);
    for (const reply of [one, list]) expect(reply.reply).not.toMatch(DUMP);
  });
});

describe('the virtual chat is a sandbox (issue 24)', () => {
  it("a hand-over waits as a customer's would, shown as waiting, but is never queued for agents, counted in their badge or kept in the history", async () => {
    const before = (await call(t, inboxEp.listInbox, { token: agent })).json();
    const handed = await chat('saya mau bicara dengan orang');
    expect(handed).toMatchObject({
      handedOver: true,
      handoverReason: 'asked_for_person',
      status: 'waiting',
      reply: 'Baik, percakapan ini kami teruskan ke petugas CS kami. Mohon tunggu sebentar, ya.',
    });
    const id = handed.conversationId;
    // The next message: the bot is silent while the conversation waits, and says so by its state.
    expect(await chat('halo? masih ada orang?', id)).toMatchObject({ conversationId: id, reply: '', handedOver: true, status: 'waiting', confidence: 0 });
    const en = await chat('I want to talk to a person');
    expect(en).toMatchObject({ status: 'waiting', reply: 'Sure, I am passing this conversation to our customer service staff. Please wait a moment.' });

    // The agent of the shop: nothing new in the inbox, its badge counts or its socket's notices.
    const after = (await call(t, inboxEp.listInbox, { token: agent })).json();
    expect(after.items.map((c) => c.id)).not.toContain(id);
    expect(after.items.map((c) => c.id)).not.toContain(en.conversationId);
    expect({ waiting: after.waiting, mine: after.mine, unread: after.unread }).toEqual({ waiting: before.waiting, mine: before.mine, unread: before.unread });
    // A customer's conversation is heard (the listener works): an agent takes one of the demo's waiting ones.
    const waitingWeb = before.items.find((c) => c.status === 'waiting' && c.channelKind !== 'virtual')!;
    expect((await call(t, inboxEp.claimConversation, { params: { conversationId: waitingWeb.id }, token: agent })).statusCode).toBe(200);
    await expect.poll(() => inboxNotices.includes(waitingWeb.id)).toBe(true);
    expect(inboxNotices).not.toContain(id);
    expect(inboxNotices).not.toContain(en.conversationId);
    for (const res of [
      await call(t, inboxEp.getInboxConversation, { params: { conversationId: id }, token: agent }),
      await call(t, inboxEp.claimConversation, { params: { conversationId: id }, token: agent }),
    ])
      expect(res.error()).toEqual({ errorCode: 'service_conversation_not_found', errorArgs: [id] });

    // Chat history is the customers': the tests show only when asked for by their channel, labelled as such.
    const history = (query: Record<string, string>) => call(t, historyEp.listHistoryChat, { query: query as never, token: admin }).then((r) => r.json());
    expect((await history({ clientCode: CLIENT, limit: '100' })).items.map((c) => c.id)).not.toContain(id);
    expect((await history({ clientCode: CLIENT, channel: 'virtual', limit: '100' })).items.map((c) => c.id)).toContain(id);

    // The sandbox never writes into a customer's conversation.
    const [web] = (await t.pools.owner.query<{ id: string }>(`SELECT id FROM service_conversations WHERE channel_kind = 'web' LIMIT 1`)).rows;
    const refused = await call(t, intentEp.virtualChat, { params: { clientCode: CLIENT }, body: { message: 'halo', conversationId: web.id }, token: admin });
    expect(refused.error()).toEqual({ errorCode: 'service_conversation_not_found', errorArgs: [web.id] });
  });
});
