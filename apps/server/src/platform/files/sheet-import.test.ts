import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, IMPORT_RUN_ACCESS, XLSX_CONTENT_TYPE, type Endpoint } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { importRun, workbook } from './sheet-test-kit.ts';

/** Every xlsx import answers a broken or foreign file with a catalogued 4xx, never a 5xx or a hang. */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp('sheet_import');
  admin = await t.login('admin');
});
afterAll(() => t.close());

const imports = (Object.values(endpoints) as Endpoint[]).filter((e) => e.method === 'POST' && e.path.endsWith('/import'));

describe('xlsx imports and broken files', () => {
  it('covers every import endpoint of the contracts, and whoever may start an import may follow its run', () => {
    expect(imports.length).toBeGreaterThanOrEqual(17);
    for (const e of imports) expect(IMPORT_RUN_ACCESS, e.path).toEqual(expect.arrayContaining([...(e.access as string[])]));
  });

  it('refuses text and an empty body at once with 400, and ends a run on a cut-off xlsx or unknown columns as failed, all with a catalogued code', async () => {
    const good = await workbook(['Kode', 'Nama'], Array.from({ length: 200 }, (_, i) => [`K-${i}`, `Nama ${i}`]));
    const bodies: [string, Buffer, 'at once' | 'in the run'][] = [
      ['text', Buffer.from('kode,nama\nA,B\n'), 'at once'],
      ['empty', Buffer.alloc(0), 'at once'],
      ['cut-off', good.subarray(0, Math.floor(good.length / 2)), 'in the run'],
      ['unknown columns', await workbook(['Apa', 'Ini'], [['x', 'y']]), 'in the run'],
    ];
    for (const e of imports) {
      for (const [label, payload, when] of bodies) {
        const code = label === 'unknown columns' ? /^(sheet|product)_import_column_missing$/ : /^(sheet|product)_import_file_invalid$/;
        if (when === 'at once') {
          const res = await t.request({ method: 'POST', url: `/api${e.path}`, token: admin, payload, headers: { 'content-type': XLSX_CONTENT_TYPE } });
          expect(res.statusCode, `${e.path} ${label}: ${res.body}`).toBe(400);
          expect(res.json().errorCode, `${e.path} ${label}`).toMatch(code);
        } else {
          const run = await importRun(t, e.path.replace(/\/import$/, ''), payload, admin);
          expect(run.status, `${e.path} ${label}`).toBe('failed');
          expect(run.errorCode, `${e.path} ${label}`).toMatch(code);
          expect(run.report).toBeNull();
        }
      }
    }
  });
});
