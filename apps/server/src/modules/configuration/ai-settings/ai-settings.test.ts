import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type AiSettingsInput } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { call } from '../../../../test/call.ts';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../../../test/openai-server.ts';
import { withTenant } from '../../../platform/db/tenant.ts';
import { costOf, engineFor, modelPrices } from '../../../platform/ai/select.ts';

let t: TestApp;
let ai: OpenAiTestServer;
let admin: string;
let staff: string;
let demoId: string;

const KEY = 'sk-proj-secret-7788';

beforeAll(async () => {
  [t, ai] = await Promise.all([createTestApp('ai_settings'), startOpenAiTestServer()]);
  ai.apiKey = KEY;
  [admin, staff, demoId] = await Promise.all([t.login('admin'), t.login('staff'), t.tenantId('demo')]);
});
afterAll(async () => {
  await ai.close();
  await t.close();
});

const remote = (): AiSettingsInput => ({
  provider: 'openai-compatible',
  baseUrl: ai.baseUrl,
  apiKey: KEY,
  models: { chat: 'test-chat', embedding: 'test-embed', structured: '', image: 'test-image' },
  prices: [
    { model: 'test-chat', inputPerMillion: '2400', outputPerMillion: '9600.5', perImage: '0' },
    { model: 'test-image', inputPerMillion: '0', outputPerMillion: '0', perImage: '650' },
  ],
  timeoutSeconds: 5,
});

const inTenant = <T>(tenantId: string, fn: Parameters<typeof withTenant<T>>[2]) => withTenant(t.pools.app, tenantId, fn);

