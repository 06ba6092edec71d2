import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillPath,
  serviceClientEndpoints as clientEp,
  serviceDatasetEndpoints as datasetEp,
  serviceIntentEndpoints as ep,
  XLSX_CONTENT_TYPE,
  type ImportRun,
} from '@nusa/contracts';
import { call } from '../../../../test/call.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { workbook } from '../../../platform/files/sheet-test-kit.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp('service_intent_answers');
  admin = await t.login('admin');
  for (const code of ['TPL', 'ANS'])
    expect((await call(t, clientEp.createServiceClient, { body: { code, name: `Toko ${code}` }, token: admin })).statusCode).toBe(200);
});
afterAll(() => t.close());

async function imported(clientCode: string, file: Buffer): Promise<ImportRun> {
  const url = `/api${fillPath(ep.importServiceIntents.path, { clientCode })}`;
  const res = await t.request({ method: 'POST', url, token: admin, payload: file, headers: { 'content-type': XLSX_CONTENT_TYPE } });
  expect(res.statusCode, res.body).toBe(200);
  let run = res.json<ImportRun>();
  while (run.status === 'queued' || run.status === 'running') {
    await new Promise((r) => setTimeout(r, 30));
    run = (await call(t, datasetEp.getServiceImport, { params: { importId: run.importId }, token: admin })).json();
  }
  return run;
}

async function sheetRows(file: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

const answers = async (clientCode: string) =>
  Object.fromEntries(
    (await call(t, ep.listServiceIntents, { params: { clientCode }, query: {}, token: admin })).json().items.map((i) => [i.name, i.responseText]),
  );

describe('intent answers in the xlsx', () => {
  it('downloads a template (intent, example, answer) in either language that the import takes as it is', async () => {
    const res = await t.request({ method: 'GET', url: `/api${ep.intentImportTemplate.path}?lang=en`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="intents-template-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['intent', 'example', 'answer']);
    expect(rows[1]).toEqual(['opening_hours', 'What time do you open?', 'We are open Monday to Saturday, 9 am to 9 pm.']);
    const id = await t.request({ method: 'GET', url: `/api${ep.intentImportTemplate.path}`, token: admin });
    expect((await sheetRows(id.rawPayload))[1][0]).toBe('jam_buka');

    const run = await imported('TPL', res.rawPayload);
    expect(run).toMatchObject({ status: 'done', report: { rows: 4, created: 4, updated: 0, unchanged: 0, errors: [] } });
    expect(await answers('TPL')).toEqual({
      opening_hours: 'We are open Monday to Saturday, 9 am to 9 pm.',
      shipping_cost: 'Shipping is calculated at checkout from the destination and the parcel weight.',
    });

    const cashier = await t.login('cashier');
    expect((await t.request({ method: 'GET', url: `/api${ep.intentImportTemplate.path}`, token: cashier })).statusCode).toBe(403);
  });

  it('imports answers with the intents: sets a missing one, keeps it on a blank cell, refuses a second different one, audited', async () => {
    const first = await imported(
      'ANS',
      await workbook(
        ['intent', 'example'],
        [
          ['jam_buka', 'jam berapa buka'],
          ['harga', 'berapa harganya'],
        ],
      ),
    );
    expect(first.report).toMatchObject({ rows: 2, created: 2 });
    expect(await answers('ANS')).toEqual({ jam_buka: '', harga: '' });

    const second = await imported(
      'ANS',
      await workbook(
        ['intent', 'example', 'answer'],
        [
          ['jam_buka', 'jam berapa buka', 'Buka setiap hari 08.00–17.00.'],
          ['jam_buka', 'buka hari minggu?', ''],
          ['jam_buka', 'tutup jam berapa', 'Tutup jam 20.00.'],
          ['harga', 'harga kain', null],
          ['ongkir', 'ongkir ke bandung', 'Dihitung saat checkout.'],
          ['ongkir', 'ongkir ke bogor', 'Dihitung saat checkout.'],
        ],
      ),
    );
    expect(second.report).toEqual({
      rows: 6,
      created: 4,
      updated: 1,
      unchanged: 0,
      errors: [{ row: 4, column: 'answer', errorCode: 'service_intent_answer_conflict', errorArgs: ['jam_buka', 2] }],
    });
    expect(await answers('ANS')).toEqual({ jam_buka: 'Buka setiap hari 08.00–17.00.', harga: '', ongkir: 'Dihitung saat checkout.' });
    const audit = await t.pools.owner.query<{ action: string; after: { responseText?: string } }>(
      `SELECT action, after FROM audit_log WHERE module = 'service.intent' AND after->>'source' = 'import' ORDER BY at, id`,
    );
    expect(audit.rows.map((r) => [r.action, r.after.responseText])).toContainEqual(['update', 'Buka setiap hari 08.00–17.00.']);

    // The export writes each intent's answer once, and reads back unchanged.
    const exported = await t.request({ method: 'GET', url: `/api${fillPath(ep.exportServiceIntents.path, { clientCode: 'ANS' })}`, token: admin });
    const rows = await sheetRows(exported.rawPayload);
    expect(rows[0]).toEqual(['intent', 'example', 'answer']);
    expect(rows.filter((r) => r[0] === 'jam_buka').map((r) => r[2])).toEqual(['Buka setiap hari 08.00–17.00.', '']);
    expect((await imported('ANS', exported.rawPayload)).report).toMatchObject({ created: 0, updated: 0, unchanged: 6, errors: [] });
  });
});
