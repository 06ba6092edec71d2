import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SETUP_POLL_MS } from '@nusa/contracts';
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
    notReady: 'Proses selesai, tetapi klien belum siap melayani pelanggan:',
    noAnswers: '2 intent belum punya jawaban (harga, jam_buka)',
    noChannel: 'Belum ada kanal aktif',
    widgetNotSetUp: 'Widget chat web: belum diatur',
    overnight: 'Melewati tengah malam: 23:45 sampai 17:00 hari berikutnya.',
    chooseDataset: 'Pilih klien di atas untuk melihat dan mengelola datasetnya.',
    chooseIntent: 'Pilih klien di atas untuk melihat intent-nya dan melatih botnya.',
    noAnswerTag: 'belum ada jawaban',
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
    notReady: 'Processing finished, but the client is not ready to serve customers yet:',
    noAnswers: '2 intents have no answer (harga, jam_buka)',
    noChannel: 'No channel is active',
    widgetNotSetUp: 'Web chat widget: not set up',
    overnight: 'Past midnight: 23:45 to 17:00 the next day.',
    chooseDataset: 'Choose a client above to see and manage its datasets.',
    chooseIntent: 'Choose a client above to see its intents and train its bot.',
    noAnswerTag: 'no answer yet',
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
      // Intents added without an answer are marked before anything is processed.
      await expect.poll(() => page.getByText(t.noAnswerTag, { exact: true }).count()).toBe(2);
      await screenshot(page, `service-wizard-ai-${lang}`);
      await page.getByRole('button', { name: t.saveNext }).click();
      await page.getByRole('button', { name: t.next, exact: true }).click();
      // Human CS: the demo's agent takes this client's chats.
      await page.getByRole('textbox', { name: t.agentUsername }).fill('agent');
      await page.getByRole('button', { name: t.addAgent }).click();
      await page.getByTestId('wizard-agents').getByText('(agent)').waitFor();
      // Hours past midnight are typed and confirmed with Enter: shown as overnight, and Enter does not save the step.
      const hours = page.locator('.ant-picker-range input');
      await hours.first().click();
      await hours.first().fill('23:45');
      await hours.first().press('Enter');
      await hours.nth(1).fill('17:00');
      await hours.nth(1).press('Enter');
      await expect.poll(() => page.getByTestId('overnight-note').textContent()).toBe(t.overnight);
      expect(await page.getByRole('button', { name: t.addAgent }).isVisible()).toBe(true);
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
      // Processed, but not "ready": the intents have no answers and no channel is active (the widget was never set up).
      const notReady = page.getByTestId('setup-not-ready');
      await notReady.getByText(t.notReady).waitFor();
      expect(await notReady.getByTestId('readiness-intents_without_answer').textContent()).toContain(t.noAnswers);
      expect(await notReady.getByTestId('readiness-no_active_channel').textContent()).toContain(t.noChannel);
      expect(await page.getByTestId('setup-channels').textContent()).toContain(t.widgetNotSetUp);
      await screenshot(page, `service-wizard-process-${lang}`);
      await page.setViewportSize(PHONE);
      await screenshot(page, `service-wizard-process-phone-${lang}`, true);
      await page.setViewportSize({ width: 1366, height: 860 });

      await page.goto(`/service/intent-classification?client=${code}`);
      await page.getByRole('textbox', { name: t.sentence }).fill('toko buka jam berapa ya');
      await page.getByRole('button', { name: t.classify }).click();
      await page.getByTestId('classification').filter({ hasText: 'jam_buka' }).waitFor();
      await screenshot(page, `service-intents-${lang}`);

      await page.goto('/service/dataset');
      await page.getByTestId('choose-client').getByText(t.chooseDataset).waitFor();
      await screenshot(page, `service-datasets-no-client-${lang}`);
      await page.goto('/service/intent-classification');
      await page.getByTestId('choose-client').getByText(t.chooseIntent).waitFor();
      await page.goto(`/service/dataset?client=${code}`);
      await page.getByText('Info toko').first().waitFor();
      await screenshot(page, `service-datasets-${lang}`);

      // The virtual chat opens on the client the address names, as the other service pages do.
      await page.goto(`/service/virtual-chat-cs?client=${code}`);
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
