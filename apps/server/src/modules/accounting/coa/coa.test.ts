import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { listSortChecks } from '../../../../test/list-sort.ts';

let t: TestApp;
let admin: string;
const G = '/api/v1/erp/coa-groups';
const S = '/api/v1/erp/segment-groups';
const C = '/api/v1/erp/coa';
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp('coa');
  admin = await t.login('admin');
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const get = async (url: string, token = admin) => (await t.request({ method: 'GET', url, token })).json();
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json, token = admin) => t.request({ method, url, token, payload });
const byCode = async (code: string) =>
  (await get(`${C}?keyword=${encodeURIComponent(code)}&limit=100`)).items.find((a: { coaCode: string }) => a.coaCode === code);
const groupByCode = async (code: string) => (await get(`${G}?keyword=${code}`)).items.find((g: { groupCode: string }) => g.groupCode === code);
const account = (coaCode: string, groupId: string, extra: Json = {}) => ({ coaCode, coaName: `Akun ${coaCode}`, groupId, ...extra });

describe('chart of accounts: the demo seed', () => {
  it('seeds a complete Indonesian SME chart with cash and bank groups, shown as a tree', async () => {
    const tree = await get(`${C}/tree`);
    const names = tree.flatMap((g: { accounts: { coaName: string; subAccounts: { coaName: string }[] }[] }) =>
      g.accounts.flatMap((a) => [a.coaName, ...a.subAccounts.map((s) => s.coaName)]),
    );
    for (const name of [
      'Kas',
      'Kas Kecil',
      'Bank BCA',
      'Bank Mandiri',
      'Piutang Usaha',
      'Persediaan Barang Dagang',
      'PPN Masukan',
      'Uang Muka Pembelian',
      'Akumulasi Penyusutan Kendaraan',
      'Utang Usaha',
      'PPN Keluaran',
      'Utang PPh 21',
      'Utang PPh 23',
      'Utang PPh 25',
      'Modal Disetor',
      'Laba Ditahan',
      'Penjualan',
      'Retur Penjualan',
      'Potongan Penjualan',
      'Harga Pokok Penjualan',
      'Beban Gaji dan Tunjangan',
      'Beban Sewa',
      'Beban Listrik dan Air',
      'Beban Penyusutan',
      'Beban Administrasi Bank',
      'Pendapatan Bunga',
    ]) {
      expect(names, name).toContain(name);
    }
    const bank = tree.find((g: { groupCode: string }) => g.groupCode === '1200');
    expect(bank).toMatchObject({ purpose: 'bank', systemPredefined: 'Y', type: 'asset', sign: 'debit' });
    expect(bank.accounts[0]).toMatchObject({ coaCode: '1201', mainAccountId: null });
    expect(bank.accounts[0].subAccounts.map((s: { coaCode: string }) => s.coaCode)).toEqual(['1201.01', '1201.02', '1201.03']);
    expect(tree.find((g: { groupCode: string }) => g.groupCode === '1100').purpose).toBe('cash');
    const types = new Set(tree.map((g: { type: string }) => g.type));
    expect([...types].sort()).toEqual(['asset', 'cost', 'equity', 'liability', 'revenue']);
    expect(await byCode('1710.02')).toMatchObject({ sign: 'credit', mainAccountCode: '1710', coaDesc: '1710.02 - Akumulasi Penyusutan Kendaraan' });
  });

  it('filters accounts for pickers by purpose, type, detail and active, with paging', async () => {
    const bankAccounts = await get(`${C}?purpose=bank&limit=30`);
    expect(bankAccounts.items.map((a: { coaCode: string }) => a.coaCode)).toEqual(['1201', '1201.01', '1201.02', '1201.03']);
    const revenue = await get(`${C}?type=revenue&limit=5&page=2`);
    expect(revenue.total).toBe(6);
    expect(revenue.items).toHaveLength(1);
    const details = await get(`${C}?detail=Y&limit=100`);
    expect(details.items.every((a: { detail: string }) => a.detail === 'Y')).toBe(true);
    expect((await get(`${C}?keyword=ppn`)).items.map((a: { coaCode: string }) => a.coaCode)).toEqual(['1501', '2201']);
  });
});

