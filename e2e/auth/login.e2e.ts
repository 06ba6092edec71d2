import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot, texts, waitForPath } from '../support/browser.ts';
import { DEMO_PASSWORD, api, preLoginToken, unknownUsername } from '../support/api.ts';
import { seedOwnTenant } from '../support/db.ts';

const LOGIN_API = '**/api/v1/auth/login';

describe('login page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ['id', 'agent', 'Dewi Lestari'],
    ['en', 'cashier', 'Rina Kurniawati'],
  ] as const)('signs in with the form (%s): Enter submits, the session is stored, the dashboard greets the user', async (lang, username, fullName) => {
    const t = await openPage(browser, { language: lang });
    const tx = texts[lang];
    try {
      await t.page.goto('/login');
      await t.page.getByRole('heading', { level: 1, name: tx.loginTitle }).waitFor();
      expect(await t.page.title()).toBe(`Nusa | ${tx.login}`);
      await screenshot(t.page, `login-${lang}`);
      await t.page.getByLabel(tx.username, { exact: true }).fill(username);
      await t.page.getByLabel(tx.password, { exact: true }).fill(DEMO_PASSWORD);
      await t.page.getByLabel(tx.password, { exact: true }).press('Enter');
      await waitForPath(t.page, '/dashboard');
      await t.page.getByRole('heading', { level: 1, name: new RegExp(fullName) }).waitFor();
      expect(await t.storage('token')).toMatch(/^ey/);
      expect(JSON.parse((await t.storage('session'))!)).toMatchObject({ username, fullName, xTenantDefault: 'demo' });
      expect(t.pageErrors).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it.each(['id', 'en'] as const)('requires username and password: "{label} cannot be empty" once touched, and submit does nothing (%s)', async (lang) => {
    const t = await openPage(browser, { language: lang });
    const tx = texts[lang];
    let loginCalls = 0;
    t.page.on('request', (req) => {
      if (req.url().includes('/api/v1/auth/login')) loginCalls++;
    });
    try {
      await t.page.goto('/login');
      const username = t.page.getByLabel(tx.username, { exact: true });
      const password = t.page.getByLabel(tx.password, { exact: true });
      // Untouched fields say nothing; a field emptied or left empty says it cannot be.
      await username.fill('x');
      expect(await t.page.getByText(tx.usernameRequired).count()).toBe(0);
      await username.fill('');
      await t.page.getByText(tx.usernameRequired).waitFor();
      await password.focus();
      await username.focus();
      await t.page.getByText(tx.passwordRequired).waitFor();

      await t.page.getByRole('button', { name: tx.signIn, exact: true }).click();
      await username.fill('staff');
      await username.press('Enter');
      await t.page.getByText(tx.usernameRequired).waitFor({ state: 'detached' });
      await t.page.getByText(tx.passwordRequired).waitFor();
      expect(loginCalls).toBe(0);
      expect(t.page.url()).toMatch(/\/login$/);
    } finally {
      await t.close();
    }
  });

  it.each(['id', 'en'] as const)('shows a failed login on the page, with the button disabled while it runs and enabled after (%s)', async (lang) => {
    const t = await openPage(browser, { language: lang });
    const tx = texts[lang];
    try {
      await t.page.goto('/login');
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await t.page.route(LOGIN_API, async (route) => {
        await held;
        await route.continue();
      });
      await t.page.getByLabel(tx.username, { exact: true }).fill(unknownUsername(lang));
      await t.page.getByLabel(tx.password, { exact: true }).fill('not-the-password');
      const submit = t.page.getByRole('button', { name: tx.signIn });
      await submit.click();
      await expect.poll(() => submit.isDisabled(), { timeout: 5000 }).toBe(true);
      release();

      const alert = t.page.getByRole('alert').filter({ hasText: tx.loginFailed });
      await alert.getByText(tx.wrongPassword(4)).waitFor();
      await expect.poll(() => submit.isDisabled(), { timeout: 5000 }).toBe(false);
      // Shown on the page, not as a toast, and the user stays on the login page.
      expect(await t.page.locator('.ant-notification-notice').count()).toBe(0);
      expect(t.page.url()).toMatch(/\/login$/);
      expect(await t.storage('token')).toBeNull();
      await screenshot(t.page, `login-failed-${lang}`);
    } finally {
      await t.close();
    }
  });

  it('tells a throttled username how long to wait', async () => {
    const username = unknownUsername('throttle');
    for (let i = 0; i < 5; i++) {
      await api('POST', '/v1/auth/login', { token: await preLoginToken(), body: { username, password: 'wrong' } });
    }
    const t = await openPage(browser);
    try {
      await t.page.goto('/login');
      await t.page.getByLabel(texts.id.username, { exact: true }).fill(username);
      await t.page.getByLabel(texts.id.password, { exact: true }).fill('wrong');
      await t.page.getByRole('button', { name: texts.id.signIn }).click();
      await t.page.getByText(new RegExp(`${texts.id.throttled} Coba lagi dalam \\d+ detik\\.`)).waitFor();
      expect(await t.page.getByRole('button', { name: texts.id.signIn }).isDisabled()).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('signs in to the organisation chosen on the page, and refuses an inactive user there', async () => {
    const tenant = await seedOwnTenant('org');
    const t = await openPage(browser, { language: 'en' });
    try {
      await tenant.sql(`UPDATE users SET active = false WHERE username = 'staff'`);
      await t.page.goto('/login');
      expect(await t.page.getByTestId('login-tenant').textContent()).toBe('demo');
      await t.page.getByRole('button', { name: 'Change' }).click();
      await t.page.getByLabel('Organisation code').fill(tenant.code);
      await t.page.getByLabel(texts.en.username, { exact: true }).fill('staff');
      await t.page.getByLabel(texts.en.password, { exact: true }).fill(DEMO_PASSWORD);
      await t.page.getByRole('button', { name: texts.en.signIn }).click();
      await t.page.getByText(texts.en.inactive).waitFor();

      await t.page.getByLabel(texts.en.username, { exact: true }).fill('admin');
      await t.page.getByRole('button', { name: texts.en.signIn }).click();
      await waitForPath(t.page, '/dashboard');
      await t.page.getByText('PT org').waitFor();
      expect(JSON.parse((await t.storage('session'))!).xTenantDefault).toBe(tenant.code);
      expect(await t.storage('tenant')).toBe(tenant.code);
    } finally {
      await t.close();
      await tenant.close();
    }
  });

  it('takes the organisation from a welcome link (/login?tenant=) and signs in there', async () => {
    const tenant = await seedOwnTenant('link');
    const t = await openPage(browser, { language: 'id' });
    try {
      await t.page.goto(`/login?tenant=${tenant.code}`);
      expect(await t.page.getByTestId('login-tenant').textContent()).toBe(tenant.code);
      await t.page.getByLabel(texts.id.username, { exact: true }).fill('admin');
      await t.page.getByLabel(texts.id.password, { exact: true }).fill(DEMO_PASSWORD);
      await t.page.getByRole('button', { name: texts.id.signIn }).click();
      await waitForPath(t.page, '/dashboard');
      expect(JSON.parse((await t.storage('session'))!).xTenantDefault).toBe(tenant.code);
    } finally {
      await t.close();
      await tenant.close();
    }
  });

  // The logout tests (both languages) check the remembered username survives logging out.
  it('keeps the username when "remember me" is ticked, and forgets it when not', async () => {
    const lang = 'id';
    const tx = texts[lang];
    const t = await openPage(browser, { language: lang });
    try {
      await t.page.goto('/login');
      await t.page.getByLabel(tx.username, { exact: true }).fill('staff');
      await t.page.getByLabel(tx.password, { exact: true }).fill(DEMO_PASSWORD);
      await t.page.getByLabel(tx.remember).check();
      await t.page.getByRole('button', { name: tx.signIn }).click();
      await waitForPath(t.page, '/dashboard');
      expect(await t.storage('rememberedUsername')).toBe('staff');
    } finally {
      await t.close();
    }

    const again = await openPage(browser, { language: lang, remembered: 'staff' });
    try {
      await again.page.goto('/login');
      expect(await again.page.getByLabel(tx.username, { exact: true }).inputValue()).toBe('staff');
      expect(await again.page.getByLabel(tx.remember).isChecked()).toBe(true);
      await again.page.getByLabel(tx.remember).uncheck();
      await again.page.getByLabel(tx.password, { exact: true }).fill(DEMO_PASSWORD);
      await again.page.getByRole('button', { name: tx.signIn }).click();
      await waitForPath(again.page, '/dashboard');
      expect(await again.storage('rememberedUsername')).toBeNull();
    } finally {
      await again.close();
    }
  });
});
