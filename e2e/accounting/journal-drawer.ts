import type { Locator, Page } from 'playwright-core';
import { chooseOption, settled } from '../support/antd.ts';

/** The journal screen's words both journal specs read (i18n page titles, modules/accounting-journals, accounting-documents). */
export const JOURNAL_WORDS = {
  id: { journal: 'Jurnal Umum', add: 'Jurnal baru', account: 'Akun', debit: 'Debit', credit: 'Kredit', released: 'Dirilis', remarks: 'Keterangan' },
  en: { journal: 'Journal Entry', add: 'New journal', account: 'Account', debit: 'Debit', credit: 'Credit', released: 'Released', remarks: 'Remarks' },
} as const;

type JournalWords = Pick<(typeof JOURNAL_WORDS)['id' | 'en'], 'journal' | 'add' | 'remarks' | 'account' | 'debit'>;

/** Opens a new journal on the journal screen and enters its remarks and its first line's debit; answers the drawer. */
export async function startJournal(page: Page, x: JournalWords, entry: { remarks: string; account: string; amount: string }): Promise<Locator> {
  await page.goto('/accounting/journal');
  await page.getByRole('heading', { level: 1, name: x.journal }).waitFor();
  await page.getByRole('button', { name: x.add }).click();
  const drawer = page.locator('.journals-drawer');
  await drawer.locator('.journals-grid').waitFor();
  await settled(page);
  await drawer.getByLabel(x.remarks, { exact: true }).fill(entry.remarks);
  await chooseOption(page, drawer.getByLabel(`${x.account} 1`), new RegExp(`^${entry.account} `), entry.account);
  await drawer.getByLabel(`${x.debit} 1`).fill(entry.amount);
  return drawer;
}
