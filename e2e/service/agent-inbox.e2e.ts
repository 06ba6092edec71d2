import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, apiLogin, baseUrl } from '../support/api.ts';
import { launchBrowser, screenshot, withOpenPage } from '../support/browser.ts';
import { answerConfirm, chooseOption } from '../support/antd.ts';

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
    virtualChat: 'Virtual Chat CS',
    client: 'Klien',
    message: 'Pesan pelanggan',
    send: 'Kirim',
    handedOverText: 'Baik, percakapan ini kami teruskan ke petugas CS kami. Mohon tunggu sebentar, ya.',
    waiting: 'Menunggu petugas CS',
    waitingSilent: 'Bot tidak membalas: percakapan ini menunggu petugas CS.',
    waitingNote: 'Ini chat uji: tidak diteruskan ke petugas',
    price: ['berapa harga kain batik parang kak?', 'Harga Kain Batik Parang Rp350.000.'],
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
    virtualChat: 'Virtual Chat CS',
    client: 'Client',
    message: "Customer's message",
    send: 'Send',
    handedOverText: 'Sure, I am passing this conversation to our customer service staff. Please wait a moment.',
    waiting: 'Waiting for an agent',
    waitingSilent: 'The bot does not reply: this conversation is waiting for an agent.',
    waitingNote: 'This is a test chat: it is not passed to agents',
    price: ['how much is the parang batik fabric?', 'The Kain Batik Parang costs Rp350,000.'],
  },
};
const CLIENT = 'SEKAR';
const PHONE = { width: 390, height: 844 };

/** A visitor of the demo shop's site on its chat widget's socket (what the widget script does). */
async function visitor(id: string) {
  const url = new URL(`/api/v1/service/widget/demo/${CLIENT}/socket?visitor=${id}`, baseUrl());
  url.protocol = 'ws:';
  const ws = new WebSocket(url);
  const frames: { sender?: string; handedOver?: boolean }[] = [];
  ws.onmessage = (e) => frames.push(JSON.parse(String(e.data)) as (typeof frames)[number]);
  await new Promise((resolve, reject) => ((ws.onopen = resolve), (ws.onerror = reject)));
  const handedOver = () => expect.poll(() => frames.some((f) => f.sender === 'bot' && f.handedOver), { timeout: 15_000 }).toBe(true);
  return { ws, handedOver, say: (text: string) => ws.send(JSON.stringify({ type: 'message', text })) };
}

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
    await withOpenPage(browser, { as: 'agent', language: lang }, `agent-inbox-${lang}`, async ({ page }) => {
      await page.goto('/service/messages-for-me');
      await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
      await page.getByTestId('inbox-live').filter({ hasText: t.live }).waitFor();
      // A customer on the shop's widget asks the bot for a person: the open page hears it.
      const message = `${t.person} ${Date.now()}`;
      const customer = await visitor(`e2e-inbox-${lang}-${Date.now()}`);
      customer.say(message);
      await customer.handedOver();
      customer.ws.close();
      const agentToken = (await apiLogin('agent')).token;
      const listed = await api<{ items: { id: string; lastText: string }[] }>('GET', '/v1/service/inbox', { token: agentToken });
      const chat = { body: { conversationId: listed.body.items.find((c) => c.lastText === message)!.id } };
      // By its own message: a first run's conversation left open would be in the list too.
      const item = page.getByTestId('inbox-item').filter({ hasText: message });
      await item.click();
      await page.getByRole('button', { name: t.claim, exact: true }).click();
      await page.getByRole('textbox', { name: t.replyBox }).fill(t.answer);
      await page.getByRole('button', { name: t.reply, exact: true }).last().click();
      await page.getByTestId('inbox-log').getByText(t.answer).waitFor();
      const detail = await api<{ messages: { sender: string; text: string }[] }>('GET', `/v1/service/inbox/${chat.body.conversationId}`, {
        token: agentToken,
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

  it.each(['id', 'en'] as const)(
    "the virtual chat is a sandbox: after a hand-over it shows the wait for an agent, and no agent's inbox gets it (%s)",
    async (lang) => {
      const t = tx[lang];
      const message = `${t.person} ${Date.now()}`;
      await withOpenPage(browser, { as: 'admin', language: lang }, `virtual-chat-handover-${lang}`, async ({ page }) => {
        await page.goto('/service/virtual-chat-cs');
        await page.getByRole('heading', { level: 1, name: t.virtualChat }).waitFor();
        await chooseOption(page, page.getByRole('combobox', { name: t.client }), CLIENT, CLIENT);
        const send = async (text: string) => {
          await page.getByRole('textbox', { name: t.message }).fill(text);
          await page.getByRole('button', { name: t.send }).click();
        };
        // An answer first: the price itself, in the customer's language, not the product's record.
        await send(t.price[0]);
        await page.getByTestId('bot-reply').filter({ hasText: t.price[1] }).waitFor();
        await send(message);
        await page.getByTestId('bot-reply').filter({ hasText: t.handedOverText }).waitFor();
        await page.getByTestId('virtual-chat-waiting').filter({ hasText: t.waitingNote }).waitFor();
        // The next message: the bot is silent, and the chat says why instead of an empty reply with 0 % confidence.
        await send(lang === 'id' ? 'halo, masih ada orang?' : 'hello, anyone there?');
        const silent = page.getByTestId('bot-reply').filter({ hasText: t.waitingSilent });
        await silent.waitFor();
        expect(await silent.textContent()).toContain(t.waiting);
        expect(await page.getByTestId('bot-reply').filter({ hasText: /0 %/ }).count()).toBe(0);
        await screenshot(page, `service-virtual-chat-waiting-${lang}`);
      });
      // The shop's agent: nothing of this test chat in the inbox.
      const listed = await api<{ items: { lastText: string }[] }>('GET', '/v1/service/inbox', { token: (await apiLogin('agent')).token });
      expect(listed.body.items.some((c) => c.lastText === message)).toBe(false);
    },
  );
});
