import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_TENANT,
  serviceClientEndpoints as clientEp,
  serviceHistoryEndpoints as historyEp,
  serviceInboxEndpoints as inboxEp,
  serviceLabelEndpoints as ep,
  serviceResponseEndpoints as dashEp,
} from '@nusa/contracts';
import { call } from '../../../../test/call.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let agent: string;
let tenantId: string;
const CLIENT = 'LBLTOKO';
/** Conversations written with known times: A handed over 30 s after the first message and answered 90 s later; B waits. */
let convA: string;
let convB: string;

const q = async <R extends object = Record<string, unknown>>(text: string, values: unknown[] = []) => (await t.pools.owner.query<R>(text, values)).rows;
const userId = async (username: string, tenant = tenantId) =>
  (await q<{ id: string }>('SELECT id FROM users WHERE tenant_id = $1 AND username = $2', [tenant, username]))[0].id;
const at = (iso: string, plusSeconds = 0) => new Date(Date.parse(iso) + plusSeconds * 1000).toISOString();

type Msg = { sender: string; text: string; at: string; handedOver?: boolean; agentId?: string };
async function conversation(c: { customerName: string; customerKey: string; status: string; handedOverAt: string | null; agentId?: string }, messages: Msg[]) {
  const [{ id }] = await q<{ id: string }>(
    `INSERT INTO service_conversations (tenant_id, id, client_id, channel_kind, customer_key, customer_name, status, assigned_agent_id, handover_reason, handed_over_at, started_at, last_message_at)
     SELECT $1, gen_random_uuid(), id, 'web', $3, $4, $5, $6, $7, $8, $9, $10 FROM service_clients WHERE tenant_id = $1 AND code = $2 RETURNING id`,
    [
      tenantId,
      CLIENT,
      c.customerKey,
      c.customerName,
      c.status,
      c.agentId ?? null,
      c.handedOverAt ? 'asked_for_person' : null,
      c.handedOverAt,
      messages[0].at,
      messages.at(-1)!.at,
    ],
  );
  for (const m of messages) {
    await q(
      `INSERT INTO service_messages (tenant_id, id, conversation_id, at, sender, text, handed_over, agent_id) VALUES ($1, gen_random_uuid(), $2, $3, $4, $5, $6, $7)`,
      [tenantId, id, m.at, m.sender, m.text, m.handedOver ?? false, m.agentId ?? null],
    );
  }
  return id;
}

beforeAll(async () => {
  t = await createTestApp('labels');
  tenantId = await t.tenantId(DEFAULT_TENANT);
  admin = await t.login('admin');
  agent = await t.login('agent');
  const created = await call(t, clientEp.createServiceClient, {
    body: { code: CLIENT, name: 'Toko Label', businessField: 'Retail', systemInstruction: '' },
    token: admin,
  });
  expect(created.statusCode, created.body).toBe(200);
  const agentId = await userId('agent');
  // The demo's seeded conversations stay out of the agent's search: the agent serves only this test's client.
  await q('DELETE FROM service_agents WHERE tenant_id = $1 AND user_id = $2', [tenantId, agentId]);
  await q('UPDATE service_conversations SET assigned_agent_id = NULL WHERE tenant_id = $1 AND assigned_agent_id = $2', [tenantId, agentId]);
  await q(`INSERT INTO service_agents (tenant_id, client_id, user_id) SELECT $1, id, $3 FROM service_clients WHERE tenant_id = $1 AND code = $2`, [
    tenantId,
    CLIENT,
    agentId,
  ]);
  const a0 = '2025-03-10T02:00:00.000Z'; // 09:00 in Jakarta
  convA = await conversation({ customerName: 'Budi Hartono', customerKey: 'web-visitor-a', status: 'agent', handedOverAt: at(a0, 30), agentId }, [
    { sender: 'customer', text: 'halo, paket saya belum juga sampai', at: a0 },
    { sender: 'bot', text: 'Saya sambungkan ke petugas kami', at: at(a0, 30), handedOver: true },
    { sender: 'agent', text: 'Baik kak, saya cek resinya dulu', at: at(a0, 120), agentId },
    { sender: 'customer', text: 'makasih', at: at(a0, 200) },
  ]);
  const b0 = '2025-03-11T03:00:00.000Z';
  convB = await conversation({ customerName: '', customerKey: '6281234567890', status: 'waiting', handedOverAt: at(b0, 10) }, [
    { sender: 'customer', text: 'berapa ongkir ke Bandung?', at: b0 },
    { sender: 'bot', text: 'Saya sambungkan ke petugas kami', at: at(b0, 10), handedOver: true },
  ]);
});
afterAll(() => t?.close());

