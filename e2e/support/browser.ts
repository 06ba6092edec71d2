import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { STORAGE_KEYS } from '../../apps/web/src/app/storage-keys.ts';
import { apiLogin, baseUrl, type DemoUser } from './api.ts';

export type Language = 'id' | 'en';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SCREENSHOT_DIR = path.join(root, 'artifacts/screenshots');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

let shared: Promise<Browser> | undefined;

/**
 * The worker's Chromium, as this test file sees it: the e2e project runs a worker's files in one process, so they
 * share one browser (starting one took a second or two a file) and each file its own contexts. Closing the file's
 * browser closes the contexts it opened; the browser ends with the worker's process.
 */
export async function launchBrowser(): Promise<Browser> {
  let browser = await (shared ??= chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS }));
  if (!browser.isConnected()) browser = await (shared = chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS }));
  const contexts = new Set<BrowserContext>();
  const newContext: Browser['newContext'] = async (options) => {
    const context = await browser.newContext(options);
    contexts.add(context);
    context.on('close', () => contexts.delete(context));
    return context;
  };
  const newPage: Browser['newPage'] = async (options) => {
    const page = await browser.newPage(options);
    contexts.add(page.context());
    return page;
  };
  const close = async () => {
    await Promise.all([...contexts].map((c) => c.close()));
  };
  return new Proxy(browser, {
    get(target, prop) {
      if (prop === 'newContext') return newContext;
      if (prop === 'newPage') return newPage;
      if (prop === 'close') return close;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export interface PageOptions {
  /** Log in as this demo user through the API and start with its session stored (no clicking through the form). */
  as?: DemoUser;
  /**
   * A login of its own for this page. Without it, pages of one test file share one login per user (logins are
   * deliberately slow password checks); a test that ends or revokes its session must ask for its own.
   */
  freshLogin?: boolean;
  tenant?: string;
  /** The language stored in the browser before the first page loads; unset means the default (Indonesian). */
  language?: Language;
  /** Stored remembered username. */
  remembered?: string;
  clipboard?: boolean;
  /**
   * Dialogs, drawers and menus move as they open. Without this the page asks for reduced motion, as a user may: they
   * then appear within a hundredth of a second, so no click lands on a box still zooming in (on a busy machine such
   * clicks were lost), and charts are drawn without growing bars (screenshots show the figures).
   */
  motion?: boolean;
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions in the page; a test ends by checking there were none. */
  pageErrors: string[];
  storage(key: keyof typeof STORAGE_KEYS): Promise<string | null>;
  close(): Promise<void>;
}

const logins = new Map<string, ReturnType<typeof apiLogin>>();
/** A file's shared logins are its own (per-file.ts calls this before each file), as when every file had its own process. */
export const forgetSharedLogins = () => logins.clear();
const sharedLogin = (user: DemoUser, tenant = 'demo') => {
  const key = `${tenant}/${user}`;
  if (!logins.has(key)) logins.set(key, apiLogin(user, { tenant }));
  return logins.get(key)!;
};

export async function openPage(browser: Browser, opts: PageOptions = {}): Promise<TestPage> {
  const entries: { name: string; value: string }[] = [];
  if (opts.as) {
    const { data, token } = opts.freshLogin ? await apiLogin(opts.as, { tenant: opts.tenant }) : await sharedLogin(opts.as, opts.tenant);
    entries.push({ name: STORAGE_KEYS.session, value: JSON.stringify(data) }, { name: STORAGE_KEYS.token, value: token });
  }
  if (opts.language) entries.push({ name: STORAGE_KEYS.language, value: opts.language });
  if (opts.remembered) entries.push({ name: STORAGE_KEYS.rememberedUsername, value: opts.remembered });
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1366, height: 860 },
    locale: opts.language === 'en' ? 'en-US' : 'id-ID',
    timezoneId: 'Asia/Jakarta',
    reducedMotion: opts.motion ? 'no-preference' : 'reduce',
    storageState: { cookies: [], origins: entries.length ? [{ origin: baseUrl(), localStorage: entries }] : [] },
  });
  if (opts.clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  // Generous: the machine running the suite may be busy with other work; passing steps do not wait for it.
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  return {
    context,
    page,
    pageErrors,
    storage: (key) => page.evaluate((k) => window.localStorage.getItem(k), STORAGE_KEYS[key]),
    close: () => context.close(),
  };
}

/**
 * Runs a flow on a fresh page and closes it: the flow passes only without uncaught page errors, and a failure leaves
 * a screenshot named after `name`.
 */
export async function withOpenPage(browser: Browser, opts: PageOptions, name: string, run: (p: TestPage) => Promise<void>) {
  const p = await openPage(browser, opts);
  try {
    await run(p);
    expect(p.pageErrors).toEqual([]);
  } catch (err) {
    await screenshot(p.page, `failure-${name}-${Date.now()}`).catch(() => {});
    throw err;
  } finally {
    await p.close();
  }
}

/** Unfolds an area of the sidebar and waits until its list has stopped moving (a click during the motion can be lost). */
export async function openMenuArea(page: Page, menuName: string, area: string) {
  const nav = page.getByRole('navigation', { name: menuName });
  await nav.getByText(area, { exact: true }).click();
  await page.waitForFunction(() => document.querySelectorAll('nav .ant-motion-collapse, nav [class*="motion-collapse-"]').length === 0);
  return nav;
}

/** Opens a page from the sidebar, clicking its link again should the first click be lost. */
export async function openFromMenu(page: Page, menuName: string, area: string, link: string, path: string) {
  const nav = await openMenuArea(page, menuName, area);
  for (let attempt = 1; ; attempt++) {
    await nav.getByRole('link', { name: link }).click();
    try {
      await page.waitForURL((url) => url.pathname === path, { timeout: 3000 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/**
 * Shows another screen of the app already loaded in the page the way the browser's back and forward buttons do (the
 * router reads the new address), and waits for that screen's own heading: a flow through many screens starts the app
 * once instead of once a screen. Two addresses of one page component (a route's optional parameter) must not follow
 * each other: the page stays mounted and its heading is not a new one.
 */
export async function showScreen(page: Page, path: string) {
  await page.evaluate((to) => {
    document.querySelectorAll('h1').forEach((heading) => heading.setAttribute('data-e2e-left', ''));
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.locator('h1:not([data-e2e-left])').first().waitFor();
}

/** The path and query the browser shows now. */
export const currentPath = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** Waits until the browser shows exactly this path and query (after redirects settle). */
export async function waitForPath(page: Page, expected: string, timeout = 20_000) {
  try {
    await page.waitForURL((url) => `${url.pathname}${url.search}` === expected, { timeout });
  } catch {
    const shot = `failure-${Date.now()}`;
    await screenshot(page, shot).catch(() => {});
    throw new Error(`expected the browser at ${expected}, it is at ${currentPath(page)} (see artifacts/screenshots/${shot}.png)`);
  }
}

export async function screenshot(page: Page, name: string, fullPage = false) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // Finite CSS animations (dialogs zooming in, toasts sliding) are fast-forwarded to their end state.
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled', fullPage });
}

/** Texts of both languages, picked per test case. */
export const texts = {
  id: {
    dashboard: 'Dasbor',
    configuration: 'Konfigurasi',
    appConfiguration: 'Pengaturan Aplikasi',
    login: 'Masuk',
    signIn: 'Masuk',
    username: 'Nama pengguna',
    password: 'Kata sandi',
    remember: 'Ingat nama pengguna saya',
    loginTitle: 'Masuk ke akun Anda',
    usernameRequired: 'Nama pengguna tidak boleh kosong',
    passwordRequired: 'Kata sandi tidak boleh kosong',
    wrongPassword: (left: number) => `Nama pengguna atau kata sandi salah. Sisa percobaan: ${left}`,
    throttled: 'Terlalu banyak percobaan masuk.',
    inactive: 'Pengguna tidak aktif atau diblokir',
    loginFailed: 'Gagal masuk',
    notFound: 'Maaf, kami tidak dapat menemukan halaman tersebut.',
    denied: 'Anda tidak memiliki akses ke halaman ini',
    sessionExpired: 'Sesi Login Berakhir, Silakan Login Kembali Untuk Melanjutkan.',
    goToLogin: 'Ke Halaman Masuk',
    logout: 'Keluar',
    confirmLogout: 'Apakah Anda yakin ingin keluar dari aplikasi?',
    cancel: 'Batal',
    copyLink: 'Salin tautan halaman',
    copySuccess: 'Berhasil menyalin URL ke papan klip',
    copyError: 'Gagal menyalin URL ke papan klip',
    errorTitle: 'Kesalahan',
    noConnection: 'Gagal terhubung ke server, periksa koneksi Anda',
    releaseNotes: 'Catatan rilis',
    releaseNotesTitle: 'Catatan Rilis',
    releaseDate: '21 November 2026',
    sessionsTitle: 'Sesi login terakhir',
    currentSession: 'Sesi ini',
    tokenWaiting: 'Memvalidasi token, mohon tunggu…',
    tokenValid: 'Token valid. Anda akan segera diarahkan.',
    tokenInvalid: 'Token tidak valid.',
    sessionKeyInvalid: 'Sesi atau kunci tidak valid atau sudah digunakan',
    redirectInvalid: 'Tautan masuk otomatis tidak valid, kedaluwarsa, atau sudah digunakan',
    landingTitle: 'Satu platform untuk keuangan, layanan pelanggan, dan penjualan Anda',
    landingCta: 'Masuk sekarang',
    openApp: 'Buka dasbor',
    tasks: 'Jumlah tugas',
  },
  en: {
    dashboard: 'Dashboard',
    configuration: 'Configuration',
    appConfiguration: 'App Configuration',
    login: 'Login',
    signIn: 'Sign in',
    username: 'Username',
    password: 'Password',
    remember: 'Remember my username',
    loginTitle: 'Sign in to your account',
    usernameRequired: 'Username cannot be empty',
    passwordRequired: 'Password cannot be empty',
    wrongPassword: (left: number) => `Wrong username or password. Attempts left: ${left}`,
    throttled: 'Too many sign-in attempts.',
    inactive: 'User is inactive or banned',
    loginFailed: 'Sign-in failed',
    notFound: "Sorry, we couldn't find the page.",
    denied: 'You do not have access to this page',
    sessionExpired: 'Login Session Expired, Please Login Again To Continue.',
    goToLogin: 'Go to Login',
    logout: 'Log out',
    confirmLogout: 'Are you sure you want to log out of the application?',
    cancel: 'Cancel',
    copyLink: 'Copy page link',
    copySuccess: 'Success copy URL to clipboard',
    copyError: 'Error copy URL to clipboard',
    errorTitle: 'Error',
    noConnection: 'Failed connect to server, please check your connection',
    releaseNotes: 'Release notes',
    releaseNotesTitle: 'Release Notes',
    releaseDate: '21 November 2026',
    sessionsTitle: 'Recent sign-in sessions',
    currentSession: 'Current',
    tokenWaiting: 'Validating the token, please wait…',
    tokenValid: 'The token is valid. You will be redirected shortly.',
    tokenInvalid: 'The token is invalid.',
    sessionKeyInvalid: 'Session or key is invalid or already used',
    redirectInvalid: 'The automatic sign-in link is invalid, expired or already used',
    landingTitle: 'One platform for your finance, customer service and sales',
    landingCta: 'Sign in now',
    openApp: 'Open dashboard',
    tasks: 'Tasks',
  },
} as const;
