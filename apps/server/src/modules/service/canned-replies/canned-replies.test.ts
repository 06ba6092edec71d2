import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TENANT, serviceCannedReplyEndpoints as ep, serviceClientEndpoints as clientEp } from '@nusa/contracts';
import { call } from '../../../../test/call.ts';
import type { FastifyInstance } from 'fastify';
import { createTestApp, secondInstance, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let agent: string;
let tenantId: string;
/** A listening instance on the same database, for the widget's socket. */
let b: { app: FastifyInstance; port: number };
const q = async <R extends object = Record<string, unknown>>(text: string, values: unknown[] = []) => (await t.pools.owner.query<R>(text, values)).rows;

/** A web visitor (the demo shop's widget) asks for a person: a conversation waiting for the shop's agents. */
async function handOver(visitor: string): Promise<string> {
  const ws = new WebSocket(`ws://127.0.0.1:${b.port}/api/v1/service/widget/demo/SEKAR/socket?visitor=${visitor}`);
  const frames: Record<string, unknown>[] = [];
  await new Promise<void>((resolve) => {
    ws.on('message', (d) => {
      frames.push(JSON.parse(String(d)) as Record<string, unknown>);
      if (frames.length === 1) ws.send(JSON.stringify({ type: 'message', text: 'saya mau bicara dengan cs' }));
      if (frames.length === 2) resolve();
    });
  });
  ws.close();
  expect(frames[1]).toMatchObject({ sender: 'bot', handedOver: true });
  return (await q<{ id: string }>('SELECT id FROM service_conversations WHERE customer_key = $1', [`web:${visitor}`]))[0].id;
}

beforeAll(async () => {
  t = await createTestApp('canned_replies');
  tenantId = await t.tenantId(DEFAULT_TENANT);
  admin = await t.login('admin');
  agent = await t.login('agent');
  b = await secondInstance(t);
  const other = await call(t, clientEp.createServiceClient, {
    body: { code: 'LAIN', name: 'Toko Lain', businessField: 'Retail', systemInstruction: '' },
    token: admin,
  });
  expect(other.statusCode, other.body).toBe(200);
});
afterAll(async () => {
  await b?.app.close();
  await t?.close();
});

describe('canned replies', () => {
  it('are created, listed, changed and deleted, each write audited; a short code is unique in any case; bad input is catalogued', async () => {
    const created = await call(t, ep.createCannedReply, {
      body: { code: 'salam', title: 'Salam pembuka', text: 'Halo, terima kasih sudah menghubungi Toko Batik Sekar.' },
      token: admin,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ code: 'salam', clientCode: null, active: true });
    const id = created.json().id;

    const taken = await call(t, ep.createCannedReply, { body: { code: 'SALAM', title: 'Lagi', text: 'Halo' }, token: admin });
    expect([taken.statusCode, taken.error()]).toEqual([409, { errorCode: 'service_canned_reply_code_taken', errorArgs: ['SALAM'] }]);
    const noClient = await call(t, ep.createCannedReply, { body: { code: 'x', title: 'X', text: 'x', clientCode: 'NOPE' }, token: admin });
    expect(noClient.error()).toEqual({ errorCode: 'service_client_not_found', errorArgs: ['NOPE'] });
    const badCode = await call(t, ep.createCannedReply, { body: { code: 'dua kata', title: 'X', text: 'x' }, token: admin });
    expect(badCode.statusCode).toBe(400);

    const changed = await call(t, ep.updateCannedReply, {
      params: { id },
      body: { code: 'salam', title: 'Salam pembuka', text: 'Halo, terima kasih sudah menghubungi kami.', clientCode: 'SEKAR' },
      token: admin,
    });
    expect(changed.json()).toMatchObject({ clientCode: 'SEKAR', text: 'Halo, terima kasih sudah menghubungi kami.' });
    const list = await call(t, ep.listCannedReplies, { query: { keyword: 'terima kasih' }, token: admin });
    expect(list.json()).toMatchObject({ total: 1, items: [{ id }] });

    const gone = await call(t, ep.deleteCannedReply, { params: { id }, token: admin });
    expect(gone.json()).toEqual({ id });
    expect((await call(t, ep.deleteCannedReply, { params: { id }, token: admin })).error()).toEqual({
      errorCode: 'service_canned_reply_not_found',
      errorArgs: [id],
    });
    const audit = await q<{ action: string }>("SELECT action FROM audit_log WHERE entity_id = $1 AND module = 'service.canned-reply' ORDER BY id", [id]);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it("a conversation offers its client's and every client's active replies, the code typed after / first; not another client's", async () => {
    const make = (code: string, text: string, clientCode: string | null, active = true) =>
      call(t, ep.createCannedReply, { body: { code, title: code, text, clientCode, active }, token: admin });
    for (const r of await Promise.all([
      make('ongkir', 'Ongkos kirim ke Jawa Rp15.000.', 'SEKAR'),
      make('ongkir-lain', 'Ongkir toko lain.', 'LAIN'),
      make('terima', 'Terima kasih, ongkir sudah kami cek.', null),
      make('ongkir-lama', 'Tarif lama.', null, false),
    ]))
      expect(r.statusCode, r.body).toBe(200);
    const id = await handOver('visitor-canned-0001');
    const offered = await call(t, ep.conversationCannedReplies, { params: { conversationId: id }, query: { keyword: '/ongkir' }, token: agent });
    expect(offered.json().items.map((r) => r.code)).toEqual(['ongkir', 'terima']);
    const all = await call(t, ep.conversationCannedReplies, { params: { conversationId: id }, token: agent });
    expect(all.json().items.map((r) => r.code)).toEqual(['ongkir', 'terima']);
  });

  it('a user without the task gets 403; an agent not serving the client cannot read them; a second tenant sees none', async () => {
    const staff = await t.login('staff');
    expect((await call(t, ep.listCannedReplies, { token: staff })).statusCode).toBe(403);
    // The CS agent may read the page but not change it.
    expect((await call(t, ep.listCannedReplies, { token: agent })).statusCode).toBe(200);
    const refused = await call(t, ep.createCannedReply, { body: { code: 'baru', title: 'Baru', text: 'Teks' }, token: agent });
    expect([refused.statusCode, refused.error().errorCode]).toEqual([403, 'forbidden_action']);

    const id = await handOver('visitor-canned-0002');
    await q("UPDATE service_agents SET active = false WHERE tenant_id = $1 AND user_id = (SELECT id FROM users WHERE tenant_id = $1 AND username = 'agent')", [
      tenantId,
    ]);
    expect((await call(t, ep.conversationCannedReplies, { params: { conversationId: id }, token: agent })).error()).toEqual({
      errorCode: 'service_not_an_agent',
      errorArgs: ['SEKAR'],
    });
    await q("UPDATE service_agents SET active = true WHERE tenant_id = $1 AND user_id = (SELECT id FROM users WHERE tenant_id = $1 AND username = 'agent')", [
      tenantId,
    ]);

    await t.seedTenant('lain');
    const otherAdmin = await t.login('admin', 'lain');
    expect((await call(t, ep.listCannedReplies, { token: otherAdmin })).json()).toEqual({ items: [], total: 0 });
    const [mine] = (await call(t, ep.listCannedReplies, { token: admin })).json().items;
    expect((await call(t, ep.deleteCannedReply, { params: { id: mine.id }, token: otherAdmin })).error().errorCode).toBe('service_canned_reply_not_found');
    expect((await call(t, ep.conversationCannedReplies, { params: { conversationId: id }, token: await t.login('agent', 'lain') })).error().errorCode).toBe(
      'service_conversation_not_found',
    );
  });
});
