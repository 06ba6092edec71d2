import { describe, expect, it } from 'vitest';
import { manyPagesPdf, sharedStreamBomb } from '../../../../test/bomb-pdfs.ts';
import { LONG_PRODUCT, pdfSale, salesPdf, scannedPdf } from '../../../../test/dataset-pdfs.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { readPdfRows } from './pdf.ts';

// Printing and reading a three-page PDF takes seconds on a loaded machine (the unit project's default limit is 5 s).
describe('the table of a text PDF', { timeout: 30_000 }, () => {
  it('reads a table that runs over three pages as one: the title, the header once, every row, no page numbers', async () => {
    const pdf = await salesPdf(130, { blankAt: 3 });
    const rows = await readPdfRows(pdf);
    expect(rows[0].cells.filter((c) => c)).toEqual(['Laporan Penjualan Desember 2025']);
    expect(rows[1].cells).toEqual(['Tanggal', 'Cabang', 'Produk', 'Qty', 'Penjualan']);
    const data = rows.slice(2);
    expect(data).toHaveLength(130);
    expect(data[0].cells).toEqual(['01/12/2025', 'Surabaya', 'Kopi Susu', '1', '1.234.567,89']);
    expect(data[1].cells).toEqual(['02/12/2025', 'Jakarta Selatan', 'Teh Melati', '2', '1.235.567,89']);
    expect(data[3].cells[2]).toBeNull();
    const last = pdfSale(129);
    expect(data[129].cells).toEqual([`${String(last.day).padStart(2, '0')}/12/2025`, last.branch, last.product, String(last.qty), '1.363.567,89']);
    expect(rows.map((r) => r.number)).toEqual(rows.map((_, i) => i + 1));
    // The preview reads the first pages only: the same first rows, fewer of them.
    const firstPage = await readPdfRows(pdf, 1);
    expect(firstPage.length).toBeGreaterThan(20);
    expect(firstPage.length).toBeLessThan(rows.length);
    expect(firstPage).toEqual(rows.slice(0, firstPage.length));
  });

  it('reads a cell printed on several lines as one cell of one row, on every page; the rows around it stay as they are', async () => {
    const rows = (await readPdfRows(await salesPdf(60, { longAt: [0, 5, 6, 44, 59], blankAt: 7 }))).slice(2);
    expect(rows).toHaveLength(60);
    expect(rows[0].cells).toEqual(['01/12/2025', 'Surabaya', LONG_PRODUCT, '1', '1.234.567,89']);
    for (const i of [5, 6, 44, 59]) expect(rows[i].cells[2]).toBe(LONG_PRODUCT);
    expect(rows[7].cells[2]).toBeNull();
    const ninth = pdfSale(8);
    expect(rows[8].cells).toEqual(['09/12/2025', ninth.branch, ninth.product, String(ninth.qty), '1.242.567,89']);
  });

  it('says a PDF without text is scanned, and a file that is no PDF or is cut off is unreadable', async () => {
    await expect(readPdfRows(await scannedPdf())).rejects.toEqual(new AppError('analysis_pdf_scanned'));
    await expect(readPdfRows(Buffer.from('%PDF-1.7\nnot really'))).rejects.toEqual(new AppError('analysis_file_invalid'));
    const whole = await salesPdf(40);
    await expect(readPdfRows(whole.subarray(0, whole.length / 2))).rejects.toEqual(new AppError('analysis_file_invalid'));
  });

  it('refuses, before reading a page, a PDF whose streams unpack past the limit and one of too many pages', async () => {
    // Issue 23's bomb: 50 pages share one content stream of 224 MB of zeros (some 220 KB deflated).
    const bomb = await sharedStreamBomb(224 * 2 ** 20, 50);
    expect(bomb.length).toBeLessThan(2 ** 20);
    await expect(readPdfRows(bomb)).rejects.toEqual(new AppError('file_too_large_expanded', [128]));
    const caps = { maxPages: 2000, maxInflatedBytes: 2 ** 20 };
    await expect(readPdfRows(await sharedStreamBomb(2 * 2 ** 20, 2), Infinity, caps)).rejects.toEqual(new AppError('file_too_large_expanded', [1]));
    const many = manyPagesPdf(20_000);
    await expect(readPdfRows(many)).rejects.toEqual(new AppError('file_too_many_pages', [20_000, 2000]));
    // Within the limits the same writer's PDF reads: its pages' text lines are the rows.
    const rows = await readPdfRows(manyPagesPdf(3), Infinity, caps);
    expect(rows.map((r) => r.cells.filter((c) => c))).toEqual([['Baris 1'], ['Baris 2'], ['Baris 3']]);
  });
});
