import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { USAGE_WIDGET_KEYS, todayInJakarta, type UsageDashboard } from '@nusa/contracts';
import { launchBrowser, screenshot, withOpenPage } from '../support/browser.ts';
import { api, apiLogin } from '../support/api.ts';
import { seedOwnTenant } from '../support/db.ts';

/** The texts this flow reads, per language (apps/web/src/i18n/modules/usage-dashboard.*.json). */
const tx = {
  id: {
    title: 'Pemakaian AI',
    requests: 'Permintaan bulanan/harian',
    quota: 'Kuota vs permintaan',
    chatCount: 'Jumlah chat',
    monthly: 'Bulanan',
    noImages: 'Belum ada gambar yang dibuat pada rentang ini. Gambar dibuat di Percantik Produk.',
  },
  en: {
    title: 'AI usage',
    requests: 'Monthly/daily requests',
    quota: 'Quota vs requests',
    chatCount: 'Chat count',
    monthly: 'Monthly',
    noImages: 'No images generated in this range. Images are made in Beautify Products.',
  },
};

const DAY = 86_400_000;
const today = todayInJakarta();
const dayOffset = (n: number) => new Date(Date.parse(today) + n * DAY).toISOString().slice(0, 10);
const shown = (iso: string) => iso.split('-').reverse().join('/');
/** A count as the page writes it in the interface language: dots between thousands in Indonesian, commas in English. */
const shownNumber = (lang: 'id' | 'en', n: number) => new Intl.NumberFormat(lang === 'id' ? 'id-ID' : 'en-US').format(n);
/** A widget's big figure as the page shows it, as a number. */
const shownFigure = async (page: Page, key: string, lang: 'id' | 'en') => {
  const text = (await page.getByTestId(`usage-figure-${key}`).textContent()) ?? '';
  expect(text).toMatch(lang === 'id' ? /^\d{1,3}(\.\d{3})*$/ : /^\d{1,3}(,\d{3})*$/);
  return Number(text.replace(/[.,]/g, ''));
};

