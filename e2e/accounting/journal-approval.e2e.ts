import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TrialBalance } from '@nusa/contracts';
import { api, apiLogin } from '../support/api.ts';
import { launchBrowser, openPage, screenshot, showScreen, withOpenPage, type Language } from '../support/browser.ts';
import { seedOwnTenant } from '../support/db.ts';
import { chooseOption, settled } from '../support/antd.ts';
import { JOURNAL_WORDS, startJournal } from './journal-drawer.ts';

/** The texts this flow reads (i18n page titles, modules/accounting-journals, accounting-approvals, accounting-reports, accounting-audit-log). */
const TEXT = {
  id: {
    ...JOURNAL_WORDS.id,
    save: 'Simpan draf',
    balanced: 'Seimbang',
    unbalanced: 'Debit dan kredit belum seimbang',
    submit: 'Ajukan',
    approve: 'Setujui',
    view: 'Lihat',
    open: 'Buka',
    release: 'Rilis',
    approved: 'Disetujui',
    inbox: 'Persetujuan Masuk',
    needReview: 'Perlu ditinjau',
    trialBalance: 'Neraca Saldo',
    auditLog: 'Log Audit',
  },
  en: {
    ...JOURNAL_WORDS.en,
    save: 'Save draft',
    balanced: 'Balanced',
    unbalanced: 'Debit and credit do not balance yet',
    submit: 'Submit',
    approve: 'Approve',
    view: 'View',
    open: 'Open',
    release: 'Release',
    approved: 'Approved',
    inbox: 'Approval Inbox',
    needReview: 'Need review',
    trialBalance: 'Trial Balance',
    auditLog: 'Audit Log',
  },
} as const;

const POLL = { timeout: 15_000 };
/** A button's accessible name ends with its label (antd's icon names itself first, e.g. "check Approve"). */
const endsWith = (label: string) => new RegExp(`(^| )${label}$`);
const CASH = {
  CI: {
    path: '/accounting/cash-in',
    heading: 'Kas Masuk',
    add: 'Kas masuk baru',
    cashBank: 'Kas/bank',
    account: 'Akun',
    amount: 'Jumlah',
    save: 'Simpan draf',
    coa: /^4101 /,
    number: /^KM\//,
  },
  CO: {
    path: '/accounting/cash-out',
    heading: 'Cash Out',
    add: 'New cash out',
    cashBank: 'Cash/bank',
    account: 'Account',
    amount: 'Amount',
    save: 'Save draft',
    coa: /^6104 /,
    number: /^KK\//,
  },
} as const;
const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const period = today.slice(0, 4) + today.slice(5, 7);
const AMOUNT = { id: '2500000', en: '3750000' } as const;
const SHOWN = { id: '2.500.000', en: '3,750,000' } as const;

