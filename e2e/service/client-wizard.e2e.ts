import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SETUP_POLL_MS } from '@nusa/contracts';
import { chooseOption } from '../support/antd.ts';
import { launchBrowser, screenshot, withOpenPage } from '../support/browser.ts';

/** The texts this flow reads, per language (apps/web/src/i18n/modules/service.*.json). */
const tx = {
  id: {
    title: 'Buat Klien Baru',
    code: 'Kode klien',
    name: 'Nama klien',
    field: 'Bidang usaha',
    saveNext: 'Simpan & lanjut',
    agentUsername: 'Nama pengguna',
    addAgent: 'Tambah petugas',
    next: 'Lanjut',
    datasetName: 'Nama',
    attribute: 'Atribut 1',
    addDataset: 'Tambah dataset',
    addItem: 'Tambah item',
    addIntent: 'Tambah intent',
    phrases: 'Frasa latihan',
    save: 'Simpan',
    processAll: 'Proses semua',
    done: 'berhasil',
    classify: 'Klasifikasikan',
    sentence: 'Kalimat pelanggan',
    client: 'Klien',
    message: 'Pesan pelanggan',
    send: 'Kirim',
    intent: 'Intent',
  },
  en: {
    title: 'Create New Client',
    code: 'Client code',
    name: 'Client name',
    field: 'Business field',
    saveNext: 'Save & next',
    agentUsername: 'Username',
    addAgent: 'Add agent',
    next: 'Next',
    datasetName: 'Name',
    attribute: 'Attribute 1',
    addDataset: 'Add dataset',
    addItem: 'Add item',
    addIntent: 'Add intent',
    phrases: 'Training phrases',
    save: 'Save',
    processAll: 'Process all',
    done: 'succeeded',
    classify: 'Classify',
    sentence: "A customer's sentence",
    client: 'Client',
    message: "Customer's message",
    send: 'Send',
    intent: 'Intent',
  },
};
const PHONE = { width: 390, height: 844 };
const INTENTS = {
  jam_buka: ['jam buka toko', 'kapan toko buka', 'toko buka jam berapa', 'buka hari minggu', 'jam operasional toko', 'tutup jam berapa'],
  harga: ['harga kain batik', 'berapa harganya', 'harga kemeja batik', 'ada diskon', 'harga paling murah', 'biaya kirim berapa'],
};

async function addIntent(page: Page, t: (typeof tx)['id'], name: string, phrases: string[]) {
  await page.getByRole('button', { name: t.addIntent }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t.datasetName, { exact: true }).fill(name);
  await dialog.getByLabel(t.phrases).fill(phrases.join('\n'));
  await dialog.getByRole('button', { name: t.save }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByText(name, { exact: false }).first().waitFor();
}

describe('Service › Create new client', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(['id', 'en'] as const)('creates a client through the wizard, processes all, then classifies a sentence and chats with its bot (%s)', async (lang) => {
    const t = tx[lang];
    const code = `WZ${lang.toUpperCase()}${Date.now() % 100000}`;
    await withOpenPage(browser, { as: 'admin', language: lang }, `client-wizard-${lang}`, async ({ page }) => {
      // The page's clock runs as usual; the test moves it on to the process step's next poll instead of waiting.
      await page.clock.install();
      await page.goto('/service/create-new-client');
      await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
      await page.getByLabel(t.code).fill(code);
      await page.getByLabel(t.name).fill(`Toko ${code}`);
      await page.getByLabel(t.field).fill('Batik');
      await screenshot(page, `service-wizard-client-${lang}`);
      await page.getByRole('button', { name: t.saveNext }).click();

      await page.getByLabel(t.datasetName, { exact: true }).fill('Info toko');
      await page.getByLabel(t.attribute).fill('Isi');
      await page.getByRole('button', { name: t.addDataset }).click();
      await page.getByLabel('Isi', { exact: true }).fill('Toko buka setiap hari 08.00-17.00');
      await page.getByRole('button', { name: t.addItem }).click();
      await page.getByRole('cell', { name: 'Toko buka setiap hari 08.00-17.00' }).waitFor();
      await page.getByRole('button', { name: t.next, exact: true }).click();

      for (const [name, phrases] of Object.entries(INTENTS)) await addIntent(page, t, name, phrases);
      await screenshot(page, `service-wizard-ai-${lang}`);
      await page.getByRole('button', { name: t.saveNext }).click();
      await page.getByRole('button', { name: t.next, exact: true }).click();
      // Human CS: the demo's agent takes this client's chats.
      await page.getByRole('textbox', { name: t.agentUsername }).fill('agent');
      await page.getByRole('button', { name: t.addAgent }).click();
      await page.getByTestId('wizard-agents').getByText('(agent)').waitFor();
      await screenshot(page, `service-wizard-human-cs-${lang}`);
      await page.getByRole('button', { name: t.saveNext }).click();

      await page.getByRole('button', { name: t.processAll }).click();
      // The page polls every SETUP_POLL_MS (spec 4): the steps show their outcome at the next poll, which the test
      // brings forward (a second apart: fewer polls than the page's limit before the server's job is done).
      await expect
        .poll(
          async () => {
            await page.clock.fastForward(SETUP_POLL_MS);
            return page.getByTestId('setup-step-runIntegration').textContent();
          },
          { timeout: 45_000, interval: 1000 },
        )
        .toBe(t.done);
      await expect.poll(() => page.getByTestId('setup-step-setupAi').textContent()).toBe(t.done);
      await screenshot(page, `service-wizard-process-${lang}`);
      await page.setViewportSize(PHONE);
      await screenshot(page, `service-wizard-process-phone-${lang}`, true);
      await page.setViewportSize({ width: 1366, height: 860 });

      await page.goto(`/service/intent-classification?client=${code}`);
      await page.getByRole('textbox', { name: t.sentence }).fill('toko buka jam berapa ya');
      await page.getByRole('button', { name: t.classify }).click();
      await page.getByTestId('classification').filter({ hasText: 'jam_buka' }).waitFor();
      await screenshot(page, `service-intents-${lang}`);

      await page.goto(`/service/dataset?client=${code}`);
      await page.getByText('Info toko').first().waitFor();
      await screenshot(page, `service-datasets-${lang}`);

      await page.goto('/service/virtual-chat-cs');
      await chooseOption(page, page.getByRole('combobox', { name: t.client }), code, code);
      await page.getByRole('textbox', { name: t.message }).fill('kapan toko buka?');
      await page.getByRole('button', { name: t.send }).click();
      const reply = page.getByTestId('bot-reply').first();
      await reply.filter({ hasText: `${t.intent}: jam_buka` }).waitFor();
      await screenshot(page, `service-virtual-chat-${lang}`);
      await page.setViewportSize(PHONE);
      await screenshot(page, `service-virtual-chat-phone-${lang}`, true);
    });
  });
});
