import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, XLSX_CONTENT_TYPE, type Endpoint } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { workbook } from './sheet-test-kit.ts';

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
  it('covers every import endpoint of the contracts', () => {
    expect(imports.length).toBeGreaterThanOrEqual(17);
  });

  it('answers text, a cut-off xlsx, an empty body and a sheet of unknown columns with 400 and a catalogued code', async () => {
    const good = await workbook(['Kode', 'Nama'], Array.from({ length: 200 }, (_, i) => [`K-${i}`, `Nama ${i}`]));
    const bodies: [string, Buffer][] = [
      ['text', Buffer.from('kode,nama\nA,B\n')],
      ['cut-off', good.subarray(0, Math.floor(good.length / 2))],
      ['empty', Buffer.alloc(0)],
      ['unknown columns', await workbook(['Apa', 'Ini'], [['x', 'y']])],
    ];
    for (const e of imports) {
      for (const [label, payload] of bodies) {
        const res = await t.request({ method: 'POST', url: `/api${e.path}`, token: admin, payload, headers: { 'content-type': XLSX_CONTENT_TYPE } });
        expect(res.statusCode, `${e.path} ${label}: ${res.body}`).toBe(400);
        expect(res.json().errorCode, `${e.path} ${label}`).toMatch(label === 'unknown columns' ? /^(sheet|product)_import_column_missing$/ : /^(sheet|product)_import_file_invalid$/);
      }
    }
  });
});
