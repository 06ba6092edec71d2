import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ERRORS, XLSX_CONTENT_TYPE, type CoaAccount } from '@nusa/contracts';
import { downloadWorkbook, firstSheetRows } from '../support/download.ts';
import { answerConfirm } from '../support/antd.ts';
import { api, apiLogin } from '../support/api.ts';
import { launchBrowser, openPage, screenshot, type Language } from '../support/browser.ts';
import { seedOwnTenant } from '../support/db.ts';

/** The texts these flows read, per language (apps/web/src/i18n/modules/accounting-ledger.*.json). */
const tx = {
  id: {
    title: 'Bagan Akun',
    search: 'Cari kode atau nama akun',
    expandAll: 'Buka semua',
    collapseAll: 'Tutup semua',
    addSub: 'Tambah sub akun',
    code: 'Kode',
    name: 'Nama',
    created: (code: string) => `${code} berhasil ditambahkan`,
    edit: 'Ubah',
    delete: 'Hapus',
    deactivate: 'Nonaktifkan',
    locked: 'Terkunci',
    defaultLocked: 'Akun bawaan dipakai sistem untuk jurnal otomatis',
    groupsTab: 'Grup COA',
    segmentsTab: 'Grup segmen',
    systemLocked: 'Grup bawaan sistem tidak dapat diaktifkan',
    system: 'Bawaan sistem',
    activeOf: 'Status aktif',
    saved: (name: string) => `${name} berhasil disimpan`,
    accountsTab: 'Akun',
    addSegment: 'Tambah segmen',
    noMatch: 'Tidak ada data yang cocok',
  },
  en: {
    title: 'Chart of Accounts',
    search: 'Search account code or name',
    expandAll: 'Expand all',
    collapseAll: 'Collapse all',
    addSub: 'Add sub account',
    code: 'Code',
    name: 'Name',
    created: (code: string) => `${code} was added`,
    edit: 'Edit',
    delete: 'Delete',
    deactivate: 'Deactivate',
    locked: 'Locked',
    defaultLocked: 'The system posts automatic journals to default accounts',
    groupsTab: 'COA groups',
    segmentsTab: 'Segment groups',
    systemLocked: 'A system-predefined group cannot be activated',
    system: 'System',
    activeOf: 'Active status of',
    saved: (name: string) => `${name} was saved`,
    accountsTab: 'Accounts',
    addSegment: 'Add segment',
    noMatch: 'No matching data',
  },
};

/** Polls wait longer than vitest's default second: the machine is shared by several test runs. */
const POLL = { timeout: 10_000 };
const dialog = (page: Page) => page.getByRole('dialog');
/** The tree row of an account or group, found by its code cell. */
const row = (page: Page, code: string) =>
  page.locator('.coa-tree tr.ant-table-row').filter({ has: page.locator('.code-text', { hasText: new RegExp(`^${code.replace('.', '\\.')}$`) }) });
const codes = (page: Page) => page.locator('.coa-tree tr.ant-table-row .code-text').allTextContents();

async function openChart(page: Page, lang: Language) {
  await page.goto('/accounting/chart-of-accounts');
  await page.getByRole('heading', { level: 1, name: tx[lang].title }).waitFor();
  await row(page, '1100').waitFor();
}

