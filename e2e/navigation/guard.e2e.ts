import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, texts, waitForPath, type TestPage } from '../support/browser.ts';
import { api, apiLogin, type DemoUser } from '../support/api.ts';
import { seedOwnTenant } from '../support/db.ts';

/** What the page shows after the guard is done: something only that destination renders. */
const shows = {
  landing: (p: Page) => p.getByRole('heading', { level: 1, name: texts.id.landingTitle }).waitFor(),
  login: (p: Page) => p.getByRole('heading', { level: 1, name: texts.id.loginTitle }).waitFor(),
  notFound: (p: Page) => p.getByText(texts.id.notFound).waitFor(),
  dashboard: (p: Page) => p.getByRole('heading', { level: 1, name: /Selamat (pagi|siang|sore|malam),/ }).waitFor(),
  appConfiguration: (p: Page) => p.getByRole('heading', { level: 1, name: texts.id.appConfiguration }).waitFor(),
  /** The permission-denied page inside the app layout (the sidebar is there). */
  denied: async (p: Page) => {
    await p.getByRole('heading', { level: 1, name: texts.id.denied }).waitFor();
    await p.getByRole('navigation', { name: 'Menu utama' }).waitFor();
  },
};

type Case = [name: string, user: DemoUser | null, open: string, expectedPath: string, shows: keyof typeof shows];

/** Spec 2 navigation rules, in the browser against the real server. */
const cases: Case[] = [
  ['unknown path, anonymous → not-found', null, '/no/such/page', '/not-found', 'notFound'],
  ['root, anonymous → landing', null, '/', '/landing', 'landing'],
  ['protected, anonymous → login with from', null, '/dashboard', '/login?from=%2Fdashboard', 'login'],
  [
    'protected with query, anonymous → from keeps the query',
    null,
    '/configuration/app-configuration?tab=policy&x=1',
    '/login?from=%2Fconfiguration%2Fapp-configuration%3Ftab%3Dpolicy%26x%3D1',
    'login',
  ],
  ['login, anonymous → stays', null, '/login', '/login', 'login'],
  ['landing, anonymous → stays', null, '/landing', '/landing', 'landing'],
  ['root, logged in → default page', 'staff', '/', '/dashboard', 'dashboard'],
  ['login without query, logged in → default page', 'staff', '/login', '/dashboard', 'dashboard'],
  ['login with query, logged in → stays', 'staff', '/login?from=%2Fdashboard', '/login?from=%2Fdashboard', 'login'],
  ['landing, logged in → stays', 'staff', '/landing', '/landing', 'landing'],
  ['not-found, logged in → stays', 'staff', '/not-found', '/not-found', 'notFound'],
  ['unknown path, logged in → not-found', 'staff', '/configuration/nope', '/not-found', 'notFound'],
  ['lacking the route tasks → permission denied in the layout', 'staff', '/configuration/app-configuration', '/configuration/app-configuration', 'denied'],
  ['holding one of the route tasks → the page', 'admin', '/configuration/app-configuration', '/configuration/app-configuration', 'appConfiguration'],
  ['route without tasks → the page', 'cashier', '/dashboard', '/dashboard', 'dashboard'],
];

describe('navigation guard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // The table's cases change nothing in the browser's storage, so the cases of one user share a browser context
  // (and its HTTP cache); each case still opens a page of its own.
  const contexts = new Map<string, Promise<TestPage>>();
  afterAll(async () => {
    for (const t of contexts.values()) await (await t).close();
  });

  it.each(cases)('%s', async (_name, user, open, expectedPath, destination) => {
    const key = user ?? 'anonymous';
    if (!contexts.has(key)) contexts.set(key, openPage(browser, { as: user ?? undefined }));
    const page = await (await contexts.get(key)!).context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    try {
      await page.goto(open);
      await waitForPath(page, expectedPath);
      await shows[destination](page);
      if (destination === 'notFound' && !user) await screenshot(page, 'not-found');
      if (destination === 'denied') await screenshot(page, 'permission-denied');
      expect(pageErrors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('hides the sidebar areas whose tasks the user lacks, and the dashboard is always there', async () => {
    const check = async (user: DemoUser, configurationShown: boolean) => {
      const t = await openPage(browser, { as: user });
      try {
        await t.page.goto('/dashboard');
        const nav = t.page.getByRole('navigation', { name: 'Menu utama' });
        await nav.getByRole('link', { name: texts.id.dashboard }).waitFor();
        expect(await nav.getByText(texts.id.configuration).count()).toBe(configurationShown ? 1 : 0);
      } finally {
        await t.close();
      }
    };
    await check('superadmin', true);
    await check('agent', false);
  });

  it('sends the user to the default page of the role, and back to the dashboard when it falls back', async () => {
    const tenant = await seedOwnTenant('default-page');
    let t: TestPage | undefined;
    try {
      await tenant.sql(`UPDATE roles SET default_page = '/configuration/app-configuration' WHERE name = 'Admin'`);
      // A default page the user may not open falls back to the dashboard.
      await tenant.sql(`UPDATE roles SET default_page = '/configuration/app-configuration' WHERE name = 'Staff'`);
      t = await openPage(browser, { as: 'admin', tenant: tenant.code });
      await t.page.goto('/');
      await waitForPath(t.page, '/configuration/app-configuration');
      await shows.appConfiguration(t.page);
      await t.page.goto('/login');
      await waitForPath(t.page, '/configuration/app-configuration');
      await t.close();

      t = await openPage(browser, { as: 'staff', tenant: tenant.code });
      await t.page.goto('/');
      await waitForPath(t.page, '/dashboard');
      await shows.dashboard(t.page);
    } finally {
      await t?.close();
      await tenant.close();
    }
  });

  it('after login returns to from, else goes to the default page', async () => {
    const t = await openPage(browser);
    try {
      await t.page.goto('/configuration/app-configuration?tab=policy');
      await waitForPath(t.page, '/login?from=%2Fconfiguration%2Fapp-configuration%3Ftab%3Dpolicy');
      await t.page.getByLabel(texts.id.username, { exact: true }).fill('admin');
      await t.page.getByLabel(texts.id.password, { exact: true }).fill('Nusa@2026');
      await t.page.getByLabel(texts.id.password, { exact: true }).press('Enter');
      await waitForPath(t.page, '/configuration/app-configuration?tab=policy');
      await shows.appConfiguration(t.page);
    } finally {
      await t.close();
    }
  });

  it('signs in automatically from a redirect parameter on a protected route and stays there', async () => {
    const { token } = await apiLogin('superadmin');
    const res = await api<{ redirect: string }>('POST', '/v1/auth/redirect-credentials', {
      token,
      body: { username: 'admin', password: 'Nusa@2026', remember: false },
    });
    expect(res.status).toBe(200);
    const t = await openPage(browser);
    try {
      await t.page.goto(`/configuration/app-configuration?redirect=${encodeURIComponent(res.body.redirect)}`);
      await waitForPath(t.page, '/configuration/app-configuration');
      await shows.appConfiguration(t.page);
      expect(JSON.parse((await t.storage('session'))!).username).toBe('admin');
    } finally {
      await t.close();
    }
  });
});
