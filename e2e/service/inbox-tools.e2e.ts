import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, apiLogin, baseUrl } from '../support/api.ts';
import { launchBrowser, screenshot, withOpenPage } from '../support/browser.ts';
import { answerConfirm } from '../support/antd.ts';

/** The texts this flow reads, per language (apps/web/src/i18n/modules/service-inbox-tools.*.json, service-inbox.*.json). */
const tx = {
  id: {
    canned: 'Balasan Cepat',
    add: 'Tambah balasan cepat',
    code: 'Kode',
    title: 'Judul',
    text: 'Teks balasan',
    save: 'Simpan',
    cannedText: 'Ongkos kirim ke seluruh Jawa Rp15.000, tiba 2–3 hari kerja.',
    inbox: 'Pesan untuk Saya',
    live: 'Langsung',
    claim: 'Ambil',
    reply: 'Balas',
    replyBox: 'Tulis balasan untuk pelanggan…',
    transfer: 'Alihkan',
    transferred: 'Percakapan dialihkan ke Siti Rahayu',
    close: 'Tutup percakapan',
    closed: 'Percakapan ditutup',
    person: 'saya mau bicara dengan cs soal ongkir',
    joined: (name: string) => `${name} bergabung dalam percakapan.`,
  },
  en: {
    canned: 'Canned Replies',
    add: 'Add canned reply',
    code: 'Code',
    title: 'Title',
    text: 'Reply text',
    save: 'Save',
    cannedText: 'Shipping anywhere in Java is Rp15,000 and takes 2–3 working days.',
    inbox: 'Messages for Me',
    live: 'Live',
    claim: 'Claim',
    reply: 'Reply',
    replyBox: 'Write a reply to the customer…',
    transfer: 'Transfer',
    transferred: 'Conversation transferred to Siti Rahayu',
    close: 'Close conversation',
    closed: 'Conversation closed',
    person: 'I want to talk to a person about shipping',
    joined: (name: string) => `${name} joined the conversation.`,
  },
};
const CLIENT = 'SEKAR';
type Frame = { type: string; sender?: string; text?: string; agentName?: string; handedOver?: boolean };

/** A visitor of the demo shop's site on its chat widget's socket (what the widget script does), collecting frames. */
async function visitor(id: string) {
  const url = new URL(`/api/v1/service/widget/demo/${CLIENT}/socket?visitor=${id}`, baseUrl());
  url.protocol = 'ws:';
  const ws = new WebSocket(url);
  const frames: Frame[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame));
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
  const seen = (match: (f: Frame) => boolean) => expect.poll(() => frames.some(match), { timeout: 15_000 }).toBe(true);
  return { ws, frames, seen, say: (text: string) => ws.send(JSON.stringify({ type: 'message', text })) };
}

