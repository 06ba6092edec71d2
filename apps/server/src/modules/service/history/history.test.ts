import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceHistoryEndpoints as ep, serviceIntentEndpoints as intentEp } from '@nusa/contracts';
import { call } from '../../../../test/call.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let answered: string;
let handedOver: string;
const CLIENT = 'SEKAR';

beforeAll(async () => {
  t = await createTestApp('history');
  admin = await t.login('admin');
  const chat = async (message: string) => (await call(t, intentEp.virtualChat, { params: { clientCode: CLIENT }, body: { message }, token: admin })).json();
  const a = await chat('berapa harga kain batik parang?');
  expect(a.handedOver).toBe(false);
  answered = a.conversationId;
  const h = await chat('saya mau bicara dengan orang');
  expect(h.handedOver).toBe(true);
  handedOver = h.conversationId;
});
afterAll(() => t.close());

describe('history chat', () => {
  it('lists every conversation with filters: bot or agent, client, channel, intent, dates', async () => {
    const list = (query: Record<string, string>) => call(t, ep.listHistoryChat, { query: query as never, token: admin }).then((r) => r.json());
    // Virtual chats are tests of the bot: kept out of the customers' history, listed only by their channel (issue 24).
    const all = await list({ clientCode: CLIENT, limit: '100' });
    expect(all.total).toBeGreaterThan(0);
    expect(all.items.every((c) => c.channelKind !== 'virtual')).toBe(true);
    const tests = await list({ clientCode: CLIENT, channel: 'virtual' });
    expect(tests.items.map((c) => c.id).sort()).toEqual([answered, handedOver].sort());
    // The demo's seeded conversations are on its widget, WhatsApp and Telegram; these two are on the virtual chat.
    expect((await list({ handledBy: 'bot', channel: 'virtual' })).items.map((c) => c.id)).toEqual([answered]);
    expect((await list({ handledBy: 'agent', channel: 'virtual' })).items.map((c) => c.id)).toEqual([handedOver]);
    const whatsapp = await list({ channel: 'whatsapp' });
    expect(whatsapp.total).toBeGreaterThan(0);
    expect(whatsapp.items.every((c) => c.channelKind === 'whatsapp')).toBe(true);
    expect(whatsapp.items.map((c) => c.id)).not.toContain(answered);
    const intent = tests.items.find((c) => c.id === answered)!.lastIntent!;
    expect(intent).toBeTruthy();
    expect((await list({ intent, channel: 'virtual' })).items.map((c) => c.id)).toContain(answered);
    expect((await list({ intent })).items.map((c) => c.id)).not.toContain(answered);
    expect((await list({ from: '2000-01-01', to: '2000-01-31' })).total).toBe(0);
  });

  it("a transcript shows each bot turn's intent and confidence; the export has one row per message", async () => {
    const tr = (await call(t, ep.getHistoryTranscript, { params: { conversationId: answered }, token: admin })).json();
    const bot = tr.messages.find((m) => m.sender === 'bot')!;
    expect(bot.intent).toBeTruthy();
    expect(bot.confidence).toBeGreaterThan(0);
    const res = await t.request({ method: 'GET', url: `/api/v1/service/history/export?clientCode=${CLIENT}&channel=virtual&lang=en`, token: admin });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(9).value).toBe('Message');
    const ids = new Set<string>();
    sheet.eachRow((row, n) => {
      if (n > 1) ids.add(String(row.getCell(12).value));
    });
    expect([...ids].sort()).toEqual([answered, handedOver].sort());
    expect(sheet.rowCount - 1).toBe(tr.messages.length + 2);
  });

  it('the demo starts with two weeks of conversations: answered by the bot, handled by the agent, two still waiting', async () => {
    const list = (query: Record<string, string>) => call(t, ep.listHistoryChat, { query: query as never, token: admin }).then((r) => r.json());
    const day = (daysAgo: number) => new Date(Date.now() + 7 * 3600_000 - daysAgo * 86400_000).toISOString().slice(0, 10);
    const seeded = await list({ clientCode: CLIENT, to: day(7), limit: '100' });
    expect(seeded.total).toBeGreaterThan(10);
    expect((await list({ from: day(15), to: day(7), outcome: 'resolved_by_agent' })).total).toBeGreaterThan(0);
    expect((await list({ from: day(15), to: day(7), outcome: 'resolved_by_bot' })).total).toBeGreaterThan(0);
    const waiting = (await t.pools.owner.query("SELECT count(*)::int AS n FROM service_conversations WHERE status = 'waiting' AND channel_kind <> 'virtual'"))
      .rows[0];
    expect(waiting.n).toBe(2);
    const tr = (await call(t, ep.getHistoryTranscript, { params: { conversationId: seeded.items[0].id }, token: admin })).json();
    expect(tr.messages.map((m) => m.sender)).toContain('bot');
  });

  it('a user without viewHistoryChat gets 403; a second tenant sees nothing', async () => {
    expect((await call(t, ep.listHistoryChat, { query: {} as never, token: await t.login('cashier') })).statusCode).toBe(403);
    await t.seedTenant('lain');
    const other = await t.login('admin', 'lain');
    expect((await call(t, ep.listHistoryChat, { query: {} as never, token: other })).json().total).toBe(0);
    expect((await call(t, ep.getHistoryTranscript, { params: { conversationId: answered }, token: other })).error().errorCode).toBe(
      'service_conversation_not_found',
    );
  });
});
