import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { endpoints, type AiSettingsInput } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { call } from '../../../test/call.ts';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../../test/openai-server.ts';
import { startTelegramServer, type TelegramTestServer } from '../../../test/telegram-server.ts';
import { hubSignature, startWhatsappServer, whatsappTextWebhook, type WhatsappTestServer } from '../../../test/whatsapp-server.ts';

/**
 * The outbound guard as a stranger meets it: a free-trial Super Admin types internal addresses into the settings.
 * Only one server is allowed here (a redirector, by port); everything else on loopback is refused.
 */
let t: TestApp;
let ai: OpenAiTestServer;
let wa: WhatsappTestServer;
let tg: TelegramTestServer;
let redirector: http.Server;
let redirectorUrl: string;
let admin: string;

const KEY = 'sk-stranger-key-4242';
const BOT = '777:stranger-bot-token';
const ACCESS = 'EAAG-stranger-access';
const APP_SECRET = 'stranger-app-secret';

beforeAll(async () => {
  [ai, wa, tg] = await Promise.all([startOpenAiTestServer(), startWhatsappServer(ACCESS), startTelegramServer(BOT)]);
  // An allowed server that sends every call on to the fake provider on loopback, which is not allowed.
  redirector = http.createServer((req, res) => {
    res.writeHead(307, { location: `${ai.baseUrl.replace(/\/v1$/, '')}${req.url}` });
    res.end();
  });
  await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
  const port = (redirector.address() as AddressInfo).port;
  redirectorUrl = `http://127.0.0.1:${port}`;
  t = await createTestApp('outbound', { OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${port}` });
  admin = await t.login('admin');
});
afterAll(async () => {
  await Promise.all([ai.close(), wa.close(), tg.close(), new Promise((resolve) => redirector.close(resolve))]);
  await t.close();
});

const settings = (baseUrl: string): AiSettingsInput => ({
  provider: 'openai-compatible',
  baseUrl,
  apiKey: KEY,
  models: { chat: 'test-chat', embedding: 'test-embed', structured: '', image: '' },
  prices: [],
  timeoutSeconds: 5,
});
const testConnection = async (baseUrl: string) => {
  const res = await call(t, endpoints.testAiConnection, { body: settings(baseUrl), token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('AI connection test', () => {
  it('refuses loopback and unspecified addresses in every spelling, and names that resolve to them, sending nothing', async () => {
    const port = new URL(ai.baseUrl).port;
    for (const host of [
      '127.0.0.1',
      '0.0.0.0',
      '[::1]',
      '[::]',
      '[::ffff:127.0.0.1]',
      '2130706433',
      '0x7f000001',
      '0x7f.1',
      '017700000001',
      '127.1',
      'localhost',
    ]) {
      const answer = await testConnection(`http://${host}:${port}/v1`);
      expect(answer, host).toMatchObject({ ok: false, errorCode: 'outbound_address_not_allowed' });
    }
    expect(ai.requests).toEqual([]);
  });

  it('answers the same for the embedded PostgreSQL port as for a closed port: it is no port scanner', async () => {
    const pgPort = new URL(inject('pgServerUrl')).port;
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const open = await testConnection(`http://127.0.0.1:${pgPort}/v1`);
    const shut = await testConnection(`http://127.0.0.1:${closedPort}/v1`);
    expect(open).toEqual({ ok: false, provider: 'openai-compatible', models: [], errorCode: 'outbound_address_not_allowed', errorArgs: ['127.0.0.1'] });
    expect(shut).toEqual(open);
  });

  it('refuses a redirect from an allowed server to a refused address, and the key never reaches it', async () => {
    const answer = await testConnection(`${redirectorUrl}/v1`);
    expect(answer).toMatchObject({ ok: false, errorCode: 'outbound_address_not_allowed' });
    expect(JSON.stringify(answer)).not.toContain(KEY);
    expect(ai.requests).toEqual([]);
  });
});

describe('channels', () => {
  const CH = '/api/v1/service/clients/SEKAR/channels';
  const put = (kind: string, payload: object) => t.request({ method: 'PUT', url: `${CH}/${kind}`, token: admin, payload });
  const activate = (kind: string) => t.request({ method: 'POST', url: `${CH}/${kind}/active`, token: admin, payload: { active: true } });

  it('refuses a Telegram apiRoot on loopback: no setWebhook with the secret goes there and the channel stays off', async () => {
    expect((await put('telegram', { attributes: { apiRoot: tg.apiRoot, botUsername: 'sekar_bot' }, secrets: { botToken: BOT } })).statusCode).toBe(200);
    const res = await activate('telegram');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errorCode: 'outbound_address_not_allowed', errorArgs: ['127.0.0.1'] });
    expect(tg.calls).toEqual([]);
    expect(tg.webhook).toBeUndefined();
    const list = (await t.request({ method: 'GET', url: CH, token: admin })).json().items as { kind: string; active: boolean }[];
    expect(list.find((c) => c.kind === 'telegram')?.active).toBe(false);
  });

  it('refuses a WhatsApp apiBaseUrl on loopback: the reply is not sent there with the access token, and is marked failed', async () => {
    await put('whatsapp', {
      attributes: { phoneNumberId: '2098765', apiBaseUrl: wa.baseUrl },
      secrets: { accessToken: ACCESS, appSecret: APP_SECRET, verifyToken: 'verify-stranger' },
    });
    const active = await activate('whatsapp');
    expect(active.statusCode, active.body).toBe(200);
    const channelId = active.json().channelId as string;
    const raw = JSON.stringify(whatsappTextWebhook('2098765', { id: 'wamid.OUT-1', from: '6281200000001', name: 'Rina', text: 'halo, ada kain batik?' }));
    const res = await t.request({
      method: 'POST',
      url: `/api/v1/service/whatsapp/demo/${channelId}`,
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(raw, APP_SECRET) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(wa.sent).toEqual([]);
    const { rows } = await t.pools.owner.query<{ sender: string; delivery_status: string | null }>(
      `SELECT m.sender, m.delivery_status FROM service_messages m JOIN service_conversations c ON c.tenant_id = m.tenant_id AND c.id = m.conversation_id
        WHERE c.channel_id = $1 ORDER BY m.at, m.id`,
      [channelId],
    );
    expect(rows).toEqual([
      { sender: 'customer', delivery_status: null },
      { sender: 'bot', delivery_status: 'failed' },
    ]);
  });
});