describe('Service › inbox tools: canned replies, transfer, the agent named to the customer, alerts', () => {
  let browser: Browser;
  let admin: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = (await apiLogin('admin')).token;
    // The demo client's CS works by day: these flows run at any hour (agent-inbox.e2e.ts does the same).
    expect((await api('PATCH', `/v1/service/clients/${CLIENT}`, { token: admin, body: { workingHours: null } })).status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(['id', 'en'] as const)(
    'an agent answers with a /canned reply, transfers to a colleague who resolves; the customer sees who joined (%s)',
    async (lang) => {
      const t = tx[lang];
      const stamp = Date.now().toString(36);
      const code = `ongkir-${lang}-${stamp}`;
      // The admin adds the canned reply on its page.
      await withOpenPage(browser, { as: 'admin', language: lang }, `canned-replies-${lang}`, async ({ page }) => {
        await page.goto('/service/canned-replies');
        await page.getByRole('heading', { level: 1, name: t.canned }).waitFor();
        await page.getByRole('button', { name: t.add }).click();
        await page.getByLabel(t.code, { exact: true }).fill(code);
        await page.getByLabel(t.title, { exact: true }).fill('Ongkir');
        await page.getByLabel(t.text, { exact: true }).fill(t.cannedText);
        await page.getByRole('button', { name: t.save, exact: true }).click();
        await page
          .locator('.ant-table-row')
          .filter({ hasText: `/${code}` })
          .waitFor();
        await screenshot(page, `service-canned-replies-${lang}`);
      });

      const customer = await visitor(`e2e-tools-${lang}-${stamp}`);
      try {
        let conversationId = '';
        await withOpenPage(browser, { as: 'agent', language: lang }, `inbox-tools-${lang}`, async ({ page }) => {
          await page.goto('/service/messages-for-me');
          await page.getByRole('heading', { level: 1, name: t.inbox }).waitFor();
          await page.getByTestId('inbox-live').filter({ hasText: t.live }).waitFor();
          const message = `${t.person} ${stamp}`;
          customer.say(message);
          await customer.seen((f) => f.sender === 'bot' && f.handedOver === true);
          // The new hand-over is announced (chime / notification) once it is in the live list.
          const item = page.getByTestId('inbox-item').filter({ hasText: message });
          await item.waitFor();
          await expect.poll(() => page.evaluate(() => Number(document.body.dataset.inboxAlerts ?? 0))).toBeGreaterThan(0);
          await item.click();
          await page.getByRole('button', { name: t.claim, exact: true }).click();
          await customer.seen((f) => f.sender === 'system' && f.text === t.joined('Dewi Lestari'));

          // `/` and the start of the code open the list; Enter puts the reply's text in the box.
          const box = page.getByRole('textbox', { name: t.replyBox });
          await box.fill(`/ongkir-${lang}-${stamp.slice(0, 3)}`);
          await page
            .getByTestId('canned-replies')
            .getByRole('option', { name: new RegExp(`/${code}`) })
            .waitFor();
          await screenshot(page, `service-inbox-canned-${lang}`);
          await box.press('Enter');
          await expect.poll(() => box.inputValue()).toBe(t.cannedText);
          await page.getByRole('button', { name: t.reply, exact: true }).last().click();
          await page.getByTestId('inbox-log').getByText(t.cannedText).waitFor();
          await customer.seen((f) => f.sender === 'agent' && f.text === t.cannedText && f.agentName === 'Dewi Lestari');

          // Transfer to the colleague.
          await page.getByRole('button', { name: t.transfer }).click();
          const dialog = page.getByRole('dialog');
          await dialog.getByRole('radio', { name: 'Siti Rahayu' }).check();
          await screenshot(page, `service-inbox-transfer-${lang}`);
          await dialog.getByRole('button', { name: t.transfer, exact: true }).click();
          await page.getByText(t.transferred).waitFor();
          await item.waitFor({ state: 'detached' });
          await customer.seen((f) => f.sender === 'system' && f.text === t.joined('Siti Rahayu'));
          const inbox = await api<{ items: { id: string; lastText: string }[] }>('GET', '/v1/service/inbox', { token: admin });
          conversationId = inbox.body.items.find((c) => c.lastText === message)?.id ?? '';
          expect(conversationId).not.toBe('');
        });

        // The colleague has it, and resolves it.
        await withOpenPage(browser, { as: 'admin', language: lang }, `inbox-tools-resolve-${lang}`, async ({ page }) => {
          await page.goto('/service/messages-for-me');
          await page.getByRole('heading', { level: 1, name: t.inbox }).waitFor();
          await page.getByTestId('inbox-item').filter({ hasText: stamp }).click();
          await page.getByTestId('inbox-log').getByText(t.cannedText).waitFor();
          await page.getByRole('button', { name: t.close }).click();
          await answerConfirm(page, t.close);
          await page.getByText(t.closed).waitFor();
        });
        const detail = await api<{ conversation: { status: string } }>('GET', `/v1/service/inbox/${conversationId}`, { token: admin });
        expect(detail.body.conversation.status).toBe('closed');
      } finally {
        customer.ws.close();
        const list = await api<{ items: { id: string; code: string }[] }>('GET', `/v1/service/canned-replies?keyword=${code}`, { token: admin });
        for (const r of list.body.items) await api('DELETE', `/v1/service/canned-replies/${r.id}`, { token: admin });
      }
    },
  );
});