const newLabel = (name: string, color = '#1677ff', token = admin) => call(t, ep.createServiceLabel, { body: { name, color }, token });

describe('conversation labels', () => {
  it('the tenant keeps its labels: create, the name unique whatever its case, rename and recolour, list paged and by keyword, delete; each write audited', async () => {
    const vip = await newLabel('VIP', '#FA541C');
    expect(vip.statusCode, vip.body).toBe(200);
    expect(vip.json()).toMatchObject({ name: 'VIP', color: '#fa541c', conversations: 0 });
    expect((await newLabel('vip')).error()).toEqual({ errorCode: 'service_label_name_taken', errorArgs: ['vip'] });
    expect((await newLabel('Biru', 'blue')).statusCode).toBe(400);
    const keluhan = (await newLabel('Keluhan')).json();
    expect(
      (await call(t, ep.updateServiceLabel, { params: { labelId: keluhan.id }, body: { name: 'VIP', color: '#000000' }, token: admin })).error().errorCode,
    ).toBe('service_label_name_taken');
    const renamed = await call(t, ep.updateServiceLabel, { params: { labelId: keluhan.id }, body: { name: 'Komplain', color: '#cf1322' }, token: admin });
    expect(renamed.json()).toMatchObject({ id: keluhan.id, name: 'Komplain', color: '#cf1322' });
    for (const name of ['Retur', 'Grosir', 'Ongkir', 'Promo']) expect((await newLabel(name)).statusCode).toBe(200);
    const page1 = (await call(t, ep.listServiceLabels, { query: { page: 1, limit: 5 }, token: agent })).json();
    expect(page1.total).toBe(6);
    expect(page1.items.map((l) => l.name)).toEqual(['Grosir', 'Komplain', 'Ongkir', 'Promo', 'Retur']);
    expect((await call(t, ep.listServiceLabels, { query: { page: 2, limit: 5 }, token: agent })).json().items.map((l) => l.name)).toEqual(['VIP']);
    expect((await call(t, ep.listServiceLabels, { query: { keyword: 'ro', page: 1, limit: 25 }, token: agent })).json().items.map((l) => l.name)).toEqual([
      'Grosir',
      'Promo',
    ]);

    const promo = page1.items.find((l) => l.name === 'Promo')!;
    expect((await call(t, ep.deleteServiceLabel, { params: { labelId: promo.id }, token: admin })).statusCode).toBe(200);
    expect((await call(t, ep.deleteServiceLabel, { params: { labelId: promo.id }, token: admin })).error()).toEqual({
      errorCode: 'service_label_not_found',
      errorArgs: [promo.id],
    });
    const audit = await q<{ action: string }>("SELECT action FROM audit_log WHERE module = 'service.label' AND entity_id = $1 ORDER BY id", [keluhan.id]);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(await q("SELECT 1 FROM audit_log WHERE module = 'service.label' AND action = 'delete' AND entity_id = $1", [promo.id])).toHaveLength(1);
  });

  it('an agent labels a conversation (the whole set at once, audited); the inbox shows the labels; an unknown label changes nothing; deleting a label takes it off', async () => {
    const labels = (await call(t, ep.listServiceLabels, { query: { page: 1, limit: 25 }, token: agent })).json().items;
    const id = (name: string) => labels.find((l) => l.name === name)!.id;
    const set = (conversationId: string, labelIds: string[]) =>
      call(t, ep.setConversationLabels, { params: { conversationId }, body: { labelIds }, token: agent });
    const res = await set(convA, [id('VIP'), id('Komplain')]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().labels.map((l) => l.name)).toEqual(['Komplain', 'VIP']);
    expect((await set(convB, [id('Ongkir')])).statusCode).toBe(200);

    const missing = '0190c0de-0000-7000-8000-000000000000';
    expect((await set(convA, [id('Retur'), missing])).error()).toEqual({ errorCode: 'service_label_not_found', errorArgs: [missing] });
    const inbox = (await call(t, inboxEp.listInbox, { token: agent })).json();
    expect(inbox.items.find((c) => c.id === convA)!.labels.map((l) => l.name)).toEqual(['Komplain', 'VIP']);
    expect(
      (await call(t, inboxEp.getInboxConversation, { params: { conversationId: convB }, token: agent })).json().conversation.labels.map((l) => l.name),
    ).toEqual(['Ongkir']);

    expect((await set(convA, [id('VIP')])).json().labels.map((l) => l.name)).toEqual(['VIP']);
    const audit = await q<{ before: { labels: string[] }; after: { labels: string[] } }>(
      "SELECT before, after FROM audit_log WHERE module = 'service.conversation' AND action = 'label' AND entity_id = $1 ORDER BY id",
      [convA],
    );
    expect(audit.map((a) => a.after.labels)).toEqual([['Komplain', 'VIP'], ['VIP']]);
    expect(audit[1].before.labels).toEqual(['Komplain', 'VIP']);

    const temp = (await newLabel('Sementara')).json();
    await set(convA, [id('VIP'), temp.id]);
    expect((await call(t, ep.listServiceLabels, { query: { keyword: 'Sementara', page: 1, limit: 25 }, token: agent })).json().items[0].conversations).toBe(1);
    await call(t, ep.deleteServiceLabel, { params: { labelId: temp.id }, token: admin });
    expect(
      (await call(t, inboxEp.getInboxConversation, { params: { conversationId: convA }, token: agent })).json().conversation.labels.map((l) => l.name),
    ).toEqual(['VIP']);
  });

  it('search: by message words (Indonesian full text, words apart), part of a word, customer name or number, and by label; in the inbox and in the history', async () => {
    const search = async (query: { keyword?: string; labelId?: string }) =>
      (await call(t, ep.searchInbox, { query: { page: 1, limit: 25, ...query }, token: agent })).json().items.map((c) => c.id);
    expect(await search({ keyword: 'paket sampai' })).toEqual([convA]);
    expect(await search({ keyword: 'resi' })).toEqual([convA]);
    expect(await search({ keyword: 'ongk' })).toEqual([convB]);
    expect(await search({ keyword: 'hartono' })).toEqual([convA]);
    expect(await search({ keyword: '62812345' })).toEqual([convB]);
    expect(await search({ keyword: 'tidak ada kata ini' })).toEqual([]);
    expect(await search({})).toEqual([convB, convA]);
    const labels = (await call(t, ep.listServiceLabels, { query: { page: 1, limit: 25 }, token: agent })).json().items;
    const ongkir = labels.find((l) => l.name === 'Ongkir')!.id;
    expect(await search({ labelId: ongkir })).toEqual([convB]);
    expect(await search({ labelId: ongkir, keyword: 'paket' })).toEqual([]);
    const paged = (await call(t, ep.searchInbox, { query: { page: 2, limit: 5 }, token: agent })).json();
    expect(paged).toEqual({ items: [], total: 2 });

    const history = async (query: { keyword?: string; labelId?: string }) =>
      (await call(t, historyEp.listHistoryChat, { query: { page: 1, limit: 25, clientCode: CLIENT, ...query }, token: agent })).json();
    expect((await history({ keyword: 'paket sampai' })).items.map((c) => c.id)).toEqual([convA]);
    const byLabel = await history({ labelId: ongkir });
    expect(byLabel.items.map((c) => [c.id, c.labels.map((l) => l.name)])).toEqual([[convB, ['Ongkir']]]);
    expect(byLabel.total).toBe(1);
  });

  it('response times from known timestamps: per conversation (inbox detail, transcript) and averaged on the dashboard', async () => {
    const detail = (await call(t, inboxEp.getInboxConversation, { params: { conversationId: convA }, token: agent })).json();
    expect(detail.responseTimes).toEqual({
      firstCustomerAt: '2025-03-10T02:00:00.000Z',
      handedOverAt: '2025-03-10T02:00:30.000Z',
      firstAgentReplyAt: '2025-03-10T02:02:00.000Z',
      handoverSeconds: 30,
      firstResponseSeconds: 90,
    });
    const transcript = (await call(t, historyEp.getHistoryTranscript, { params: { conversationId: convB }, token: agent })).json();
    expect(transcript.responseTimes).toMatchObject({ handoverSeconds: 10, firstResponseSeconds: null, firstAgentReplyAt: null });

    const dash = await call(t, dashEp.serviceResponseTimes, { query: { from: '2025-03-01', to: '2025-03-31', clientCode: CLIENT }, token: agent });
    expect(dash.statusCode, dash.body).toBe(200);
    expect(dash.json()).toEqual({
      from: '2025-03-01',
      to: '2025-03-31',
      clientCode: CLIENT,
      handedOver: 2,
      unanswered: 1,
      handover: { count: 2, averageSeconds: 20, medianSeconds: 20 },
      firstResponse: { count: 1, averageSeconds: 90, medianSeconds: 90 },
      days: [
        { day: '2025-03-10', handedOver: 1, handoverMedianSeconds: 30, firstResponseMedianSeconds: 90 },
        { day: '2025-03-11', handedOver: 1, handoverMedianSeconds: 10, firstResponseMedianSeconds: null },
      ],
    });
    const oneDay = (await call(t, dashEp.serviceResponseTimes, { query: { from: '2025-03-11', to: '2025-03-11' }, token: agent })).json();
    expect(oneDay).toMatchObject({
      handedOver: 1,
      unanswered: 1,
      handover: { count: 1, averageSeconds: 10 },
      firstResponse: { count: 0, averageSeconds: null },
    });
    expect((await call(t, dashEp.serviceResponseTimes, { query: { from: '2025-04-01', to: '2025-03-01' }, token: agent })).statusCode).toBe(400);
  });

  it('a user without the task gets 403; a second tenant sees none of the labels or conversations', async () => {
    const staff = await t.login('staff');
    const cashier = await t.login('cashier');
    expect((await call(t, ep.listServiceLabels, { query: { page: 1, limit: 25 }, token: cashier })).error().errorCode).toBe('forbidden_action');
    expect((await newLabel('Agen', '#000000', agent)).error().errorCode).toBe('forbidden_action');
    expect((await call(t, ep.searchInbox, { query: { page: 1, limit: 25 }, token: staff })).error().errorCode).toBe('forbidden_action');
    expect((await call(t, ep.setConversationLabels, { params: { conversationId: convA }, body: { labelIds: [] }, token: staff })).statusCode).toBe(403);
    expect((await call(t, dashEp.serviceResponseTimes, { query: {}, token: cashier })).statusCode).toBe(403);

    await t.seedTenant('lain');
    const otherAdmin = await t.login('admin', 'lain');
    const otherAgent = await t.login('agent', 'lain');
    const mine = (await call(t, ep.listServiceLabels, { query: { page: 1, limit: 25 }, token: agent })).json().items;
    expect((await call(t, ep.listServiceLabels, { query: { page: 1, limit: 25 }, token: otherAgent })).json()).toEqual({ items: [], total: 0 });
    // The same name is free in another tenant; the first tenant's label is not found there.
    expect((await newLabel('VIP', '#111111', otherAdmin)).statusCode).toBe(200);
    expect(
      (await call(t, ep.updateServiceLabel, { params: { labelId: mine[0].id }, body: { name: 'X', color: '#111111' }, token: otherAdmin })).error().errorCode,
    ).toBe('service_label_not_found');
    expect((await call(t, ep.searchInbox, { query: { page: 1, limit: 25, keyword: 'paket' }, token: otherAgent })).json()).toEqual({ items: [], total: 0 });
    expect((await call(t, historyEp.listHistoryChat, { query: { page: 1, limit: 25, keyword: 'paket' }, token: otherAdmin })).json().total).toBe(0);
    expect((await call(t, ep.setConversationLabels, { params: { conversationId: convA }, body: { labelIds: [] }, token: otherAgent })).error().errorCode).toBe(
      'service_conversation_not_found',
    );
    expect((await call(t, dashEp.serviceResponseTimes, { query: { from: '2025-03-01', to: '2025-03-31' }, token: otherAdmin })).json().handedOver).toBe(0);
  });
});