describe('COA groups', () => {
  it('creates, edits and refuses duplicate codes and unknown ids', async () => {
    const res = await send('POST', G, { groupCode: 'ZG1', groupName: 'Grup Uji', type: 'cost', sign: 'debit' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ purpose: 'general', systemPredefined: 'N', active: 'Y' });
    ids.ZG1 = res.json().groupId;
    expect((await send('POST', G, { groupCode: 'zg1', groupName: 'X', type: 'cost', sign: 'debit' })).json()).toEqual({
      errorCode: 'group_coa_code_already_exists',
      errorArgs: ['zg1'],
    });
    expect((await send('PUT', `${G}/${ids.ZG1}`, { groupCode: '1100', groupName: 'X', type: 'cost', sign: 'debit' })).json().errorCode).toBe(
      'group_coa_code_already_exists',
    );
    expect((await send('PUT', `${G}/${ids.ZG1}`, { groupCode: 'ZG1', groupName: 'Grup Uji Biaya', type: 'cost', sign: 'debit' })).json().groupName).toBe(
      'Grup Uji Biaya',
    );
    const missing = await t.request({ method: 'GET', url: `${G}/0190a000-0000-7000-8000-000000000000`, token: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCode).toBe('group_coa_not_found');
  });

  it('never activates, deactivates or removes a system-predefined group, nor changes what the system relies on', async () => {
    const cash = await groupByCode('1100');
    for (const active of ['N', 'Y']) {
      const res = await send('PUT', `${G}/${cash.groupId}/active`, { active });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errorCode: 'coa_group_system_predefined', errorArgs: ['1100'] });
    }
    expect((await send('DELETE', `${G}/${cash.groupId}`)).json().errorCode).toBe('coa_group_system_predefined');
    expect(
      (await send('PUT', `${G}/${cash.groupId}`, { groupCode: '1100', groupName: 'Kas', type: 'asset', sign: 'debit', purpose: 'general' })).json().errorCode,
    ).toBe('coa_group_system_predefined');
    const renamed = await send('PUT', `${G}/${cash.groupId}`, {
      groupCode: '1100',
      groupName: 'Kas dan Setara Kas',
      type: 'asset',
      sign: 'debit',
      purpose: 'cash',
    });
    expect(renamed.json().groupName).toBe('Kas dan Setara Kas');
  });

  it('deactivates an ordinary group (no new accounts in it), refuses deleting one with accounts', async () => {
    const res = await send('POST', C, account('ZA-1', ids.ZG1));
    expect(res.statusCode, res.body).toBe(200);
    ids['ZA-1'] = res.json().coaId;
    expect((await send('DELETE', `${G}/${ids.ZG1}`)).json()).toEqual({ errorCode: 'used_by_another_table', errorArgs: ['coa_accounts'] });
    expect((await send('PUT', `${G}/${ids.ZG1}/active`, { active: 'N' })).json().active).toBe('N');
    expect((await send('POST', C, account('ZA-2', ids.ZG1))).json()).toEqual({ errorCode: 'coa_group_inactive', errorArgs: ['ZG1'] });
    expect((await send('PUT', `${G}/${ids.ZG1}/active`, { active: 'Y' })).json().active).toBe('Y');
    const empty = await send('POST', G, { groupCode: 'ZG2', groupName: 'Kosong', type: 'revenue', sign: 'credit' });
    expect((await send('DELETE', `${G}/${empty.json().groupId}`)).json()).toEqual({ ok: true });
  });
});

