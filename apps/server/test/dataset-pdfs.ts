import sharp from 'sharp';
import { renderPdf } from '../src/platform/files/pdf.ts';

/** Test PDFs for the dataset import, printed by the server's own PDF writer (pdfmake), so their text has positions. */

export const BRANCHES = ['Surabaya', 'Jakarta Selatan', 'Bandung', 'Medan'];
export const PRODUCTS = ['Kopi Susu', 'Teh Melati', 'Roti Bakar'];

/** The product of `longAt` rows: too long for its column, it is printed on several lines of its cell. */
export const LONG_PRODUCT = 'Kopi Susu Gula Aren Spesial Ukuran Besar';

/** Sales row i of the PDF: a date in December 2025 (31/12/2025 form), a branch, a product, qty, and a sum 1.234.567,89 style. */
export const pdfSale = (i: number) => ({
  day: (i % 31) + 1,
  branch: BRANCHES[i % 4],
  product: PRODUCTS[i % 3],
  qty: 1 + (i % 7),
  amount: 1_234_567.89 + i * 1000,
});

const idMoney = (n: number) => n.toLocaleString('id-ID', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A sales report as a shop prints it: a title, a table whose header row repeats on every page (numbers right-aligned),
 * page numbers in the footer; `rows` rows (130 fill three A4 pages). Row `blankAt` leaves its product empty; rows
 * `longAt` have LONG_PRODUCT.
 */
export function salesPdf(rows: number, options: { blankAt?: number; badAt?: number; longAt?: number[] } = {}): Promise<Buffer> {
  const body = [
    ['Tanggal', 'Cabang', 'Produk', { text: 'Qty', alignment: 'right' }, { text: 'Penjualan', alignment: 'right' }],
    ...Array.from({ length: rows }, (_, i) => {
      const s = pdfSale(i);
      return [
        `${String(s.day).padStart(2, '0')}/12/2025`,
        s.branch,
        i === options.blankAt ? '' : options.longAt?.includes(i) ? LONG_PRODUCT : s.product,
        { text: i === options.badAt ? 'tujuh' : String(s.qty), alignment: 'right' },
        { text: idMoney(s.amount), alignment: 'right' },
      ];
    }),
  ];
  return renderPdf({
    content: [
      { text: 'Laporan Penjualan Desember 2025', fontSize: 14, margin: [0, 0, 0, 10] },
      { table: { headerRows: 1, widths: [70, 110, 90, 40, 90], body }, layout: 'lightHorizontalLines' },
    ],
    footer: (page: number, pages: number) => ({ text: `Halaman ${page} dari ${pages}`, alignment: 'center' }),
  });
}

/** A "scanned" PDF: one page holding only an image, no text at all. */
export async function scannedPdf(): Promise<Buffer> {
  const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 240, g: 240, b: 235 } } })
    .png()
    .toBuffer();
  return renderPdf({ content: [{ image: `data:image/png;base64,${png.toString('base64')}`, width: 500 }] });
}
