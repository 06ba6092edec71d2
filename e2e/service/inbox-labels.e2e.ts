import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, apiLogin, baseUrl } from '../support/api.ts';
import { launchBrowser, screenshot, withOpenPage } from '../support/browser.ts';
import { chooseOption } from '../support/antd.ts';

/** The texts this flow reads, per language (apps/web/src/i18n/modules/service-labels.*.json). */
const tx = {
  id: {
    title: 'Pesan untuk Saya',
    claim: 'Ambil',
    labels: 'Label',
    search: 'Cari pelanggan atau isi pesan',
    filterLabel: 'Saring label',
    found: 'Ditemukan: 1 percakapan',
    handover: 'Bot hingga diserahkan',
    firstResponse: 'Respons pertama petugas',
    person: 'saya mau bicara dengan orang, kiriman saya rusak',
    label: 'Barang rusak',
    responseTitle: 'Waktu respons layanan pelanggan',
  },
  en: {
    title: 'Messages for Me',
    claim: 'Claim',
    labels: 'Labels',
    search: 'Search customers or message text',
    filterLabel: 'Filter by label',
    found: 'Found: 1',
    handover: 'Bot until hand-over',
    firstResponse: "Agent's first response",
    person: 'I want to talk to a person, my parcel arrived broken',
    label: 'Damaged goods',
    responseTitle: 'Customer-service response times',
  },
};
const CLIENT = 'SEKAR';

/** A visitor of the demo shop's site on its chat widget's socket asks for a person; resolves once handed over. */
async function handOver(id: string, text: string) {
  const url = new URL(`/api/v1/service/widget/demo/${CLIENT}/socket?visitor=${id}`, baseUrl());
  url.protocol = 'ws:';
  const ws = new WebSocket(url);
  const frames: { sender?: string; handedOver?: boolean }[] = [];
  ws.onmessage = (e) => frames.push(JSON.parse(String(e.data)) as (typeof frames)[number]);
  await new Promise((resolve, reject) => ((ws.onopen = resolve), (ws.onerror = reject)));
  ws.send(JSON.stringify({ type: 'message', text }));
  await expect.poll(() => frames.some((f) => f.sender === 'bot' && f.handedOver), { timeout: 15_000 }).toBe(true);
  ws.close();
}

describe('Service › labels and search', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await apiLogin('admin');
    expect((await api('PATCH', `/v1/service/clients/${CLIENT}`, { token: admin.token, body: { workingHours: null } })).status).toBe(200);
    // The CS supervisor keeps the label list; agents put labels on conversations. A rerun finds them there (409).
    for (const lang of ['id', 'en'] as const) {
      const made = await api('POST', '/v1/service/labels', { token: admin.token, body: { name: tx[lang].label, color: '#fa541c' } });
      expect([200, 409]).toContain(made.status);
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(['id', 'en'] as const)(
    'an agent labels a handed-over conversation and finds it again by a word of its message and by the label (%s)',
    async (lang) => {
      const t = tx[lang];
      const word = `pesanan${Date.now()}`;
      const message = `${t.person} ${word}`;
      await withOpenPage(browser, { as: 'agent', language: lang }, `inbox-labels-${lang}`, async ({ page }) => {
        await page.goto('/service/messages-for-me');
        await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
        await handOver(`e2e-labels-${lang}-${Date.now()}`, message);
        await page.getByTestId('inbox-item').filter({ hasText: message }).click();
        await page.getByRole('button', { name: t.claim, exact: true }).click();
        await page.getByTestId('response-times').filter({ hasText: t.handover }).waitFor();

        // A label list stays open for more labels: pick one, then Escape.
        await page.getByRole('combobox', { name: t.labels, exact: true }).click();
        await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: t.label }).click();
        await page.keyboard.press('Escape');
        const item = page.getByTestId('inbox-item').filter({ hasText: message });
        await item.getByTestId('conversation-labels').filter({ hasText: t.label }).waitFor();

        // Search: the message's own word finds this one conversation; the label filter finds it among the labelled.
        const box = page.getByRole('searchbox', { name: t.search });
        await box.fill(word);
        await box.press('Enter');
        await page.getByTestId('inbox-search-count').filter({ hasText: t.found }).waitFor();
        await expect.poll(() => page.getByTestId('inbox-item').count()).toBe(1);
        await item.waitFor();
        await screenshot(page, `service-inbox-labels-search-${lang}`);
        await box.fill('');
        await box.press('Enter');
        await chooseOption(page, page.getByRole('combobox', { name: t.filterLabel }), t.label);
        await item.getByTestId('conversation-labels').filter({ hasText: t.label }).waitFor();
      });
      const agent = await apiLogin('agent');
      const found = await api<{ items: { lastText: string; labels: { name: string }[] }[]; total: number }>(
        'GET',
        `/v1/service/inbox/search?keyword=${encodeURIComponent(word)}&page=1&limit=25`,
        { token: agent.token },
      );
      expect(found.body.items.map((c) => [c.lastText, c.labels.map((l) => l.name)])).toEqual([[message, [t.label]]]);
    },
  );

  it.each(['id', 'en'] as const)('the dashboard shows the response times (%s)', async (lang) => {
    await withOpenPage(browser, { as: 'admin', language: lang }, `service-response-${lang}`, async ({ page }) => {
      await page.goto('/dashboard');
      const card = page.getByTestId('service-response');
      await card.getByRole('heading', { name: tx[lang].responseTitle }).waitFor();
      await card.getByTestId('service-response-handover').waitFor();
      // The usage widgets above load their charts meanwhile: the picture waits for the page to settle.
      await page.getByTestId('usage-widget-quota').waitFor();
      await page.waitForLoadState('networkidle');
      await card.getByTestId('service-response-firstResponse').waitFor();
      await screenshot(page, `dashboard-service-response-${lang}`, true);
    });
  });
});