describe('a journal through two approvals', () => {
  let browser: Browser;
  let tenant: Awaited<ReturnType<typeof seedOwnTenant>>;
  let admin: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    tenant = await seedOwnTenant('journal-approval');
    // The staff user may enter journals; the demo Admin (Siti Rahayu) and Super Admin (Budi Santoso) approve.
    await tenant.sql(`INSERT INTO role_tasks (tenant_id, role_id, task) SELECT tenant_id, id, 'createEditErpJournal' FROM roles WHERE name = 'Staff'`);
    admin = (await apiLogin('admin', { tenant: tenant.code })).token;
    const users = await api<{ items: { userId: string; username: string }[] }>('GET', '/v1/config/users?limit=50', { token: admin, tenant: tenant.code });
    const id = (u: string) => users.body.items.find((x) => x.username === u)!.userId;
    const flow = await api('POST', '/v1/erp/approval-flows', {
      token: admin,
      tenant: tenant.code,
      body: {
        name: 'Jurnal dua tingkat',
        documentTypeId: 20001,
        levels: [
          { mode: 'any', userIds: [id('admin')] },
          { mode: 'any', amountAbove: '1000000', userIds: [id('superadmin')] },
        ],
      },
    });
    expect(flow.status, JSON.stringify(flow.body)).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await tenant?.close();
  });

  /** The approver opens the waiting document from the inbox, reads its lines, and approves it with a comment. */
  async function approveFromInbox(page: Page, lang: Language, number: string, shot: string) {
    const x = TEXT[lang];
    await page.goto('/accounting/approval-inbox');
    await page.getByRole('heading', { level: 1, name: x.inbox }).waitFor();
    const row = page.getByRole('row').filter({ hasText: number });
    await row.getByRole('button', { name: `${x.view} ${number}` }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: number });
    await drawer.getByText(/^6102 /).waitFor(POLL);
    await screenshot(page, shot);
    await drawer.getByRole('button', { name: endsWith(x.approve) }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: `${x.approve} ${number}?` });
    await dialog.getByRole('textbox').fill(`OK ${lang}`);
    await dialog.getByRole('button', { name: x.approve }).click();
    await drawer.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });
  }

  it.each([
    ['CI', 'id'],
    ['CO', 'en'],
  ] as const)('the admin records a %s document with its cash bank and payment and saves it as a draft (%s)', async (kind, lang) => {
    const x = CASH[kind];
    await withOpenPage(browser, { as: 'admin', tenant: tenant.code, language: lang }, `cash-${kind}-${lang}`, async ({ page }) => {
      await page.goto(x.path);
      await page.getByRole('heading', { level: 1, name: x.heading }).waitFor();
      await page.getByRole('button', { name: x.add }).click();
      const drawer = page.locator('.journals-drawer');
      await drawer.locator('.journals-grid').waitFor();
      await settled(page);
      await chooseOption(page, drawer.getByLabel(x.cashBank, { exact: true }), /^CB00003 /);
      await chooseOption(page, drawer.getByLabel(`${x.account} 1`), x.coa, x.coa.source.slice(1, 5));
      await drawer.getByLabel(`${x.amount} 1`).fill('1250000,5');
      // The amount typed the id-ID way; the total in the interface language.
      await drawer
        .getByText(lang === 'id' ? 'Rp 1.250.000,50' : 'Rp 1,250,000.50')
        .first()
        .waitFor();
      await screenshot(page, `cash-${kind}-form-${lang}`);
      await drawer.getByRole('button', { name: x.save }).click();
      await expect.poll(async () => (await drawer.locator('.journals-editor__status strong').textContent()) ?? '', POLL).toMatch(x.number);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await page.getByRole('row').filter({ hasText: x.number }).first().waitFor();
      await screenshot(page, `cash-${kind}-list-${lang}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await settled(page);
      await screenshot(page, `cash-${kind}-list-phone-${lang}`);
    });
  });

  for (const lang of ['id', 'en'] as Language[]) {
    it(`staff enters a balanced journal, two approvers open it from their inbox and approve, the admin releases it on the journal screen, it is reported (${lang})`, async () => {
      const x = TEXT[lang];
      // The rent account's debit of the month before this try's journal: nothing in Indonesian, the Indonesian
      // journal's in English, and on a retry also the journal its first try may have released.
      const trialBalance = await api<TrialBalance>('GET', `/v1/erp/reports/trial-balance?period=${period}`, { token: admin, tenant: tenant.code });
      expect(trialBalance.status).toBe(200);
      const rentBefore = Number(trialBalance.body.lines.find((l) => l.code === '6102')?.debit ?? 0);
      let number = '';
      await withOpenPage(browser, { as: 'staff', tenant: tenant.code, language: lang }, `journal-entry-${lang}`, async ({ page }) => {
        const drawer = await startJournal(page, x, { remarks: `Sewa gudang ${lang}`, account: '6102', amount: AMOUNT[lang] });
        // The difference shows while typing: red and the save refused until the credit side matches.
        await expect.poll(() => drawer.getByTestId('difference').innerText(), POLL).toContain(SHOWN[lang]);
        await expect.poll(() => drawer.getByRole('button', { name: x.save }).isDisabled()).toBe(true);
        await drawer.getByText(x.unbalanced).first().waitFor();
        await chooseOption(page, drawer.getByLabel(`${x.account} 2`), /^1101 /, '1101');
        await drawer.getByLabel(`${x.credit} 2`).fill(AMOUNT[lang].slice(0, -1));
        await screenshot(page, `journal-unbalanced-${lang}`);
        await drawer.getByLabel(`${x.credit} 2`).press('End');
        await drawer.getByLabel(`${x.credit} 2`).pressSequentially('0');
        await expect.poll(() => drawer.getByTestId('difference').innerText(), POLL).toContain(x.balanced);
        await screenshot(page, `journal-balanced-${lang}`);
        await drawer.getByRole('button', { name: x.save }).click();
        await drawer.locator('.journals-editor__status strong').waitFor();
        number = (await drawer.locator('.journals-editor__status strong').innerText()).trim();
        await drawer.getByRole('button', { name: x.submit }).click();
        await drawer.getByText(x.needReview).waitFor(POLL);
        await screenshot(page, `journal-submitted-${lang}`);
        await page.setViewportSize({ width: 390, height: 844 });
        await settled(page);
        await screenshot(page, `journal-drawer-phone-${lang}`);
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'hidden' });
        await screenshot(page, `journal-list-phone-${lang}`);
      });
      expect(number).not.toBe('');

      // The admin approves the first level in a page kept open for the release and the reports after the second level.
      const admin1 = await openPage(browser, { as: 'admin', tenant: tenant.code, language: lang });
      const { page } = admin1;
      try {
        await approveFromInbox(page, lang, number, `journal-inbox-document-${lang}`);
        await withOpenPage(browser, { as: 'superadmin', tenant: tenant.code, language: lang }, `journal-approve-2-${lang}`, async (p) =>
          approveFromInbox(p.page, lang, number, `journal-inbox-document-level-2-${lang}`),
        );

        // Approved at both levels; the admin (a holder of the release task) opens it on the journal screen and releases it.
        await showScreen(page, '/accounting/journal');
        await page.getByRole('heading', { level: 1, name: x.journal }).waitFor();
        await page.getByRole('button', { name: `${x.open} ${number}` }).click();
        const status = page.locator('.journals-drawer .journals-editor__status');
        await status.getByText(x.approved, { exact: true }).waitFor(POLL);
        await status.getByRole('button', { name: endsWith(x.release) }).click();
        await status.getByText(x.released, { exact: true }).waitFor(POLL);
        await screenshot(page, `journal-released-${lang}`);
        const found = await api<{ items: { status: string }[] }>('GET', `/v1/erp/journals?keyword=${encodeURIComponent(number)}`, {
          token: admin,
          tenant: tenant.code,
        });
        expect(found.body.items[0]!.status).toBe('R');
        await page.keyboard.press('Escape');
        await page.locator('.journals-drawer').waitFor({ state: 'hidden' });

        await showScreen(page, `/accounting/trial-balance?period=${period}`);
        await page.getByRole('heading', { level: 1, name: x.trialBalance }).waitFor();
        const rent = page.locator('tr', { hasText: '6102' }).first();
        await expect
          .poll(() => rent.textContent(), POLL)
          .toContain(new Intl.NumberFormat(lang === 'id' ? 'id-ID' : 'en-US').format(rentBefore + Number(AMOUNT[lang])));
        await screenshot(page, `journal-trial-balance-${lang}`);
        await showScreen(page, '/accounting/audit-log');
        await page.getByRole('heading', { level: 1, name: x.auditLog }).waitFor();
        for (const who of ['Agus Wijaya', 'Siti Rahayu', 'Budi Santoso']) await page.getByText(who).first().waitFor(POLL);
        await screenshot(page, `journal-audit-log-${lang}`);
        expect(admin1.pageErrors).toEqual([]);
      } catch (err) {
        await screenshot(page, `failure-journal-release-${lang}-${Date.now()}`).catch(() => {});
        throw err;
      } finally {
        await admin1.close();
      }
      // Three pages in turn (author, two approvers; the first approver releases and reads the reports).
    }, 150_000);
  }
});
