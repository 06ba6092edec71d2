import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { call } from '../../../../test/call.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp('user_audit');
  admin = await t.login('admin');
  await t.login('staff');
  await t.login('staff');
  await call(t, endpoints.login, { body: { username: 'staff', password: 'wrong' }, token: await t.preLoginToken(), tenant: 'demo' });
});
afterAll(() => t.close());

describe('user audit', () => {
  it('lists sessions with duration and response code, filtered by user and date', async () => {
    const staffId = (await call(t, endpoints.listUsers, { query: { keyword: 'staff' }, token: admin })).json().items[0].userId;
    const res = await call(t, endpoints.listUserAudit, { query: { userId: staffId }, token: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.items.map((i: { responseCode: number }) => i.responseCode)).toEqual([401, 200, 200]);
    expect(body.items[0].durationMs).toBeNull();
    expect(body.items[1].durationMs).toBeGreaterThanOrEqual(0);
    const future = await call(t, endpoints.listUserAudit, { query: { from: '2099-01-01' }, token: admin });
    expect(future.json().total).toBe(0);
    const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
    const byDate = await call(t, endpoints.listUserAudit, { query: { from: today, to: today }, token: admin });
    expect(byDate.json().total).toBe(4);
  });

  it('exports the filtered sessions to an xlsx a spreadsheet can open', async () => {
    const res = await call(t, endpoints.exportUserAudit, { query: { keyword: 'staff', lang: 'en' }, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('User Audit')!;
    expect(sheet.getRow(1).getCell(2).value).toBe('User');
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(2).value).toBe('staff');
    expect(sheet.getRow(2).getCell(6).value).toBe(401);
  });

  it("names each session's module by the audit catalogue: today's name on screen, its label in the export's language, old rows under today's name", async () => {
    // A session written before the catalogue, as 'session-key' (rows are never rewritten).
    await t.pools.owner.query(
      `INSERT INTO sessions (tenant_id, id, user_id, username, response_code, module, ended_at)
       SELECT id, gen_random_uuid(), NULL, 'legacy.keyholder', 200, 'session-key', now() FROM tenants WHERE code = 'demo'`,
    );
    const legacy = (await call(t, endpoints.listUserAudit, { query: { keyword: 'legacy.keyholder' }, token: admin })).json();
    expect(legacy.items.map((i) => i.module)).toEqual(['auth.session-key']);
    // Found by today's name and by the label in either language, like the screen shows it.
    for (const keyword of ['auth.session-key', 'Sesi dan kunci', 'session and key']) {
      const found = (await call(t, endpoints.listUserAudit, { query: { keyword }, token: admin })).json();
      expect(
        found.items.map((i) => i.username),
        keyword,
      ).toEqual(['legacy.keyholder']);
    }
    const logins = (await call(t, endpoints.listUserAudit, { query: { keyword: 'Kata sandi' }, token: admin })).json();
    expect(logins.total).toBe(4);
    expect(new Set(logins.items.map((i) => i.module))).toEqual(new Set(['auth.login']));

    const moduleColumn = async (lang: 'id' | 'en') => {
      const res = await call(t, endpoints.exportUserAudit, { query: { lang }, token: admin });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const cells: Record<string, unknown> = {};
      book.worksheets[0].eachRow((row, n) => {
        if (n > 1) cells[String(row.getCell(2).value)] = row.getCell(7).value;
      });
      return { heading: book.worksheets[0].getRow(1).getCell(7).value, cells };
    };
    expect(await moduleColumn('id')).toEqual({ heading: 'Modul', cells: { 'legacy.keyholder': 'Sesi dan kunci', staff: 'Kata sandi', admin: 'Kata sandi' } });
    expect(await moduleColumn('en')).toEqual({ heading: 'Module', cells: { 'legacy.keyholder': 'Session and key', staff: 'Password', admin: 'Password' } });
  });

  it('is closed to users without the user-configuration tasks and shows a second tenant nothing', async () => {
    const agent = await t.login('agent');
    expect((await call(t, endpoints.listUserAudit, { token: agent })).statusCode).toBe(403);
    await t.seedTenant('acme');
    const acme = await t.login('admin', 'acme');
    expect((await call(t, endpoints.listUserAudit, { token: acme })).json().total).toBe(1);
  });
});