describe('accounts', () => {
  it('takes sign and type from the group unless given, and refuses duplicate codes and unknown ids', async () => {
    expect(await get(`${C}/${ids['ZA-1']}`)).toMatchObject({ sign: 'debit', type: 'cost', groupCode: 'ZG1', detail: 'N', default: 'N' });
    const credit = await send(
      'POST',
      C,
      account('ZA-3', ids.ZG1, { sign: 'credit', description: 'Akun kontra', activityGlCode: 'GL-01', activityGlName: 'Operasional' }),
    );
    expect(credit.json()).toMatchObject({ sign: 'credit', description: 'Akun kontra', activityGlCode: 'GL-01', activityGlName: 'Operasional' });
    ids['ZA-3'] = credit.json().coaId;
    const dup = await send('POST', C, account('za-1', ids.ZG1));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ errorCode: 'coa_code_already_exists', errorArgs: ['za-1'] });
    expect((await send('POST', C, account('ZA-9', '0190a000-0000-7000-8000-000000000000'))).json().errorCode).toBe('group_coa_not_found');
    expect((await t.request({ method: 'GET', url: `${C}/0190a000-0000-7000-8000-000000000000`, token: admin })).json().errorCode).toBe('coa_not_found');
    expect((await send('POST', C, account('ZA 9', ids.ZG1))).json().errorCode).toBe('invalid_input_format');
  });

  it('allows one detail account per group (spec 5)', async () => {
    const first = await send('PUT', `${C}/${ids['ZA-1']}`, account('ZA-1', ids.ZG1, { detail: true }));
    expect(first.json().detail).toBe('Y');
    // Saving the detail account again is not a second one.
    expect((await send('PUT', `${C}/${ids['ZA-1']}`, account('ZA-1', ids.ZG1, { detail: true, coaName: 'Akun Detail' }))).json().coaName).toBe('Akun Detail');
    const second = await send('PUT', `${C}/${ids['ZA-3']}`, account('ZA-3', ids.ZG1, { detail: true }));
    expect(second.statusCode).toBe(422);
    expect(second.json()).toEqual({ errorCode: 'coa_group_has_detail', errorArgs: ['ZG1'] });
    expect((await send('POST', C, account('ZA-4', ids.ZG1, { detail: true }))).json().errorCode).toBe('coa_group_has_detail');
    // The seeded inventory group already has its detail account.
    const inventory = await groupByCode('1400');
    expect((await send('POST', C, account('ZA-5', inventory.groupId, { detail: true }))).json()).toEqual({
      errorCode: 'coa_group_has_detail',
      errorArgs: ['1400'],
    });
  });

  it('nests sub accounts one level under a main account of the same group', async () => {
    const sub = await send('POST', C, account('ZA-1.01', ids.ZG1, { mainAccountId: ids['ZA-1'] }));
    expect(sub.json()).toMatchObject({ mainAccountId: ids['ZA-1'], mainAccountCode: 'ZA-1' });
    ids['ZA-1.01'] = sub.json().coaId;
    expect((await send('POST', C, account('ZA-1.01.01', ids.ZG1, { mainAccountId: ids['ZA-1.01'] }))).json()).toEqual({
      errorCode: 'coa_main_account_invalid',
      errorArgs: ['ZA-1.01'],
    });
    const bca = await byCode('1201');
    expect((await send('POST', C, account('ZA-6', ids.ZG1, { mainAccountId: bca.coaId }))).json()).toEqual({
      errorCode: 'coa_main_account_invalid',
      errorArgs: ['1201'],
    });
    expect((await send('PUT', `${C}/${ids['ZA-3']}`, account('ZA-3', ids.ZG1, { mainAccountId: ids['ZA-3'] }))).json().errorCode).toBe(
      'coa_main_account_invalid',
    );
    expect((await send('PUT', `${C}/${ids['ZA-1']}`, account('ZA-1', ids.ZG1, { detail: true, mainAccountId: ids['ZA-3'] }))).json()).toEqual({
      errorCode: 'coa_has_sub_accounts',
      errorArgs: ['ZA-1'],
    });
    expect((await send('DELETE', `${C}/${ids['ZA-1']}`)).json()).toEqual({ errorCode: 'coa_has_sub_accounts', errorArgs: ['ZA-1'] });
    const tree = await get(`${C}/tree`);
    const group = tree.find((g: { groupCode: string }) => g.groupCode === 'ZG1');
    expect(group.accounts.map((a: { coaCode: string; subAccounts: { coaCode: string }[] }) => [a.coaCode, a.subAccounts.map((s) => s.coaCode)])).toEqual([
      ['ZA-1', ['ZA-1.01']],
      ['ZA-3', []],
    ]);
  });

  it('never edits, deactivates or removes a default account', async () => {
    const retained = await byCode('3102');
    expect(retained.default).toBe('Y');
    for (const res of [
      await send('PUT', `${C}/${retained.coaId}`, account('3102', retained.groupId, { coaName: 'Saldo Laba' })),
      await send('PUT', `${C}/${retained.coaId}/active`, { active: 'N' }),
      await send('DELETE', `${C}/${retained.coaId}`),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errorCode: 'coa_default_cannot_be_changed', errorArgs: ['3102'] });
    }
    expect((await get(`${C}/${retained.coaId}`)).coaName).toBe('Laba Ditahan');
    const created = await send('POST', C, account('ZA-7', ids.ZG1, { isDefault: true }));
    expect(created.json().default).toBe('Y');
    expect((await send('DELETE', `${C}/${created.json().coaId}`)).json().errorCode).toBe('coa_default_cannot_be_changed');
  });

  it('deactivates and deletes an ordinary account, refuses one a cash bank uses, audits every write', async () => {
    expect((await send('PUT', `${C}/${ids['ZA-3']}/active`, { active: 'N' })).json().active).toBe('N');
    expect((await get(`${C}?active=N&keyword=ZA-`)).items.map((a: { coaCode: string }) => a.coaCode)).toEqual(['ZA-3']);
    expect((await send('DELETE', `${C}/${ids['ZA-3']}`)).json()).toEqual({ ok: true });
    const kas = await byCode('1101');
    expect((await send('DELETE', `${C}/${(await byCode('1102')).coaId}`)).json()).toEqual({ errorCode: 'used_by_another_table', errorArgs: ['cash_banks'] });
    expect(kas.default).toBe('Y');
    const audit = await t.pools.owner.query(`SELECT entity, action FROM audit_log WHERE module = 'accounting.coa' ORDER BY id`);
    expect(audit.rows.filter((r) => r.entity === 'coa').map((r) => r.action)).toEqual([
      'create',
      'create',
      'update',
      'update',
      'create',
      'create',
      'deactivate',
      'delete',
    ]);
    expect(audit.rows.filter((r) => r.entity === 'coa-group').map((r) => r.action)).toEqual([
      'create',
      'update',
      'update',
      'deactivate',
      'activate',
      'create',
      'delete',
    ]);
  });
});

