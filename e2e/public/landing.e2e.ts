import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl } from '../support/api.ts';
import { launchBrowser, openPage, screenshot, texts, waitForPath } from '../support/browser.ts';

const NBSP = '\u00a0';
const copy = {
  id: {
    title: 'Nusa | Selamat Datang',
    heading: texts.id.landingTitle,
    demo: 'Minta demo',
    trial: 'Coba gratis',
    login: 'Masuk',
    openApp: 'Buka dasbor',
    areas: ['Chatbot layanan pelanggan', 'Analisis penjualan dengan AI', 'Percantik foto produk', 'Produk prompt (healing)', 'Akuntansi dan ERP'],
    perMonth: '/bulan',
  },
  en: {
    title: 'Nusa | Welcome',
    heading: texts.en.landingTitle,
    demo: 'Request a demo',
    trial: 'Start free trial',
    login: 'Log in',
    openApp: 'Open dashboard',
    areas: ['Customer-service chatbot', 'AI sales analysis', 'Product photo beautifying', 'Prompt products (healing)', 'Accounting and ERP'],
    perMonth: '/month',
  },
} as const;

/** The app's own entry script, named in index.html: the landing must never load it. */
async function appEntryScript(): Promise<string> {
  const html = await (await fetch(`${baseUrl()}/index.html`)).text();
  const src = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('no entry script in index.html');
  return src;
}

/** The scripts landing.html itself names (its entry and module preloads). */
async function landingScripts(): Promise<string[]> {
  const html = await (await fetch(`${baseUrl()}/landing`)).text();
  return [...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]);
}

/** Paths of the requests a page made while `action` ran. */
async function requestsDuring(page: Page, action: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const onRequest = (r: { url(): string }) => seen.push(new URL(r.url()).pathname);
  page.on('request', onRequest);
  try {
    await action();
  } finally {
    page.off('request', onRequest);
  }
  return seen;
}

const mainHeading = (page: Page, lang: 'id' | 'en') => page.getByRole('heading', { level: 1, name: copy[lang].heading });
const areaTitles = (page: Page) => page.locator('#areas').getByRole('heading', { level: 3 }).allTextContents();

