import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, apiLogin } from '../support/api.ts';
import { launchBrowser, screenshot, withOpenPage, type Language } from '../support/browser.ts';
import { seedOwnTenant } from '../support/db.ts';
import { chooseOption, settled } from '../support/antd.ts';
import { JOURNAL_WORDS, startJournal } from './journal-drawer.ts';

/** The texts this flow reads (i18n page titles, modules/accounting-journals, accounting-documents). */
const TEXT = {
  id: {
    ...JOURNAL_WORDS.id,
    saveSubmit: 'Simpan & ajukan',
    saved: 'berhasil disimpan dan diajukan',
  },
  en: {
    ...JOURNAL_WORDS.en,
    saveSubmit: 'Save and submit',
    saved: 'was saved and submitted',
  },
} as const;

const POLL = { timeout: 15_000 };
const AMOUNT = { id: '1500000', en: '2750000' } as const;
/** A button's accessible name ends with its label (antd's icon names itself first, e.g. "send Save and submit"). */
const endsWith = (label: string) => new RegExp(`(^| )${label.replace(/[&]/g, '\\$&')}$`);

describe('a journal saved and submitted in one step', () => {
  let browser: Browser;
  let tenant: Awaited<ReturnType<typeof seedOwnTenant>>;
  let admin: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    tenant = await seedOwnTenant('journal-save-submit');
    admin = (await apiLogin('admin', { tenant: tenant.code })).token;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await tenant?.close();
  });

  for (const lang of ['id', 'en'] as Language[]) {
    it(`the admin enters a balanced journal and saves and submits it: released at once without an approval flow (${lang})`, async () => {
      const x = TEXT[lang];
      let number = '';
      await withOpenPage(browser, { as: 'admin', tenant: tenant.code, language: lang }, `journal-save-submit-${lang}`, async ({ page }) => {
        const drawer = await startJournal(page, x, { remarks: `Biaya listrik ${lang}`, account: '6103', amount: AMOUNT[lang] });
        const saveSubmit = drawer.getByRole('button', { name: endsWith(x.saveSubmit) });
        // Unbalanced: refused like the draft's save.
        await expect.poll(() => saveSubmit.isDisabled(), POLL).toBe(true);
        await chooseOption(page, drawer.getByLabel(`${x.account} 2`), /^1101 /, '1101');
        await drawer.getByLabel(`${x.credit} 2`).fill(AMOUNT[lang]);
        await expect.poll(() => saveSubmit.isDisabled(), POLL).toBe(false);
        await screenshot(page, `journal-save-submit-form-${lang}`);
        await saveSubmit.click();
        await page.getByText(x.saved).first().waitFor(POLL);
        const status = drawer.locator('.journals-editor__status');
        await status.getByText(x.released, { exact: true }).waitFor(POLL);
        number = (await status.locator('strong').innerText()).trim();
        await screenshot(page, `journal-save-submit-released-${lang}`);
        await page.setViewportSize({ width: 390, height: 844 });
        await settled(page);
        await screenshot(page, `journal-save-submit-released-phone-${lang}`);
      });
      expect(number).not.toBe('');
      const found = await api<{ items: { documentId: string; status: string }[] }>('GET', `/v1/erp/journals?keyword=${encodeURIComponent(number)}`, {
        token: admin,
        tenant: tenant.code,
      });
      expect(found.body.items.map((d) => d.status)).toEqual(['R']);
      const history = await api<{ items: { action: string }[] }>('GET', `/v1/erp/documents/${found.body.items[0]!.documentId}/history`, {
        token: admin,
        tenant: tenant.code,
      });
      expect(history.body.items.map((h) => h.action)).toEqual(['create', 'submit']);
    }, 90_000);
  }
});