describe('AI settings', () => {
  it('starts on the local engine, which answers with no provider configured', async () => {
    const res = await call(t, endpoints.getAiSettings, { token: admin });
    expect(res.json()).toEqual({
      provider: 'local',
      baseUrl: '',
      apiKeySet: false,
      models: { chat: '', embedding: '', structured: '', image: '' },
      prices: [],
      timeoutSeconds: 30,
    });
    const engine = await inTenant(demoId, (tx) => engineFor(tx, demoId));
    expect(engine.provider).toBe('local');
    expect((await engine.embed(['halo'])).vectors).toHaveLength(1);
  });

  it('saves a remote provider with its key sealed, never answers the key, and audits without it', async () => {
    const res = await call(t, endpoints.saveAiSettings, { body: remote(), token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'openai-compatible', apiKeySet: true, prices: remote().prices, timeoutSeconds: 5 });
    expect(res.body).not.toContain(KEY);
    expect((await call(t, endpoints.getAiSettings, { token: admin })).body).not.toContain(KEY);
    const stored = (await t.pools.owner.query<{ api_key_sealed: string }>('SELECT api_key_sealed FROM ai_settings')).rows[0];
    expect(stored.api_key_sealed).toMatch(/^v1\./);
    expect(stored.api_key_sealed).not.toContain(KEY);
    const audit = await t.pools.owner.query<{ after: unknown; before: unknown }>(
      `SELECT before, after FROM audit_log WHERE module = 'configuration.ai-settings'`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(JSON.stringify(audit.rows[0])).not.toContain(KEY);
    expect(audit.rows[0].after).toMatchObject({ provider: 'openai-compatible', apiKeySet: true, apiKey: 'replaced' });
  });

  it("gives the tenant's remote engine with its opened key, and its prices for costs", async () => {
    ai.requests.length = 0;
    const engine = await inTenant(demoId, (tx) => engineFor(tx, demoId));
    expect(engine.provider).toBe('openai-compatible');
    const answer = await engine.chat({ language: 'id', messages: [{ role: 'user', content: 'halo' }], context: [] });
    expect(answer.text).toBe('Echo: halo');
    expect(ai.requests[0].authorization).toBe(`Bearer ${KEY}`);
    const prices = await inTenant(demoId, (tx) => modelPrices(tx, demoId));
    expect(costOf(prices)({ model: 'test-chat', inputTokens: 500_000, outputTokens: 2_000_000, images: 0 }).toFixed()).toBe('20401');
    expect(costOf(prices)(answer.usage).gt(0)).toBe(true);
  });

  it('keeps the key when none is sent and clears it on null', async () => {
    const { apiKey: _kept, ...withoutKey } = remote();
    expect((await call(t, endpoints.saveAiSettings, { body: withoutKey, token: admin })).json().apiKeySet).toBe(true);
    const engine = await inTenant(demoId, (tx) => engineFor(tx, demoId));
    await engine.embed(['masih bisa']);
    expect((await call(t, endpoints.saveAiSettings, { body: { ...remote(), apiKey: null }, token: admin })).json().apiKeySet).toBe(false);
    expect((await t.pools.owner.query('SELECT api_key_sealed FROM ai_settings')).rows[0].api_key_sealed).toBeNull();
    const audit = await t.pools.owner.query(`SELECT after->>'apiKey' AS key FROM audit_log WHERE module = 'configuration.ai-settings' ORDER BY id`);
    expect(audit.rows.map((r) => r.key)).toEqual(['replaced', 'kept', 'cleared']);
  });

  it('refuses incomplete remote settings, a price listed twice, a bad price and a bad address, saving nothing', async () => {
    const before = (await call(t, endpoints.getAiSettings, { token: admin })).json();
    const noUrl = await call(t, endpoints.saveAiSettings, { body: { ...remote(), baseUrl: '' }, token: admin });
    expect(noUrl.error()).toEqual({ errorCode: 'ai_settings_incomplete', errorArgs: ['baseUrl'] });
    const noEmbed = await call(t, endpoints.saveAiSettings, { body: { ...remote(), models: { ...remote().models, embedding: '' } }, token: admin });
    expect(noEmbed.error()).toEqual({ errorCode: 'ai_settings_incomplete', errorArgs: ['models.embedding'] });
    const twice = await call(t, endpoints.saveAiSettings, { body: { ...remote(), prices: [remote().prices[0], remote().prices[0]] }, token: admin });
    expect(twice.error()).toEqual({ errorCode: 'ai_price_model_duplicate', errorArgs: ['test-chat'] });
    const comma = await call(t, endpoints.saveAiSettings, {
      body: { ...remote(), prices: [{ ...remote().prices[0], inputPerMillion: '2.400,5' }] },
      token: admin,
    });
    expect(comma.statusCode).toBe(400);
    expect(comma.error().errorCode).toBe('invalid_input_format');
    const ftp = await call(t, endpoints.saveAiSettings, { body: { ...remote(), baseUrl: 'ftp://x.example' }, token: admin });
    expect(ftp.statusCode).toBe(400);
    expect((await call(t, endpoints.getAiSettings, { token: admin })).json()).toEqual(before);
  });

  it('tests a connection: the models, or the status of a rejected key, or the local engine ready', async () => {
    const ok = await call(t, endpoints.testAiConnection, { body: remote(), token: admin });
    expect(ok.json()).toEqual({ ok: true, provider: 'openai-compatible', models: ['test-chat', 'test-embed', 'test-image'] });
    const bad = (await call(t, endpoints.testAiConnection, { body: { ...remote(), apiKey: 'sk-wrong-000-1234' }, token: admin })).json();
    expect(bad).toMatchObject({ ok: false, errorCode: 'ai_response_failed' });
    // The provider's words (which may be anything the address served) stay in the log.
    expect(bad.errorArgs).toEqual(['HTTP 401']);
    const none = (await call(t, endpoints.testAiConnection, { body: { ...remote(), baseUrl: '' }, token: admin })).json();
    expect(none).toMatchObject({ ok: false, errorCode: 'ai_settings_incomplete', errorArgs: ['baseUrl'] });
    const local = (await call(t, endpoints.testAiConnection, { body: { ...remote(), provider: 'local' }, token: admin })).json();
    expect(local.ok).toBe(true);
    expect(local.models).toHaveLength(1);
  });

  it('sends the saved key only to the address it was saved for: a new address needs the key again, to test or to save', async () => {
    expect((await call(t, endpoints.saveAiSettings, { body: remote(), token: admin })).statusCode).toBe(200);
    const { apiKey: _kept, ...keptKey } = remote();
    const elsewhere = await startOpenAiTestServer();
    try {
      const test = (await call(t, endpoints.testAiConnection, { body: { ...keptKey, baseUrl: elsewhere.baseUrl }, token: admin })).json();
      expect(test).toMatchObject({ ok: false, errorCode: 'ai_settings_key_for_new_address' });
      const save = await call(t, endpoints.saveAiSettings, { body: { ...keptKey, baseUrl: `${elsewhere.baseUrl}/` }, token: admin });
      expect(save.error()).toEqual({ errorCode: 'ai_settings_key_for_new_address', errorArgs: [] });
      expect(elsewhere.requests).toHaveLength(0);
      expect((await call(t, endpoints.getAiSettings, { token: admin })).json().baseUrl).toBe(ai.baseUrl);
      // The same address with a trailing slash is the same address; a key typed again may go anywhere.
      expect((await call(t, endpoints.testAiConnection, { body: { ...keptKey, baseUrl: `${ai.baseUrl}/` }, token: admin })).json().ok).toBe(true);
      elsewhere.apiKey = 'sk-other-4455';
      const retyped = await call(t, endpoints.testAiConnection, { body: { ...remote(), baseUrl: elsewhere.baseUrl, apiKey: 'sk-other-4455' }, token: admin });
      expect(retyped.json().ok).toBe(true);
      expect(elsewhere.requests.every((r) => r.authorization === 'Bearer sk-other-4455')).toBe(true);
    } finally {
      await elsewhere.close();
    }
  });

  it('answers 403 to a user without viewConfig', async () => {
    expect((await call(t, endpoints.getAiSettings, { token: staff })).statusCode).toBe(403);
    expect((await call(t, endpoints.saveAiSettings, { body: remote(), token: staff })).statusCode).toBe(403);
    expect((await call(t, endpoints.testAiConnection, { body: remote(), token: staff })).statusCode).toBe(403);
  });

  it('shows a second tenant only its own settings, and gives it the local engine', async () => {
    const acmeId = await t.seedTenant('acme');
    const acmeAdmin = await t.login('admin', 'acme');
    expect((await call(t, endpoints.getAiSettings, { token: acmeAdmin })).json()).toMatchObject({ provider: 'local', apiKeySet: false, prices: [] });
    expect((await inTenant(acmeId, (tx) => engineFor(tx, acmeId))).provider).toBe('local');
    expect((await inTenant(acmeId, (tx) => modelPrices(tx, acmeId))).prices).toEqual([]);
    const seen = await inTenant(acmeId, (tx) => tx.execute('SELECT count(*)::int AS n FROM ai_settings'));
    expect(seen.rows[0]).toEqual({ n: 0 });
  });
});
