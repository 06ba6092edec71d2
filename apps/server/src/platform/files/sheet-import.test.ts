import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, IMPORT_RUN_ACCESS, XLSX_CONTENT_TYPE, type Endpoint } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { handMadeXlsx, importRun, workbook, zipOf } from './sheet-test-kit.ts';
import { tightlyPackedXlsx } from './xlsx-fixtures.ts';
import { liveWorkers } from './worker-runner.ts';

/** Every xlsx import answers a broken or foreign file with a catalogued 4xx, never a 5xx or a hang. */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp('sheet_import');
  admin = await t.login('admin');
});
afterAll(() => t.close());

// The accounting area's sheet imports, followed at /v1/erp/imports. Imports into a parent record named in the path (a
// service dataset's items, a client's intents) need a real parent, and the sales analysis's dataset import also reads
// csv (text is a valid body there) and is followed at its own run endpoint: their modules' tests send them the same
// broken files.
const imports = (Object.values(endpoints) as Endpoint[]).filter(
  (e) => e.method === 'POST' && e.path.startsWith('/v1/erp/') && e.path.endsWith('/import') && !e.path.includes('{'),
);

describe('xlsx imports and broken files', () => {
  it('covers every import endpoint of the contracts, and whoever may start an import may follow its run', () => {
    expect(imports.length).toBeGreaterThanOrEqual(17);
    for (const e of imports) expect(IMPORT_RUN_ACCESS, e.path).toEqual(expect.arrayContaining([...(e.access as string[])]));
  });

  it('refuses text and an empty body at once with 400, and ends a run on a broken xlsx or unknown columns as failed, all with a catalogued code and no parser text', async () => {
    const good = await workbook(
      ['Kode', 'Nama'],
      Array.from({ length: 200 }, (_, i) => [`K-${i}`, `Nama ${i}`]),
    );
    const emptySheet = await workbook([], []);
    const bodies: [string, Buffer, 'at once' | 'in the run', RegExp][] = [
      ['text', Buffer.from('kode,nama\nA,B\n'), 'at once', /^(sheet|product)_import_file_invalid$/],
      ['empty', Buffer.alloc(0), 'at once', /^sheet_import_file_empty$/],
      ['cut-off', good.subarray(0, Math.floor(good.length / 2)), 'in the run', /^(sheet|product)_import_file_invalid$/],
      ['a zip that is no xlsx', zipOf({ 'hello.txt': 'not a workbook' }), 'in the run', /^sheet_import_workbook_missing$/],
      [
        'an xlsx without workbook.xml',
        handMadeXlsx('<row r="1"><c r="A1" t="inlineStr"><is><t>Kode</t></is></c></row>', { without: ['xl/workbook.xml'] }),
        'in the run',
        /^sheet_import_workbook_missing$/,
      ],
      ['an empty worksheet', emptySheet, 'in the run', /^sheet_import_header_missing$/],
      ['unknown columns', await workbook(['Apa', 'Ini'], [['x', 'y']]), 'in the run', /^(sheet|product)_import_column_missing$/],
    ];
    for (const e of imports) {
      for (const [label, payload, when, code] of bodies) {
        if (when === 'at once') {
          const res = await t.request({ method: 'POST', url: `/api${e.path}`, token: admin, payload, headers: { 'content-type': XLSX_CONTENT_TYPE } });
          expect(res.statusCode, `${e.path} ${label}: ${res.body}`).toBe(400);
          expect(res.json().errorCode, `${e.path} ${label}`).toMatch(code);
          expect(res.json().errorArgs, `${e.path} ${label}`).toEqual([]);
        } else {
          const run = await importRun(t, e.path.replace(/\/import$/, ''), payload, admin);
          expect(run.status, `${e.path} ${label}`).toBe('failed');
          expect(run.errorCode, `${e.path} ${label}`).toMatch(code);
          // Only a catalogued code's own arguments: a missing column's heading, never a parser's message.
          expect(run.errorArgs, `${e.path} ${label}`).toEqual(label === 'unknown columns' ? [expect.any(String)] : []);
          expect(run.report).toBeNull();
        }
      }
    }
  });

  it('ends a run on a zip bomb (a worksheet packed 1,000 to 1) as unpacking too large, read in a worker that is free again after it', async () => {
    const bomb = tightlyPackedXlsx(40);
    for (const e of imports) {
      const run = await importRun(t, e.path.replace(/\/import$/, ''), bomb, admin);
      expect(run, e.path).toMatchObject({ status: 'failed', errorCode: 'file_too_large_expanded', errorArgs: [1024], report: null });
    }
    expect(liveWorkers()).toBe(0);
  });
});
