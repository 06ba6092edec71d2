import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { todayInJakarta } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { listSortChecks } from '../../../../test/list-sort.ts';
import { withTenant } from '../../../platform/db/tenant.ts';
import { nextCode } from './service.ts';

let t: TestApp;
let admin: string;
let demo: string;
const URL = '/api/v1/erp/document-templates';

beforeAll(async () => {
  t = await createTestApp('document_templates');
  admin = await t.login('admin');
  demo = await t.tenantId('demo');
});
afterAll(() => t.close());

const invoice = {
  templateCode: 'TPL-QT',
  templateName: 'Penawaran Harga',
  documentType: 'QT',
  prefix: 'QUO/',
  suffix: '',
  separator: '/',
  yearDigits: 4,
  month: true,
  day: false,
  counterDigits: 4,
  reset: 'year-month',
};
let invoiceId: string;

const take = (entity: string, date?: string, isTaken?: (c: string) => Promise<boolean>) =>
  withTenant(t.pools.app, demo, (tx) => nextCode(tx, demo, entity, date, isTaken));

describe('document templates and automatic numbering', () => {
  it('creates a template, shows an example and previews without consuming', async () => {
    const res = await t.request({ method: 'POST', url: URL, token: admin, payload: invoice });
    expect(res.statusCode, res.body).toBe(200);
    invoiceId = res.json().templateId;
    const today = todayInJakarta();
    expect(res.json()).toMatchObject({ templateCode: 'TPL-QT', active: 'Y', example: `QUO/${today.slice(0, 4)}${today.slice(5, 7)}/0001` });
    for (let i = 0; i < 2; i++) {
      const preview = await t.request({ method: 'GET', url: `${URL}/${invoiceId}/preview?date=2026-11-21`, token: admin });
      expect(preview.json()).toEqual({ documentType: 'QT', number: 'QUO/202611/0001', period: '2026-11', fromTemplate: true });
    }
    expect(await take('QT', '2026-11-21')).toBe('QUO/202611/0001');
    expect(await take('qt', '2026-11-22')).toBe('QUO/202611/0002');
    const next = await t.request({ method: 'GET', url: `${URL}/next?documentType=QT&date=2026-11-30`, token: admin });
    expect(next.json()).toEqual({ documentType: 'QT', number: 'QUO/202611/0003', period: '2026-11', fromTemplate: true });
    expect((await t.request({ method: 'GET', url: `${URL}/next?documentType=QT&date=2026-12-01`, token: admin })).json().number).toBe('QUO/202612/0001');
  });

  it('uses the default format (short code, 5 digits, never reset) without an active template', async () => {
    expect((await t.request({ method: 'GET', url: `${URL}/next?documentType=gift-card`, token: admin })).json()).toEqual({
      documentType: 'gift-card',
      number: 'GC00001',
      period: '',
      fromTemplate: false,
    });
    expect(await take('gift-card')).toBe('GC00001');
    expect(await take('gift-card')).toBe('GC00002');
    // A number a user already typed in as a code is skipped.
    expect(await take('gift-card', undefined, async (code) => code === 'GC00003')).toBe('GC00004');
    const off = await t.request({ method: 'PUT', url: `${URL}/${invoiceId}/active`, token: admin, payload: { active: 'N' } });
    expect(off.json().active).toBe('N');
    expect(await take('QT', '2026-11-21')).toBe('QT00001');
    await t.request({ method: 'PUT', url: `${URL}/${invoiceId}/active`, token: admin, payload: { active: 'Y' } });
    expect(await take('QT', '2026-11-21')).toBe('QUO/202611/0003');
  });

  it('refuses duplicate codes and document types, formats that lose the period, and unknown ids', async () => {
    const dupCode = await t.request({ method: 'POST', url: URL, token: admin, payload: { ...invoice, templateCode: 'tpl-qt', documentType: 'QX' } });
    expect(dupCode.statusCode).toBe(409);
    expect(dupCode.json()).toEqual({ errorCode: 'autonumber_code_already_exists', errorArgs: ['tpl-qt'] });
    const dupType = await t.request({ method: 'POST', url: URL, token: admin, payload: { ...invoice, templateCode: 'TPL-X', documentType: 'qt' } });
    expect(dupType.json()).toEqual({ errorCode: 'document_type_code_already_exists', errorArgs: ['qt'] });
    for (const [change, code] of [
      [{ yearDigits: 0, month: false, reset: 'year' }, 'autonumber_reset_needs_year'],
      [{ month: false, reset: 'year-month' }, 'autonumber_reset_needs_year_month'],
      [{ month: false, day: true, reset: 'year' }, 'autonumber_day_needs_month'],
    ] as const) {
      const res = await t.request({ method: 'POST', url: URL, token: admin, payload: { ...invoice, templateCode: 'TPL-Y', documentType: 'Y', ...change } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errorCode).toBe(code);
    }
    // A document type needs a letter or digit first: its default prefix is made of them.
    expect((await t.request({ method: 'GET', url: `${URL}/next?documentType=-`, token: admin })).json().errorCode).toBe('invalid_input_format');
    expect(
      (await t.request({ method: 'POST', url: URL, token: admin, payload: { ...invoice, templateCode: 'TPL-D', documentType: '_x' } })).json().errorCode,
    ).toBe('invalid_input_format');
    const spaces = await t.request({ method: 'POST', url: URL, token: admin, payload: { ...invoice, templateCode: 'TPL Z', documentType: 'Z' } });
    expect(spaces.json().errorCode).toBe('invalid_input_format');
    const wide = await t.request({
      method: 'POST',
      url: URL,
      token: admin,
      payload: { ...invoice, templateCode: 'TPL-W', documentType: 'W', counterDigits: 11 },
    });
    expect(wide.json().errorCode).toBe('invalid_input_format');
    const missing = await t.request({ method: 'GET', url: `${URL}/0190a000-0000-7000-8000-000000000000`, token: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCode).toBe('autonumber_not_found');
    const count = await t.pools.owner.query(`SELECT count(*)::int AS n FROM document_templates WHERE code IN ('TPL-X','TPL-Y','TPL-Z','TPL-W')`);
    expect(count.rows[0].n).toBe(0);
  });

  it('edits, keeps the counter of the document type across edits and deletion, and audits every write', async () => {
    const edited = await t.request({
      method: 'PUT',
      url: `${URL}/${invoiceId}`,
      token: admin,
      payload: { ...invoice, prefix: 'FJ-', separator: '-', yearDigits: 2 },
    });
    expect(edited.json()).toMatchObject({ prefix: 'FJ-', yearDigits: 2 });
    expect(await take('QT', '2026-11-21')).toBe('FJ-2611-0004');
    expect((await t.request({ method: 'DELETE', url: `${URL}/${invoiceId}`, token: admin })).json()).toEqual({ ok: true });
    const again = await t.request({ method: 'POST', url: URL, token: admin, payload: invoice });
    expect(again.statusCode).toBe(200);
    expect(await take('QT', '2026-11-21')).toBe('QUO/202611/0005');
    const audit = await t.pools.owner.query(`SELECT action FROM audit_log WHERE entity = 'document-template' ORDER BY id`);
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'deactivate', 'activate', 'update', 'delete', 'create']);
    invoiceId = again.json().templateId;
  });

  it('lists with keyword and paging, exports xlsx', async () => {
    await t.request({
      method: 'POST',
      url: URL,
      token: admin,
      payload: { ...invoice, templateCode: 'TPL-QT2', templateName: 'Penawaran Proyek', documentType: 'QT2', prefix: 'QP/' },
    });
    // The demo seeds thirteen templates (SO, SI, PO, PI, CI, CO, CN, JV, POS; customer, supplier, employee, product codes).
    const page = (await t.request({ method: 'GET', url: `${URL}?limit=5&page=3`, token: admin })).json();
    expect(page.total).toBe(15);
    expect(page.items).toHaveLength(5);
    const ours = (await t.request({ method: 'GET', url: `${URL}?keyword=penawaran&limit=30`, token: admin })).json();
    expect(ours.items.map((i: { templateCode: string }) => i.templateCode)).toEqual(['TPL-QT', 'TPL-QT2']);
    const one = (await t.request({ method: 'GET', url: `${URL}?keyword=proyek`, token: admin })).json();
    expect(one.items.map((i: { templateCode: string }) => i.templateCode)).toEqual(['TPL-QT2']);
    const seeded = (await t.request({ method: 'GET', url: `${URL}?keyword=TPL-SI`, token: admin })).json();
    expect(seeded.items[0]).toMatchObject({ documentType: 'SI', prefix: 'INV/', reset: 'year-month' });
    expect((await t.request({ method: 'GET', url: `${URL}?limit=7`, token: admin })).statusCode).toBe(400);
    const file = await t.request({ method: 'GET', url: `${URL}/export?lang=en`, token: admin });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Code');
    expect(sheet.rowCount).toBe(16);
  });

  it('exports exactly the templates the list shows for the same keyword, in its sort', async () => {
    const list = listSortChecks(
      t,
      () => admin,
      URL,
      (i) => String(i.templateCode),
    );
    for (const query of ['keyword=penawaran&sort=-code', 'keyword=proyek', 'keyword=tpl-p&sort=documentType']) {
      const shown = await list.labels(`${query}&limit=100`);
      expect(shown.length, query).toBeGreaterThan(0);
      expect(shown.length, query).toBeLessThan(11);
      expect(await list.exportedCodes(`${URL}/export`, query), query).toEqual(shown);
    }
  });

  it('lets staff read but not write, refuses the agent, and a second tenant sees nothing', async () => {
    const staff = await t.login('staff');
    expect((await t.request({ method: 'GET', url: `${URL}?keyword=penawaran`, token: staff })).json().total).toBe(2);
    const write = await t.request({ method: 'POST', url: URL, token: staff, payload: { ...invoice, templateCode: 'S', documentType: 'S' } });
    expect(write.statusCode).toBe(403);
    expect(write.json().errorCode).toBe('forbidden_action');
    const agent = await t.login('agent');
    expect((await t.request({ method: 'GET', url: URL, token: agent })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `${URL}/next?documentType=QT`, token: agent })).statusCode).toBe(403);
    await t.seedTenant('acme');
    const acme = await t.login('admin', 'acme');
    expect((await t.request({ method: 'GET', url: `${URL}?keyword=penawaran`, token: acme })).json().total).toBe(0);
    expect((await t.request({ method: 'GET', url: `${URL}/${invoiceId}`, token: acme })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `${URL}/${invoiceId}`, token: acme })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `${URL}/next?documentType=QT&date=2026-11-21`, token: acme })).json().number).toBe('QT00001');
  });
});
