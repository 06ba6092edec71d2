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
    const all = await list({ clientCode: CLIENT });
    expect(all.items.map((c) => c.id)).toEqual(expect.arrayContaining([answered, handedOver]));
    expect((await list({ handledBy: 'bot' })).items.map((c) => c.id)).toContain(answered);
    expect((await list({ handledBy: 'bot' })).items.map((c) => c.id)).not.toContain(handedOver);
    expect((await list({ handledBy: 'agent' })).items.map((c) => c.id)).toEqual([handedOver]);
    expect((await list({ channel: 'whatsapp' })).total).toBe(0);
    const intent = all.items.find((c) => c.id === answered)!.lastIntent!;
    expect(intent).toBeTruthy();
    expect((await list({ intent })).items.map((c) => c.id)).toContain(answered);
    expect((await list({ from: '2000-01-01', to: '2000-01-31' })).total).toBe(0);
  });

  it("a transcript shows each bot turn's intent and confidence; the export has one row per message", async () => {
    const tr = (await call(t, ep.getHistoryTranscript, { params: { conversationId: answered }, token: admin })).json();
    const bot = tr.messages.find((m) => m.sender === 'bot')!;
    expect(bot.intent).toBeTruthy();
    expect(bot.confidence).toBeGreaterThan(0);
    const res = await t.request({ method: 'GET', url: `/api/v1/service/history/export?clientCode=${CLIENT}&lang=en`, token: admin });
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
