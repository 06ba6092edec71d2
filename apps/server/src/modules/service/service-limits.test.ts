import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_TENANT,
  fillPath,
  serviceClientEndpoints as clientEp,
  serviceDatasetEndpoints as datasetEp,
  serviceIntentEndpoints as intentEp,
  XLSX_CONTENT_TYPE,
  type ImportRun,
} from '@nusa/contracts';
import { call } from '../../../test/call.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { workbook } from '../../platform/files/sheet-test-kit.ts';

/**
 * The chatbot's storage limits (issue 23): datasets per tenant, items per dataset, rows per xlsx import (items and
 * intents). Small limits are set through the configuration; the `trialcs` tenant is on a free trial, the demo is not.
 */

let t: TestApp;
const TRIAL = 'trialcs';
const trial = { id: '', admin: '' };
let demoAdmin: string;

beforeAll(async () => {
  t = await createTestApp('service-limits', {
    LIMIT_TRIAL_TENANT_DATASETS: '2',
    LIMIT_TRIAL_DATASET_ROWS: '3',
    LIMIT_TRIAL_IMPORT_ROWS: '4',
    LIMIT_IMPORT_ROWS: '8',
  });
  trial.id = await t.seedTenant(TRIAL);
  await t.pools.owner.query('INSERT INTO free_transactions (tenant_id, trial) VALUES ($1, true)', [trial.id]);
  trial.admin = await t.login('admin', TRIAL);
  demoAdmin = await t.login('admin');
  const client = await call(t, clientEp.createServiceClient, {
    body: { code: 'ROTI', name: 'Toko Roti', businessField: 'Bakery', systemInstruction: '' },
    token: trial.admin,
    tenant: TRIAL,
  });
  expect(client.statusCode, client.body).toBe(200);
});
afterAll(() => t.close());

const count = async (sql: string, values: unknown[]) => (await t.pools.owner.query<{ n: number }>(sql, values)).rows[0].n;

async function importRun(path: string, file: Buffer, token: string, tenant?: string): Promise<ImportRun> {
  const res = await t.request({ method: 'POST', url: `/api${path}`, token, tenant, payload: file, headers: { 'content-type': XLSX_CONTENT_TYPE } });
  expect(res.statusCode, res.body).toBe(200);
  let run = res.json<ImportRun>();
  while (run.status === 'queued' || run.status === 'running') {
    await new Promise((r) => setTimeout(r, 30));
    run = (await call(t, datasetEp.getServiceImport, { params: { importId: run.importId }, token, tenant })).json();
  }
  return run;
}
const failure = (run: ImportRun) => ({ status: run.status, errorCode: run.errorCode, errorArgs: run.errorArgs });

const makeDataset = (name: string) =>
  call(t, datasetEp.createServiceDataset, {
    params: { clientCode: 'ROTI' },
    body: { name, attributes: [{ name: 'Nama', type: 'TEXT' }] },
    token: trial.admin,
    tenant: TRIAL,
  });

describe('chatbot datasets of a free-trial tenant', () => {
  const ids: string[] = [];
  const items = (datasetId: string) => count('SELECT count(*)::int AS n FROM service_dataset_items WHERE dataset_id = $1', [datasetId]);

  it('stop at the tenant dataset limit', async () => {
    for (const name of ['Menu', 'Harga']) {
      const made = await makeDataset(name);
      expect(made.statusCode, made.body).toBe(200);
      ids.push(made.json().datasetId);
    }
    const third = await makeDataset('Promo');
    expect(third.statusCode).toBe(422);
    expect(third.json()).toEqual({ errorCode: 'tenant_dataset_limit_reached', errorArgs: [2] });
    expect(await count('SELECT count(*)::int AS n FROM service_datasets WHERE tenant_id = $1', [trial.id])).toBe(2);
  });

  it('take items by hand up to the dataset row limit', async () => {
    const add = (i: number) =>
      call(t, datasetEp.createDatasetItem, { params: { datasetId: ids[0] }, body: { values: { Nama: `Roti ${i}` } }, token: trial.admin, tenant: TRIAL });
    for (let i = 1; i <= 3; i++) expect((await add(i)).statusCode).toBe(200);
    const fourth = await add(4);
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json()).toEqual({ errorCode: 'dataset_row_limit_reached', errorArgs: [3] });
    expect(await items(ids[0])).toBe(3);
  });

  it('refuse an items import past the dataset row limit, keeping none of its items', async () => {
    const path = fillPath(datasetEp.importDatasetItems.path, { datasetId: ids[1] });
    const rows = (n: number) =>
      workbook(
        ['Nama'],
        Array.from({ length: n }, (_, i) => [`Kue ${i + 1}`]),
      );
    expect(failure(await importRun(path, await rows(4), trial.admin, TRIAL))).toEqual({
      status: 'failed',
      errorCode: 'dataset_row_limit_reached',
      errorArgs: [3],
    });
    expect(await items(ids[1])).toBe(0);
    expect(await importRun(path, await rows(3), trial.admin, TRIAL)).toMatchObject({ status: 'done', report: { created: 3 } });
  });
});

describe('the intents import', () => {
  const phrases = (tenantId: string) =>
    count('SELECT count(*)::int AS n FROM service_intent_phrases p JOIN service_intents i ON i.id = p.intent_id WHERE i.tenant_id = $1', [tenantId]);
  const sheet = (n: number, tag: string) =>
    workbook(
      ['intent', 'example'],
      Array.from({ length: n }, (_, i) => [`tanya_${tag}_${i % 2}`, `contoh kalimat ${tag} nomor ${i + 1}`]),
    );

  it('of a trial tenant stops at its per-import row limit and keeps nothing of the file', async () => {
    const path = fillPath(intentEp.importServiceIntents.path, { clientCode: 'ROTI' });
    expect(failure(await importRun(path, await sheet(5, 'a'), trial.admin, TRIAL))).toEqual({
      status: 'failed',
      errorCode: 'import_row_limit_reached',
      errorArgs: [4],
    });
    expect(await count('SELECT count(*)::int AS n FROM service_intents WHERE tenant_id = $1', [trial.id])).toBe(0);
    expect(await phrases(trial.id)).toBe(0);
    expect(await importRun(path, await sheet(4, 'a'), trial.admin, TRIAL)).toMatchObject({ status: 'done', report: { created: 4 } });
  });

  it('of a paid tenant takes the larger limit, and is refused past it', async () => {
    const demoId = await t.tenantId(DEFAULT_TENANT);
    const path = fillPath(intentEp.importServiceIntents.path, { clientCode: 'SEKAR' });
    const before = await phrases(demoId);
    expect(await importRun(path, await sheet(5, 'b'), demoAdmin)).toMatchObject({ status: 'done', report: { created: 5 } });
    expect(failure(await importRun(path, await sheet(9, 'c'), demoAdmin))).toEqual({ status: 'failed', errorCode: 'import_row_limit_reached', errorArgs: [8] });
    expect(await phrases(demoId)).toBe(before + 5);
  });
});
