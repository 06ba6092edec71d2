import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClientEndpoints as clientEp, serviceIntentEndpoints as intentEp, type TrainingState } from '@nusa/contracts';
import { call, urlOf } from '../../../../test/call.ts';
import { createTestApp, secondInstance, type TestApp } from '../../../../test/test-app.ts';
import { trainIntentClassifier } from '../../../platform/ai/local/intent-classifier.ts';
import { LOCAL_INTENT_ENGINE } from '../../../platform/ai/local/index.ts';
import { intentModels, modelChangesHeard } from '../intents/index.ts';

/** Issue 24: the trained model read once per process, quota before any model work, bulk classification. */
let t: TestApp;
let admin: string;
let demoId: string;
const CODE = 'SKALA';

const PHRASES: Record<string, string[]> = {
  harga: ['berapa harganya', 'harga kaos berapa', 'how much is it', 'price of the shirt', 'kaos ini harganya berapa', 'what does it cost'],
  jam_buka: ['jam berapa buka', 'kapan toko buka', 'what time do you open', 'opening hours please', 'buka hari minggu?', 'are you open on sunday'],
  pengiriman: ['bisa kirim ke bandung', 'ongkir berapa', 'do you ship abroad', 'delivery to my house', 'pakai kurir apa', 'how long is shipping'],
};

const THIS_MONTH = `month = date_trunc('month', now() AT TIME ZONE 'Asia/Jakarta')::date`;
const q = async <R extends object = Record<string, unknown>>(text: string, values: unknown[] = []) => (await t.pools.owner.query<R>(text, values)).rows;
const classifyOne = (text: string, token = admin, tenant?: string) =>
  call(t, intentEp.classifyServiceText, { params: { clientCode: CODE }, body: { text }, token, tenant });
const classifyBatch = (texts: string[], token = admin, tenant?: string) =>
  call(t, intentEp.classifyServiceTexts, { params: { clientCode: CODE }, body: { texts }, token, tenant });
const usedRequests = async () =>
  (await q<{ n: number }>(`SELECT coalesce(sum(requests_used), 0)::int AS n FROM ai_quotas WHERE tenant_id = $1 AND ${THIS_MONTH}`, [demoId]))[0].n;
const okIntentRows = async () =>
  (await q<{ n: number }>(`SELECT count(*)::int AS n FROM ai_usage WHERE tenant_id = $1 AND purpose = 'intent' AND outcome = 'ok'`, [demoId]))[0].n;

async function train(): Promise<TrainingState> {
  const queued = await call(t, intentEp.trainServiceClient, { params: { clientCode: CODE }, token: admin });
  expect(queued.statusCode, queued.body).toBe(200);
  for (;;) {
    const state = (await call(t, intentEp.getServiceTraining, { params: { clientCode: CODE }, token: admin })).json();
    if (state.status === 'done' || state.status === 'failed') {
      await modelChangesHeard();
      return state;
    }
    await new Promise((r) => setTimeout(r, 30));
  }
}

const activeRunId = async () =>
  (
    await q<{ id: string }>(
      `SELECT m.id FROM service_models m JOIN service_clients c ON c.id = m.client_id WHERE c.code = $1 AND m.status = 'done' ORDER BY m.trained_at DESC LIMIT 1`,
      [CODE],
    )
  )[0].id;

beforeAll(async () => {
  t = await createTestApp('classify');
  admin = await t.login('admin');
  demoId = await t.tenantId('demo');
  const created = await call(t, clientEp.createServiceClient, {
    body: { code: CODE, name: 'Toko Skala', businessField: 'Retail', systemInstruction: '' },
    token: admin,
  });
  expect(created.statusCode, created.body).toBe(200);
  for (const [name, phrases] of Object.entries(PHRASES)) {
    const res = await call(t, intentEp.createServiceIntent, { params: { clientCode: CODE }, body: { name, phrases }, token: admin });
    expect(res.statusCode, res.body).toBe(200);
  }
  expect(await train()).toMatchObject({ status: 'done', intents: 3 });
});
afterAll(async () => {
  await t?.close();
});

