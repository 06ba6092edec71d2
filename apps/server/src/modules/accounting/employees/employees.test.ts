import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
let admin: string;
const ids: Record<string, string> = {};
const URL = '/api/v1/erp/employees';

beforeAll(async () => {
  t = await createTestApp('employees');
  admin = await t.login('admin');
});
afterAll(() => t.close());

const base = {
  employeeCode: 'ZE-001',
  employeeName: 'Rudi Hartono',
  employeeType: 'PERMANENT',
  birthPlace: 'Medan',
  birthDate: '1988-04-17',
  identityNumber: '1271011704880001',
  joinDate: '2015-03-02',
  jobTitle: 'MANAGER',
};
const post = (payload: object, token = admin) => t.request({ method: 'POST', url: URL, token, payload });

describe('employees', () => {
  it('creates an employee with birth data, identity, dates, job title and status', async () => {
    const res = await post(base);
    expect(res.statusCode, res.body).toBe(200);
    ids.e1 = res.json().employeeId;
    expect(res.json()).toEqual({
      employeeId: ids.e1,
      employeeCode: 'ZE-001',
      employeeName: 'Rudi Hartono',
      employeeType: 'PERMANENT',
      birthPlace: 'Medan',
      birthDate: '1988-04-17',
      identityNumber: '1271011704880001',
      joinDate: '2015-03-02',
      resignDate: null,
      pensionDate: null,
      jobTitle: 'MANAGER',
      status: 'ACTIVE',
      active: 'Y',
    });
    const audit = await t.pools.owner.query(`SELECT module, action FROM audit_log WHERE entity_id = $1`, [ids.e1]);
    expect(audit.rows).toEqual([{ module: 'accounting.employee', action: 'create' }]);
  });

  it('accepts every job title of spec 3 and refuses others', async () => {
    const titles = ['STAFF', 'NON_STAFF', 'SUPERVISOR', 'MANAGER', 'GENERAL_MANAGER', 'VICE_DIRECTOR', 'DIRECTOR', 'PRESIDENT_DIRECTOR'];
    for (const [i, jobTitle] of titles.entries()) {
      const res = await post({ ...base, employeeCode: `ZE-T${i}`, jobTitle });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await t.request({ method: 'GET', url: `${URL}?keyword=ZE-T&jobTitle=VICE_DIRECTOR`, token: admin })).json().total).toBe(1);
    expect((await post({ ...base, employeeCode: 'ZE-X', jobTitle: 'INTERN' })).json().errorCode).toBe('invalid_input_format');
  });

  it.each([
    ['a resign date before joining', { resignDate: '2015-03-01' }, 'employee_date_before_join', ['resign']],
    ['a pension date before joining', { pensionDate: '2014-12-31' }, 'employee_date_before_join', ['pension']],
    ['a birth date after joining', { birthDate: '2016-01-01' }, 'employee_date_before_join', ['birth']],
    ['resigned without a resign date', { status: 'RESIGNED' }, 'employee_status_date_required', ['RESIGNED', 'resign']],
    ['retired without a pension date', { status: 'RETIRED' }, 'employee_status_date_required', ['RETIRED', 'pension']],
  ])('refuses %s', async (_name, change, errorCode, errorArgs) => {
    const res = await post({ ...base, employeeCode: 'ZE-BAD', ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errorCode, errorArgs });
    expect((await t.pools.owner.query(`SELECT 1 FROM employees WHERE code = 'ZE-BAD'`)).rowCount).toBe(0);
  });

  it('accepts a resign date on the join date, generates blank codes, refuses duplicates and unknown ids', async () => {
    const same = await post({ ...base, employeeCode: 'ZE-002', resignDate: base.joinDate, status: 'RESIGNED' });
    expect(same.statusCode, same.body).toBe(200);
    const blank = await post({ ...base, employeeCode: '' });
    expect(blank.json().employeeCode).toMatch(/^EMP-\d{4}$/);
    const dup = await post({ ...base, employeeCode: 'ze-001' });
    expect(dup.json()).toEqual({ errorCode: 'employee_code_already_exists', errorArgs: ['ze-001'] });
    const missing = await t.request({ method: 'PUT', url: `${URL}/0190a000-0000-7000-8000-000000000000`, token: admin, payload: base });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCode).toBe('employee_not_found');
    expect((await post({ ...base, employeeCode: 'ZE-D', joinDate: '2015-02-30' })).json().errorCode).toBe('invalid_input_format');
  });

  it('edits, deactivates, deletes with an audit trail', async () => {
    const edit = await t.request({
      method: 'PUT',
      url: `${URL}/${ids.e1}`,
      token: admin,
      payload: { ...base, jobTitle: 'GENERAL_MANAGER', pensionDate: '2048-04-17' },
    });
    expect(edit.json()).toMatchObject({ jobTitle: 'GENERAL_MANAGER', pensionDate: '2048-04-17' });
    expect((await t.request({ method: 'PUT', url: `${URL}/${ids.e1}/active`, token: admin, payload: { active: 'N' } })).json().active).toBe('N');
    expect((await t.request({ method: 'GET', url: `${URL}?keyword=ZE-001&limit=30`, token: admin })).json().total).toBe(0);
    expect((await t.request({ method: 'GET', url: `${URL}?keyword=ZE-001`, token: admin })).json().total).toBe(1);
    expect((await t.request({ method: 'DELETE', url: `${URL}/${ids.e1}`, token: admin })).json()).toEqual({ ok: true });
    const audit = await t.pools.owner.query(`SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY id`, [ids.e1]);
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'update', 'deactivate', 'delete']);
  });

  it('exports with Indonesian labels', async () => {
    const res = await t.request({ method: 'GET', url: `${URL}/export?keyword=ZE-002`, token: admin });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const row = book.worksheets[0].getRow(2);
    expect([row.getCell(1).value, row.getCell(10).value, row.getCell(11).value]).toEqual(['ZE-002', 'Manajer', 'Keluar']);
  });

  it('lets staff read only, refuses the agent and the cashier, and a second tenant sees none of it', async () => {
    const staff = await t.login('staff');
    expect((await t.request({ method: 'GET', url: `${URL}?keyword=ZE-`, token: staff })).statusCode).toBe(200);
    expect((await post({ ...base, employeeCode: 'ZE-S' }, staff)).statusCode).toBe(403);
    for (const user of ['agent', 'cashier']) {
      const res = await t.request({ method: 'GET', url: URL, token: await t.login(user) });
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('forbidden_action');
    }
    await t.seedTenant('acme');
    const acme = await t.login('admin', 'acme');
    expect((await t.request({ method: 'GET', url: `${URL}?keyword=ZE-`, token: acme })).json().total).toBe(0);
  });
});
