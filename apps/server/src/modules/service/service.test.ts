import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aiSettingsEndpoints,
  DEFAULT_TENANT,
  fillPath,
  serviceClientEndpoints as clientEp,
  serviceDatasetEndpoints as datasetEp,
  serviceIntentEndpoints as intentEp,
  XLSX_CONTENT_TYPE,
  type Endpoint,
  type ImportRun,
  type TrainingState,
} from '@nusa/contracts';
import { call } from '../../../test/call.ts';
import { startOpenAiTestServer } from '../../../test/openai-server.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { withTenant } from '../../platform/db/tenant.ts';
import { workbook } from '../../platform/files/sheet-test-kit.ts';
import { answerCustomer } from './bot/index.ts';
import { seedWidgetChannel } from './channels/index.ts';
import { clientRowByCode } from './clients/service.ts';
import { INBOX_CHANNEL, messagesOf, openConversation } from './conversations/service.ts';
import { DEMO_SERVICE_CLIENT } from './seed.ts';

let t: TestApp;
let admin: string;
let demoId: string;
let inbox: pg.Client;
const notices: string[] = [];

beforeAll(async () => {
  t = await createTestApp('service');
  admin = await t.login('admin');
  demoId = await t.tenantId(DEFAULT_TENANT);
  inbox = new pg.Client({ connectionString: t.databaseUrl });
  await inbox.connect();
  inbox.on('notification', (n) => notices.push(n.payload ?? ''));
  await inbox.query(`LISTEN ${INBOX_CHANNEL}`);
});
afterAll(async () => {
  await inbox.end();
  await t.close();
});

const q = async <R extends object = Record<string, unknown>>(text: string, values: unknown[] = []) => (await t.pools.owner.query<R>(text, values)).rows;
/** Notifications committed so far (the server sends pending ones before it answers the next query). */
const inboxNotices = async () => {
  await inbox.query('SELECT 1');
  return notices.map((n) => JSON.parse(n) as { tenantId: string; conversationId: string });
};

async function upload(path: string, file: Buffer, token = admin): Promise<ImportRun> {
  const res = await t.request({ method: 'POST', url: `/api${path}`, token, payload: file, headers: { 'content-type': XLSX_CONTENT_TYPE } });
  expect(res.statusCode, res.body).toBe(200);
  let run = res.json<ImportRun>();
  while (run.status === 'queued' || run.status === 'running') {
    await new Promise((r) => setTimeout(r, 30));
    run = (await call(t, datasetEp.getServiceImport, { params: { importId: run.importId }, token })).json();
  }
  return run;
}

async function trained(clientCode: string, token = admin): Promise<TrainingState> {
  for (;;) {
    const state = (await call(t, intentEp.getServiceTraining, { params: { clientCode }, token })).json();
    if (state.status === 'done' || state.status === 'failed') return state;
    await new Promise((r) => setTimeout(r, 30));
  }
}

const chat = (message: string, conversationId?: string, clientCode = DEMO_SERVICE_CLIENT, token = admin) =>
  call(t, intentEp.virtualChat, { params: { clientCode }, body: { message, conversationId }, token });