describe('classify at scale (issue 24)', () => {
  it('stores the model packed, not as JSON, and reads it once: a warm classification loads nothing', async () => {
    const [row] = await q<{ packed: Buffer | null; model: unknown; engine: string }>('SELECT packed, model, engine FROM service_models WHERE id = $1', [
      await activeRunId(),
    ]);
    expect(row.model).toBeNull();
    expect(row.engine).toBe(LOCAL_INTENT_ENGINE);
    expect(row.packed!.subarray(0, 4).toString('latin1')).toBe('NMP1');

    expect((await classifyOne('berapa harga kaos ini')).json()).toMatchObject({ intent: 'harga', outOfScope: false });
    const loads = intentModels.loads;
    for (let i = 0; i < 3; i++) expect((await classifyOne('jam berapa toko buka')).json()).toMatchObject({ intent: 'jam_buka' });
    expect(intentModels.loads).toBe(loads);
  });

  it('classifies a batch in order as the single route does, metered once per text; refuses 1,001 texts, none, and a text over 2,000 characters', async () => {
    const texts = ['berapa harga kaos ini', 'jam berapa toko buka', 'bisa kirim ke surabaya', 'siapa presiden pertama indonesia'];
    const [used, rows] = [await usedRequests(), await okIntentRows()];
    const res = await classifyBatch(texts);
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json();
    expect(results.map((r) => r.intent)).toEqual(['harga', 'jam_buka', 'pengiriman', null]);
    expect(results[3]).toMatchObject({ outOfScope: true });
    expect(Object.keys(results[0]).sort()).toEqual(['confidence', 'intent', 'outOfScope']);
    for (const [i, text] of texts.entries()) expect((await classifyOne(text)).json()).toEqual(results[i]);
    // The batch counted 4 requests, the four single calls 4 more.
    expect(await usedRequests()).toBe(used + 8);
    expect(await okIntentRows()).toBe(rows + 8);

    const tooMany = await classifyBatch(Array.from({ length: 1001 }, (_, i) => `kalimat ${i}`));
    expect([tooMany.statusCode, tooMany.error().errorCode, tooMany.error().errorArgs[0]]).toEqual([400, 'invalid_input_format', 'body.texts']);
    expect((await classifyBatch([])).error().errorCode).toBe('invalid_input_format');
    expect((await classifyBatch(['ok', 'x'.repeat(2001)])).error()).toMatchObject({
      errorCode: 'invalid_input_format',
      errorArgs: ['body.texts.1', expect.any(String)],
    });
    expect((await classifyBatch(Array.from({ length: 1000 }, (_, i) => `harga kaos nomor ${i}`))).statusCode).toBe(200);
    expect(await usedRequests()).toBe(used + 1008);
  });

  it('claims the quota before any model work: a refused call leaves the model unread, even a model that cannot be read', async () => {
    const runId = await activeRunId();
    // A damaged model row: reading it fails, so any call that reached the model would answer ai_response_failed.
    await q(`UPDATE service_models SET packed = '\\x4e4d5031ffffffff'::bytea WHERE id = $1`, [runId]);
    intentModels.delete(runId);
    expect((await classifyOne('harga kaos')).error().errorCode).toBe('ai_response_failed');
    const used = await usedRequests();
    await q(`UPDATE ai_quotas SET request_limit = requests_used + 2 WHERE tenant_id = $1 AND ${THIS_MONTH}`, [demoId]);
    const loads = intentModels.loads;
    const refused = await classifyBatch(['harga kaos', 'jam buka', 'ongkir']);
    expect([refused.statusCode, refused.error().errorCode]).toEqual([422, 'insufficient_quota']);
    expect(intentModels.loads).toBe(loads);
    // One text is still allowed: it reaches the damaged model (and its failure gives the unit back).
    expect((await classifyOne('harga kaos')).error().errorCode).toBe('ai_response_failed');
    await q(`UPDATE ai_quotas SET requests_used = request_limit WHERE tenant_id = $1 AND ${THIS_MONTH}`, [demoId]);
    const loadsBefore = intentModels.loads;
    expect((await classifyOne('harga kaos')).error().errorCode).toBe('insufficient_quota');
    expect(intentModels.loads).toBe(loadsBefore);
    expect(loads).toBeLessThan(loadsBefore); // the allowed single call did read the (damaged) model
    expect(await usedRequests()).toBe(used + 2);
    await q(`UPDATE ai_quotas SET request_limit = 100000 WHERE tenant_id = $1 AND ${THIS_MONTH}`, [demoId]);
    expect(await train()).toMatchObject({ status: 'done' });
  });

  it('still reads a model stored as JSON before packing (base64 weights)', async () => {
    const examples = Object.entries(PHRASES).flatMap(([intent, phrases]) => phrases.map((text) => ({ intent, text })));
    const state = trainIntentClassifier(examples).state;
    const w = state.weights as Float32Array;
    const legacy = {
      engine: LOCAL_INTENT_ENGINE,
      intents: state.intents,
      state: { ...state, weights: Buffer.from(w.buffer, w.byteOffset, w.byteLength).toString('base64') },
    };
    const id = uuidv7();
    await q(
      `INSERT INTO service_models (tenant_id, id, client_id, status, model, engine, intents, examples, requested_at, started_at, trained_at)
       SELECT tenant_id, $1, id, 'done', $2, $3, 3, 18, now(), now(), now() + interval '1 minute' FROM service_clients WHERE code = $4`,
      [id, JSON.stringify(legacy), LOCAL_INTENT_ENGINE, CODE],
    );
    await q(`SELECT pg_notify('nusa_service_models', (SELECT id::text FROM service_clients WHERE code = $1))`, [CODE]);
    await modelChangesHeard();
    const loads = intentModels.loads;
    expect((await classifyOne('ongkir ke bandung berapa')).json()).toMatchObject({ intent: 'pengiriman', outOfScope: false });
    expect(intentModels.loads).toBe(loads + 1);
    await q('DELETE FROM service_models WHERE id = $1', [id]);
    await q(`SELECT pg_notify('nusa_service_models', (SELECT id::text FROM service_clients WHERE code = $1))`, [CODE]);
    await modelChangesHeard();
  });

  it('a second training replaces the cached model on two server instances', async () => {
    const second = await secondInstance(t);
    try {
      const onSecond = async (text: string) => {
        const res = await fetch(`http://127.0.0.1:${second.port}${urlOf(intentEp.classifyServiceText, { params: { clientCode: CODE } })}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${admin}`, 'x-tenant': 'demo', 'content-type': 'application/json' },
          body: JSON.stringify({ text }),
        });
        expect(res.status).toBe(200);
        return (await res.json()) as { intent: string | null };
      };
      const sentence = 'saya mau retur barang yang rusak';
      expect((await classifyOne(sentence)).json().intent).not.toBe('retur');
      expect((await onSecond(sentence)).intent).not.toBe('retur');
      const before = await activeRunId();
      const res = await call(t, intentEp.createServiceIntent, {
        params: { clientCode: CODE },
        body: {
          name: 'retur',
          phrases: ['mau retur barang', 'barang rusak mau dikembalikan', 'can I return this', 'refund please', 'retur barang rusak', 'tukar barang'],
        },
        token: admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await train()).toMatchObject({ status: 'done', intents: 4 });
      expect(await activeRunId()).not.toBe(before);
      expect((await onSecond(sentence)).intent).toBe('retur');
      expect((await classifyOne(sentence)).json().intent).toBe('retur');
    } finally {
      await second.app.close();
    }
  });

  it('another tenant cannot classify with this tenant’s client', async () => {
    await t.seedTenant('lain');
    const other = await t.login('admin', 'lain');
    const res = await classifyBatch(['harga kaos'], other, 'lain');
    expect([res.statusCode, res.error().errorCode]).toEqual([404, 'service_client_not_found']);
    expect((await classifyOne('harga kaos', other, 'lain')).error().errorCode).toBe('service_client_not_found');
  });
});
