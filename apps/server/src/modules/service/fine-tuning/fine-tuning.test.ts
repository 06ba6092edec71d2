import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aiSettingsEndpoints,
  DEFAULT_TENANT,
  fillPath,
  serviceClientEndpoints as clientEp,
  serviceFineTuningEndpoints as ep,
  serviceIntentEndpoints as intentEp,
  type Endpoint,
  type FineTuneRun,
} from '@nusa/contracts';
import { call } from '../../../../test/call.ts';
import { startOpenAiTestServer, validateTrainingFile, type OpenAiTestServer } from '../../../../test/openai-server.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { withTenant } from '../../../platform/db/tenant.ts';
import { clientRowByCode } from '../clients/service.ts';
import { openConversation, storeMessage } from '../conversations/service.ts';
import { fineTuneFollow } from './follow.ts';

let t: TestApp;
let admin: string;
let demoId: string;
let server: OpenAiTestServer;

const CLIENT = 'TOKO';
const LOCAL = { provider: 'local' as const, baseUrl: '', models: { chat: '', embedding: '', structured: '', image: '' }, prices: [], timeoutSeconds: 30 };
const q = async <R extends object = Record<string, unknown>>(text: string, values: unknown[] = []) => (await t.pools.owner.query<R>(text, values)).rows;

const INTENTS = [
  {
    name: 'jam_buka',
    responseText: 'Kami buka setiap hari pukul 09.00-21.00.',
    phrases: ['jam buka toko', 'buka jam berapa', 'kapan tokonya buka', 'toko tutup jam berapa', 'hari minggu buka tidak', 'what time do you open'],
  },
  {
    name: 'alamat',
    responseText: 'Toko kami di Jl. Malioboro 10, Yogyakarta.',
    phrases: ['alamat toko di mana', 'lokasi toko', 'tokonya di mana', 'minta alamat', 'where is the shop', 'shop address please'],
  },
  // Answers from the dataset: its phrases teach the classifier only.
  {
    name: 'ongkir',
    responseText: 'Ongkirnya: {{answer}}',
    phrases: ['berapa ongkos kirim', 'ongkir ke bandung', 'biaya pengiriman', 'shipping cost', 'ongkir jakarta'],
  },
];

