import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  serviceClientEndpoints as clientEp,
  serviceDatasetEndpoints as datasetEp,
  serviceIntentEndpoints as intentEp,
  serviceSetupEndpoints as ep,
  SETUP_POLL_ATTEMPTS,
  SETUP_POLL_MS,
  type ServiceSetupState,
} from '@nusa/contracts';
import { call } from '../../../../test/call.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp('service-setup');
  admin = await t.login('admin');
});
afterAll(() => t.close());

/** Polls as the wizard page does (at most SETUP_POLL_ATTEMPTS times, here without the page's 10 s pause). */
async function finished(clientCode: string, token = admin): Promise<ServiceSetupState> {
  for (let i = 0; i < SETUP_POLL_ATTEMPTS * 100; i++) {
    const res = await call(t, ep.getServiceClientSetup, { params: { clientCode }, token });
    expect(res.statusCode, res.body).toBe(200);
    const state = res.json();
    if (state.status === 'done' || state.status === 'failed') return state;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('set-up never finished');
}

const process = (clientCode: string, token = admin) => call(t, ep.processServiceClientSetup, { params: { clientCode }, token });

async function client(code: string, intents: number) {
  expect(
    (
      await call(t, clientEp.createServiceClient, {
        body: { code, name: `Toko ${code}`, businessField: 'Retail', systemInstruction: 'Jawab singkat.' },
        token: admin,
      })
    ).statusCode,
  ).toBe(200);
  const phrases = [
    ['jam buka toko', 'kapan toko buka', 'toko buka jam berapa', 'buka hari minggu?', 'jam operasional', 'tutup jam berapa'],
    ['harga kain batik', 'berapa harganya', 'harga kemeja', 'ada diskon?', 'harga paling murah', 'biaya kirim berapa'],
  ];
  for (let i = 0; i < intents; i++) {
    const res = await call(t, intentEp.createServiceIntent, {
      params: { clientCode: code },
      body: { name: ['jam_buka', 'harga'][i], phrases: phrases[i] },
      token: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const dataset = await call(t, datasetEp.createServiceDataset, {
    params: { clientCode: code },
    body: {
      name: 'Info',
      attributes: [
        { name: 'Topik', type: 'TEXT' },
        { name: 'Isi', type: 'TEXT' },
      ],
    },
    token: admin,
  });
  return dataset.json().datasetId;
}

describe('service client set-up (process all)', () => {
  it('runs import dataset, set up AI and run integration in sequence; the state the page polls tells each step', async () => {
    expect([SETUP_POLL_MS, SETUP_POLL_ATTEMPTS]).toEqual([10_000, 60]);
    const datasetId = await client('SETA', 2);
    await call(t, datasetEp.createDatasetItem, {
      params: { datasetId },
      body: { values: { Topik: 'Jam buka', Isi: 'Setiap hari 08.00-17.00' } },
      token: admin,
    });
    expect((await call(t, ep.getServiceClientSetup, { params: { clientCode: 'SETA' }, token: admin })).json()).toMatchObject({ status: 'draft' });
    const queued = await process('SETA');
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json()).toMatchObject({
      status: 'queued',
      steps: [
        { name: 'importDataset', status: 'pending' },
        { name: 'setupAi', status: 'pending' },
        { name: 'runIntegration', status: 'pending' },
      ],
    });
    const done = await finished('SETA');
    expect(done.status).toBe('done');
    expect(done.steps.map((s) => [s.name, s.status, s.errorCode])).toEqual([
      ['importDataset', 'done', null],
      ['setupAi', 'done', null],
      ['runIntegration', 'done', null],
    ]);
    const training = (await call(t, intentEp.getServiceTraining, { params: { clientCode: 'SETA' }, token: admin })).json();
    expect(training).toMatchObject({ status: 'done', intents: 2, examples: 12 });
    expect(
      (await call(t, intentEp.classifyServiceText, { params: { clientCode: 'SETA' }, body: { text: 'toko buka jam berapa' }, token: admin })).json().intent,
    ).toBe('jam_buka');
    const audit = await t.pools.owner.query(
      `SELECT action FROM audit_log WHERE module = 'service.client' AND entity = 'service-client-setup' AND entity_id = $1`,
      [queued.json().jobId ? (await call(t, clientEp.getServiceClient, { params: { clientCode: 'SETA' }, token: admin })).json().clientId : ''],
    );
    expect(audit.rows.map((r: { action: string }) => r.action)).toEqual(['update']);
  });

  it('stops at a failing step with its error code, and a retry keeps the steps done and runs the failed one again', async () => {
    const datasetId = await client('SETB', 1);
    await process('SETB');
    const noItems = await finished('SETB');
    expect(noItems.status).toBe('failed');
    expect(noItems.steps.map((s) => [s.name, s.status, s.errorCode ?? null])).toEqual([
      ['importDataset', 'failed', 'service_setup_dataset_empty'],
      ['setupAi', 'pending', null],
      ['runIntegration', 'pending', null],
    ]);

    await call(t, datasetEp.createDatasetItem, { params: { datasetId }, body: { values: { Topik: 'Harga', Isi: 'Mulai 50.000' } }, token: admin });
    await process('SETB');
    const oneIntent = await finished('SETB');
    expect(oneIntent.steps.map((s) => [s.name, s.status, s.errorCode ?? null])).toEqual([
      ['importDataset', 'done', null],
      ['setupAi', 'failed', 'service_training_too_few_intents'],
      ['runIntegration', 'pending', null],
    ]);
    const importedAt = oneIntent.steps[0].at;

    await call(t, intentEp.createServiceIntent, {
      params: { clientCode: 'SETB' },
      body: { name: 'harga', phrases: ['harga kain', 'berapa harganya', 'ada diskon', 'harga termurah', 'biaya kirim'] },
      token: admin,
    });
    await process('SETB');
    const retried = await finished('SETB');
    expect(retried.status).toBe('done');
    expect(retried.steps.map((s) => s.status)).toEqual(['done', 'done', 'done']);
    // The dataset step was not run again.
    expect(retried.steps[0].at).toBe(importedAt);
  });

  it('tells what stands before ready: untrained, low accuracy, intents without an answer, no active channel; ready without them', async () => {
    const readiness = async (clientCode: string, token = admin) => {
      const res = await call(t, ep.getServiceClientReadiness, { params: { clientCode }, token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const datasetId = await client('SETR', 2);
    await call(t, datasetEp.createDatasetItem, { params: { datasetId }, body: { values: { Topik: 'Jam buka', Isi: '08.00-17.00' } }, token: admin });
    expect(await readiness('SETR')).toEqual({
      ready: false,
      accuracy: null,
      intentsWithoutAnswer: ['harga', 'jam_buka'],
      channels: [
        { kind: 'web', saved: false, active: false },
        { kind: 'whatsapp', saved: false, active: false },
        { kind: 'telegram', saved: false, active: false },
      ],
      warnings: [
        { code: 'not_trained', args: [] },
        { code: 'intents_without_answer', args: [2, 'harga, jam_buka'] },
        { code: 'no_active_channel', args: [] },
      ],
    });
    // The walk's client: set up "successfully" with intents that have no answers and a held-out accuracy of 20 %.
    await process('SETR');
    expect((await finished('SETR')).status).toBe('done');
    await t.pools.owner.query(
      `UPDATE service_models SET metrics = jsonb_set(metrics, '{accuracy}', '0.2') WHERE client_id = (SELECT id FROM service_clients WHERE code = 'SETR')`,
    );
    const low = await readiness('SETR');
    expect(low).toMatchObject({ ready: false, accuracy: 0.2 });
    expect(low.warnings.map((w) => [w.code, w.args])).toEqual([
      ['low_accuracy', [20, 70]],
      ['intents_without_answer', [2, 'harga, jam_buka']],
      ['no_active_channel', []],
    ]);

    const { items } = (await call(t, intentEp.listServiceIntents, { params: { clientCode: 'SETR' }, query: {}, token: admin })).json();
    for (const i of items)
      await call(t, intentEp.updateServiceIntent, {
        params: { intentId: i.intentId },
        body: { name: i.name, responseText: `Jawaban ${i.name}` },
        token: admin,
      });
    const web = (path: string, payload: object) => t.request({ method: path.endsWith('active') ? 'POST' : 'PUT', url: path, token: admin, payload });
    expect((await web('/api/v1/service/clients/SETR/channels/web', {})).statusCode).toBe(200);
    expect((await readiness('SETR')).channels[0]).toEqual({ kind: 'web', saved: true, active: false });
    expect((await web('/api/v1/service/clients/SETR/channels/web/active', { active: true })).statusCode).toBe(200);
    await t.pools.owner.query(
      `UPDATE service_models SET metrics = jsonb_set(metrics, '{accuracy}', '0.9') WHERE client_id = (SELECT id FROM service_clients WHERE code = 'SETR')`,
    );
    expect(await readiness('SETR')).toMatchObject({ ready: true, accuracy: 0.9, intentsWithoutAnswer: [], warnings: [] });

    const cashier = await t.login('cashier');
    expect((await call(t, ep.getServiceClientReadiness, { params: { clientCode: 'SETR' }, token: cashier })).statusCode).toBe(403);
  });

  it("takes the human CS step's working hours past midnight as given (overnight), and refuses a range that ends where it starts", async () => {
    await client('SETH', 0);
    const save = (from: string, to: string) =>
      call(t, clientEp.updateServiceClient, {
        params: { clientCode: 'SETH' },
        body: { workingHours: { timeZone: 'Asia/Jakarta', days: [1, 2].map((day) => ({ day, from, to })) } },
        token: admin,
      });
    const overnight = await save('23:45', '17:00');
    expect(overnight.statusCode, overnight.body).toBe(200);
    expect(overnight.json().workingHours!.days[0]).toEqual({ day: 1, from: '23:45', to: '17:00' });
    expect((await save('09:00', '09:00')).error()).toEqual({ errorCode: 'service_working_hours_empty', errorArgs: ['09:00'] });
    expect((await save('00:00', '00:00')).statusCode).toBe(200);
    // Nothing of the refused hours was kept.
    const stored = (await call(t, clientEp.getServiceClient, { params: { clientCode: 'SETH' }, token: admin })).json();
    expect(stored.workingHours!.days[0]).toEqual({ day: 1, from: '00:00', to: '00:00' });
  });

  it('refuses process_cannot_be_requested while a run is queued or running', async () => {
    await client('SETC', 2);
    await t.pools.owner.query(`UPDATE service_clients SET setup_state = jsonb_set(setup_state, '{status}', '"running"') WHERE code = 'SETC'`);
    expect((await process('SETC')).error()).toEqual({ errorCode: 'process_cannot_be_requested', errorArgs: [] });
    await t.pools.owner.query(`UPDATE service_clients SET setup_state = jsonb_set(setup_state, '{status}', '"queued"') WHERE code = 'SETC'`);
    expect((await process('SETC')).error().errorCode).toBe('process_cannot_be_requested');
  });

  it('answers 403 to a user without viewDataset and shows a second tenant no client', async () => {
    const cashier = await t.login('cashier');
    expect((await process('SETA', cashier)).statusCode).toBe(403);
    expect((await call(t, ep.getServiceClientSetup, { params: { clientCode: 'SETA' }, token: cashier })).statusCode).toBe(403);
    await t.seedTenant('beta');
    const other = await t.login('admin', 'beta');
    expect((await process('SETA', other)).error().errorCode).toBe('service_client_not_found');
    expect((await call(t, ep.getServiceClientSetup, { params: { clientCode: 'SETA' }, token: other })).error().errorCode).toBe('service_client_not_found');
  });
});