async function figures(user: 'admin', query: Record<string, string> = {}) {
  const { token } = await apiLogin(user);
  const res = await api<UsageDashboard>('GET', `/v1/dashboard/usage?${new URLSearchParams(query)}`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

const widget = (page: Page, key: string) => page.getByTestId(`usage-widget-${key}`);
/** Every chart of the page has drawn its canvas (ECharts loads in a chunk of its own after the widgets). */
const chartsDrawn = (page: Page) =>
  page.waitForFunction(() => {
    const charts = Array.from(document.querySelectorAll('.usage-chart'));
    return charts.length > 0 && charts.every((c) => c.querySelector('canvas'));
  });

describe('dashboard: AI usage widgets', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it.each(['id', 'en'] as const)('shows the admin every widget with the seeded usage, and the date filter changes the figures (%s)', async (lang) => {
    const t = tx[lang];
    const month = await figures('admin');
    const earlier = await figures('admin', { from: dayOffset(-75), to: dayOffset(-46) });
    expect(month.widgets.requests!.total).toBeGreaterThan(0);
    expect(earlier.widgets.requests!.total).not.toBe(month.widgets.requests!.total);
    await withOpenPage(browser, { as: 'admin', language: lang }, `usage-admin-${lang}`, async ({ page }) => {
      await page.goto('/dashboard');
      await page.getByRole('heading', { name: t.title }).waitFor();
      for (const key of USAGE_WIDGET_KEYS) await widget(page, key).waitFor();
      await expect.poll(() => page.locator('[data-testid^="usage-widget-"]').count()).toBe(USAGE_WIDGET_KEYS.length);
      await widget(page, 'requests').getByText(t.requests).waitFor();
      await widget(page, 'quota').getByText(t.quota).waitFor();
      // This month's figures as the server counted them when the page asked: other tests of the run may add requests
      // and chats meanwhile, so the page shows at least what the API said before and at most what it says after.
      const onPage = { requests: await shownFigure(page, 'requests', lang), chatCount: await shownFigure(page, 'chatCount', lang) };
      const after = await figures('admin');
      for (const key of ['requests', 'chatCount'] as const) {
        expect(onPage[key], key).toBeGreaterThanOrEqual(month.widgets[key]!.total);
        expect(onPage[key], key).toBeLessThanOrEqual(after.widgets[key]!.total);
      }
      await chartsDrawn(page);
      await screenshot(page, `dashboard-usage-${lang}`, true);

      // Another range: its first and last day typed into the range picker.
      const inputs = page.getByTestId('usage-filters').locator('.ant-picker-range input');
      await inputs.nth(0).click();
      await inputs.nth(0).fill(shown(dayOffset(-75)));
      await inputs.nth(0).press('Enter');
      await inputs.nth(1).fill(shown(dayOffset(-46)));
      await inputs.nth(1).press('Enter');
      await expect.poll(() => page.getByTestId('usage-figure-requests').textContent()).toBe(shownNumber(lang, earlier.widgets.requests!.total));
      expect(await page.getByTestId('usage-figure-chatCount').textContent()).toBe(shownNumber(lang, earlier.widgets.chatCount!.total));
      await widget(page, 'requests').getByText(t.monthly, { exact: true }).click();
      await chartsDrawn(page);
      await screenshot(page, `dashboard-usage-range-${lang}`);
      // On a phone the filters and the widgets stack in one column.
      await page.setViewportSize({ width: 390, height: 844 });
      const [quota, sessions] = await Promise.all([widget(page, 'quota').boundingBox(), widget(page, 'sessionsPerModel').boundingBox()]);
      expect(sessions!.y).toBeGreaterThan(quota!.y + quota!.height - 1);
      await screenshot(page, `dashboard-usage-phone-${lang}`, true);
    });
  });

  it.each(['id', 'en'] as const)(
    'shows a CS agent only its two widgets, a cashier none, a tenant without usage empty states that say what to do (%s)',
    async (lang) => {
      const t = tx[lang];
      await withOpenPage(browser, { as: 'agent', language: lang }, `usage-agent-${lang}`, async ({ page }) => {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto('/dashboard');
        await widget(page, 'chatCount').getByText(t.chatCount).waitFor();
        await widget(page, 'dailyChatDuration').waitFor();
        expect(await page.locator('[data-testid^="usage-widget-"]').count()).toBe(2);
        const [a, b] = await Promise.all([widget(page, 'chatCount').boundingBox(), widget(page, 'dailyChatDuration').boundingBox()]);
        expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
        await chartsDrawn(page);
        await screenshot(page, `dashboard-usage-agent-phone-${lang}`, true);
      });
      await withOpenPage(browser, { as: 'cashier', language: lang }, `usage-cashier-${lang}`, async ({ page }) => {
        await page.goto('/dashboard');
        await page.getByTestId('task-count').waitFor();
        expect(await page.getByRole('heading', { name: t.title }).count()).toBe(0);
        expect(await page.locator('[data-testid^="usage-widget-"]').count()).toBe(0);
      });
      // A tenant without any AI use yet: each widget says what would fill it.
      const tenant = await seedOwnTenant(`usage-${lang}`);
      try {
        await withOpenPage(browser, { as: 'admin', tenant: tenant.code, language: lang }, `usage-empty-${lang}`, async ({ page }) => {
          await page.goto('/dashboard');
          await widget(page, 'imageCount').getByText(t.noImages).waitFor();
          expect(await page.locator('[data-testid^="usage-widget-"] .ant-empty').count()).toBe(USAGE_WIDGET_KEYS.length - 1);
          await screenshot(page, `dashboard-usage-empty-${lang}`, true);
        });
      } finally {
        await tenant.close();
      }
    },
  );
});