describe('chart of accounts', () => {
  let browser: Browser;
  let tenant: Awaited<ReturnType<typeof seedOwnTenant>>;
  let token: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    tenant = await seedOwnTenant('coa');
    token = (await apiLogin('admin', { tenant: tenant.code })).token;
  });
  afterAll(async () => {
    await browser?.close();
    await tenant?.close();
  });
  const get = <T>(path: string) => api<T>('GET', path, { token, tenant: tenant.code });

  it('browses the seeded Indonesian chart as a tree, searches it and adds a sub account under a main account (id)', async () => {
    const t = tx.id;
    // A retry of this test starts where its first try's additions are gone: the sub account and the segment it adds.
    for (const a of (await get<{ items: CoaAccount[] }>('/v1/erp/coa?keyword=1201.09')).body.items) {
      const res = await api('DELETE', `/v1/erp/coa/${a.coaId}`, { token, tenant: tenant.code });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    for (const g of (await get<{ items: { segmentId: string }[] }>('/v1/erp/segment-groups?keyword=SEG-JKT')).body.items) {
      const res = await api('DELETE', `/v1/erp/segment-groups/${g.segmentId}`, { token, tenant: tenant.code });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const p = await openPage(browser, { as: 'admin', tenant: tenant.code, language: 'id' });
    const { page } = p;
    try {
      await openChart(page, 'id');
      // Groups first, collapsed: their accounts appear once a group is opened.
      expect((await codes(page)).slice(0, 3)).toEqual(['1100', '1200', '1300']);
      expect(await row(page, '1301').count()).toBe(0);
      await row(page, '1300').locator('.ant-table-row-expand-icon').click();
      await row(page, '1301').filter({ hasText: 'Piutang Usaha' }).waitFor();
      await screenshot(page, 'coa-tree-id');

      // A search opens every branch leading to a match and hides the rest.
      await page.getByPlaceholder(t.search).fill('Kas');
      await row(page, '1102').filter({ hasText: 'Kas Kecil' }).waitFor();
      await expect.poll(() => codes(page), POLL).toEqual(['1100', '1101', '1102']);
      await screenshot(page, 'coa-search-id');
      await page.getByPlaceholder(t.search).fill('ppn');
      await expect.poll(() => codes(page), POLL).toEqual(['1500', '1501', '2200', '2201']);
      await page.getByPlaceholder(t.search).fill('tidak-ada-akun');
      await page.getByText(t.noMatch).waitFor();
      await page.getByPlaceholder(t.search).fill('');

      // Expand all shows sub accounts; collapse all goes back to the groups.
      await page.getByRole('button', { name: t.expandAll }).click();
      await row(page, '1201.02').filter({ hasText: 'Bank Mandiri' }).waitFor();
      await page.getByRole('button', { name: t.collapseAll }).click();
      await expect.poll(() => row(page, '1201').count(), POLL).toBe(0);

      // A sub account under the main account 1201 Bank: the branch opens to show it.
      await row(page, '1200').locator('.ant-table-row-expand-icon').click();
      await page.getByRole('button', { name: `${t.addSub} 1201` }).click();
      const code = dialog(page).getByLabel(t.code, { exact: true });
      await expect.poll(() => code.evaluate((el) => el === document.activeElement), POLL).toBe(true);
      await code.fill('1201.09');
      await dialog(page).getByLabel(t.name, { exact: true }).fill('Bank Jago');
      await dialog(page).getByText('1201 · Bank').first().waitFor();
      await screenshot(page, 'coa-add-sub-id');
      await dialog(page).getByLabel(t.name, { exact: true }).press('Enter');
      await page.getByText(t.created('1201.09')).waitFor();
      await dialog(page).waitFor({ state: 'detached' });
      await row(page, '1201.09').filter({ hasText: 'Bank Jago' }).waitFor();
      const created = await get<{ items: CoaAccount[] }>('/v1/erp/coa?keyword=1201.09');
      expect(created.body.items).toHaveLength(1);
      expect(created.body.items[0]).toMatchObject({
        coaName: 'Bank Jago',
        mainAccountCode: '1201',
        groupCode: '1200',
        sign: 'debit',
        type: 'asset',
        default: 'N',
        active: 'Y',
      });

      // A duplicate code is refused under the code field with the server's translated message; the dialog keeps what was typed.
      await page.getByRole('button', { name: `${t.addSub} 1201` }).click();
      await dialog(page).getByLabel(t.code, { exact: true }).fill('1201.09');
      await dialog(page).getByLabel(t.name, { exact: true }).fill('Bank Kembar');
      await dialog(page).getByLabel(t.name, { exact: true }).press('Enter');
      await dialog(page)
        .locator('.ant-form-item-explain-error')
        .filter({ hasText: ERRORS.coa_code_already_exists.id.replace('{{0}}', '1201.09') })
        .waitFor();
      expect(await dialog(page).getByLabel(t.name, { exact: true }).inputValue()).toBe('Bank Kembar');
      await dialog(page).getByRole('button', { name: 'Batal' }).click();
      await dialog(page).waitFor({ state: 'detached' });

      // A default account (1101 Kas) shows a lock with the reason instead of edit, deactivate and delete.
      await row(page, '1100').locator('.ant-table-row-expand-icon').click();
      const kas = row(page, '1101');
      await kas.getByRole('button', { name: `${t.locked} 1101` }).hover();
      await page.getByRole('tooltip').filter({ hasText: t.defaultLocked }).waitFor();
      for (const action of [t.edit, t.deactivate, t.delete]) expect(await kas.getByRole('button', { name: `${action} 1101` }).count()).toBe(0);
      expect(
        await row(page, '1102')
          .getByRole('button', { name: `${t.edit} 1102` })
          .count(),
      ).toBe(1);
      await screenshot(page, 'coa-default-locked-id');
      // The server refuses it as well.
      const kasId = (await get<{ items: CoaAccount[] }>('/v1/erp/coa?keyword=1101')).body.items.find((a) => a.coaCode === '1101')!.coaId;
      const refused = await api<{ errorCode: string }>('PUT', `/v1/erp/coa/${kasId}/active`, { token, tenant: tenant.code, body: { active: 'N' } });
      expect(refused.body.errorCode).toBe('coa_default_cannot_be_changed');

      // COA groups: a system-predefined group cannot be deactivated or deleted; only its name can change.
      await page.getByRole('tab', { name: t.groupsTab }).click();
      const kasGroup = page.getByRole('row').filter({ has: page.locator('.code-text', { hasText: /^1100$/ }) });
      await kasGroup.getByText(t.system).hover();
      await page.getByRole('tooltip').filter({ hasText: t.systemLocked }).waitFor();
      expect(await kasGroup.getByRole('switch', { name: `${t.activeOf} 1100 - Kas` }).isDisabled()).toBe(true);
      expect(await kasGroup.getByRole('button', { name: `${t.delete} 1100 - Kas` }).count()).toBe(0);
      const own = page.getByRole('row').filter({ has: page.locator('.code-text', { hasText: /^1600$/ }) });
      expect(await own.getByRole('switch').isDisabled()).toBe(false);
      expect(await own.getByRole('button', { name: new RegExp(`^${t.delete} 1600 - `) }).count()).toBe(1);
      await screenshot(page, 'coa-groups-id');
      await kasGroup.getByRole('button', { name: `${t.edit} 1100 - Kas` }).click();
      expect(await dialog(page).getByLabel(t.code, { exact: true }).isDisabled()).toBe(true);
      const groupName = dialog(page).getByLabel(t.name, { exact: true });
      await expect.poll(() => groupName.evaluate((el) => el === document.activeElement), POLL).toBe(true);
      await groupName.fill('Kas dan Setara Kas');
      await groupName.press('Enter');
      await page.getByText(t.saved('1100 - Kas dan Setara Kas')).waitFor();
      const groups = await get<{ items: { groupCode: string; groupName: string; systemPredefined: string }[] }>('/v1/erp/coa-groups?keyword=1100');
      expect(groups.body.items[0]).toMatchObject({ groupCode: '1100', groupName: 'Kas dan Setara Kas', systemPredefined: 'Y' });
      // The tree shows the new name without a reload.
      await page.getByRole('tab', { name: t.accountsTab }).click();
      await row(page, '1100').filter({ hasText: 'Kas dan Setara Kas' }).waitFor();

      await page.getByRole('tab', { name: t.segmentsTab }).click();
      await page.getByRole('button', { name: t.addSegment }).first().click();
      await dialog(page).getByLabel(t.code, { exact: true }).fill('SEG-JKT');
      await dialog(page).getByLabel(t.name, { exact: true }).fill('Wilayah Jakarta');
      await dialog(page).getByLabel(t.name, { exact: true }).press('Enter');
      await page.getByText(t.created('SEG-JKT - Wilayah Jakarta')).waitFor();
      await page.getByRole('row').filter({ hasText: 'Wilayah Jakarta' }).waitFor();
      await screenshot(page, 'coa-segments-id');
      const segments = await get<{ items: { segmentCode: string; active: string }[] }>('/v1/erp/segment-groups?keyword=SEG-JKT');
      expect(segments.body.items).toEqual([expect.objectContaining({ segmentCode: 'SEG-JKT', active: 'Y' })]);
      expect(p.pageErrors).toEqual([]);
    } finally {
      await p.close();
    }
    // About twenty dialog and tab round trips: ~40 s idle, over a minute beside other spec files.
  }, 180_000);

  it('deletes a sub account after confirmation (id)', async () => {
    // A retry of this test finds 1710.03 as seeded: the account its first try deleted is made again.
    const depreciation = (await get<{ items: CoaAccount[] }>('/v1/erp/coa?keyword=1710')).body.items;
    if (!depreciation.some((a) => a.coaCode === '1710.03')) {
      const main = depreciation.find((a) => a.coaCode === '1710')!;
      const res = await api('POST', '/v1/erp/coa', {
        token,
        tenant: tenant.code,
        body: { coaCode: '1710.03', coaName: 'Akumulasi Penyusutan Peralatan Kantor', groupId: main.groupId, mainAccountId: main.coaId, sign: main.sign },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const p = await openPage(browser, { as: 'admin', tenant: tenant.code, language: 'id' });
    const { page } = p;
    try {
      await openChart(page, 'id');
      await page.getByPlaceholder(tx.id.search).fill('1710.03');
      await row(page, '1710.03')
        .getByRole('button', { name: `${tx.id.delete} 1710.03` })
        .click();
      // Cancelling keeps it; confirming removes it.
      await answerConfirm(page, 'Batal');
      await row(page, '1710.03').waitFor();
      await row(page, '1710.03')
        .getByRole('button', { name: `${tx.id.delete} 1710.03` })
        .click();
      await answerConfirm(page, tx.id.delete);
      await page.getByText('1710.03 berhasil dihapus').waitFor();
      await expect.poll(() => row(page, '1710.03').count(), POLL).toBe(0);
      const left = await get<{ items: CoaAccount[] }>('/v1/erp/coa?keyword=1710.0');
      expect(left.body.items.map((a) => a.coaCode).sort()).toEqual(['1710.01', '1710.02']);
      expect(p.pageErrors).toEqual([]);
    } finally {
      await p.close();
    }
  });

  it('imports accounts from xlsx into the tree with a per-row report (id)', async () => {
    // A retry of this test starts where its first try's import left nothing: the report counts new rows.
    for (const a of (await get<{ items: CoaAccount[] }>('/v1/erp/coa?keyword=1201.1')).body.items) {
      const res = await api('DELETE', `/v1/erp/coa/${a.coaId}`, { token, tenant: tenant.code });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Bagan Akun');
    sheet.addRow(['Kode', 'Nama', 'Grup', 'Akun Induk']);
    sheet.addRow(['1201.10', 'Bank Syariah Indonesia', '1200', '1201']);
    sheet.addRow(['1201.11', 'Bank Tanpa Grup', '', '1201']);
    const p = await openPage(browser, { as: 'admin', tenant: tenant.code, language: 'id' });
    const { page } = p;
    try {
      await openChart(page, 'id');
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'akun.xlsx', mimeType: XLSX_CONTENT_TYPE, buffer: Buffer.from(await book.xlsx.writeBuffer()) });
      const report = page.locator('.ant-modal').filter({ hasText: 'Hasil impor' });
      // The refused row names the column and the reason by the screen's labels.
      const refused = report.getByRole('row').filter({ hasText: /^\s*3/ });
      await refused.waitFor();
      expect((await refused.getByRole('cell').allInnerTexts()).map((c) => c.trim())).toEqual([
        '3',
        'Grup COA',
        ERRORS.value_cannot_null.id.replace('{{0}}', 'Grup COA'),
      ]);
      const counts = await report.locator('.ant-statistic').allInnerTexts();
      expect(counts.map((c) => c.replace(/\s+/g, ' ').trim())).toEqual(['Baris dibaca 2', 'Ditambahkan 1', 'Diperbarui 0', 'Tidak berubah 0', 'Ditolak 1']);
      await screenshot(page, 'coa-import-report-id');
      await report.locator('.ant-modal-footer').getByRole('button').last().click();
      await report.waitFor({ state: 'hidden' });
      await page.getByPlaceholder(tx.id.search).fill('syariah');
      await row(page, '1201.10').filter({ hasText: 'Bank Syariah Indonesia' }).waitFor();
      const imported = await get<{ items: CoaAccount[] }>('/v1/erp/coa?keyword=1201.1');
      expect(imported.body.items.map((a) => [a.coaCode, a.mainAccountCode, a.groupCode])).toEqual([['1201.10', '1201', '1200']]);
      expect(p.pageErrors).toEqual([]);
    } finally {
      await p.close();
    }
  });

  it('browses the tree in English', async () => {
    const t = tx.en;
    const p = await openPage(browser, { as: 'admin', tenant: tenant.code, language: 'en' });
    const { page } = p;
    try {
      await openChart(page, 'en');
      await page.getByRole('button', { name: t.expandAll }).click();
      await row(page, '1201.01').filter({ hasText: 'Bank BCA' }).waitFor();
      await row(page, '1200').getByText('Asset').first().waitFor();
      await row(page, '2100').getByText('Credit').waitFor();
      await screenshot(page, 'coa-tree-en');
      await page.getByPlaceholder(t.search).fill('Kas');
      await expect.poll(() => codes(page), POLL).toEqual(['1100', '1101', '1102']);
      expect(await page.getByRole('button', { name: t.collapseAll }).isDisabled()).toBe(true);
      expect(p.pageErrors).toEqual([]);
    } finally {
      await p.close();
    }
  });

  it('read-only holders browse and export but change nothing', async () => {
    const p = await openPage(browser, { as: 'staff', tenant: tenant.code, language: 'id' });
    const { page } = p;
    try {
      await openChart(page, 'id');
      await page.getByRole('button', { name: tx.id.expandAll }).click();
      await row(page, '1201.01').waitFor();
      expect(await page.getByRole('button', { name: /^(Ubah|Hapus|Nonaktifkan|Tambah sub akun|Tambah akun utama) / }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Tambah akun' }).count()).toBe(0);
      // The export holds what the search shows: the matching sub account with its main account.
      await page.getByPlaceholder(tx.id.search).fill('BCA');
      await expect.poll(() => codes(page), POLL).toEqual(['1200', '1201', '1201.01']);
      const exported = await downloadWorkbook(page, () => page.getByRole('button', { name: 'Ekspor xlsx' }).click());
      expect(exported.fileName).toMatch(/^chart-of-accounts-\d{14}\.xlsx$/);
      expect(firstSheetRows(exported.book).map((r) => r[1])).toEqual(['Kode', '1201', '1201.01']);
      expect(p.pageErrors).toEqual([]);
    } finally {
      await p.close();
    }
  });
});
