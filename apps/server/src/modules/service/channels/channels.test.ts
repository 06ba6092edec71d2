import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { WebSocket } from 'ws';
import { withTenant } from '../../../platform/db/tenant.ts';
import { createTestApp, secondInstance, type TestApp } from '../../../../test/test-app.ts';
import { startTelegramServer, telegramTextUpdate, type TelegramTestServer } from '../../../../test/telegram-server.ts';
import { hubSignature, startWhatsappServer, whatsappStatusWebhook, whatsappTextWebhook, type WhatsappTestServer } from '../../../../test/whatsapp-server.ts';
import { storeMessage } from '../conversations/service.ts';
import { notifyConversation } from './delivery.ts';

let t: TestApp;
let admin: string;
let wa: WhatsappTestServer;
let tg: TelegramTestServer;
let demoId: string;
const CLIENT = 'SEKAR';
const CH = `/api/v1/service/clients/${CLIENT}/channels`;
const APP_SECRET = 'app-secret-of-the-meta-app';
const VERIFY = 'verify-me-please';
const ACCESS = 'EAAG-access-token';
const BOT = '123456:ABC-bot-token';
const PRICE_QUESTION = 'berapa harga kain batik parang?';

beforeAll(async () => {
  t = await createTestApp('service_channels');
  admin = await t.login('admin');
  demoId = await t.tenantId('demo');
  wa = await startWhatsappServer(ACCESS);
  tg = await startTelegramServer(BOT);
  // The demo shop starts with its widget active; this file starts from a client without channels, as a new one is.
  const seeded = await t.pools.owner.query<{ kind: string; active: boolean }>('SELECT kind, active FROM service_channels WHERE tenant_id = $1', [demoId]);
  expect(seeded.rows).toEqual([{ kind: 'web', active: true }]);
  await t.pools.owner.query('DELETE FROM service_channels WHERE tenant_id = $1', [demoId]);
});
afterAll(async () => {
  await wa.close();
  await tg.close();
  await t.close();
});

type Json = Record<string, unknown>;
const put = (kind: string, payload: Json, token = admin) => t.request({ method: 'PUT', url: `${CH}/${kind}`, token, payload });
const activate = (kind: string, active: boolean, token = admin) => t.request({ method: 'POST', url: `${CH}/${kind}/active`, token, payload: { active } });
const channels = async (token = admin) => (await t.request({ method: 'GET', url: CH, token })).json().items as Json[];
const owner = async <T extends Json>(text: string, values: unknown[] = []) => (await t.pools.owner.query<T>(text, values)).rows;
const messagesOf = (channelId: string) =>
  owner<{ sender: string; text: string; external_id: string | null; delivery_status: string | null }>(
    `SELECT m.sender, m.text, m.external_id, m.delivery_status FROM service_messages m JOIN service_conversations c ON c.tenant_id = m.tenant_id AND c.id = m.conversation_id
   WHERE c.channel_id = $1 ORDER BY m.at, m.id`,
    [channelId],
  );