async function finished(runId: string): Promise<FineTuneRun> {
  for (;;) {
    const run = (await call(t, ep.getFineTuneRun, { params: { runId }, token: admin })).json();
    if (['succeeded', 'failed', 'cancelled'].includes(run.status)) return run;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A handed-over conversation: the customer's question, the bot's turn (relabelled when `corrected`), the agent's reply. */
async function corrected(question: string, answer: string, correctedIntent: string | null) {
  await withTenant(t.pools.app, demoId, async (tx) => {
    const client = await clientRowByCode(tx, CLIENT);
    const c = await openConversation(tx, demoId, client.id, { channelKind: 'virtual', customerKey: `test:${question}` });
    const at = Date.now() - 60_000;
    await storeMessage(tx, demoId, c.id, { sender: 'customer', text: question, at: new Date(at) });
    const bot = await storeMessage(tx, demoId, c.id, {
      sender: 'bot',
      text: 'Mohon tunggu, kami teruskan ke petugas.',
      handedOver: true,
      at: new Date(at + 1000),
    });
    await storeMessage(tx, demoId, c.id, { sender: 'note', text: 'cek dulu', at: new Date(at + 1500) });
    await storeMessage(tx, demoId, c.id, { sender: 'agent', text: answer, at: new Date(at + 2000) });
    await storeMessage(tx, demoId, c.id, { sender: 'agent', text: 'Ada lagi yang bisa dibantu?', at: new Date(at + 3000) });
    if (correctedIntent) await tx.execute(`UPDATE service_messages SET corrected_intent = '${correctedIntent}' WHERE id = '${bot!.id}'`);
  });
}

beforeAll(async () => {
  t = await createTestApp('fine-tuning');
  admin = await t.login('admin');
  demoId = await t.tenantId(DEFAULT_TENANT);
  server = await startOpenAiTestServer();
  fineTuneFollow.delayMs = 20;
  const res = await call(t, clientEp.createServiceClient, {
    body: { code: CLIENT, name: 'Toko Batik', businessField: 'Retail', systemInstruction: 'Jawab singkat dan ramah.' },
    token: admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  for (const intent of INTENTS) {
    const created = await call(t, intentEp.createServiceIntent, { params: { clientCode: CLIENT }, body: intent, token: admin });
    expect(created.statusCode, created.body).toBe(200);
  }
  await corrected('apakah bisa bayar pakai qris', 'Bisa, kami menerima QRIS dan transfer bank.', null);
  await corrected('kirim ke surabaya berapa hari ya kak', 'Ke Surabaya biasanya 2-3 hari kerja.', 'ongkir');
});
afterAll(async () => {
  await server.close();
  await t.close();
});

describe('the training set', () => {
  it('is made of intent phrases with a fixed answer and agents’ corrections; the JSONL is the OpenAI chat format with the system instruction', async () => {
    const summary = (await call(t, ep.getTrainingSet, { params: { clientCode: CLIENT }, token: admin })).json();
    expect(summary).toMatchObject({ clientCode: CLIENT, intents: 3, fromIntents: 12, fromCorrections: 2, chatExamples: 14, withoutAnswer: 5 });
    // Five ongkir phrases, twelve answered ones, and the relabelled question.
    expect(summary.classifierExamples).toBe(18);
    expect(summary.samples[0]).toEqual({
      source: 'correction',
      user: 'apakah bisa bayar pakai qris',
      assistant: 'Bisa, kami menerima QRIS dan transfer bank.',
      intent: null,
    });
    expect(summary.samples[1]).toMatchObject({ source: 'correction', user: 'kirim ke surabaya berapa hari ya kak', intent: 'ongkir' });

    const file = await call(t, ep.exportTrainingSet, { params: { clientCode: CLIENT }, token: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/jsonl');
    expect(file.headers['content-disposition']).toMatch(/toko-fine-tuning-\d{4}-\d{2}-\d{2}\.jsonl/);
    const lines = file.body.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(14);
    const rows = lines.map((l) => JSON.parse(l) as { messages: { role: string; content: string }[] });
    for (const row of rows) {
      expect(row.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
      expect(row.messages[0].content).toBe('Jawab singkat dan ramah.');
    }
    expect(rows.map((r) => r.messages[1].content)).toContain('what time do you open');
    expect(rows.find((r) => r.messages[1].content === 'shop address please')!.messages[2].content).toBe('Toko kami di Jl. Malioboro 10, Yogyakarta.');
    expect(rows.find((r) => r.messages[1].content === 'apakah bisa bayar pakai qris')!.messages[2].content).toBe('Bisa, kami menerima QRIS dan transfer bank.');
    // Neither the template of the dataset's answer nor the agent's follow-up line is an example.
    expect(file.body).not.toContain('{{answer}}');
    expect(file.body).not.toContain('Ada lagi yang bisa dibantu');
    expect(validateTrainingFile(file.body, 10)).toBeNull();
  });
});

describe('local fine tuning', () => {
  it('retrains the classifier and the answer index, with held-out accuracy before and after; the bot then knows the corrected question', async () => {
    const classify = async (text: string) =>
      (await call(t, intentEp.classifyServiceText, { params: { clientCode: CLIENT }, body: { text }, token: admin })).json();
    const trained = await call(t, intentEp.trainServiceClient, { params: { clientCode: CLIENT }, token: admin });
    expect(trained.statusCode, trained.body).toBe(200);
    for (;;) {
      const s = (await call(t, intentEp.getServiceTraining, { params: { clientCode: CLIENT }, token: admin })).json();
      if (s.status === 'done') break;
      expect(s.status).not.toBe('failed');
      await new Promise((r) => setTimeout(r, 20));
    }
    const question = 'kirim ke surabaya berapa hari ya kak';
    const beforeModels = await q('SELECT id FROM service_models WHERE client_id = (SELECT id FROM service_clients WHERE code = $1)', [CLIENT]);

    const started = await call(t, ep.startFineTuneRun, { params: { clientCode: CLIENT }, token: admin });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ provider: 'local', status: 'pending', baseModel: 'local-intent-logreg-v1', chatExamples: 14 });
    const run = await finished(started.json().runId);
    expect(run).toMatchObject({ status: 'succeeded', progress: 100, classifierExamples: 18, answerPairs: 2, errorCode: null });
    expect(run.heldOut).toBeGreaterThan(0);
    expect(run.accuracyBefore).not.toBeNull();
    expect(run.accuracyAfter).toBeGreaterThanOrEqual(0);
    expect(run.accuracyAfter).toBeLessThanOrEqual(1);

    const afterModels = await q('SELECT id FROM service_models WHERE client_id = (SELECT id FROM service_clients WHERE code = $1)', [CLIENT]);
    expect(afterModels.length).toBe(beforeModels.length + 1);
    expect((await classify(question)).intent).toBe('ongkir');
    // The answer index gives the agent's answer to a question like the corrected one.
    const reply = (await call(t, intentEp.virtualChat, { params: { clientCode: CLIENT }, body: { message: question }, token: admin })).json();
    // (inside the intent's template, as any answer of that intent)
    expect(reply).toMatchObject({ handedOver: false, reply: 'Ongkirnya: Ke Surabaya biasanya 2-3 hari kerja.', intent: 'ongkir' });

    const runs = (await call(t, ep.listFineTuneRuns, { params: { clientCode: CLIENT }, token: admin })).json().data;
    expect(runs.map((r) => r.runId)).toEqual([run.runId]);
    expect(await q(`SELECT action FROM audit_log WHERE module = 'service.fine-tuning' AND entity_id = $1`, [run.runId])).toEqual([{ action: 'create' }]);
  });
});

describe('fine tuning on an openai-compatible provider', () => {
  beforeAll(async () => {
    const put = await call(t, aiSettingsEndpoints.saveAiSettings, {
      body: {
        provider: 'openai-compatible',
        baseUrl: server.baseUrl,
        apiKey: 'sk-fine-tune-test',
        models: { chat: 'gpt-test', embedding: 'emb', structured: 'gpt-test', image: '' },
        prices: [],
        timeoutSeconds: 5,
      },
      token: admin,
    });
    expect(put.statusCode, put.body).toBe(200);
    server.apiKey = 'sk-fine-tune-test';
  });
  afterAll(async () => {
    await call(t, aiSettingsEndpoints.saveAiSettings, { body: LOCAL, token: admin });
  });

  it('uploads the JSONL, creates the job on the base model, follows it to succeeded and answers the client’s chats with the fine-tuned model', async () => {
    server.requests.length = 0;
    const started = await call(t, ep.startFineTuneRun, { params: { clientCode: CLIENT }, token: admin });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ provider: 'openai-compatible', baseModel: 'gpt-test', status: 'pending' });
    const run = await finished(started.json().runId);
    expect(run).toMatchObject({ status: 'succeeded', progress: 100, errorCode: null, lastEvent: 'The job has successfully completed' });
    expect(run.fineTunedModel).toMatch(/^ft:gpt-test:org-test:toko:/);

    const upload = server.requests.find((r) => r.method === 'POST' && r.path === '/v1/files')!;
    expect(upload.authorization).toBe('Bearer sk-fine-tune-test');
    const file = server.files.get(run.fileId!)!;
    expect(file.purpose).toBe('fine-tune');
    const exported = (await call(t, ep.exportTrainingSet, { params: { clientCode: CLIENT }, token: admin })).body;
    expect(file.content).toBe(exported);
    const create = server.requests.find((r) => r.path === '/v1/fine_tuning/jobs')!;
    expect(create.body).toEqual({ training_file: run.fileId, model: 'gpt-test', suffix: 'toko' });
    const statuses = server.fineTuneJobs
      .get(run.jobId!)!
      .events.map((e) => e.message)
      .reverse();
    expect(statuses).toEqual([
      `Validating training file: ${run.fileId}`,
      'Files validated, moving job to queued state',
      'Step 1/2: training loss=0.50',
      'Step 2/2: training loss=0.33',
      'The job has successfully completed',
    ]);

    server.requests.length = 0;
    await call(t, intentEp.virtualChat, { params: { clientCode: CLIENT }, body: { message: 'berapa ongkos kirim ke bandung' }, token: admin });
    const chats = server.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => (r.body as { model: string }).model);
    expect(chats.length).toBeGreaterThan(0);
    expect(new Set(chats)).toEqual(new Set([run.fineTunedModel]));
  });

  it('ends a run the provider failed with ai_response_failed and the provider’s words; the chat keeps the model that succeeded', async () => {
    server.minExamples = 1000;
    try {
      const started = await call(t, ep.startFineTuneRun, { params: { clientCode: CLIENT }, token: admin });
      const run = await finished(started.json().runId);
      expect(run).toMatchObject({ status: 'failed', errorCode: 'ai_response_failed', fineTunedModel: null });
      expect(run.error).toBe('invalid_n_examples: Training file has 14 example(s), but must have at least 1000 examples');
    } finally {
      server.minExamples = 10;
    }
    server.fineTuneOutcome = 'failed';
    try {
      const run = await finished((await call(t, ep.startFineTuneRun, { params: { clientCode: CLIENT }, token: admin })).json().runId);
      expect(run).toMatchObject({ status: 'failed', error: 'server_error: The job failed due to an internal error.' });
    } finally {
      server.fineTuneOutcome = 'succeeded';
    }
    const runs = (await call(t, ep.listFineTuneRuns, { params: { clientCode: CLIENT }, token: admin })).json().data;
    expect(runs.map((r) => r.status)).toEqual(['failed', 'failed', 'succeeded', 'succeeded']);
    server.requests.length = 0;
    await call(t, intentEp.virtualChat, { params: { clientCode: CLIENT }, body: { message: 'berapa ongkos kirim ke bandung' }, token: admin });
    const models = server.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => (r.body as { model: string }).model);
    expect(new Set(models)).toEqual(new Set([runs[2].fineTunedModel]));
  });

  it('refuses a second run while one is going, and cancels it at the provider', async () => {
    fineTuneFollow.delayMs = 60_000;
    try {
      const started = (await call(t, ep.startFineTuneRun, { params: { clientCode: CLIENT }, token: admin })).json();
      let run = started;
      while (!run.jobId) {
        await new Promise((r) => setTimeout(r, 20));
        run = (await call(t, ep.getFineTuneRun, { params: { runId: started.runId }, token: admin })).json();
      }
      expect(run.status).toBe('validating_files');
      expect(run.progress).toBe(10);
      const again = await call(t, ep.startFineTuneRun, { params: { clientCode: CLIENT }, token: admin });
      expect(again.error().errorCode).toBe('process_cannot_be_requested');

      const cancelled = await call(t, ep.cancelFineTuneRun, { params: { runId: run.runId }, token: admin });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
      expect(server.requests.some((r) => r.method === 'POST' && r.path === `/v1/fine_tuning/jobs/${run.jobId}/cancel`)).toBe(true);
      expect(server.fineTuneJobs.get(run.jobId!)!.job.status).toBe('cancelled');
      // Cancelling again answers the run as it is, without asking the provider.
      const calls = server.requests.length;
      expect((await call(t, ep.cancelFineTuneRun, { params: { runId: run.runId }, token: admin })).json().status).toBe('cancelled');
      expect(server.requests.length).toBe(calls);
      expect(
        (await q(`SELECT action FROM audit_log WHERE module = 'service.fine-tuning' AND entity_id = $1 ORDER BY at`, [run.runId])).map((r) => r.action),
      ).toEqual(['create', 'update']);
    } finally {
      fineTuneFollow.delayMs = 20;
    }
  });

  it('answers service_fine_tune_set_empty for a client without chat examples', async () => {
    await call(t, clientEp.createServiceClient, { body: { code: 'KOSONG', name: 'Kosong', businessField: '', systemInstruction: '' }, token: admin });
    expect((await call(t, ep.startFineTuneRun, { params: { clientCode: 'KOSONG' }, token: admin })).error()).toEqual({
      errorCode: 'service_fine_tune_set_empty',
      errorArgs: ['KOSONG'],
    });
  });
});

describe('fine tuning access', () => {
  const all = Object.entries(ep) as [string, Endpoint][];

  it('answers fine_tunning_not_exists for a run that does not exist', async () => {
    const res = await call(t, ep.getFineTuneRun, { params: { runId: crypto.randomUUID() }, token: admin });
    expect(res.statusCode).toBe(404);
    expect(res.error().errorCode).toBe('fine_tunning_not_exists');
    expect((await call(t, ep.cancelFineTuneRun, { params: { runId: crypto.randomUUID() }, token: admin })).error().errorCode).toBe('fine_tunning_not_exists');
  });

  it('answers 403 on every fine-tuning endpoint to a user without viewFineTuning', async () => {
    const cashier = await t.login('cashier');
    for (const [name, e] of all) {
      const url = `/api${fillPath(e.path, { clientCode: CLIENT, runId: crypto.randomUUID() })}`;
      const res = await t.request({ method: e.method, url, token: cashier, payload: e.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${name} ${res.body}`).toBe(403);
    }
  });

  it("shows a second tenant none of the first one's runs or training set", async () => {
    await t.seedTenant('beta');
    const other = await t.login('admin', 'beta');
    const [run] = await q<{ id: string }>('SELECT id FROM service_fine_tunes WHERE tenant_id = $1 LIMIT 1', [demoId]);
    expect((await call(t, ep.getFineTuneRun, { params: { runId: run.id }, token: other })).error().errorCode).toBe('fine_tunning_not_exists');
    expect((await call(t, ep.cancelFineTuneRun, { params: { runId: run.id }, token: other })).error().errorCode).toBe('fine_tunning_not_exists');
    expect((await call(t, ep.listFineTuneRuns, { params: { clientCode: CLIENT }, token: other })).error().errorCode).toBe('service_client_not_found');
    expect((await call(t, ep.getTrainingSet, { params: { clientCode: CLIENT }, token: other })).error().errorCode).toBe('service_client_not_found');
    const betaId = await t.tenantId('beta');
    const seen = await withTenant(t.pools.app, betaId, async (tx) => (await tx.execute('SELECT count(*)::int AS n FROM service_fine_tunes')).rows[0]);
    expect(seen.n).toBe(0);
  });
});
