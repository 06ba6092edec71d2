import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openFromMenu, openPage, screenshot, texts, waitForPath } from '../support/browser.ts';
import { DEMO_PASSWORD, api, apiLogin } from '../support/api.ts';
import { answerConfirm, pickMenuItem, settled } from '../support/antd.ts';

describe('sessions', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ['id', 'staff'],
    ['en', 'agent'],
  ] as const)('logout asks first, ends the session on the server and keeps the remembered username (%s)', async (lang, username) => {
    const tx = texts[lang];
    const t = await openPage(browser, { language: lang });
    try {
      await t.page.goto('/login');
      await t.page.getByLabel(tx.username, { exact: true }).fill(username);
      await t.page.getByLabel(tx.password, { exact: true }).fill(DEMO_PASSWORD);
      await t.page.getByLabel(tx.remember).check();
      await t.page.getByRole('button', { name: tx.signIn }).click();
      await waitForPath(t.page, '/dashboard');
      const token = (await t.storage('token'))!;
      expect(token).toBeTruthy();

      const userMenu = t.page.getByRole('button', { name: lang === 'id' ? 'Menu pengguna' : 'User menu' });
      const dialog = t.page.getByRole('dialog');
      await pickMenuItem(t.page, userMenu, tx.logout, dialog.getByText(tx.confirmLogout));
      // A click while the dialog still zooms in can be lost.
      await settled(t.page);
      await dialog.getByRole('button', { name: tx.cancel }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(new URL(t.page.url()).pathname).toBe('/dashboard');
      expect(await t.storage('token')).toBe(token);

      await pickMenuItem(t.page, userMenu, tx.logout, dialog.getByText(tx.confirmLogout));
      await answerConfirm(t.page, tx.logout);
      await waitForPath(t.page, '/login?from=%2Fdashboard');
      expect(await t.storage('token')).toBeNull();
      expect(await t.storage('session')).toBeNull();
      expect(await t.storage('rememberedUsername')).toBe(username);
      expect(await t.storage('language')).toBe(lang);
      expect(await t.page.getByLabel(tx.username, { exact: true }).inputValue()).toBe(username);
      expect(await t.page.getByLabel(tx.remember).isChecked()).toBe(true);
      expect((await api('GET', '/v1/auth/me', { token })).status).toBe(401);
      expect(t.pageErrors).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('a revoked session opens the session-expired dialog on reload, which leads to the login page (id)', async () => {
    const t = await openPage(browser, { as: 'cashier', freshLogin: true });
    try {
      await t.page.goto('/dashboard');
      await t.page.getByText(texts.id.sessionsTitle).waitFor();
      expect((await api('POST', '/v1/auth/logout', { token: (await t.storage('token'))! })).status).toBe(200);

      await t.page.reload();
      const dialog = t.page.getByRole('dialog');
      await dialog.getByText(texts.id.sessionExpired).waitFor();
      await t.page.getByText(texts.id.sessionsTitle).waitFor();
      await screenshot(t.page, 'session-expired-id');
      // A 401 is never toasted.
      expect(await t.page.locator('.ant-notification-notice').count()).toBe(0);
      // The dialog is modal: Escape does not close it.
      await t.page.keyboard.press('Escape');
      expect(await dialog.isVisible()).toBe(true);

      await dialog.getByRole('button', { name: texts.id.goToLogin }).click();
      await waitForPath(t.page, '/login?from=%2Fdashboard');
      expect(await t.storage('token')).toBeNull();
      await t.page.getByRole('heading', { level: 1, name: texts.id.loginTitle }).waitFor();
    } finally {
      await t.close();
    }
  });

  it('a revoked session opens the session-expired dialog when the next page loads its data (en)', async () => {
    const t = await openPage(browser, { as: 'admin', freshLogin: true, language: 'en' });
    try {
      await t.page.goto('/dashboard');
      await t.page.getByText(texts.en.sessionsTitle).waitFor();
      // The dashboard's widgets load after its first card: a request of theirs still to come after the logout would
      // open the dialog over the menu before the next page asks anything.
      await t.page.waitForLoadState('networkidle');
      expect((await api('POST', '/v1/auth/logout', { token: (await t.storage('token'))! })).status).toBe(200);

      await openFromMenu(t.page, 'Main menu', texts.en.configuration, texts.en.appConfiguration, '/configuration/app-configuration');
      const dialog = t.page.getByRole('dialog');
      await dialog.getByText(texts.en.sessionExpired).waitFor();
      await screenshot(t.page, 'session-expired-en');
      expect(await t.page.locator('.ant-notification-notice').count()).toBe(0);

      await dialog.getByRole('button', { name: texts.en.goToLogin }).click();
      await waitForPath(t.page, '/login?from=%2Fconfiguration%2Fapp-configuration');
      await t.page.getByLabel(texts.en.username, { exact: true }).fill('admin');
      await t.page.getByLabel(texts.en.password, { exact: true }).fill(DEMO_PASSWORD);
      await t.page.getByRole('button', { name: texts.en.signIn }).click();
      await waitForPath(t.page, '/configuration/app-configuration');
    } finally {
      await t.close();
    }
  });

  it.each([
    ['id', 'agent', 'Dewi Lestari'],
    ['en', 'staff', 'Agus Wijaya'],
  ] as const)('signs in by session and key: waiting, valid, then to from after two seconds (%s)', async (lang, user, fullName) => {
    const tx = texts[lang];
    const { token } = await apiLogin(user);
    const pair = await api<{ session: string; key: string }>('POST', '/v1/auth/session-keys', { token });
    expect(pair.status).toBe(200);
    const t = await openPage(browser, { language: lang });
    try {
      const query = `session=${encodeURIComponent(pair.body.session)}&key=${encodeURIComponent(pair.body.key)}`;
      // Hold the validation so the waiting state can be seen.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await t.page.route('**/api/v1/auth/session-key/login', async (route) => {
        await held;
        await route.continue();
      });
      await t.page.goto(`/dashboard?${query}`);
      const dialog = t.page.getByRole('dialog');
      await dialog.getByText(lang === 'id' ? 'Validasi Token' : 'Token Validation', { exact: true }).waitFor();
      await dialog.getByText(tx.tokenWaiting).waitFor();
      expect(t.page.url()).toContain(`/login?${query}&from=%2Fdashboard`);
      release();
      await dialog.getByText(tx.tokenValid).waitFor();
      const validAt = Date.now();
      if (lang === 'id') await screenshot(t.page, 'session-key-valid');
      await waitForPath(t.page, '/dashboard');
      // The redirect waits about two seconds; the margin absorbs how late the test saw the verdict appear.
      expect(Date.now() - validAt).toBeGreaterThanOrEqual(1000);
      await t.page.getByRole('heading', { level: 1, name: new RegExp(fullName) }).waitFor();
      expect(JSON.parse((await t.storage('session'))!).username).toBe(user);
    } finally {
      await t.close();
    }
  });

  it.each(['id', 'en'] as const)('an invalid session and key says so, closes after two seconds and stays on the login page (%s)', async (lang) => {
    const tx = texts[lang];
    const t = await openPage(browser, { language: lang });
    try {
      await t.page.goto('/login?session=no-such-session&key=no-such-key&from=%2Fdashboard');
      const dialog = t.page.getByRole('dialog');
      await dialog.getByText(tx.tokenInvalid).waitFor();
      await dialog.getByText(tx.sessionKeyInvalid).waitFor();
      const invalidAt = Date.now();
      await dialog.waitFor({ state: 'hidden' });
      expect(Date.now() - invalidAt).toBeGreaterThanOrEqual(1000);
      await waitForPath(t.page, '/login?from=%2Fdashboard');
      await t.page.getByRole('alert').getByText(tx.sessionKeyInvalid).waitFor();
      expect(await t.storage('token')).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('signs in automatically from a redirect bundle, remembering the username it asks to; a used bundle is refused (id, en)', async () => {
    const { token } = await apiLogin('superadmin');
    const made = await api<{ redirect: string }>('POST', '/v1/auth/redirect-credentials', {
      token,
      body: { username: 'cashier', password: DEMO_PASSWORD, remember: true },
    });
    expect(made.status).toBe(200);
    const redirect = encodeURIComponent(made.body.redirect);

    const first = await openPage(browser);
    try {
      await first.page.goto(`/login?redirect=${redirect}`);
      await waitForPath(first.page, '/dashboard');
      await first.page.getByRole('heading', { level: 1, name: /Rina Kurniawati/ }).waitFor();
      expect(await first.storage('rememberedUsername')).toBe('cashier');
    } finally {
      await first.close();
    }

    for (const lang of ['id', 'en'] as const) {
      const again = await openPage(browser, { language: lang });
      try {
        await again.page.goto(`/dashboard?redirect=${redirect}`);
        await again.page.getByRole('alert').getByText(texts[lang].redirectInvalid).waitFor();
        await waitForPath(again.page, '/login?from=%2Fdashboard');
        expect(await again.storage('token')).toBeNull();
        expect(await again.page.getByRole('button', { name: texts[lang].signIn }).isEnabled()).toBe(true);
      } finally {
        await again.close();
      }
    }
  });
});