describe('service clients', () => {
  it('creates a client from {code, name, businessField, systemInstruction} with default AI and human CS settings, edits, refuses a taken code, deletes; each write audited', async () => {
    const created = await call(t, clientEp.createServiceClient, {
      body: { code: 'KOPI', name: 'Kedai Kopi Nusa', businessField: 'F&B', systemInstruction: 'Jawab ramah.' },
      token: admin,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      code: 'KOPI',
      name: 'Kedai Kopi Nusa',
      businessField: 'F&B',
      systemInstruction: 'Jawab ramah.',
      engine: null,
      confidenceThreshold: 0.5,
      active: 'Y',
      handoverRules: { lowConfidence: true, outOfScope: true, askForPerson: true, aiUnavailable: true },
      setupState: { status: 'draft' },
    });
    expect(
      (await call(t, clientEp.createServiceClient, { body: { code: 'kopi', name: 'Lain', businessField: '', systemInstruction: '' }, token: admin })).error(),
    ).toEqual({ errorCode: 'service_client_code_already_exists', errorArgs: ['kopi'] });
    const edited = await call(t, clientEp.updateServiceClient, {
      params: { clientCode: 'kopi' },
      body: { confidenceThreshold: 0.7, greeting: 'Halo!', maxConcurrentChats: 3, active: 'N' },
      token: admin,
    });
    expect(edited.json()).toMatchObject({
      code: 'KOPI',
      name: 'Kedai Kopi Nusa',
      confidenceThreshold: 0.7,
      greeting: 'Halo!',
      maxConcurrentChats: 3,
      active: 'N',
    });
    const list = (await call(t, clientEp.listServiceClients, { query: { keyword: 'nusa' }, token: admin })).json();
    expect(list.items.map((c) => c.code)).toEqual(['KOPI']);
    expect((await call(t, clientEp.getServiceClient, { params: { clientCode: 'NOPE' }, token: admin })).error().errorCode).toBe('service_client_not_found');
    expect((await call(t, clientEp.deleteServiceClient, { params: { clientCode: 'KOPI' }, token: admin })).statusCode).toBe(200);
    const audit = await q<{ action: string }>(
      `SELECT action FROM audit_log WHERE tenant_id = $1 AND module = 'service.client' AND entity_id = $2 ORDER BY at, id`,
      [demoId, created.json().clientId],
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'deactivate', 'delete']);
  });
});