describe('segment groups', () => {
  it('creates, limits the name to 40 characters, refuses duplicates, activates and deletes', async () => {
    const res = await send('POST', S, { segmentCode: 'ZS', segmentName: 'Segmen Uji' });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().segmentId;
    expect((await send('POST', S, { segmentCode: 'zs', segmentName: 'Lagi' })).json()).toEqual({
      errorCode: 'segment_coa_code_already_exists',
      errorArgs: ['zs'],
    });
    expect((await send('POST', S, { segmentCode: 'dept', segmentName: 'Lagi' })).json().errorCode).toBe('segment_coa_code_already_exists');
    const long = await send('POST', S, { segmentCode: 'ZL', segmentName: 'x'.repeat(41) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errorArgs[0]).toBe('body.segmentName');
    expect((await send('POST', S, { segmentCode: 'ZL', segmentName: 'x'.repeat(40) })).statusCode).toBe(200);
    expect((await send('PUT', `${S}/${id}`, { segmentCode: 'ZS', segmentName: 'Segmen Baru' })).json().segmentName).toBe('Segmen Baru');
    expect((await send('PUT', `${S}/${id}/active`, { active: 'N' })).json().active).toBe('N');
    expect((await get(`${S}?keyword=Z&limit=30`)).total).toBe(2);
    expect((await send('DELETE', `${S}/${id}`)).json()).toEqual({ ok: true });
    expect((await t.request({ method: 'GET', url: `${S}/${id}`, token: admin })).json().errorCode).toBe('segment_coa_not_found');
    expect((await get(`${S}?limit=30`)).items.map((s: { segmentCode: string }) => s.segmentCode)).toEqual(['DEPT', 'PROYEK', 'SALURAN', 'ZL']);
  });
});

describe('exports and access', () => {
  it('exports accounts, groups and segment groups as xlsx', async () => {
    for (const [url, header, minRows] of [
      [`${C}/export?lang=id`, 'Kode', 60],
      [`${G}/export?lang=en`, 'Code', 16],
      [`${S}/export`, 'Kode', 3],
    ] as const) {
      const file = await t.request({ method: 'GET', url, token: admin });
      expect(file.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets[0].getRow(1).getCell(1).value).toBe(header);
      expect(book.worksheets[0].rowCount).toBeGreaterThan(minRows);
    }
  });

  it('exports exactly the groups, segment groups and accounts their lists show for the same filters', async () => {
    const groups = listSortChecks(
      t,
      () => admin,
      G,
      (g) => String(g.groupCode),
    );
    const allGroups = await groups.exportedCodes(`${G}/export`, 'lang=en');
    for (const query of ['purpose=bank', 'purpose=general&sort=-name', 'purpose=cash&keyword=kas']) {
      const shown = await groups.labels(`${query}&limit=100`);
      expect(shown.length, query).toBeGreaterThan(0);
      expect(shown.length, query).toBeLessThan(allGroups.length);
      expect(await groups.exportedCodes(`${G}/export`, query), query).toEqual(shown);
    }
    expect(await groups.exportedCodes(`${G}/export`, 'purpose=bank')).toEqual(['1200']);

    const segments = listSortChecks(
      t,
      () => admin,
      S,
      (s) => String(s.segmentCode),
    );
    for (const query of ['keyword=proyek', 'keyword=a&sort=-name']) {
      const shown = await segments.labels(`${query}&limit=100`);
      expect(shown.length, query).toBeGreaterThan(0);
      expect(shown.length, query).toBeLessThan((await segments.exportedCodes(`${S}/export`, 'lang=en')).length);
      expect(await segments.exportedCodes(`${S}/export`, query), query).toEqual(shown);
    }

    const accounts = listSortChecks(
      t,
      () => admin,
      C,
      (a) => String(a.coaCode),
    );
    const allAccounts = await accounts.exportedCodes(`${C}/export`, 'lang=en');
    const bankGroup = (await groupByCode('1200')).groupId as string;
    const spare = await send('POST', C, account('1399', (await byCode('1301')).groupId));
    expect(spare.statusCode, spare.body).toBe(200);
    expect((await send('PUT', `${C}/${spare.json().coaId}/active`, { active: 'N' })).statusCode).toBe(200);
    expect(await accounts.exportedCodes(`${C}/export`, 'active=N')).toEqual(['1399']);
    for (const query of ['purpose=cash', `groupId=${bankGroup}`, 'type=liability&detail=N', 'active=N', 'type=asset&active=Y&keyword=bank']) {
      const list = await get(`${C}?${query}&limit=100`);
      expect(list.total, query).toBeGreaterThan(0);
      expect(list.total, query).toBeLessThan(allAccounts.length);
      expect(await accounts.exportedCodes(`${C}/export`, query), query).toEqual(list.items.map((a: { coaCode: string }) => a.coaCode));
    }
  });

  it('exports with match=tree exactly the accounts the COA tree search shows: under a matching group or main account, above a matching sub', async () => {
    type Node = { coaCode: string; coaName: string };
    const tree = (await get(`${C}/tree`)) as (Node & { groupCode: string; groupName: string; accounts: (Node & { subAccounts: Node[] })[] })[];
    const treeShows = (keyword: string) => {
      const hit = (code: string, name: string) => code.toLowerCase().includes(keyword) || name.toLowerCase().includes(keyword);
      return tree.flatMap((g) =>
        g.accounts.flatMap((a) => {
          const whole = hit(g.groupCode, g.groupName) || hit(a.coaCode, a.coaName);
          const subs = a.subAccounts.filter((s) => whole || hit(s.coaCode, s.coaName)).map((s) => s.coaCode);
          return whole || subs.length ? [a.coaCode, ...subs] : [];
        }),
      );
    };
    const accounts = listSortChecks(
      t,
      () => admin,
      C,
      (a) => String(a.coaCode),
    );
    const sorted = (codes: string[]) => [...codes].sort();
    for (const keyword of ['piutang', 'bca', 'persediaan', '1201', 'beban']) {
      const shown = treeShows(keyword);
      expect(shown.length, keyword).toBeGreaterThan(0);
      expect(sorted(await accounts.exportedCodes(`${C}/export`, `keyword=${keyword}&match=tree`)), keyword).toEqual(sorted(shown));
    }
    // The group Piutang holds 1399 "Akun 1399": the tree shows it, the account list's keyword does not.
    expect(await accounts.exportedCodes(`${C}/export`, 'keyword=piutang&match=tree')).toContain('1399');
    expect(await accounts.exportedCodes(`${C}/export`, 'keyword=piutang')).not.toContain('1399');
    expect(await accounts.exportedCodes(`${C}/export`, 'keyword=bca&match=tree')).toEqual(['1201', '1201.01']);
  });

  it('lets staff read only, refuses the agent and the cashier; a second tenant sees none of it', async () => {
    const staff = await t.login('staff');
    expect((await get(`${C}?keyword=ZA-`, staff)).total).toBeGreaterThan(0);
    expect((await send('POST', C, account('ZZ', ids.ZG1), staff)).statusCode).toBe(403);
    expect((await send('DELETE', `${G}/${ids.ZG1}`, undefined, staff)).statusCode).toBe(403);
    const agent = await t.login('agent');
    for (const url of [C, `${C}/tree`, G, S, `${C}/export`]) {
      const res = await t.request({ method: 'GET', url, token: agent });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().errorCode).toBe('forbidden_action');
    }
    const cashier = await t.login('cashier');
    expect((await t.request({ method: 'GET', url: C, token: cashier })).statusCode).toBe(403);
    await t.seedTenant('acme');
    const acme = await t.login('admin', 'acme');
    expect((await get(`${C}?keyword=ZA-`, acme)).total).toBe(0);
    expect((await get(`${G}?keyword=ZG`, acme)).total).toBe(0);
    expect((await t.request({ method: 'GET', url: `${C}/${ids['ZA-1']}`, token: acme })).statusCode).toBe(404);
    expect((await send('PUT', `${G}/${ids.ZG1}/active`, { active: 'N' }, acme)).statusCode).toBe(404);
    expect((await get(`${G}/${ids.ZG1}`)).active).toBe('Y');
  });
});
