import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../apps/server/test/openai-server.ts';
import { launchBrowser, openPage, screenshot } from '../support/browser.ts';
import { api, apiLogin } from '../support/api.ts';
import { seedOwnTenant } from '../support/db.ts';

/** The texts this flow reads, per language (apps/web/src/i18n/modules/ai-settings.*.json). */
const tx = {
  id: {
    appConfig: 'Pengaturan Aplikasi',
    remote: 'Kompatibel OpenAI (OpenAI, Azure, Ollama, vLLM, llama.cpp)',
    localNote: 'Mesin lokal berjalan',
    baseUrl: 'Alamat dasar (base URL)',
    replaceKey: 'Ganti kunci',
    newKey: 'Kunci API baru',
    chat: 'Chat',
    embedding: 'Embedding',
    image: 'Edit gambar',
    addPrice: 'Tambah harga model',
    model: 'Model',
    input: 'Per 1 juta token masukan',
    test: 'Uji koneksi',
    ok: 'Terhubung ke',
    failed: 'Koneksi gagal',
    save: 'Simpan',
    saved: 'Pengaturan AI disimpan',
    keySet: 'Tersimpan',
    keyNotSet: 'Belum diatur',
    aiFailed: 'AI gagal menjawab (HTTP 401)',
    keyAgain: 'Alamat berubah: masukkan lagi API key.',
    keyAgainError: 'Alamat penyedia AI berubah: masukkan lagi API key-nya.',
  },
  en: {
    appConfig: 'App Configuration',
    remote: 'OpenAI-compatible (OpenAI, Azure, Ollama, vLLM, llama.cpp)',
    localNote: 'The local engine runs',
    baseUrl: 'Base URL',
    replaceKey: 'Replace key',
    newKey: 'New API key',
    chat: 'Chat',
    embedding: 'Embedding',
    image: 'Image editing',
    addPrice: 'Add a model price',
    model: 'Model',
    input: 'Per 1 million input tokens',
    test: 'Test connection',
    ok: 'Connected to',
    failed: 'Connection failed',
    save: 'Save',
    saved: 'AI settings saved',
    keySet: 'Set',
    keyNotSet: 'Not set',
    aiFailed: 'The AI failed to answer (HTTP 401)',
    keyAgain: 'The address changed: enter the API key again.',
    keyAgainError: 'The AI provider address changed: enter its API key again.',
  },
};

const KEY = 'sk-e2e-secret-4242';

describe('App configuration › AI', () => {
  let browser: Browser;
  let ai: OpenAiTestServer;
  let tenant: Awaited<ReturnType<typeof seedOwnTenant>>;
  beforeAll(async () => {
    [browser, ai, tenant] = await Promise.all([launchBrowser(), startOpenAiTestServer(), seedOwnTenant('ai-settings')]);
    ai.apiKey = KEY;
  });
  afterAll(async () => {
    await browser?.close();
    await ai?.close();
    await tenant?.close();
  });

  it.each(['id', 'en'] as const)(
    'connects an OpenAI-compatible provider: a wrong key by its status, then the models, saved with its price (%s)',
    async (lang) => {
      const t = tx[lang];
      const admin = await apiLogin('admin', { tenant: tenant.code });
      // Each language starts from the local engine with no key.
      await api('PUT', '/v1/config/ai', {
        token: admin.token,
        tenant: tenant.code,
        body: { provider: 'local', baseUrl: '', apiKey: null, models: { chat: '', embedding: '', structured: '', image: '' }, prices: [], timeoutSeconds: 30 },
      });
      const p = await openPage(browser, { as: 'admin', tenant: tenant.code, language: lang });
      const { page } = p;
      try {
        await page.goto('/configuration/app-configuration');
        await page.getByRole('heading', { level: 1, name: t.appConfig }).waitFor();
        await page.getByText(t.localNote).waitFor();
        await page.getByText(t.remote).click();
        await page.getByLabel(t.baseUrl).fill(ai.baseUrl);
        await page.getByText(t.keyNotSet, { exact: true }).waitFor();
        await page.getByRole('button', { name: t.replaceKey }).click();
        await page.getByLabel(t.newKey).fill('sk-wrong-key-0000');
        await page.getByLabel(t.chat, { exact: true }).fill('test-chat');
        await page.getByLabel(t.embedding, { exact: true }).fill('test-embed');
        await page.getByLabel(t.image, { exact: true }).fill('test-image');
        await page.getByRole('button', { name: t.addPrice }).click();
        await page.getByLabel(t.model, { exact: true }).fill('test-chat');
        await page.getByLabel(t.input).fill('2.400,5');

        await page.getByRole('button', { name: t.test }).click();
        const failure = page.getByRole('alert').filter({ hasText: t.failed });
        await failure.waitFor();
        // The status only: what the provider said (here it names the key) stays in the server's log.
        expect(await failure.textContent()).toContain(t.aiFailed);
        expect(await failure.textContent()).not.toContain('sk-*****0000');
        await screenshot(page, `ai-settings-test-failed-${lang}`);

        await page.getByLabel(t.newKey).fill(KEY);
        await page.getByRole('button', { name: t.test }).click();
        const ok = page.getByRole('status').filter({ hasText: t.ok });
        await ok.waitFor();
        expect(await ok.textContent()).toContain('test-chat, test-embed, test-image');
        const card = page.locator('.section-card').filter({ has: page.getByText(t.remote) });
        await card.getByRole('button', { name: t.save }).click();
        await page.getByText(t.saved).waitFor();
        await page.getByText(t.keySet, { exact: true }).waitFor();
        // The price is shown the id-ID way once typed.
        expect(await page.getByLabel(t.input).inputValue()).toBe('2.400,5');
        await card.evaluate((el) => el.scrollIntoView());
        await screenshot(page, `ai-settings-${lang}`);

        const saved = await api<{ provider: string; apiKeySet: boolean; prices: { model: string; inputPerMillion: string }[] }>('GET', '/v1/config/ai', {
          token: admin.token,
          tenant: tenant.code,
        });
        expect(saved.body).toMatchObject({ provider: 'openai-compatible', apiKeySet: true, prices: [{ model: 'test-chat', inputPerMillion: '2400.5' }] });
        expect(JSON.stringify(saved.body)).not.toContain(KEY);

        // The saved key goes to no other address: a new one asks for the key again, and the test says so in its words.
        await page.getByLabel(t.baseUrl).fill('https://ai.example.com/v1');
        await page.getByText(t.keyAgain).waitFor();
        await page.getByRole('button', { name: t.test }).click();
        await page.getByRole('alert').filter({ hasText: t.keyAgainError }).waitFor();
        await page.getByLabel(t.baseUrl).fill(ai.baseUrl);
        await page.getByText(t.keyAgain).waitFor({ state: 'detached' });

        await page.setViewportSize({ width: 390, height: 844 });
        await page.getByText(t.remote).first().scrollIntoViewIfNeeded();
        await screenshot(page, `ai-settings-phone-${lang}`);
        expect(p.pageErrors).toEqual([]);
      } finally {
        await p.close();
      }
    },
  );
});