describe('datasets and items', () => {
  let datasetId: string;
  it('makes a dataset with typed attributes; items are checked by type, searched as the bot searches, paged, exported and imported back', async () => {
    await call(t, clientEp.createServiceClient, {
      body: { code: 'ROTI', name: 'Toko Roti Mawar', businessField: 'Bakery', systemInstruction: '' },
      token: admin,
    });
    const ds = await call(t, datasetEp.createServiceDataset, {
      params: { clientCode: 'ROTI' },
      body: {
        name: 'Menu',
        attributes: [
          { name: 'Nama', type: 'TEXT' },
          { name: 'Harga', type: 'NUMBER' },
          { name: 'Catatan', type: 'ANY' },
        ],
      },
      token: admin,
    });
    expect(ds.statusCode, ds.body).toBe(200);
    datasetId = ds.json().datasetId;
    expect(
      (
        await call(t, datasetEp.createServiceDataset, {
          params: { clientCode: 'ROTI' },
          body: { name: 'menu', attributes: [{ name: 'A', type: 'ANY' }] },
          token: admin,
        })
      ).error().errorCode,
    ).toBe('service_dataset_name_already_exists');
    expect(
      (
        await call(t, datasetEp.createServiceDataset, {
          params: { clientCode: 'ROTI' },
          body: {
            name: 'Dua',
            attributes: [
              { name: 'A', type: 'ANY' },
              { name: 'a', type: 'TEXT' },
            ],
          },
          token: admin,
        })
      ).error().errorCode,
    ).toBe('service_dataset_attribute_duplicate');

    const add = (values: Record<string, string | number | null>) =>
      call(t, datasetEp.createDatasetItem, { params: { datasetId }, body: { values }, token: admin });
    expect((await add({ Nama: 'Roti Sobek Cokelat', Harga: 'Rp 28.000', Catatan: 'Isi 12' })).json().values).toEqual({
      Nama: 'Roti Sobek Cokelat',
      Harga: '28000',
      Catatan: 'Isi 12',
    });
    expect((await add({ nama: 'Croissant Mentega', harga: 14500.5 })).json().values).toEqual({ Nama: 'Croissant Mentega', Harga: '14500.5' });
    expect((await add({ Nama: 'Bolu Pandan', Harga: 'murah' })).error()).toEqual({ errorCode: 'service_item_value_not_number', errorArgs: ['Harga', 'murah'] });
    expect((await add({ Rasa: 'manis' })).error()).toEqual({ errorCode: 'service_item_attribute_unknown', errorArgs: ['Rasa'] });
    expect((await add({ Nama: '' })).error().errorCode).toBe('service_item_empty');

    const search = (keyword?: string, page = 1, limit = 25) =>
      call(t, datasetEp.listDatasetItems, { params: { datasetId }, query: { keyword, page, limit }, token: admin });
    expect((await search('croisant')).json().items.map((i) => i.values.Nama)).toEqual(['Croissant Mentega']);
    expect((await search('harga roti cokelat')).json().items[0].values.Nama).toBe('Roti Sobek Cokelat');
    expect((await search(undefined, 2, 5)).json()).toMatchObject({ items: [], total: 2 });

    const exported = await t.request({ method: 'GET', url: `/api${fillPath(datasetEp.exportDatasetItems.path, { datasetId })}`, token: admin });
    expect(exported.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const croissantId = (await search('croissant')).json().items[0].itemId;
    const file = await workbook(
      ['Nama', 'Harga', 'Catatan', 'ID'],
      [
        ['Croissant Mentega', 16000, 'Naik harga', croissantId],
        ['Donat Gula', '7.500', null, null],
        ['Kue Lapis', 'mahal', null, null],
      ],
    );
    const run = await upload(fillPath(datasetEp.importDatasetItems.path, { datasetId }), file);
    expect(run).toMatchObject({
      status: 'done',
      report: {
        rows: 3,
        created: 1,
        updated: 1,
        errors: [{ row: 4, column: 'a2', errorCode: 'service_item_value_not_number', errorArgs: ['Harga', 'mahal'] }],
      },
    });
    const items = (await search()).json().items;
    expect(items.map((i) => [i.values.Nama, i.values.Harga])).toEqual([
      ['Roti Sobek Cokelat', '28000'],
      ['Croissant Mentega', '16000'],
      ['Donat Gula', '7500'],
    ]);
    expect((await call(t, datasetEp.getServiceDataset, { params: { datasetId }, token: admin })).json().itemCount).toBe(3);
    // The embedding is written with the text.
    expect(
      (
        await q<{ n: number }>('SELECT count(*)::int AS n FROM service_dataset_items WHERE dataset_id = $1 AND array_length(embedding, 1) = 512', [datasetId])
      )[0].n,
    ).toBe(3);
  });

  it('changes attributes only when every item still fits, and deletes a dataset with its items', async () => {
    const change = await call(t, datasetEp.updateServiceDataset, {
      params: { datasetId },
      body: { name: 'Menu', attributes: [{ name: 'Nama', type: 'NUMBER' }] },
      token: admin,
    });
    expect(change.error().errorCode).toBe('service_item_value_not_number');
    const kept = await call(t, datasetEp.updateServiceDataset, {
      params: { datasetId },
      body: {
        name: 'Menu Roti',
        attributes: [
          { name: 'Nama', type: 'TEXT' },
          { name: 'Harga', type: 'NUMBER' },
        ],
      },
      token: admin,
    });
    expect(kept.json()).toMatchObject({ name: 'Menu Roti', itemCount: 3 });
    expect(
      (await q<{ text: string }>(`SELECT text FROM service_dataset_items WHERE dataset_id = $1 AND values->>'Nama' = 'Roti Sobek Cokelat'`, [datasetId]))[0]
        .text,
    ).toBe('Nama: Roti Sobek Cokelat; Harga: 28.000');
    expect((await call(t, datasetEp.deleteServiceDataset, { params: { datasetId }, token: admin })).statusCode).toBe(200);
    expect((await q('SELECT 1 FROM service_dataset_items WHERE dataset_id = $1', [datasetId])).length).toBe(0);
  });
});

describe('intents, import, training and classification', () => {
  it('imports phrases from an xlsx (intent, example), trains as a job with held-out metrics, and classifies', async () => {
    const rows: (string | null)[][] = [];
    const phrases: Record<string, string[]> = {
      harga_roti: [
        'berapa harga roti sobek',
        'harga croissant berapa',
        'roti tawar harganya berapa kak',
        'how much is the croissant',
        'price of the bread',
        'brp harga donat',
        'harga bolu pandan berapa',
        'what does the donut cost',
        'berapa duit roti cokelat',
        'harga kue lapis',
      ],
      jam_buka: [
        'jam berapa toko buka',
        'buka jam berapa kak',
        'toko tutup jam berapa',
        'what time do you open',
        'are you open on sunday',
        'minggu buka gak',
        'jam operasional toko',
        'when do you close',
        'hari libur buka?',
        'opening hours please',
      ],
      pesan_antar: [
        'bisa delivery gak',
        'bisa kirim ke rumah',
        'pesan antar bisa?',
        'do you deliver',
        'can you send it to my house',
        'ongkir ke depok berapa',
        'bisa gojek',
        'delivery area where',
        'kirim pakai kurir bisa',
        'antar ke kantor bisa',
      ],
    };
    for (const [intent, examples] of Object.entries(phrases)) for (const e of examples) rows.push([intent, e]);
    rows.push(['harga_roti', 'berapa harga roti sobek'], [null, 'tanpa intent']);
    const run = await upload(fillPath(intentEp.importServiceIntents.path, { clientCode: 'ROTI' }), await workbook(['intent', 'example'], rows));
    expect(run).toMatchObject({
      status: 'done',
      report: { rows: 32, created: 30, unchanged: 1, errors: [{ row: 33, column: 'intent', errorCode: 'value_cannot_null' }] },
    });
    const list = (await call(t, intentEp.listServiceIntents, { params: { clientCode: 'ROTI' }, query: {}, token: admin })).json();
    expect(list.items.map((i) => [i.name, i.phraseCount])).toEqual([
      ['harga_roti', 10],
      ['jam_buka', 10],
      ['pesan_antar', 10],
    ]);

    expect(
      (await call(t, intentEp.classifyServiceText, { params: { clientCode: 'ROTI' }, body: { text: 'harga roti' }, token: admin })).error().errorCode,
    ).toBe('service_model_not_trained');
    const queued = await call(t, intentEp.trainServiceClient, { params: { clientCode: 'ROTI' }, token: admin });
    expect(queued.json()).toMatchObject({ status: 'queued' });
    const again = await call(t, intentEp.trainServiceClient, { params: { clientCode: 'ROTI' }, token: admin });
    if (again.statusCode !== 200) expect(again.error().errorCode).toBe('process_cannot_be_requested');
    const state = await trained('ROTI');
    expect(state).toMatchObject({ status: 'done', intents: 3, examples: 30, errorCode: null });
    expect(state.metrics!.heldOut).toBe(6);
    expect(state.metrics!.perIntent.map((m) => [m.intent, m.support])).toEqual([
      ['harga_roti', 2],
      ['jam_buka', 2],
      ['pesan_antar', 2],
    ]);
    for (const m of state.metrics!.perIntent) for (const v of [m.precision, m.recall]) expect(v).toBeGreaterThanOrEqual(0);
    expect(state.trainedAt).not.toBeNull();

    const classify = async (text: string) =>
      (await call(t, intentEp.classifyServiceText, { params: { clientCode: 'ROTI' }, body: { text }, token: admin })).json();
    expect(await classify('berapa harga roti cokelat')).toMatchObject({ intent: 'harga_roti', outOfScope: false });
    expect(await classify('what time do you close on sunday')).toMatchObject({ intent: 'jam_buka', outOfScope: false });
    expect(await classify('siapa presiden pertama indonesia')).toMatchObject({ intent: null, outOfScope: true });
    // Classification is metered on the client.
    expect(
      (
        await q<{ n: number }>(`SELECT count(*)::int AS n FROM ai_usage WHERE tenant_id = $1 AND purpose = 'intent' AND area = 'chat' AND outcome = 'ok'`, [
          demoId,
        ])
      )[0].n,
    ).toBeGreaterThanOrEqual(3);
  });

  it('refuses a file that is no xlsx at once and ends a run on unknown columns failed, for both service imports', async () => {
    const [dataset] = await q<{ id: string }>(
      'SELECT d.id FROM service_datasets d JOIN service_clients c ON c.id = d.client_id WHERE c.tenant_id = $1 AND c.code = $2 LIMIT 1',
      [demoId, DEMO_SERVICE_CLIENT],
    );
    for (const path of [
      fillPath(datasetEp.importDatasetItems.path, { datasetId: dataset.id }),
      fillPath(intentEp.importServiceIntents.path, { clientCode: 'ROTI' }),
    ]) {
      const text = await t.request({
        method: 'POST',
        url: `/api${path}`,
        token: admin,
        payload: Buffer.from('intent,example\na,b\n'),
        headers: { 'content-type': XLSX_CONTENT_TYPE },
      });
      expect(text.json(), path).toEqual({ errorCode: 'sheet_import_file_invalid', errorArgs: [] });
      const run = await upload(path, await workbook(['Apa', 'Ini'], [['x', 'y']]));
      expect(run, path).toMatchObject({ status: 'failed', errorCode: 'sheet_import_column_missing', report: null });
    }
    const unknown = await t.request({
      method: 'POST',
      url: `/api${fillPath(intentEp.importServiceIntents.path, { clientCode: 'NOPE' })}`,
      token: admin,
      payload: await workbook(['intent', 'example'], [['a', 'b']]),
      headers: { 'content-type': XLSX_CONTENT_TYPE },
    });
    expect(unknown.json().errorCode).toBe('service_client_not_found');
  });

  it('edits intents and phrases: duplicates refused, xlsx export read back by the import', async () => {
    const made = await call(t, intentEp.createServiceIntent, {
      params: { clientCode: 'ROTI' },
      body: { name: 'minta_cs', action: 'handover', phrases: ['mau bicara dengan orang', 'Mau bicara dengan orang'] },
      token: admin,
    });
    expect(made.json()).toMatchObject({ name: 'minta_cs', action: 'handover', phraseCount: 1 });
    const intentId = made.json().intentId;
    expect((await call(t, intentEp.createServiceIntent, { params: { clientCode: 'ROTI' }, body: { name: 'MINTA_CS' }, token: admin })).error().errorCode).toBe(
      'service_intent_name_already_exists',
    );
    expect((await call(t, intentEp.addIntentPhrase, { params: { intentId }, body: { text: 'MAU BICARA DENGAN ORANG' }, token: admin })).error().errorCode).toBe(
      'service_phrase_duplicate',
    );
    const added = (await call(t, intentEp.addIntentPhrase, { params: { intentId }, body: { text: 'hubungkan ke admin' }, token: admin })).json();
    const phraseId = added.phrases.find((p) => p.text === 'hubungkan ke admin')!.phraseId;
    expect((await call(t, intentEp.deleteIntentPhrase, { params: { intentId, phraseId }, token: admin })).json().phraseCount).toBe(1);
    expect(
      (
        await call(t, intentEp.updateServiceIntent, {
          params: { intentId },
          body: { name: 'minta_cs', action: 'answer', responseText: 'Sebentar ya' },
          token: admin,
        })
      ).json(),
    ).toMatchObject({ action: 'answer', responseText: 'Sebentar ya' });
    const exported = await t.request({ method: 'GET', url: `/api${fillPath(intentEp.exportServiceIntents.path, { clientCode: 'ROTI' })}`, token: admin });
    expect(exported.statusCode).toBe(200);
    const run = await upload(fillPath(intentEp.importServiceIntents.path, { clientCode: 'ROTI' }), exported.rawPayload);
    expect(run).toMatchObject({ status: 'done', report: { rows: 31, created: 0, unchanged: 31, errors: [] } });
    expect((await call(t, intentEp.deleteServiceIntent, { params: { intentId }, token: admin })).statusCode).toBe(200);
    expect((await call(t, intentEp.getServiceIntent, { params: { intentId }, token: admin })).error().errorCode).toBe('service_intent_not_found');
  });
});

describe('the bot on the demo client', () => {
  it('answers a price question from the dataset with the right price, its intent, confidence and source, metered in a chat session', async () => {
    const res = await chat('berapa harga kain batik parang kak?');
    expect(res.statusCode, res.body).toBe(200);
    const turn = res.json();
    expect(turn).toMatchObject({ intent: 'tanya_harga', handedOver: false, handoverReason: null });
    // The price itself in a sentence (issue 24), not the product's record.
    expect(turn.reply).toBe('Harga Kain Batik Parang Rp350.000.');
    expect(turn.confidence).toBeGreaterThan(0.5);
    expect(turn.sources[0].text).toContain('Kain Batik Parang');

    const en = (await chat('how much is the silk scarf?', turn.conversationId)).json();
    expect(en, JSON.stringify(en)).toMatchObject({ conversationId: turn.conversationId, handedOver: false });
    expect(en.reply).toBe('The Selendang Batik Sutra costs Rp450,000.');

    const stored = await q<{ sender: string; intent: string | null; sources: string[] }>(
      'SELECT sender, intent, sources FROM service_messages WHERE conversation_id = $1 ORDER BY at, id',
      [turn.conversationId],
    );
    expect(stored.map((m) => m.sender)).toEqual(['customer', 'bot', 'customer', 'bot']);
    expect(stored[1].sources).toEqual(turn.sources.map((s) => s.itemId));
    const [conversation] = await q<{ chat_session_id: string; status: string; last_intent: string }>(
      'SELECT chat_session_id, status, last_intent FROM service_conversations WHERE id = $1',
      [turn.conversationId],
    );
    expect(conversation).toMatchObject({ status: 'bot', last_intent: 'tanya_harga' });
    const [client] = await q<{ ou_id: string }>(`SELECT ou_id FROM service_clients WHERE tenant_id = $1 AND code = $2`, [demoId, DEMO_SERVICE_CLIENT]);
    const usage = await q<{ purpose: string; client_ou_id: string; area: string; outcome: string }>(
      'SELECT purpose, client_ou_id, area, outcome FROM ai_usage WHERE chat_session_id = $1 ORDER BY at, id',
      [conversation.chat_session_id],
    );
    expect(usage.map((u) => [u.purpose, u.area, u.client_ou_id, u.outcome])).toEqual([
      ['intent', 'chat', client.ou_id, 'ok'],
      ['chat', 'chat', client.ou_id, 'ok'],
      ['intent', 'chat', client.ou_id, 'ok'],
      ['chat', 'chat', client.ou_id, 'ok'],
    ]);
    expect((await q('SELECT 1 FROM ai_chat_sessions WHERE id = $1 AND client_ou_id = $2', [conversation.chat_session_id, client.ou_id])).length).toBe(1);
  });

  it('hands over when the customer asks for a person; later messages wait for the agent; a virtual chat never tells the inbox', async () => {
    const first = (await chat('halo kak')).json();
    expect(first).toMatchObject({ intent: 'salam', handedOver: false });
    const res = (await chat('saya mau bicara dengan CS', first.conversationId)).json();
    expect(res).toMatchObject({ handedOver: true, handoverReason: 'asked_for_person' });
    expect(res.reply).toMatch(/petugas CS/);
    // The virtual chat is a sandbox (issue 24): it waits as a customer's chat would, but no agent is told.
    expect(res.status).toBe('waiting');
    expect(await inboxNotices()).not.toContainEqual({ tenantId: demoId, conversationId: first.conversationId });
    const [row] = await q<{ status: string; handover_reason: string }>('SELECT status, handover_reason FROM service_conversations WHERE id = $1', [
      first.conversationId,
    ]);
    expect(row).toEqual({ status: 'waiting', handover_reason: 'asked_for_person' });
    const later = (await chat('halo? masih di sana?', first.conversationId)).json();
    expect(later).toMatchObject({ reply: '', handedOver: true, status: 'waiting' });
    expect((await q('SELECT 1 FROM service_messages WHERE conversation_id = $1', [first.conversationId])).length).toBe(5);
  });

  it('hands over an out-of-scope question and an intent whose action is hand-over, in English too', async () => {
    const off = (await chat('siapa presiden pertama indonesia')).json();
    expect(off.handedOver).toBe(true);
    expect(['out_of_scope', 'low_confidence']).toContain(off.handoverReason);
    const order = (await chat('where is my order? it has not arrived')).json();
    expect(order).toMatchObject({ handedOver: true });
    expect(order.reply).toMatch(/customer service staff/);
  });

  it("hands over when the AI provider fails, keeping the customer's message and metering the failure", async () => {
    const server = await startOpenAiTestServer();
    const local = { provider: 'local' as const, baseUrl: '', models: { chat: '', embedding: '', structured: '', image: '' }, prices: [], timeoutSeconds: 30 };
    try {
      const put = await call(t, aiSettingsEndpoints.saveAiSettings, {
        body: {
          provider: 'openai-compatible',
          baseUrl: server.baseUrl,
          apiKey: 'sk-test',
          models: { chat: 'gpt-test', embedding: 'emb', structured: 'gpt-test', image: '' },
          prices: [],
          timeoutSeconds: 5,
        },
        token: admin,
      });
      expect(put.statusCode, put.body).toBe(200);
      server.failNext(500, 100);
      const res = await chat('berapa harga kemeja batik lengan panjang?');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ handedOver: true, handoverReason: 'ai_unavailable', intent: 'tanya_harga' });
      const messages = await q<{ sender: string; text: string }>('SELECT sender, text FROM service_messages WHERE conversation_id = $1 ORDER BY at, id', [
        res.json().conversationId,
      ]);
      expect(messages[0]).toEqual({ sender: 'customer', text: 'berapa harga kemeja batik lengan panjang?' });
      expect(messages[1].sender).toBe('bot');
      expect(server.requests.some((r) => r.path.endsWith('/chat/completions'))).toBe(true);
      const [c] = await q<{ chat_session_id: string }>('SELECT chat_session_id FROM service_conversations WHERE id = $1', [res.json().conversationId]);
      expect(
        (await q<{ outcome: string }>(`SELECT outcome FROM ai_usage WHERE chat_session_id = $1 AND purpose = 'chat'`, [c.chat_session_id])).map(
          (u) => u.outcome,
        ),
      ).toEqual(['failed']);
    } finally {
      await call(t, aiSettingsEndpoints.saveAiSettings, { body: local, token: admin });
      await server.close();
    }
  });

  it('stores a message the channel delivers twice once, and answers it once', async () => {
    const turns = await withTenant(t.pools.app, demoId, async (tx) => {
      const client = await clientRowByCode(tx, DEMO_SERVICE_CLIENT);
      const channelId = await seedWidgetChannel(tx, demoId, client.id, 'Widget sekar.example');
      const conversation = await openConversation(tx, demoId, client.id, { channelKind: 'web', channelId, customerKey: 'web:visitor-1' });
      const first = await answerCustomer(tx, client, conversation, 'jam buka toko?', { externalId: 'm-1' });
      const second = await answerCustomer(tx, client, conversation, 'jam buka toko?', { externalId: 'm-1' });
      return { first, second, messages: await messagesOf(tx, conversation.id) };
    });
    expect(turns.first).toMatchObject({ duplicate: false, intent: 'jam_buka' });
    expect(turns.first.reply).toContain('09.00');
    expect(turns.second).toMatchObject({ duplicate: true, reply: '' });
    expect(turns.messages.map((m) => [m.sender, m.externalId])).toEqual([
      ['customer', 'm-1'],
      ['bot', null],
    ]);
  });

  it('keeps the demo client while it has conversations', async () => {
    expect((await call(t, clientEp.deleteServiceClient, { params: { clientCode: DEMO_SERVICE_CLIENT }, token: admin })).error()).toEqual({
      errorCode: 'used_by_another_table',
      errorArgs: ['service_conversations'],
    });
  });
});

