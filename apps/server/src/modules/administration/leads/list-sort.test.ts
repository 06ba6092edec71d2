import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { listSortChecks } from '../../../../test/list-sort.ts';

/** Sortable lead and promo code lists (architecture §4: lists take a sort); the lead export follows the sort. */
let t: TestApp;
let admin: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp('leads-sort');
  admin = await t.login('admin');
  const anon = (await t.request({ method: 'POST', url: '/api/v1/auth/anonymous', token: await t.preLoginToken(), tenant: 'demo' })).json().token;
  const rows = [
    ['delta', 'PT Alam', 'starter'],
    ['Alpha', 'CV Delta', 'enterprise'],
    ['charlie', 'PT Bumi', 'business'],
    ['Bravo', 'UD Cakra', 'starter'],
  ] as const;
  for (const [contactName, company, pkg] of rows) {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/public/demo-requests',
      token: anon,
      payload: {
        contactName,
        email: `${contactName.toLowerCase()}@srt.id`,
        phone: '0812-3456-7890',
        company,
        requirements: '',
        companySize: '11-50',
        product: 'erp',
        package: pkg,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const found = await t.request({ method: 'GET', url: '/api/v1/admin/leads?keyword=srt.id&limit=25', token: admin });
  for (const lead of found.json().items as { leadId: string; contactName: string }[]) ids[lead.contactName] = lead.leadId;
  // Status order is the pipeline's (NEW, CONTACTED, DEMO_SCHEDULED, WON, LOST), not alphabetical.
  for (const [name, status] of [
    ['charlie', 'CONTACTED'],
    ['Bravo', 'LOST'],
  ] as const) {
    const res = await t.request({ method: 'PUT', url: `/api/v1/admin/leads/${ids[name]}/status`, token: admin, payload: { status } });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

describe('lead list sort', () => {
  const list = () =>
    listSortChecks(
      t,
      () => admin,
      '/api/v1/admin/leads',
      (l) => String(l.contactName),
    );
  const Q = 'keyword=srt.id';

  it('is newest first by default and sorts by contact, company, amount and pipeline status', async () => {
    expect(await list().labels(Q)).toEqual(['Bravo', 'charlie', 'Alpha', 'delta']);
    expect(await list().labels(`${Q}&sort=date`)).toEqual(['delta', 'Alpha', 'charlie', 'Bravo']);
    expect(await list().labels(`${Q}&sort=contact`)).toEqual(['Alpha', 'Bravo', 'charlie', 'delta']);
    expect(await list().labels(`${Q}&sort=-company`)).toEqual(['Bravo', 'charlie', 'delta', 'Alpha']);
    expect(await list().labels(`${Q}&sort=-amount`)).toEqual(['Alpha', 'charlie', 'delta', 'Bravo']);
    expect(await list().labels(`${Q}&sort=status`)).toEqual(['delta', 'Alpha', 'charlie', 'Bravo']);
    await list().expectStablePages(`${Q}&sort=amount`, 5);
  });

  it('refuses a sort it does not offer, list and export alike', async () => {
    const res = await t.request({ method: 'GET', url: `/api/v1/admin/leads?${Q}&sort=email`, token: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errorCode: 'invalid_input_format',
      errorArgs: ['querystring.sort', expect.stringMatching(/^sort must be one of date, -date, /)],
    });
    expect((await t.request({ method: 'GET', url: `/api/v1/admin/leads/export?sort=-email`, token: admin })).statusCode).toBe(400);
  });

  it('exports in the order of the list', async () => {
    const res = await t.request({ method: 'GET', url: `/api/v1/admin/leads/export?${Q}&sort=-contact`, token: admin });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const column = (sheet.getRow(1).values as unknown[]).indexOf('Nama');
    const names: unknown[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) names.push(row.getCell(column).value);
    });
    expect(names).toEqual(['delta', 'charlie', 'Bravo', 'Alpha']);
  });
});

describe('promo code list sort', () => {
  it('sorts by code and by period start, open-ended periods last', async () => {
    for (const [code, startsOn] of [
      ['SRT-B', '2026-03-01'],
      ['srt-a', null],
      ['SRT-C', '2026-01-15'],
    ] as const) {
      const res = await t.request({
        method: 'POST',
        url: '/api/v1/admin/promo-codes',
        token: admin,
        payload: { code, description: '', active: 'Y', startsOn, endsOn: null, channels: [], segments: [], discountPercent: '10', discountAmount: null },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const list = listSortChecks(
      t,
      () => admin,
      '/api/v1/admin/promo-codes',
      (p) => String(p.code),
    );
    expect(await list.labels('keyword=srt-&sort=-code')).toEqual(['SRT-C', 'SRT-B', 'srt-a']);
    expect(await list.labels('keyword=srt-&sort=period')).toEqual(['SRT-C', 'SRT-B', 'srt-a']);
    expect(await list.labels('keyword=srt-&sort=-period')).toEqual(['SRT-B', 'SRT-C', 'srt-a']);
    await list.expectRefused('keyword=srt-', 'discount');
  });
});
