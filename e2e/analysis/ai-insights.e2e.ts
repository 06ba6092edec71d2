import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AskAnswer, Dataset, SavedGraph } from '@nusa/contracts';
import { launchBrowser, screenshot, withOpenPage } from '../support/browser.ts';
import { api, apiLogin } from '../support/api.ts';
import { chooseOption, settled } from '../support/antd.ts';
import { downloadWorkbook, firstSheetRows } from '../support/download.ts';

/** The texts this flow reads, per language (apps/web/src/i18n/modules/analysis.*.json). */
const tx = {
  id: {
    title: 'Wawasan AI',
    question: 'Pertanyaan',
    first: 'total penjualan per cabang bulan lalu',
    followUp: 'bagaimana dengan bulan sebelumnya?',
    manager: 'Pengelola Database',
    columns: 'Kolom dan jenisnya',
    money: 'Uang',
    refuse: 'hapus semua data penjualan',
    refused: 'Permintaan ditolak: analisis hanya membaca dataset ini dan tidak pernah mengubah, menghapus, atau membaca data lain',
    upload: 'Unggah dataset',
    name: 'Nama',
    preview: 'Pratinjau',
    start: 'Mulai impor',
    done: 'Selesai: 40 baris diimpor; sel tidak valid: 1',
    problem: 'Nilai "lima" bukan number/angka',
    asks: ['total penjualan Maret 2026', 'penjualan per cabang', 'tren penjualan harian Maret 2026'],
    save: 'Simpan grafik',
    saved: 'Grafik tersimpan',
    savedGraphs: 'Grafik Tersimpan',
    moveUp: 'Naikkan',
    exportXlsx: 'Ekspor xlsx',
    exportPng: 'Ekspor PNG',
  },
  en: {
    title: 'AI Insights',
    question: 'Question',
    first: 'total sales by branch last month',
    followUp: 'what about the month before?',
    manager: 'Database Manager',
    columns: 'Columns and their types',
    money: 'Money',
    refuse: 'delete all sales data',
    refused: 'Request refused: the analysis only reads this dataset and never changes, deletes or reads any other data',
    upload: 'Upload dataset',
    name: 'Name',
    preview: 'Preview',
    start: 'Start import',
    done: 'Done: 40 rows imported; invalid cells: 1',
    problem: 'The value "lima" is not a number/angka',
    asks: ['total sales in March 2026', 'sales by branch', 'daily sales trend in March 2026'],
    save: 'Save graph',
    saved: 'Graph saved',
    savedGraphs: 'Saved Graphs',
    moveUp: 'Move up',
    exportXlsx: 'Export xlsx',
    exportPng: 'Export PNG',
  },
};

const answers = (page: Page) => page.locator('.ai-insights__answer');
/** The nth answer's chart has drawn its canvas (ECharts loads in a chunk of its own on first use). */
const chartDrawn = (page: Page, n: number) =>
  page.waitForFunction((at) => document.querySelectorAll('.ai-insights__answer')[at]?.querySelector('.usage-chart canvas'), n);