describe('access', () => {
  const service = Object.entries({ ...clientEp, ...datasetEp, ...intentEp }) as [string, Endpoint][];

  it('answers 403 on every service endpoint to a user without its tasks, whatever the parameters', async () => {
    expect(service.length).toBe(32);
    const cashier = await t.login('cashier');
    for (const [name, e] of service) {
      const url = `/api${fillPath(e.path, { clientCode: DEMO_SERVICE_CLIENT, datasetId: crypto.randomUUID(), itemId: crypto.randomUUID(), intentId: crypto.randomUUID(), phraseId: crypto.randomUUID(), importId: crypto.randomUUID() })}`;
      const res = await t.request({ method: e.method, url, token: cashier, payload: e.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${name} ${res.body}`).toBe(403);
      expect(res.json().errorCode, name).toBe('forbidden_action');
    }
  });

  it('lets a CS agent use the virtual chat and read intents but not change clients or intents', async () => {
    const agent = await t.login('agent');
    expect((await chat('jam buka toko hari minggu?', undefined, DEMO_SERVICE_CLIENT, agent)).statusCode).toBe(200);
    expect((await call(t, intentEp.listServiceIntents, { params: { clientCode: DEMO_SERVICE_CLIENT }, query: {}, token: agent })).statusCode).toBe(200);
    expect((await call(t, intentEp.createServiceIntent, { params: { clientCode: DEMO_SERVICE_CLIENT }, body: { name: 'x' }, token: agent })).statusCode).toBe(
      403,
    );
    expect((await call(t, intentEp.trainServiceClient, { params: { clientCode: DEMO_SERVICE_CLIENT }, token: agent })).statusCode).toBe(403);
  });

  it("shows a second tenant none of the first one's clients, datasets, intents or conversations", async () => {
    await t.seedTenant('beta');
    const other = await t.login('admin', 'beta');
    expect((await call(t, clientEp.listServiceClients, { query: {}, token: other })).json()).toEqual({ items: [], total: 0 });
    expect((await call(t, clientEp.getServiceClient, { params: { clientCode: DEMO_SERVICE_CLIENT }, token: other })).error().errorCode).toBe(
      'service_client_not_found',
    );
    expect((await chat('harga kain parang', undefined, DEMO_SERVICE_CLIENT, other)).error().errorCode).toBe('service_client_not_found');
    const [dataset] = await q<{ id: string }>('SELECT id FROM service_datasets WHERE tenant_id = $1 LIMIT 1', [demoId]);
    expect((await call(t, datasetEp.getServiceDataset, { params: { datasetId: dataset.id }, token: other })).error().errorCode).toBe(
      'service_dataset_not_found',
    );
    expect((await call(t, datasetEp.listDatasetItems, { params: { datasetId: dataset.id }, query: {}, token: other })).error().errorCode).toBe(
      'service_dataset_not_found',
    );
    const [intent] = await q<{ id: string }>('SELECT id FROM service_intents WHERE tenant_id = $1 LIMIT 1', [demoId]);
    expect((await call(t, intentEp.getServiceIntent, { params: { intentId: intent.id }, token: other })).error().errorCode).toBe('service_intent_not_found');
    // Their own client of the same code is theirs alone; the demo's conversations stay invisible under RLS.
    expect(
      (
        await call(t, clientEp.createServiceClient, {
          body: { code: DEMO_SERVICE_CLIENT, name: 'Beta Sekar', businessField: '', systemInstruction: '' },
          token: other,
        })
      ).statusCode,
    ).toBe(200);
    const [conversation] = await q<{ id: string }>('SELECT id FROM service_conversations WHERE tenant_id = $1 LIMIT 1', [demoId]);
    expect((await chat('halo', conversation.id, DEMO_SERVICE_CLIENT, other)).error().errorCode).toBe('service_conversation_not_found');
    const betaId = await t.tenantId('beta');
    const seen = await withTenant(
      t.pools.app,
      betaId,
      async (tx) =>
        (
          await tx.execute(
            'SELECT (SELECT count(*) FROM service_datasets) + (SELECT count(*) FROM service_dataset_items) + (SELECT count(*) FROM service_intents) + (SELECT count(*) FROM service_messages) + (SELECT count(*) FROM service_models) AS n',
          )
        ).rows[0],
    );
    expect(Number(seen.n)).toBe(0);
  });
});