describe('landing page (static, no app bundle)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('renders in Indonesian from the server without any of the app script, with the contract prices', async () => {
    const t = await openPage(browser);
    try {
      const entry = await appEntryScript();
      const requested = await requestsDuring(t.page, async () => {
        await t.page.goto('/landing', { waitUntil: 'load' });
        await mainHeading(t.page, 'id').waitFor();
      });
      expect(requested).not.toContain(entry);
      expect(requested.filter((p) => p.startsWith('/api'))).toEqual([]);
      // Only the landing's own script (and the tiny module it shares with the app), a few KB in all.
      const own = await landingScripts();
      const scripts = requested.filter((p) => p.endsWith('.js'));
      expect(scripts.filter((p) => !own.includes(p))).toEqual([]);
      expect(scripts.length).toBeLessThanOrEqual(2);
      const sizes = await Promise.all(scripts.map(async (p) => (await (await fetch(`${baseUrl()}${p}`)).arrayBuffer()).byteLength));
      expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThan(5_000);
      expect(await t.page.evaluate(() => document.getElementById('root'))).toBeNull();

      expect(await t.page.title()).toBe(copy.id.title);
      expect(await t.page.locator('html').getAttribute('lang')).toBe('id');
      expect(await t.page.locator('meta[name="description"]').getAttribute('content')).toMatch(/^Nusa: platform bisnis/);
      expect(await areaTitles(t.page)).toEqual(copy.id.areas);
      const prices = await t.page.locator('.plan__amount').allTextContents();
      expect(prices).toEqual([`Rp${NBSP}1.500.000`, `Rp${NBSP}3.500.000`, `Rp${NBSP}7.500.000`]);
      await t.page.locator('.plan').first().getByText(copy.id.perMonth).waitFor();

      await t.page.setViewportSize({ width: 1280, height: 800 });
      await screenshot(t.page, 'landing-static-id-1280', true);
      await t.page.setViewportSize({ width: 390, height: 844 });
      await screenshot(t.page, 'landing-static-id-390', true);
      // Nothing sticks out sideways on a phone.
      expect(await t.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(t.pageErrors).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('switches to English, remembers it under the app key, and the app then speaks English too', async () => {
    const t = await openPage(browser);
    try {
      await t.page.goto('/landing');
      await mainHeading(t.page, 'id').waitFor();
      await t.page.getByRole('group', { name: 'Bahasa' }).getByRole('button', { name: 'EN' }).click();
      await mainHeading(t.page, 'en').waitFor();
      expect(await t.page.locator('html').getAttribute('lang')).toBe('en');
      expect(await t.page.title()).toBe(copy.en.title);
      expect(await areaTitles(t.page)).toEqual(copy.en.areas);
      expect(await t.storage('language')).toBe('en');
      expect(await t.page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'EN' }).getAttribute('aria-pressed')).toBe('true');

      await t.page.reload();
      await mainHeading(t.page, 'en').waitFor();
      await t.page.setViewportSize({ width: 1280, height: 800 });
      await screenshot(t.page, 'landing-static-en-1280', true);
      await t.page.setViewportSize({ width: 390, height: 844 });
      await screenshot(t.page, 'landing-static-en-390');

      await t.page.getByRole('link', { name: copy.en.login, exact: true }).first().click();
      await waitForPath(t.page, '/login');
      await t.page.getByRole('heading', { level: 1, name: texts.en.loginTitle }).waitFor();

      // And back: Indonesian chosen on the landing is Indonesian everywhere.
      await t.page.goto('/landing');
      await t.page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'ID' }).click();
      await mainHeading(t.page, 'id').waitFor();
      expect(await t.storage('language')).toBe('id');
      expect(t.pageErrors).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it.each([
    ['request a demo', 'demo', '/request-demo'],
    ['free trial', 'trial', '/register'],
    ['log in', 'login', '/login'],
  ] as const)('leads to %s', async (_name, cta, path) => {
    const t = await openPage(browser);
    try {
      await t.page.goto('/landing');
      await t.page
        .getByRole('main')
        .getByRole('link', { name: copy.id[cta], exact: true })
        .or(t.page.getByRole('banner').getByRole('link', { name: copy.id[cta], exact: true }))
        .first()
        .click();
      await waitForPath(t.page, path);
    } finally {
      await t.close();
    }
  });

  it('offers a package in the demo request, chosen there already', async () => {
    const t = await openPage(browser);
    try {
      await t.page.goto('/landing');
      await t.page.locator('.plan[data-plan="starter"]').getByRole('link').click();
      await waitForPath(t.page, '/request-demo?package=starter');
      const starter = t.page.getByRole('radio', { name: /^Starter/ });
      await starter.waitFor({ state: 'attached' });
      expect(await starter.isChecked()).toBe(true);
      expect(await t.page.getByRole('radio', { name: /^Business/ }).isChecked()).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('"/" for a visitor ends on the static landing page', async () => {
    const t = await openPage(browser);
    try {
      await t.page.goto('/');
      await waitForPath(t.page, '/landing');
      await mainHeading(t.page, 'id').waitFor();
      expect(await t.page.evaluate(() => document.getElementById('root'))).toBeNull();
      // about:blank and the landing only: the app's "/" entry was replaced, so going back does not bounce.
      expect(await t.page.evaluate(() => history.length)).toBe(2);
      expect(t.pageErrors).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('shows a logged-in visitor the way into the app', async () => {
    const t = await openPage(browser, { as: 'staff' });
    try {
      await t.page.goto('/landing');
      await mainHeading(t.page, 'id').waitFor();
      expect(await t.page.getByRole('link', { name: copy.id.login, exact: true }).count()).toBe(0);
      expect(await t.page.getByRole('contentinfo').getByRole('link', { name: copy.id.openApp }).count()).toBe(1);
      await t.page.getByRole('banner').getByRole('link', { name: copy.id.openApp }).click();
      await waitForPath(t.page, '/dashboard');
    } finally {
      await t.close();
    }
  });

  it('is revalidated by ETag while its hashed assets are cached for good', async () => {
    const first = await fetch(`${baseUrl()}/landing`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/html/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const html = await first.text();
    expect(html).toContain(`<h1 class="hero__title" data-t="heroTitle">${copy.id.heading}</h1>`);

    // As a browser revalidates (fetch would otherwise add "cache-control: no-cache", which forbids a 304).
    const again = await fetch(`${baseUrl()}/landing`, { headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' } });
    expect(again.status).toBe(304);

    const css = /<link rel="stylesheet" crossorigin href="([^"]+)"/.exec(html)![1];
    const asset = await fetch(`${baseUrl()}${css}`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
