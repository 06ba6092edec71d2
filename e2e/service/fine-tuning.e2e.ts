import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, apiLogin } from '../support/api.ts';
import { launchBrowser, screenshot, withOpenPage } from '../support/browser.ts';

/** The texts this flow reads, per language (apps/web/src/i18n/modules/service-fine-tuning.*.json). */
const tx = {
  id: {
    title: 'Fine Tuning',
    pick: 'Pilih klien untuk melihat set latihannya',
    none: 'Belum pernah ada fine tuning',
    download: 'Unduh JSONL',
    start: 'Mulai fine tuning',
    succeeded: 'Berhasil',
  },
  en: {
    title: 'Fine Tuning',
    pick: 'Pick a client to see its training set',
    none: 'has not been fine-tuned yet',
    download: 'Download JSONL',
    start: 'Start fine tuning',
    succeeded: 'Succeeded',
  },
};
const PHONE = { width: 390, height: 844 };
const INTENTS = [
  {
    name: 'jam_buka',
    responseText: 'Kami buka setiap hari pukul 09.00-21.00.',
    phrases: ['jam buka toko', 'kapan toko buka', 'toko buka jam berapa', 'buka hari minggu', 'what time do you open'],
  },
  {
    name: 'alamat',
    responseText: 'Toko kami di Jl. Malioboro 10, Yogyakarta.',
    phrases: ['alamat toko di mana', 'lokasi toko', 'minta alamat', 'where is the shop', 'shop address'],
  },
];

describe('Service › Fine tuning', () => {
  let browser: Browser;
  let token: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = (await apiLogin('admin')).token;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(['id', 'en'] as const)(
    'shows the training set, downloads it as JSONL, fine-tunes a client on the local engine and shows the run (%s)',
    async (lang) => {
      const t = tx[lang];
      const code = `FT${lang.toUpperCase()}${Date.now() % 100000}`;
      const created = await api('POST', '/v1/service/clients', {
        token,
        body: { code, name: `Toko ${code}`, businessField: 'Batik', systemInstruction: 'Jawab singkat.' },
      });
      expect(created.status).toBe(200);
      for (const intent of INTENTS) expect((await api('POST', `/v1/service/clients/${code}/intents`, { token, body: intent })).status).toBe(200);

      await withOpenPage(browser, { as: 'admin', language: lang }, `fine-tuning-${lang}`, async ({ page }) => {
        await page.goto('/service/fine-tuning');
        await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
        await page.getByText(t.pick).waitFor();
        await screenshot(page, `service-fine-tuning-empty-${lang}`);

        await page.goto(`/service/fine-tuning?client=${code}`);
        await page.getByTestId('chat-examples').filter({ hasText: '10' }).waitFor();
        await page.getByText(t.none).waitFor();
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t.download }).click()]);
        expect(download.suggestedFilename()).toBe(`${code.toLowerCase()}-fine-tuning.jsonl`);
        const lines = fs
          .readFileSync((await download.path())!, 'utf8')
          .trim()
          .split('\n');
        expect(lines).toHaveLength(10);
        const first = JSON.parse(lines[0]) as { messages: { role: string; content: string }[] };
        expect(first.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
        expect(first.messages[0].content).toBe('Jawab singkat.');

        await page.getByRole('button', { name: t.start }).click();
        // The page polls every 3 s while the run is going.
        await page.getByTestId('fine-tune-status').first().filter({ hasText: t.succeeded }).waitFor({ timeout: 45_000 });
        await page.locator('[role="progressbar"][aria-valuenow="100"]').first().waitFor();
        await screenshot(page, `service-fine-tuning-${lang}`, true);
        await page.setViewportSize(PHONE);
        await screenshot(page, `service-fine-tuning-phone-${lang}`, true);
      });

      const runs = await api<{ data: { status: string; provider: string; classifierExamples: number }[] }>(
        'GET',
        `/v1/service/clients/${code}/fine-tuning/runs`,
        { token },
      );
      expect(runs.body.data).toMatchObject([{ status: 'succeeded', provider: 'local', classifierExamples: 10 }]);
    },
  );
});
