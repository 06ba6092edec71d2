import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, showScreen, waitForPath, withOpenPage, type Language } from '../support/browser.ts';
import { pickMenuItem, settled } from '../support/antd.ts';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 800 };

const words = {
  id: {
    openMenu: 'Buka menu',
    userMenu: 'Menu pengguna',
    logout: 'Keluar',
    mainMenu: 'Menu utama',
    configuration: 'Konfigurasi',
    accounting: 'Akuntansi',
    businessUnit: 'Unit Bisnis',
    legalInfo: 'Informasi Legal',
    employees: 'Karyawan',
    numbering: 'Penomoran Dokumen',
    sessionsTitle: 'Sesi login terakhir',
    duration: /^(kurang dari 1 menit|\d+ menit|[\d.]+ jam( \d+ menit)?)$/,
  },
  en: {
    openMenu: 'Open menu',
    userMenu: 'User menu',
    logout: 'Log out',
    mainMenu: 'Main menu',
    configuration: 'Configuration',
    accounting: 'Accounting',
    businessUnit: 'Business Unit',
    legalInfo: 'Legal Information',
    employees: 'Employees',
    numbering: 'Document Numbering',
    sessionsTitle: 'Recent sign-in sessions',
    duration: /^(under 1 min|\d+ min|[\d.]+ h( \d+ min)?)$/,
  },
} as const;

/**
 * The app's screens a signed-in admin reaches, shown one after another in one loaded app (showScreen): the two
 * legal-info addresses, one page, are kept apart.
 */
const SCREENS = [
  '/dashboard',
  '/configuration/business-unit',
  '/configuration/business-unit/edit-legal-info',
  '/configuration/policy-ou',
  '/configuration/business-unit/edit-legal-info/PTDN',
  '/configuration/page-access',
  '/configuration/app-configuration',
  '/configuration/edit-profile',
  '/configuration/change-password',
  '/accounting/chart-of-accounts',
  '/accounting/employee',
  '/accounting/document-template',
  '/accounting/product-setup',
  '/accounting/currency',
];

const PUBLIC_SCREENS = ['/login', '/request-demo', '/register', '/forgot-password', '/reset-password?token=abc'];