describe('channel management', () => {
  it('lists the three kinds, refuses to activate one without its attributes, seals secrets and answers only that they are set', async () => {
    const list = await channels();
    expect(list.map((c) => [c.kind, c.active, c.channelId])).toEqual([
      ['web', false, null],
      ['whatsapp', false, null],
      ['telegram', false, null],
    ]);
    expect(list[1].missing).toEqual(['phoneNumberId', 'accessToken', 'appSecret', 'verifyToken']);

    const refused = await activate('whatsapp', true);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errorCode).toBe('channel_cannot_be_active_without_attributes');

    const saved = await put('whatsapp', {
      attributes: { phoneNumberId: '1098765', apiBaseUrl: wa.baseUrl },
      secrets: { accessToken: ACCESS, appSecret: APP_SECRET },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ secrets: { accessToken: true, appSecret: true, verifyToken: false }, missing: ['verifyToken'], active: false });
    expect(saved.body).not.toContain(ACCESS);
    expect(saved.body).not.toContain(APP_SECRET);
    expect((await activate('whatsapp', true)).json().errorCode).toBe('channel_cannot_be_active_without_attributes');

    await put('whatsapp', { secrets: { verifyToken: VERIFY } });
    const active = await activate('whatsapp', true);
    expect(active.statusCode, active.body).toBe(200);
    expect(active.json()).toMatchObject({ active: true, missing: [], attributes: { phoneNumberId: '1098765' } });
    expect(active.json().webhookUrl).toMatch(new RegExp(`/api/v1/service/whatsapp/demo/${active.json().channelId}$`));

    const [row] = await owner<{ secrets_sealed: string; attributes: Json }>(`SELECT secrets_sealed, attributes FROM service_channels WHERE id = $1`, [
      active.json().channelId,
    ]);
    expect(row.secrets_sealed).not.toContain(ACCESS);
    expect(JSON.stringify(row.attributes)).not.toContain(ACCESS);
    // An active channel keeps its required attributes: clearing one is refused and changes nothing.
    const cleared = await put('whatsapp', { secrets: { verifyToken: '' } });
    expect(cleared.json().errorCode).toBe('channel_cannot_be_active_without_attributes');
    expect((await channels())[1].secrets).toMatchObject({ verifyToken: true });
    expect((await put('whatsapp', { attributes: { colour: 'red' } })).json().errorCode).toBe('service_channel_attribute_unknown');
    // The stored token goes to no other address: a new Graph API address needs the token again, and nothing changes.
    const moved = await put('whatsapp', { attributes: { apiBaseUrl: 'https://graph.example.com' } });
    expect(moved.json()).toMatchObject({ errorCode: 'service_channel_token_for_new_address', errorArgs: ['apiBaseUrl', 'accessToken'] });
    expect((await channels())[1]).toMatchObject({ attributes: { apiBaseUrl: wa.baseUrl } });
    expect((await put('whatsapp', { attributes: { apiBaseUrl: `${wa.baseUrl}/` } })).statusCode).toBe(200);

    const audit = await owner<{ action: string; after: Json }>(
      `SELECT action, after FROM audit_log WHERE entity = 'service-channel' AND entity_id = $1 ORDER BY id`,
      [active.json().channelId],
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'activate', 'update']);
    expect(JSON.stringify(audit)).not.toContain(ACCESS);
  });

  it("refuses a user without the integration tasks, and a second tenant sees none of the first one's channels", async () => {
    const staff = await t.login('staff');
    expect((await t.request({ method: 'GET', url: CH, token: staff })).statusCode).toBe(403);
    expect((await put('web', {}, staff)).statusCode).toBe(403);
    expect((await activate('web', true, staff)).statusCode).toBe(403);

    await t.seedTenant('kedua');
    const other = await t.login('admin', 'kedua');
    const theirs = await t.request({ method: 'GET', url: CH, token: other });
    // The second tenant has no client SEKAR, nor any channel of the first one's.
    expect(theirs.statusCode === 404 ? theirs.json().errorCode : (theirs.json().items as Json[]).filter((c) => c.channelId !== null)).toEqual(
      theirs.statusCode === 404 ? 'service_client_not_found' : [],
    );
    const kedua = await t.tenantId('kedua');
    expect(await withTenant(t.pools.app, kedua, (tx) => tx.execute('SELECT count(*)::int AS n FROM service_channels').then((r) => r.rows[0]))).toEqual({
      n: 0,
    });
    // The first tenant's channel under the second tenant's code is not found.
    const channelId = (await channels())[1].channelId as string;
    const res = await t.request({
      method: 'GET',
      url: `/api/v1/service/whatsapp/kedua/${channelId}?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1`,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('WhatsApp Cloud API', () => {
  let channelId: string;
  let url: string;
  const post = (body: unknown, signature?: string) => {
    const raw = JSON.stringify(body);
    return t.request({
      method: 'POST',
      url,
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature ?? hubSignature(raw, APP_SECRET) },
    });
  };
  beforeAll(async () => {
    channelId = (await channels())[1].channelId as string;
    url = `/api/v1/service/whatsapp/demo/${channelId}`;
  });

  it('answers the verification with the challenge only to the right verify token', async () => {
    const ok = await t.request({ method: 'GET', url: `${url}?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect((await t.request({ method: 'GET', url: `${url}?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1` })).statusCode).toBe(403);
  });

  it('answers a signed text through the bot and the Graph API, stores a second delivery once, and refuses a forged one', async () => {
    const body = whatsappTextWebhook('1098765', { id: 'wamid.IN-1', from: '6281234567890', name: 'Rina', text: PRICE_QUESTION });
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(wa.sent).toHaveLength(1);
    expect(wa.sent[0]).toMatchObject({
      phoneNumberId: '1098765',
      authorization: `Bearer ${ACCESS}`,
      body: { messaging_product: 'whatsapp', to: '6281234567890', type: 'text' },
    });
    expect(wa.sent[0].body.text?.body).toMatch(/350[.,]?000/);
    let stored = await messagesOf(channelId);
    expect(stored.map((m) => [m.sender, m.external_id, m.delivery_status])).toEqual([
      ['customer', 'wamid.IN-1', null],
      ['bot', wa.sent[0].wamid, 'sent'],
    ]);

    expect((await post(body)).statusCode).toBe(200);
    expect(wa.sent).toHaveLength(1);
    expect(await messagesOf(channelId)).toHaveLength(2);

    const forged = whatsappTextWebhook('1098765', { id: 'wamid.IN-2', from: '6281234567890', name: 'Rina', text: 'halo' });
    expect((await post(forged, hubSignature(JSON.stringify(forged), 'not-the-app-secret'))).statusCode).toBe(403);
    expect((await post(forged, 'sha256=00')).statusCode).toBe(403);
    expect(await messagesOf(channelId)).toHaveLength(2);

    // A message to another number of the same Meta app is not this channel's.
    expect((await post(whatsappTextWebhook('5550001', { id: 'wamid.IN-3', from: '6281234567890', name: 'Rina', text: 'halo' }))).statusCode).toBe(200);
    expect(await messagesOf(channelId)).toHaveLength(2);

    // Statuses move the bot message on and never back.
    for (const status of ['delivered', 'read', 'delivered'] as const)
      expect((await post(whatsappStatusWebhook('1098765', wa.sent[0].wamid, status, '6281234567890'))).statusCode).toBe(200);
    stored = await messagesOf(channelId);
    expect(stored[1].delivery_status).toBe('read');
  });
});

describe('Telegram Bot API', () => {
  it('sets the webhook with a secret token on activation, answers through sendMessage, stores a duplicate once, refuses a wrong token', async () => {
    expect((await activate('telegram', true)).json().errorCode).toBe('channel_cannot_be_active_without_attributes');
    await put('telegram', { attributes: { apiRoot: tg.apiRoot, botUsername: 'sekar_bot' }, secrets: { botToken: BOT } });
    const moved = await put('telegram', { attributes: { apiRoot: 'https://bots.example.com' } });
    expect(moved.json()).toMatchObject({ errorCode: 'service_channel_token_for_new_address', errorArgs: ['apiRoot', 'botToken'] });
    const res = await activate('telegram', true);
    expect(res.statusCode, res.body).toBe(200);
    const channelId = res.json().channelId as string;
    expect(tg.webhook?.url).toBe(`http://localhost:3000/api/v1/service/telegram/demo/${channelId}`);
    expect(tg.webhook?.secretToken).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(res.body).not.toContain(tg.webhook!.secretToken);

    const path = new URL(tg.webhook!.url).pathname;
    const secretToken = tg.webhook!.secretToken;
    const deliver = (update: unknown, secret = secretToken) =>
      t.request({
        method: 'POST',
        url: path,
        payload: JSON.stringify(update),
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
      });
    const update = telegramTextUpdate(900001, { messageId: 55, chatId: 777001, firstName: 'Dewi', text: PRICE_QUESTION });
    expect((await deliver(update, 'wrong-secret')).statusCode).toBe(403);
    expect(await messagesOf(channelId)).toHaveLength(0);

    expect((await deliver(update)).statusCode).toBe(200);
    expect((await deliver(update)).statusCode).toBe(200);
    const sends = tg.calls.filter((c) => c.method === 'sendMessage');
    expect(sends).toHaveLength(1);
    expect(sends[0].body).toMatchObject({ chat_id: '777001' });
    expect(String(sends[0].body.text)).toMatch(/350[.,]?000/);
    const stored = await messagesOf(channelId);
    expect(stored.map((m) => [m.sender, m.external_id, m.delivery_status])).toEqual([
      ['customer', '777001:55', null],
      ['bot', '777001:1001', 'sent'],
    ]);

    expect((await activate('telegram', false)).statusCode).toBe(200);
    expect(tg.calls.at(-1)?.method).toBe('deleteWebhook');
    expect((await deliver(update)).statusCode).toBe(404);
  });
});

describe('web chat widget', () => {
  it("serves its script only for an active web channel, with the client's colours and greeting, cached", async () => {
    const script = () => t.request({ method: 'GET', url: `/api/v1/service/widget/demo/${CLIENT}.js` });
    expect((await script()).statusCode).toBe(404);
    expect((await activate('web', true)).statusCode).toBe(200);
    const res = await script();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    const client = (await t.request({ method: 'GET', url: `/api/v1/service/clients/${CLIENT}`, token: admin })).json();
    expect(res.body).toContain(client.widget.primaryColor);
    expect(res.body).toContain(JSON.stringify(client.greeting).slice(1, -1));
    expect(res.body).toContain('Chat with us');
    // Its refusals are the catalogue's texts in both languages.
    expect(res.body).toContain('Too many new conversations from your network');
    expect(res.body).toContain('Terlalu banyak pesan. Tunggu {{0}} detik');
    // The served script calls its function with the set-up (a formatter's `;` after the function once left it uncalled).
    const window: { __nusaWidgets?: Record<string, boolean> } = {};
    try {
      vm.runInNewContext(res.body, { window });
    } catch {
      /* no DOM here: it stops at its first use of document, after registering itself */
    }
    expect(window.__nusaWidgets).toEqual({ [`demo/${CLIENT}`]: true });
  });

  it('names in its embed tag the port the server listens on when no public address is set, else the public address', async () => {
    const webUrl = async (port: number) => {
      const res = await fetch(`http://127.0.0.1:${port}${CH}`, { headers: { authorization: `Bearer ${admin}` } });
      return ((await res.json()) as { items: Json[] }).items.find((c) => c.kind === 'web')!.webhookUrl;
    };
    const following = await secondInstance(t, { PORT: '4123' });
    onTestFinished(() => following.app.close());
    expect(await webUrl(following.port)).toBe(`http://localhost:${following.port}/api/v1/service/widget/demo/${CLIENT}.js`);
    const given = await secondInstance(t, { PUBLIC_URL: 'https://chat.toko.test/' });
    onTestFinished(() => given.app.close());
    expect(await webUrl(given.port)).toBe(`https://chat.toko.test/api/v1/service/widget/demo/${CLIENT}.js`);
  });

  it("talks over the socket: the bot answers, asking for a person hands over, an agent's reply is pushed, a flood is refused", async () => {
    // The visitor's socket is on a second server instance; the agent's reply is stored and announced through the first.
    const { app: b, config, port } = await secondInstance(t);
    onTestFinished(() => b.close());
    const visitor = 'visitor-0001-abcd';
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/service/widget/demo/${CLIENT}/socket?visitor=${visitor}&lang=id`);
    const frames: Json[] = [];
    const waiters: (() => void)[] = [];
    ws.on('message', (data) => {
      frames.push(JSON.parse(String(data)) as Json);
      waiters.splice(0).forEach((w) => w());
    });
    const next = async (count: number) => {
      while (frames.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return frames[count - 1];
    };
    expect(await next(1)).toEqual({ type: 'hello', messages: [] });

    ws.send(JSON.stringify({ type: 'message', text: PRICE_QUESTION }));
    const answer = await next(2);
    expect(answer).toMatchObject({ type: 'message', sender: 'bot', handedOver: false });
    expect(String(answer.text)).toMatch(/350[.,]?000/);

    ws.send(JSON.stringify({ type: 'message', text: 'saya mau bicara dengan cs' }));
    expect(await next(3)).toMatchObject({ type: 'message', sender: 'bot', handedOver: true });

    // An agent (S3's inbox) stores a reply and announces it; the visitor's socket gets it.
    const [conversation] = await owner<{ id: string; status: string }>(`SELECT id, status FROM service_conversations WHERE customer_key = $1`, [
      `web:${visitor}`,
    ]);
    expect(conversation.status).toBe('waiting');
    await withTenant(t.pools.app, demoId, async (tx) => {
      const m = await storeMessage(tx, demoId, conversation.id, { sender: 'agent', text: 'Halo, saya Siti dari CS.' });
      await notifyConversation(tx, demoId, conversation.id, m!.id);
    });
    expect(await next(4)).toMatchObject({ type: 'message', sender: 'agent', text: 'Halo, saya Siti dari CS.' });

    // Waiting for a person, the bot stays silent; past the minute's limit the visitor is told to wait.
    for (let i = 0; i < config.WIDGET_VISITOR_MESSAGES_PER_MINUTE; i++) ws.send(JSON.stringify({ type: 'message', text: `pesan ${i}`, ref: `m${i}` }));
    // Two messages were sent above: the refusal names the widget's id of the first one past the limit, so the widget can mark it.
    const firstRefused = config.WIDGET_VISITOR_MESSAGES_PER_MINUTE - 2;
    expect(await next(5)).toEqual({ type: 'error', code: 'service_widget_messages_throttled', args: [expect.any(Number)], ref: `m${firstRefused}` });
    ws.close();

    // A reconnecting visitor gets the conversation so far.
    const again = new WebSocket(`ws://127.0.0.1:${port}/api/v1/service/widget/demo/${CLIENT}/socket?visitor=${visitor}`);
    const hello = await new Promise<Json>((resolve) => again.once('message', (data) => resolve(JSON.parse(String(data)) as Json)));
    again.close();
    const senders = (hello.messages as Json[]).map((m) => m.sender);
    expect(senders.slice(0, 5)).toEqual(['customer', 'bot', 'customer', 'bot', 'agent']);
  });

  /** A second instance on the same database whose client addresses come from X-Forwarded-For (a trusted proxy on loopback). */
  const proxiedInstance = async (env: Record<string, string> = {}) => {
    const { app: b, config, port } = await secondInstance(t, { TRUST_PROXY: '127.0.0.1', ...env });
    onTestFinished(() => b.close());
    return { config, port };
  };

  /** A visitor's socket from `address`: `say` sends a text and resolves with the next frame (the bot's reply or a refusal). */
  const visitorSocket = async (port: number, visitor: string, address: string) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/service/widget/demo/${CLIENT}/socket?visitor=${visitor}`, {
      headers: { 'x-forwarded-for': address },
    });
    onTestFinished(() => ws.close());
    const frames: Json[] = [];
    const waiters: (() => void)[] = [];
    ws.on('message', (data) => {
      frames.push(JSON.parse(String(data)) as Json);
      waiters.splice(0).forEach((w) => w());
    });
    let seen = 0;
    const next = async () => {
      while (frames.length <= seen) await new Promise<void>((resolve) => waiters.push(resolve));
      return frames[seen++];
    };
    expect(await next()).toMatchObject({ type: 'hello' });
    return {
      say: (text: string) => {
        ws.send(JSON.stringify({ type: 'message', text }));
        return next();
      },
      close: () => ws.close(),
    };
  };

  const usage = async () =>
    (
      await owner<{ requests: number; calls: number; conversations: number; messages: number }>(
        `SELECT (SELECT coalesce(sum(requests_used), 0)::int FROM ai_quotas WHERE tenant_id = $1) AS requests,
                (SELECT count(*)::int FROM ai_usage WHERE tenant_id = $1) AS calls,
                (SELECT count(*)::int FROM service_conversations WHERE tenant_id = $1) AS conversations,
                (SELECT count(*)::int FROM service_messages WHERE tenant_id = $1) AS messages`,
        [demoId],
      )
    )[0];

  it("caps new conversations from one address whatever the visitor ids; the refused spend none of the tenant's AI quota", async () => {
    await owner('DELETE FROM rate_limit_counters');
    const { config, port } = await proxiedInstance();
    const allowed = config.WIDGET_ADDRESS_CONVERSATIONS_PER_HOUR;
    const flooder = '198.51.100.7';
    const start = await usage();
    const first: Awaited<ReturnType<typeof visitorSocket>>[] = [];
    for (let i = 0; i < allowed; i++) {
      const v = await visitorSocket(port, `flood-visitor-${i}`, flooder);
      expect(await v.say(PRICE_QUESTION)).toMatchObject({ type: 'message', sender: 'bot', handedOver: false });
      first.push(v);
    }
    const afterAllowed = await usage();
    // The allowed ones were answered by the metered AI: a count the refused ones would move.
    expect(afterAllowed.requests).toBeGreaterThan(start.requests);
    expect(afterAllowed.conversations).toBe(start.conversations + allowed);

    const refusals = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => (await visitorSocket(port, `flood-visitor-${allowed + i}`, flooder)).say(PRICE_QUESTION)),
    );
    for (const r of refusals) expect(r).toEqual({ type: 'error', code: 'service_widget_conversations_throttled', args: [expect.any(Number)] });
    expect(await usage()).toEqual(afterAllowed);

    // Normal use goes on: a visitor already talking, from the same address, and a new visitor elsewhere.
    expect(await first[0].say(PRICE_QUESTION)).toMatchObject({ type: 'message', sender: 'bot' });
    const neighbour = await visitorSocket(port, 'calm-visitor-1', '198.51.100.8');
    expect(await neighbour.say(PRICE_QUESTION)).toMatchObject({ type: 'message', sender: 'bot', handedOver: false });
  });

  it('caps messages per address across its visitors, and new conversations per channel across addresses', async () => {
    await owner('DELETE FROM rate_limit_counters');
    const { port } = await proxiedInstance({ WIDGET_ADDRESS_MESSAGES_PER_MINUTE: '4', WIDGET_CHANNEL_CONVERSATIONS_PER_HOUR: '3' });
    const a1 = await visitorSocket(port, 'office-visitor-1', '192.0.2.10');
    const a2 = await visitorSocket(port, 'office-visitor-2', '192.0.2.10');
    for (const v of [a1, a1, a2, a2]) expect(await v.say(PRICE_QUESTION)).toMatchObject({ type: 'message', sender: 'bot' });
    const before = await usage();
    expect(await a2.say(PRICE_QUESTION)).toEqual({ type: 'error', code: 'service_widget_messages_throttled', args: [expect.any(Number)] });
    expect(await usage()).toEqual(before);

    // Two conversations from 192.0.2.10; the channel takes one more, from anywhere.
    const b = await visitorSocket(port, 'home-visitor-1', '192.0.2.20');
    expect(await b.say(PRICE_QUESTION)).toMatchObject({ type: 'message', sender: 'bot' });
    const c = await visitorSocket(port, 'cafe-visitor-1', '192.0.2.30');
    expect(await c.say(PRICE_QUESTION)).toEqual({ type: 'error', code: 'service_widget_conversations_throttled', args: [expect.any(Number)] });
  });
});
