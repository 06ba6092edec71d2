import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot, texts, waitForPath } from '../support/browser.ts';
import { answerConfirm, pickMenuItem, settled } from '../support/antd.ts';

const WEEKDAYS = {
  id: /^(Senin|Selasa|Rabu|Kamis|Jumat|Sabtu|Minggu), \d{1,2} \w+ \d{4}$/,
  en: /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{1,2} \w+ \d{4}$/,
};

describe('app layout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('switches between Indonesian and English, and the choice survives a reload', async () => {
    const t = await openPage(browser, { as: 'superadmin' });
    try {
      await t.page.goto('/dashboard');
      const nav = t.page.getByRole('navigation', { name: 'Menu utama' });
      await nav.getByRole('link', { name: texts.id.dashboard }).waitFor();
      await t.page.getByText(texts.id.currentSession).waitFor();
      expect(await t.page.locator('html').getAttribute('lang')).toBe('id');
      expect(await t.page.title()).toBe('Nusa | Dasbor');
      expect(await t.page.locator('.page-heading time').textContent()).toMatch(WEEKDAYS.id);
      expect(await t.storage('language')).toBeNull();
      await screenshot(t.page, 'dashboard-id');

      await t.page.getByRole('group', { name: 'Bahasa' }).getByText('EN').click();
      await t.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: texts.en.dashboard }).waitFor();
      expect(await t.page.title()).toBe('Nusa | Dashboard');
      expect(await t.page.locator('html').getAttribute('lang')).toBe('en');
      expect(await t.page.locator('.page-heading time').textContent()).toMatch(WEEKDAYS.en);
      expect(await t.storage('language')).toBe('en');

      await t.page.reload();
      await t.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: texts.en.dashboard }).waitFor();
      await t.page.getByText(texts.en.currentSession).waitFor();
      expect(await t.page.getByText(texts.en.tasks, { exact: true }).count()).toBe(1);
      await screenshot(t.page, 'dashboard-en');

      await t.page.getByRole('group', { name: 'Language' }).getByText('ID').click();
      await nav.getByRole('link', { name: texts.id.dashboard }).waitFor();
      expect(await t.storage('language')).toBe('id');
      expect(t.pageErrors).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it.each([
    ['id', 'Nusa | Konfigurasi | Pengaturan Aplikasi', 'Beranda', 'Nusa | Dasbor'],
    ['en', 'Nusa | Configuration | App Configuration', 'Home', 'Nusa | Dashboard'],
  ] as const)('breadcrumb and page title; the copy-link button copies the address (%s)', async (lang, title, home, dashboardTitle) => {
    const tx = texts[lang];
    const t = await openPage(browser, { as: 'admin', language: lang, clipboard: true });
    try {
      await t.page.goto('/configuration/app-configuration');
      const crumbs = t.page.locator('.page-breadcrumb');
      await crumbs.getByText(tx.appConfiguration).waitFor();
      expect(await t.page.title()).toBe(title);
      expect((await crumbs.locator('li').allTextContents()).map((s) => s.trim()).filter((s) => s && s !== '/')).toEqual([
        tx.configuration,
        tx.appConfiguration,
      ]);

      await crumbs.getByRole('button', { name: tx.copyLink }).click();
      await t.page.getByText(tx.copySuccess).waitFor();
      expect(await t.page.evaluate(() => navigator.clipboard.readText())).toBe(t.page.url());
      // Success toasts last three seconds.
      await t.page.getByText(tx.copySuccess).waitFor({ state: 'detached', timeout: 6000 });

      await crumbs.getByRole('link', { name: home }).click();
      await waitForPath(t.page, '/dashboard');
      await expect.poll(() => t.page.title(), { timeout: 5000 }).toBe(dashboardTitle);
    } finally {
      await t.close();
    }
  });

  it.each(['id', 'en'] as const)('a refused clipboard shows an error toast (%s)', async (lang) => {
    const tx = texts[lang];
    const t = await openPage(browser, { as: 'admin', language: lang });
    try {
      await t.page.addInitScript(() => {
        Object.defineProperty(navigator, 'clipboard', {
          value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
        });
      });
      await t.page.goto('/dashboard');
      await t.page.getByRole('button', { name: tx.copyLink }).click();
      const toast = t.page.locator('.ant-notification-notice').filter({ hasText: tx.copyError });
      await toast.getByText(tx.errorTitle, { exact: true }).waitFor();
    } finally {
      await t.close();
    }
  });

  it.each([
    ['id', false],
    ['en', true],
  ] as const)('dialogs zoom in unless the system asks for reduced motion (%s, motion %s)', async (lang, motion) => {
    const tx = texts[lang];
    const t = await openPage(browser, { as: 'admin', language: lang, motion });
    try {
      await t.page.goto('/dashboard');
      // Every CSS animation that starts on the page, with how long it runs.
      await t.page.evaluate(() => {
        const seen: string[] = ((window as unknown as { motions: string[] }).motions = []);
        document.addEventListener('animationstart', (e) => seen.push(`${e.animationName} ${getComputedStyle(e.target as Element).animationDuration}`), true);
      });
      await pickMenuItem(
        t.page,
        t.page.getByRole('button', { name: lang === 'id' ? 'Menu pengguna' : 'User menu' }),
        tx.logout,
        t.page.getByText(tx.confirmLogout),
      );
      await settled(t.page);
      const motions = await t.page.evaluate(() => (window as unknown as { motions: string[] }).motions);
      // The menu slides down and the confirmation zooms in; asked for reduced motion, both are over in a hundredth of a
      // second (a spinner or a loading skeleton still turns: it tells that something is under way).
      const entrances = motions.filter((m) => /(Zoom|Slide|Fade|Move)(In|Up|Down) /.test(m));
      expect(entrances.some((m) => /antZoomIn /.test(m))).toBe(true);
      if (motion) expect(entrances.filter((m) => !m.endsWith(' 0.01s'))).not.toEqual([]);
      else expect(entrances.filter((m) => !m.endsWith(' 0.01s'))).toEqual([]);
      await answerConfirm(t.page, tx.cancel);
      expect(t.pageErrors).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('turns a failed request into a red "Error" toast that outlives the three-second toasts', async () => {
    const t = await openPage(browser, { as: 'staff' });
    try {
      await t.page.route('**/api/v1/auth/sessions**', (route) => route.abort('internetdisconnected'));
      await t.page.goto('/dashboard');
      const toast = t.page.locator('.ant-notification-notice-error').filter({ hasText: texts.id.noConnection });
      await toast.getByText(texts.id.errorTitle, { exact: true }).waitFor({ timeout: 15_000 });
      await t.page.waitForTimeout(3500);
      expect(await toast.isVisible()).toBe(true);
      // The table says it could not load, and loads once the connection is back.
      await t.page.getByText('Data gagal dimuat').waitFor();
      await t.page.unroute('**/api/v1/auth/sessions**');
      await t.page.getByRole('button', { name: 'Coba lagi' }).click();
      await t.page.getByText(texts.id.currentSession).waitFor();
    } finally {
      await t.close();
    }
  });

  it.each([
    ['id', 'Catatan Rilis', 'Tanggal rilis'],
    ['en', 'Release Notes', 'Release date'],
  ] as const)('shows the release notes of the tenant (%s)', async (lang, title, dateLabel) => {
    const tx = texts[lang];
    const t = await openPage(browser, { as: 'agent', language: lang });
    try {
      await t.page.goto('/dashboard');
      await t.page.getByRole('button', { name: new RegExp(tx.releaseNotes) }).click();
      const dialog = t.page.getByRole('dialog', { name: title });
      await dialog.getByText(dateLabel).waitFor();
      await dialog.getByText(tx.releaseDate).waitFor();
      await dialog.getByText('1.0.0', { exact: true }).waitFor();
      await dialog.getByText(/^Rilis pertama:/).waitFor();
      await t.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      await t.close();
    }
  });

  it('scrolls to the top on navigation', async () => {
    const t = await openPage(browser, { as: 'staff' });
    try {
      await t.page.setViewportSize({ width: 1280, height: 420 });
      await t.page.goto('/landing');
      await t.page.getByRole('heading', { level: 1, name: texts.id.landingTitle }).waitFor();
      await t.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(await t.page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
      await t.page.getByRole('link', { name: texts.id.openApp }).last().click();
      await waitForPath(t.page, '/dashboard');
      await t.page.getByText(texts.id.sessionsTitle).waitFor();
      // The dashboard is taller than the window, so a kept scroll position would show.
      expect(await t.page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 100)).toBe(true);
      expect(await t.page.evaluate(() => window.scrollY)).toBe(0);
    } finally {
      await t.close();
    }
  });

  it.each(['id', 'en'] as const)('the landing page presents the product areas and leads to the login (%s)', async (lang) => {
    const tx = texts[lang];
    const t = await openPage(browser, { language: lang });
    try {
      await t.page.goto('/landing');
      await t.page.getByRole('heading', { level: 1, name: tx.landingTitle }).waitFor();
      expect(await t.page.locator('#areas').getByRole('heading', { level: 3 }).count()).toBe(5);
      expect(await t.page.title()).toBe(lang === 'id' ? 'Nusa | Selamat Datang' : 'Nusa | Welcome');
      await screenshot(t.page, `landing-${lang}`, true);
      await t.page.getByRole('link', { name: tx.landingCta }).click();
      await waitForPath(t.page, '/login');
    } finally {
      await t.close();
    }
  });
});
