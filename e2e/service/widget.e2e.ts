import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, apiLogin, baseUrl } from '../support/api.ts';
import { launchBrowser, openPage, screenshot, withOpenPage } from '../support/browser.ts';

/** The texts this flow reads, per language (apps/web/src/i18n/modules/service-channels.*.json and the widget's own). */
const tx = {
  id: {
    title: 'Integrasi',
    web: 'Widget chat web',
    activate: 'Aktifkan',
    active: 'Aktif',
    refused: 'Kanal tidak dapat diaktifkan tanpa atribut',
    open: 'Buka chat',
    placeholder: 'Tulis pesan…',
    send: 'Kirim',
    price: 'berapa harga kain batik parang?',
    person: 'saya mau bicara dengan cs',
    handover: 'kami teruskan ke petugas CS',
    inbox: 'Pesan untuk Saya',
    live: 'Langsung',
    claim: 'Ambil',
    reply: 'Balas',
    replyBox: 'Tulis balasan untuk pelanggan…',
    answer: 'Halo, saya Dewi dari Toko Batik Sekar. Ada yang bisa saya bantu?',
    /** The widget names the agent who answers (issue 24), the same in both languages. */
    agent: 'Dewi Lestari',
    throttled: /^Terlalu banyak pesan\. Tunggu \d+ detik, lalu coba lagi\.$/,
  },
  en: {
    title: 'Integration',
    web: 'Web chat widget',
    activate: 'Activate',
    active: 'Active',
    refused: 'A channel cannot be active without attributes',
    open: 'Open chat',
    placeholder: 'Type a message…',
    send: 'Send',
    price: 'how much is the kain batik parang?',
    person: 'I want to talk to a person',
    handover: 'passing this conversation to our customer service staff',
    inbox: 'Messages for Me',
    live: 'Live',
    claim: 'Claim',
    reply: 'Reply',
    replyBox: 'Write a reply to the customer…',
    answer: 'Hello, this is Dewi from Toko Batik Sekar. How can I help?',
    agent: 'Dewi Lestari',
    throttled: /^Too many messages\. Please wait \d+ seconds and try again\.$/,
  },
};
const CLIENT = 'SEKAR';
const PHONE = { width: 390, height: 844 };