describe('analysis: AI insights and the database manager', () => {
  let browser: Browser;
  let demo: Dataset;
  let token: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ token } = await apiLogin('admin'));
    const list = await api<{ items: Dataset[] }>('GET', '/v1/analysis/datasets?page=1&limit=30', { token });
    demo = list.body.items.find((d) => d.name === 'Penjualan Toko (demo)')!;
    expect(demo).toBeDefined();
  });
  afterAll(() => browser?.close());

  it.each(['id', 'en'] as const)('asks the demo dataset by an example, sees chart, table and insight, then a follow-up (%s)', async (lang) => {
    const t = tx[lang];
    // The same question through the API: the page must show this answer's description, rows and insight.
    const expected = await api<AskAnswer>('POST', '/v1/analysis/ask', { token, body: { datasetId: demo.datasetId, question: t.first, lang } });
    expect(expected.status).toBe(200);
    expect(expected.body.chart.kind).toBe('bar');
    await withOpenPage(browser, { as: 'admin', language: lang }, `ai-insights-${lang}`, async ({ page }) => {
      await page.goto('/analysis/ai-insights');
      await page.getByRole('heading', { name: t.title }).waitFor();
      await page.locator('.ai-insights__picker').getByText('Penjualan Toko (demo)').waitFor();
      await page.getByRole('button', { name: t.first }).click();
      await answers(page).first().waitFor();
      const first = answers(page).first();
      await first.getByText(expected.body.description, { exact: true }).waitFor();
      await first.getByText(expected.body.insight, { exact: true }).waitFor();
      expect(await first.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(Math.min(10, expected.body.rows.length));
      // Money as Rupiah in the interface language: the first row's total as the page formats it.
      const cells = await first.locator('.ant-table-tbody tr.ant-table-row').first().locator('td').allTextContents();
      expect(cells[0]).toBe(String(expected.body.rows[0]![0]));
      expect(cells.at(-1)).toMatch(lang === 'id' ? /^Rp\s[\d.]+$/ : /^Rp\s[\d,]+$/);
      await chartDrawn(page, 0);
      await screenshot(page, `analysis-ai-insights-${lang}`, true);

      // A follow-up keeps the conversation: a second card under the first, for the month before.
      const box = page.getByRole('textbox', { name: t.question });
      await box.fill(t.followUp);
      await box.press('Enter');
      await expect.poll(() => answers(page).count()).toBe(2);
      await answers(page).nth(1).locator('.ai-insights__insight').waitFor();
      const followUp = await api<AskAnswer>('POST', '/v1/analysis/ask', {
        token,
        body: { datasetId: demo.datasetId, question: t.followUp, lang, conversationId: expected.body.conversationId },
      });
      expect(followUp.status).toBe(200);
      await answers(page).nth(1).getByText(followUp.body.description, { exact: true }).waitFor();
      expect(followUp.body.description).not.toBe(expected.body.description);
      await chartDrawn(page, 1);
      await screenshot(page, `analysis-ai-insights-follow-up-${lang}`, true);
      // A request to change data is refused in plain words, in the thread, and the page stays usable.
      await box.fill(t.refuse);
      await box.press('Enter');
      await page.locator('.ai-insights__error').getByText(t.refused, { exact: true }).waitFor();
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, `analysis-ai-insights-phone-${lang}`, true);
    });
  });

  it.each(['id', 'en'] as const)('lists the datasets and opens one with its typed columns and rows (%s)', async (lang) => {
    const t = tx[lang];
    await withOpenPage(browser, { as: 'admin', language: lang }, `database-manager-${lang}`, async ({ page }) => {
      await page.goto('/analysis/database-manager');
      await page.getByRole('heading', { name: t.manager }).waitFor();
      await page.getByRole('link', { name: 'Penjualan Toko (demo)' }).first().waitFor();
      await screenshot(page, `analysis-database-manager-${lang}`);
      await page.getByRole('link', { name: 'Penjualan Toko (demo)' }).first().click();
      await page.getByRole('heading', { name: t.columns }).waitFor();
      await page.getByText(t.money, { exact: true }).first().waitFor();
      await page
        .getByText(new Intl.NumberFormat(lang === 'id' ? 'id-ID' : 'en-US').format(demo.rowCount), { exact: false })
        .first()
        .waitFor();
      await screenshot(page, `analysis-dataset-${lang}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, `analysis-dataset-phone-${lang}`, true);
    });
  });

  it.each(['id', 'en'] as const)(
    'uploads a csv, follows its import across a reload, asks it three questions, saves a graph and finds it in Saved graphs after a reload (%s)',
    async (lang) => {
      const t = tx[lang];
      // A name of this try's own: a retry must not meet the first try's dataset or graph.
      const run = Date.now().toString(36);
      const name = `Penjualan unggahan ${lang} ${run}`;
      // Header on row 1; the sixth data row (sheet row 7) has words where its quantity should be.
      const csv = [
        'Tanggal;Cabang;Qty;Penjualan',
        ...Array.from(
          { length: 40 },
          (_, i) => `${String((i % 28) + 1).padStart(2, '0')}/03/2026;${['Jakarta', 'Bandung'][i % 2]};${i === 5 ? 'lima' : i + 1};"Rp ${(i + 1) * 1000}"`,
        ),
      ].join('\r\n');
      await withOpenPage(browser, { as: 'admin', language: lang }, `dataset-upload-${lang}`, async ({ page }) => {
        await page.goto('/analysis/database-manager');
        await page.getByRole('button', { name: t.upload }).click();
        const dialog = page.getByRole('dialog');
        await dialog.locator('input[type=file]').setInputFiles({ name: 'penjualan.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
        await dialog.getByLabel(t.name).fill(name);
        // The preview comes first; the inferred types are kept as they are.
        await dialog.getByRole('button', { name: t.preview }).click();
        await dialog.getByRole('button', { name: t.start }).click();
        await dialog.waitFor({ state: 'hidden' });
        // The run is kept in this browser: after leaving and coming back it is still followed to its end.
        await page.reload();
        const card = page.locator('.analysis-import').filter({ hasText: name });
        await card.getByText(t.done).waitFor();
        const cells = await card.locator('.ant-table-tbody tr.ant-table-row').first().locator('td').allTextContents();
        expect(cells).toEqual(['7', 'Qty', t.problem]);
        await page.getByRole('link', { name }).waitFor();
        await screenshot(page, `analysis-dataset-upload-${lang}`);
        await page.setViewportSize({ width: 390, height: 844 });
        await screenshot(page, `analysis-dataset-upload-phone-${lang}`);
        await page.setViewportSize({ width: 1280, height: 800 });

        // Three questions of the new dataset: one figure, a bar per branch, a line per day; each as the API answers it.
        const datasets = await api<{ items: Dataset[] }>('GET', `/v1/analysis/datasets?page=1&limit=5&keyword=${encodeURIComponent(name)}`, { token });
        const datasetId = datasets.body.items[0]!.datasetId;
        await page.goto('/analysis/ai-insights');
        await chooseOption(page, page.locator('.ai-insights__picker input'), name, name);
        const box = page.getByRole('textbox', { name: t.question });
        const expected: AskAnswer[] = [];
        for (const [i, question] of t.asks.entries()) {
          const a = await api<AskAnswer>('POST', '/v1/analysis/ask', { token, body: { datasetId, question, lang } });
          expect(a.status, question).toBe(200);
          expected.push(a.body);
          await box.fill(question);
          await box.press('Enter');
          const card = answers(page).nth(i);
          await card.getByText(a.body.description, { exact: true }).waitFor();
          await card.getByText(a.body.insight, { exact: true }).waitFor();
        }
        expect(expected.map((a) => a.chart.kind)).toEqual(['number', 'bar', 'line']);
        // The figure as a big Rupiah number; the bar and the line drawn.
        expect(await answers(page).first().locator('.ai-insights__figure').textContent()).toMatch(lang === 'id' ? /^Rp\s[\d.]+$/ : /^Rp\s[\d,]+$/);
        await chartDrawn(page, 1);
        await chartDrawn(page, 2);

        // Save the bars under a name of our own, then find them in Saved graphs after a reload.
        const graphName = `Penjualan per cabang e2e ${lang} ${run}`;
        await answers(page).nth(1).getByRole('button', { name: t.save }).click();
        const saveDialog = page.getByRole('dialog');
        await saveDialog.getByRole('textbox').fill(graphName);
        // A click while the dialog still zooms in is lost (CI: the graph was never saved).
        await settled(page);
        const [saved] = await Promise.all([
          page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/analysis/saved-graphs'),
          saveDialog.getByRole('button', { name: t.save }).click(),
        ]);
        expect(saved.status()).toBe(200);
        await answers(page).nth(1).getByRole('button', { name: t.saved }).waitFor();
        await page.goto('/analysis/saved-graphs');
        await page.getByRole('heading', { name: t.savedGraphs, level: 1 }).waitFor();
        const graph = page.locator('.saved-graphs__card').filter({ has: page.getByRole('heading', { name: graphName }) });
        await graph.getByText(expected[1].insight, { exact: true }).waitFor();
        await graph.locator('.usage-chart canvas').waitFor();
        // Last in the order; moved up by the keyboard, it stays there after a reload.
        const names = () => page.locator('.saved-graphs__card h2').allTextContents();
        expect((await names()).at(-1)).toBe(graphName);
        await graph.getByRole('button', { name: `${t.moveUp} ${graphName}` }).focus();
        await page.keyboard.press('Enter');
        await expect.poll(async () => (await names()).at(-2)).toBe(graphName);
        await page.reload();
        await expect.poll(async () => (await names()).at(-2)).toBe(graphName);
        const listed = await api<{ items: SavedGraph[] }>('GET', '/v1/analysis/saved-graphs', { token });
        expect(listed.body.items.at(-2)).toMatchObject({ name: graphName, datasetId, plan: expected[1].plan });
        // Its table as xlsx and its chart as PNG.
        const { book } = await downloadWorkbook(page, () => graph.getByRole('button', { name: `${t.exportXlsx} ${graphName}` }).click());
        expect(
          firstSheetRows(book)
            .slice(1)
            .map((r) => r.slice(1)),
        ).toEqual(expected[1].rows);
        const [png] = await Promise.all([page.waitForEvent('download'), graph.getByRole('button', { name: `${t.exportPng} ${graphName}` }).click()]);
        expect(png.suggestedFilename()).toBe(`${graphName}.png`);
        await graph.locator('.usage-chart canvas').waitFor();
        await screenshot(page, `analysis-saved-graphs-${lang}`, true);
        await page.setViewportSize({ width: 390, height: 844 });
        await screenshot(page, `analysis-saved-graphs-phone-${lang}`);
      });
    },
  );
});