/** Waits for the page's heading and for the loading to settle, so that what is measured is the screen itself. */
async function settle(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active').length === 0, undefined, { timeout: 15_000 });
  // The frame after the data came is laid out before it is measured.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** Loads the app at the first path and shows the others in it, one by one, calling `check` on each. */
async function throughScreens(page: Page, paths: readonly string[], check: (path: string) => Promise<void>) {
  for (const [i, path] of paths.entries()) {
    if (i === 0) await page.goto(path);
    else await showScreen(page, path);
    await settle(page);
    await check(path);
  }
}

/** The document's width beyond the window, with the elements that stick out (for the failure message). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth;
    const excess = document.documentElement.scrollWidth - width;
    const culprits = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.right > width + 1 && !el.closest('.ant-table-content, .ant-table-body, .ant-tabs-nav-list');
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`);
    return { excess, culprits };
  });

async function expectNoOverflow(page: Page, where: string) {
  const { excess, culprits } = await overflow(page);
  expect(excess, `${where} is ${excess} px wider than the window: ${culprits.join(', ')}`).toBeLessThanOrEqual(0);
}

describe('the app shell on a phone and on a laptop', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(['id', 'en'] as const)('no screen is wider than a 390 px phone, and each has one main landmark (%s)', async (lang: Language) => {
    await withOpenPage(browser, { as: 'admin', language: lang }, `phone-screens-${lang}`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await throughScreens(page, SCREENS, async (path) => {
        await expectNoOverflow(page, path);
        expect(await page.getByRole('main').count(), `${path}: main landmarks`).toBe(1);
        // The sidebar is gone on a phone: no dark strip, no submenu open by itself over the page.
        expect(await page.locator('.app-sider').count()).toBe(0);
        expect(await page.locator('.ant-menu-submenu-popup:visible').count()).toBe(0);
      });
      await showScreen(page, '/dashboard');
      await page.getByText(words[lang].sessionsTitle).waitFor();
      await page.locator('.session-duration').first().waitFor();
      // The sessions list fits its card: no sideways scrolling for when and how long, the other columns left out.
      const list = page.locator('.sessions-card .session-list');
      expect(await list.evaluate((el) => el.scrollWidth <= (el.parentElement?.clientWidth ?? 0))).toBe(true);
      expect(await list.getByRole('columnheader').filter({ visible: true }).count()).toBe(2);
      await screenshot(page, `phone-dashboard-${lang}`, true);
      await showScreen(page, '/configuration/business-unit');
      await settle(page);
      await screenshot(page, `phone-business-unit-${lang}`);
      await showScreen(page, '/configuration/business-unit/edit-legal-info/PTDN');
      await settle(page);
      await screenshot(page, `phone-legal-info-${lang}`, true);
    });
  });

  it.each(['id', 'en'] as const)('the public pages fit a phone (%s)', async (lang: Language) => {
    await withOpenPage(browser, { language: lang }, `phone-public-${lang}`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await throughScreens(page, PUBLIC_SCREENS, async (path) => {
        await expectNoOverflow(page, path);
        expect(await page.getByRole('main').count(), `${path}: main landmarks`).toBe(1);
      });
      await showScreen(page, '/login');
      await settle(page);
      await screenshot(page, `phone-login-${lang}`);
      await showScreen(page, '/request-demo');
      await settle(page);
      await screenshot(page, `phone-request-demo-${lang}`, true);
    });
  });

  it.each(['id', 'en'] as const)(
    'on a phone a form drawer fits, and the menu is a drawer opened from the header whose choice navigates and closes it (%s)',
    async (lang: Language) => {
      const w = words[lang];
      await withOpenPage(browser, { as: 'admin', language: lang }, `phone-menu-${lang}`, async ({ page }) => {
        await page.setViewportSize(PHONE);
        await page.goto('/accounting/employee');
        await settle(page);
        await page.locator('.page-heading__actions').getByRole('button').last().click();
        const form = page.locator('.ant-drawer-section').last();
        await form.locator('form, .ant-form').first().waitFor();
        await settled(page);
        const box = (await form.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
        await screenshot(page, `phone-form-drawer-${lang}`);
        await page.keyboard.press('Escape');
        await form.waitFor({ state: 'hidden' });

        const nav = page.getByRole('navigation', { name: w.mainMenu });
        expect(await nav.isVisible()).toBe(false);
        await page.getByRole('button', { name: w.openMenu }).click();
        const drawer = page.locator('.app-menu-drawer .ant-drawer-section');
        await drawer.waitFor();
        await nav.waitFor();
        // Slid in from the left edge, all of it on the screen.
        await expect.poll(async () => (await drawer.boundingBox())?.x, { timeout: 5000 }).toBe(0);
        expect((await drawer.boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);
        // The page's own area is unfolded, its page marked.
        await nav.getByRole('link', { name: w.employees }).waitFor();
        await screenshot(page, `phone-menu-${lang}`);

        await nav.getByText(w.configuration, { exact: true }).click();
        // The area unfolds below a long accounting list: let its motion end and bring the link into view before the tap.
        const businessUnit = nav.getByRole('link', { name: w.businessUnit });
        await businessUnit.waitFor();
        await settle(page);
        await businessUnit.scrollIntoViewIfNeeded();
        // A tap while the unfolded list still moves can land beside the link (CI: the page stayed put); tap again then.
        await expect
          .poll(
            async () => {
              if (new URL(page.url()).pathname !== '/configuration/business-unit') await businessUnit.click({ timeout: 2000 }).catch(() => undefined);
              return new URL(page.url()).pathname;
            },
            { timeout: 15_000, interval: 500 },
          )
          .toBe('/configuration/business-unit');
        await waitForPath(page, '/configuration/business-unit');
        await drawer.waitFor({ state: 'hidden' });
        await page.getByRole('heading', { level: 1, name: w.businessUnit }).waitFor();
        expect(await page.getByRole('main').count()).toBe(1);

        // A dialog (the logout confirmation) fits the screen too.
        const dialog = page.locator('.ant-modal-container, .ant-modal-content').first();
        await pickMenuItem(page, page.getByRole('button', { name: w.userMenu }), w.logout, dialog);
        await settled(page);
        const dialogBox = (await dialog.boundingBox())!;
        expect(dialogBox.x).toBeGreaterThanOrEqual(0);
        expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(PHONE.width);
        await screenshot(page, `phone-dialog-${lang}`);
      });
    },
  );

  it('a sidebar collapsed on a narrow laptop opens no submenu by itself over the page', async () => {
    await withOpenPage(browser, { as: 'admin' }, 'tablet-sider', async ({ page }) => {
      await page.setViewportSize({ width: 900, height: 800 });
      await page.goto('/accounting/employee');
      await settle(page);
      expect(await page.locator('.app-sider.ant-layout-sider-collapsed').isVisible()).toBe(true);
      await page.waitForTimeout(500);
      expect(await page.locator('.ant-menu-submenu-popup:visible').count()).toBe(0);
      await expectNoOverflow(page, '/accounting/employee at 900 px');
    });
  });

  it.each(['id', 'en'] as const)(
    'at 1366 px the heading buttons stay on one line beside the title; the legal-info breadcrumb runs through business unit (%s)',
    async (lang: Language) => {
      const w = words[lang];
      await withOpenPage(browser, { as: 'admin', language: lang }, `laptop-headings-${lang}`, async ({ page }) => {
        await page.setViewportSize(LAPTOP);
        const titles: Record<string, string> = {
          '/accounting/employee': w.employees,
          '/accounting/document-template': w.numbering,
          '/configuration/business-unit': w.businessUnit,
        };
        await throughScreens(page, Object.keys(titles), async (path) => {
          await page.getByRole('heading', { level: 1, name: titles[path] }).waitFor();
          const layout = await page.locator('.page-heading').evaluate((heading) => {
            const buttons = Array.from(heading.querySelectorAll('.ant-btn')).map((b) => b.getBoundingClientRect());
            const title = heading.querySelector('h1')!.getBoundingClientRect();
            return {
              tops: buttons.map((b) => Math.round(b.top)),
              heights: buttons.map((b) => Math.round(b.height)),
              titleTop: title.top,
              firstTop: buttons[0]?.top ?? 0,
            };
          });
          expect(layout.tops.length, `${path}: heading buttons`).toBeGreaterThan(0);
          expect(new Set(layout.tops).size, `${path}: button rows ${layout.tops.join(',')}`).toBe(1);
          // No button's label wraps inside it either.
          expect(Math.max(...layout.heights), `${path}: button heights`).toBeLessThanOrEqual(40);
          // Beside the title, not under it.
          expect(layout.firstTop).toBeLessThan(layout.titleTop + 60);
          await expectNoOverflow(page, path);
        });
        await showScreen(page, '/accounting/employee');
        await settle(page);
        await screenshot(page, `laptop-employees-${lang}`);
        await page.locator('.page-heading__actions').getByRole('button').last().click();
        await page.locator('.ant-drawer-section').last().locator('.ant-form').first().waitFor();
        await settled(page);
        await screenshot(page, `laptop-form-drawer-${lang}`);
        await page.keyboard.press('Escape');
        await page.locator('.ant-drawer-section').last().waitFor({ state: 'hidden' });

        // The legal-info breadcrumb runs through business unit, as the route table says.
        await showScreen(page, '/configuration/business-unit/edit-legal-info');
        const crumbs = page.locator('.page-breadcrumb');
        await crumbs.getByText(w.legalInfo).waitFor();
        const steps = (await crumbs.locator('li').allTextContents()).map((s) => s.trim()).filter((s) => s && s !== '/');
        expect(steps).toEqual([w.configuration, w.businessUnit, w.legalInfo]);
        await crumbs.getByRole('link', { name: w.businessUnit }).click();
        await waitForPath(page, '/configuration/business-unit');
        await page.getByRole('heading', { level: 1, name: w.businessUnit }).waitFor();
      });
    },
  );

  it.each(['id', 'en'] as const)('the laptop shell: sidebar, one main landmark, dashboard durations in words, login page (%s)', async (lang: Language) => {
    const w = words[lang];
    await withOpenPage(browser, { as: 'admin', language: lang, freshLogin: true }, `laptop-shell-${lang}`, async ({ page }) => {
      await page.setViewportSize(LAPTOP);
      await page.goto('/dashboard');
      await page.getByText(w.sessionsTitle).waitFor();
      await page.locator('.session-duration').first().waitFor();
      expect(await page.getByRole('main').count()).toBe(1);
      expect(await page.locator('.app-sider').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: w.openMenu }).count()).toBe(0);
      // Every duration, the running one and the earlier ones, is in words: no "0 ms".
      const durations = (await page.locator('.session-duration').allTextContents()).map((s) => s.trim());
      expect(durations.length).toBeGreaterThan(1);
      for (const d of durations) expect(d).toMatch(w.duration);
      // The card's title is one line, not a word a line.
      const titleHeight = await page.getByText(w.sessionsTitle).evaluate((el) => el.getBoundingClientRect().height);
      expect(titleHeight).toBeLessThan(30);
      await screenshot(page, `laptop-dashboard-${lang}`);
      await page.locator('.sessions-card').scrollIntoViewIfNeeded();
      await screenshot(page, `laptop-dashboard-sessions-${lang}`);
    });
    await withOpenPage(browser, { language: lang }, `laptop-login-${lang}`, async ({ page }) => {
      await page.setViewportSize(LAPTOP);
      await page.goto('/login');
      await settle(page);
      expect(await page.getByRole('main').count()).toBe(1);
      await expectNoOverflow(page, '/login');
      await screenshot(page, `laptop-login-${lang}`);
    });
  });
});