describe('Service › web chat widget', () => {
  let browser: Browser;
  let site: http.Server;
  let siteUrl: string;
  beforeAll(async () => {
    // A client's site: a page of its own origin that embeds the widget with the one script tag, in the asked language.
    site = http.createServer((req, res) => {
      const lang = new URL(req.url ?? '/', 'http://x').searchParams.get('lang') === 'en' ? 'en' : 'id';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="${lang}"><head><title>Toko Batik Sekar</title></head><body><h1>Toko Batik Sekar</h1>
<script src="${baseUrl()}/api/v1/service/widget/demo/${CLIENT}.js" async></script></body></html>`);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    browser = await launchBrowser();
    // The demo client's CS works Monday to Saturday 08:00–22:00 WIB; these flows run at any hour (the hours' own
    // rules are tested in apps/server/src/modules/service/inbox/inbox.test.ts with a fixed clock).
    const admin = await apiLogin('admin');
    const open = await api('PATCH', `/v1/service/clients/${CLIENT}`, { token: admin.token, body: { workingHours: null } });
    expect(open.status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.close(resolve));
  });

  it.each(['id', 'en'] as const)(
    "the admin activates the widget; a visitor asks a price and gets the dataset's answer, asks for a person, an agent claims it live in Messages for me and replies, the visitor sees the reply (%s)",
    async (lang) => {
      const t = tx[lang];
      const admin = await apiLogin('admin');
      // Each language starts from an inactive widget and WhatsApp channel.
      for (const kind of ['web', 'whatsapp']) {
        await api('POST', `/v1/service/clients/${CLIENT}/channels/${kind}/active`, { token: admin.token, body: { active: false } });
      }

      await withOpenPage(browser, { as: 'admin', language: lang }, `integration-${lang}`, async ({ page }) => {
        await page.goto(`/service/integration?client=${CLIENT}`);
        await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
        // WhatsApp without its attributes is refused, in the card.
        const whatsapp = page.getByTestId('channel-whatsapp');
        await whatsapp.getByRole('button', { name: t.activate }).click();
        await whatsapp.getByRole('alert').filter({ hasText: t.refused }).waitFor();
        const web = page.getByTestId('channel-web');
        await web.getByRole('button', { name: t.activate }).click();
        await web.getByText(t.active, { exact: true }).waitFor();
        await expect.poll(() => web.getByTestId('widget-tag').textContent()).toContain(`/api/v1/service/widget/demo/${CLIENT}.js`);
        // The live preview draws the widget's bubble.
        await page.frameLocator('iframe.integration__preview').getByRole('button', { name: t.open }).waitFor();
        await screenshot(page, `service-integration-${lang}`, true);
        await page.setViewportSize(PHONE);
        await page.getByTestId('channel-web').scrollIntoViewIfNeeded();
        await screenshot(page, `service-integration-phone-${lang}`);
      });

      // The agent has Messages for me open before the visitor writes: the hand-over arrives over the inbox socket.
      const agent = await openPage(browser, { as: 'agent', language: lang });
      try {
        await agent.page.goto('/service/messages-for-me');
        await agent.page.getByRole('heading', { level: 1, name: t.inbox }).waitFor();
        await agent.page.getByTestId('inbox-live').filter({ hasText: t.live }).waitFor();

        await withOpenPage(browser, { language: lang }, `widget-${lang}`, async ({ page }) => {
          await page.goto(siteUrl + `?lang=${lang}`);
          await page.getByRole('button', { name: t.open }).click();
          const input = page.getByPlaceholder(t.placeholder);
          await input.fill(t.price);
          await page.getByRole('button', { name: t.send }).click();
          const bot = page.locator('[data-nusa-widget] .msg.bot');
          await expect.poll(async () => (await bot.allTextContents()).join('\n'), { timeout: 20_000 }).toMatch(/350[.,]?000/);
          // A mark of this run, so the agent picks this visitor's conversation among any others waiting.
          const person = `${t.person} (${Date.now().toString(36)})`;
          await input.fill(person);
          await page.getByRole('button', { name: t.send }).click();
          await expect.poll(async () => (await bot.allTextContents()).join('\n'), { timeout: 20_000 }).toContain(t.handover);

          // The agent sees it arrive without reloading, claims it and replies; the reply reaches the widget's socket.
          const item = agent.page.getByTestId('inbox-item').filter({ hasText: person });
          await item.waitFor({ timeout: 20_000 });
          await item.click();
          await agent.page.getByRole('button', { name: t.claim, exact: true }).click();
          await agent.page.getByRole('textbox', { name: t.replyBox }).fill(t.answer);
          await agent.page.getByRole('button', { name: t.reply, exact: true }).last().click();
          await agent.page.getByTestId('inbox-log').getByText(t.answer).waitFor();
          const fromAgent = page.locator('[data-nusa-widget] .msg.agent');
          await expect.poll(async () => (await fromAgent.allTextContents()).join('\n'), { timeout: 20_000 }).toContain(t.answer);
          await expect.poll(async () => (await fromAgent.allTextContents()).join('\n')).toContain(t.agent);

          // The visitor id is kept, so a reload shows the conversation so far, the agent's reply included.
          await page.reload();
          await page.getByRole('button', { name: t.open }).click();
          await expect.poll(() => page.locator('[data-nusa-widget] .msg.customer').count()).toBe(2);
          await page.locator('[data-nusa-widget] .msg.agent').filter({ hasText: t.answer }).waitFor();
          await screenshot(page, `service-widget-${lang}`);
          await page.setViewportSize(PHONE);
          await screenshot(page, `service-widget-phone-${lang}`);

          // Past a visitor's messages a minute (12), the widget says in the visitor's language how long to wait.
          for (let i = 1; i <= 12; i++) {
            await input.fill(`${person} #${i}`);
            await page.getByRole('button', { name: t.send }).click();
          }
          await expect.poll(async () => (await page.locator('[data-nusa-widget] .note').textContent()) ?? '').toMatch(t.throttled);
          // The refused messages are drawn faded, and a refused text comes back into the input once it is empty (never
          // over what the visitor is typing) to be sent again.
          const refused = page.locator('[data-nusa-widget] .msg.customer.refused');
          await expect.poll(() => refused.count()).toBeGreaterThan(0);
          await expect.poll(async () => (await refused.allTextContents()).includes(await input.inputValue())).toBe(true);
          await screenshot(page, `service-widget-throttled-${lang}`);

          // The agent's chat limit is shared with the other flows: this one closes what it took.
          const { token } = await apiLogin('agent');
          const inbox = await api<{ items: { id: string; lastText: string; status: string }[] }>('GET', '/v1/service/inbox', { token });
          const mine = inbox.body.items.find((c) => c.status === 'agent' && c.lastText.startsWith(person));
          expect(mine).toBeDefined();
          expect((await api('POST', `/v1/service/inbox/${mine!.id}/close`, { token })).status).toBe(200);
        });
        expect(agent.pageErrors).toEqual([]);
      } catch (err) {
        await screenshot(agent.page, `failure-widget-agent-${lang}-${Date.now()}`).catch(() => {});
        throw err;
      } finally {
        await agent.close();
      }
    },
  );
});
