import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, apiLogin } from '../support/api.ts';
import { launchBrowser, screenshot, withOpenPage } from '../support/browser.ts';
import { answerConfirm } from '../support/antd.ts';

/** The texts this flow reads, per language (apps/web/src/i18n/modules/service-inbox.*.json). */
const tx = {
  id: {
    title: 'Pesan untuk Saya',
    history: 'Riwayat Chat',
    agents: 'Kelola Pengguna CS',
    transcript: 'Transkrip',
    live: 'Langsung',
    claim: 'Ambil',
    reply: 'Balas',
    replyBox: 'Tulis balasan untuk pelanggan…',
    close: 'Tutup percakapan',
    agent: 'Petugas',
    closed: 'Percakapan ditutup',
    person: 'saya mau bicara dengan orang soal pesanan',
    answer: 'Halo, saya Dewi. Pesanan Anda kami cek.',
  },
  en: {
    title: 'Messages for Me',
    history: 'History Chat',
    agents: 'Manage CS Users',
    transcript: 'Transcript',
    live: 'Live',
    claim: 'Claim',
    reply: 'Reply',
    replyBox: 'Write a reply to the customer…',
    close: 'Close conversation',
    agent: 'Agent',
    closed: 'Conversation closed',
    person: 'I want to talk to a person about my order',
    answer: 'Hello, this is Dewi. We are checking your order.',
  },
};
const CLIENT = 'SEKAR';
const PHONE = { width: 390, height: 844 };

describe('Service › Messages for me', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    // The demo client's CS works Monday to Saturday 08:00–22:00 WIB; these flows run at any hour (the hours' own
    // rules are tested in apps/server/src/modules/service/inbox/inbox.test.ts with a fixed clock).
    const admin = await apiLogin('admin');
    const open = await api('PATCH', `/v1/service/clients/${CLIENT}`, { token: admin.token, body: { workingHours: null } });
    expect(open.status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(['id', 'en'] as const)('a customer hands over; the agent sees it live, claims, replies and closes; it is in History chat (%s)', async (lang) => {
    const t = tx[lang];
    const customer = await apiLogin('admin');
    await withOpenPage(browser, { as: 'agent', language: lang }, `agent-inbox-${lang}`, async ({ page }) => {
      await page.goto('/service/messages-for-me');
      await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
      await page.getByTestId('inbox-live').filter({ hasText: t.live }).waitFor();
      // The customer asks the bot for a person (the virtual chat speaks as a customer would): the open page hears it.
      const message = `${t.person} ${Date.now()}`;
      const chat = await api<{ conversationId: string; handedOver: boolean }>('POST', `/v1/service/clients/${CLIENT}/virtual-chat`, {
        token: customer.token,
        body: { message },
      });
      expect(chat.body.handedOver).toBe(true);
      // By its own message: a first run's conversation left open would be in the list too.
      const item = page.getByTestId('inbox-item').filter({ hasText: message });
      await item.click();
      await page.getByRole('button', { name: t.claim, exact: true }).click();
      await page.getByRole('textbox', { name: t.replyBox }).fill(t.answer);
      await page.getByRole('button', { name: t.reply, exact: true }).last().click();
      await page.getByTestId('inbox-log').getByText(t.answer).waitFor();
      const detail = await api<{ messages: { sender: string; text: string }[] }>('GET', `/v1/service/inbox/${chat.body.conversationId}`, {
        token: (await apiLogin('agent')).token,
      });
      expect(detail.body.messages.filter((m) => m.sender === 'agent').map((m) => m.text)).toEqual([t.answer]);
      await screenshot(page, `service-messages-for-me-${lang}`);
      await page.setViewportSize(PHONE);
      await screenshot(page, `service-messages-for-me-phone-${lang}`, true);
      await page.getByRole('button', { name: t.close }).click();
      await answerConfirm(page, t.close);
      await page.getByText(t.closed).waitFor();
      // The conversation is in History chat with its transcript. Other flows' conversations may have started after
      // this one (newest first): its row is found by its id.
      await page.setViewportSize({ width: 1366, height: 860 });
      await page.goto('/service/history-chat');
      await page.getByRole('heading', { level: 1, name: t.history }).waitFor();
      await page.locator(`.ant-table-row[data-row-key="${chat.body.conversationId}"]`).click();
      await page.getByTestId('history-transcript').getByText(t.answer).waitFor();
      await screenshot(page, `service-history-chat-${lang}`);
    });
    // The admin sees the demo client's agents in Manage CS users.
    await withOpenPage(browser, { as: 'admin', language: lang }, `manage-cs-users-${lang}`, async ({ page }) => {
      await page.goto('/service/manage-cs-users');
      await page.getByRole('heading', { level: 1, name: t.agents }).waitFor();
      // The wizard flow may have added the same agent to its own clients: look at the demo client's row.
      await page.locator('.ant-table-row[data-row-key^="SEKAR/"]').filter({ hasText: '(agent)' }).waitFor();
      await screenshot(page, `service-manage-cs-users-${lang}`);
      await page.setViewportSize(PHONE);
      await screenshot(page, `service-manage-cs-users-phone-${lang}`);
    });
  });
});
