import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ERRORS } from '@nusa/contracts';
import { handMadeXlsx } from '../../apps/server/src/platform/files/xlsx-fixtures.ts';
import { launchBrowser, screenshot, withOpenPage } from '../support/browser.ts';
import { seedOwnTenant } from '../support/db.ts';

/** A broken xlsx ends its import with the catalogued reason in the user's language, never a parser's message. */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('xlsx import of a broken file', () => {
  let browser: Browser;
  let tenant: Awaited<ReturnType<typeof seedOwnTenant>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    tenant = await seedOwnTenant('imperr');
  });
  afterAll(async () => {
    await browser?.close();
    await tenant?.close();
  });

  it('shows "no workbook" for an xlsx whose xl/workbook.xml is missing (id)', async () => {
    const buffer = handMadeXlsx('<row r="1"><c r="A1" t="inlineStr"><is><t>Kode</t></is></c></row>', { without: ['xl/workbook.xml'] });
    await withOpenPage(browser, { as: 'admin', tenant: tenant.code }, 'accounting', async ({ page }) => {
      await page.goto('/accounting/warehouse');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('input[type=file]').setInputFiles({ name: 'gudang.xlsx', mimeType: XLSX, buffer });
      await page.getByText(ERRORS.sheet_import_workbook_missing.id).first().waitFor();
      await screenshot(page, 'accounting-import-workbook-missing');
      // Nothing of the parser's own words reaches the screen.
      if ((await page.getByText(/Cannot read properties|undefined \(reading/).count()) > 0) throw new Error('a parser message is shown');
    });
  });
});
