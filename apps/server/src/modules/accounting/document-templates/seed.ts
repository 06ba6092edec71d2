import { v7 as uuidv7 } from 'uuid';
import type { NumberFormat } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { documentTemplates } from './schema.ts';

const monthly = (prefix: string): NumberFormat => ({
  prefix,
  suffix: '',
  separator: '/',
  yearDigits: 4,
  month: true,
  day: false,
  counterDigits: 4,
  reset: 'year-month',
});

/** A code series without dates: prefix and a four-digit counter (CUS-0001). */
const series = (prefix: string): NumberFormat => ({
  prefix,
  suffix: '',
  separator: '',
  yearDigits: 0,
  month: false,
  day: false,
  counterDigits: 4,
  reset: 'never',
});

/** Numbering of the demo's documents: per month for transactions (SO/202611/0001), per year for journals. */
const TEMPLATES: [code: string, name: string, documentType: string, format: NumberFormat][] = [
  ['TPL-SO', 'Pesanan Penjualan', 'SO', monthly('SO/')],
  ['TPL-SI', 'Faktur Penjualan', 'SI', monthly('INV/')],
  ['TPL-PO', 'Pesanan Pembelian', 'PO', monthly('PO/')],
  ['TPL-PI', 'Faktur Pembelian', 'PI', monthly('PI/')],
  ['TPL-CI', 'Kas Masuk', 'CI', monthly('KM/')],
  ['TPL-CO', 'Kas Keluar', 'CO', monthly('KK/')],
  ['TPL-CN', 'Nota Kredit', 'CN', monthly('NK/')],
  ['TPL-JV', 'Jurnal Umum', 'JV', { prefix: 'JU-', suffix: '', separator: '-', yearDigits: 2, month: false, day: false, counterDigits: 5, reset: 'year' }],
  [
    'TPL-POS',
    'Penjualan Kasir',
    'POS',
    { prefix: 'POS', suffix: '', separator: '', yearDigits: 2, month: true, day: true, counterDigits: 4, reset: 'year-month' },
  ],
  // Blank master-record codes follow the demo's own records (CUS-0001 …): the next customer is CUS-0004, not CUS00001.
  ['TPL-CUS', 'Kode Pelanggan', 'customer', series('CUS-')],
  ['TPL-SUP', 'Kode Pemasok', 'supplier', series('SUP-')],
  ['TPL-EMP', 'Kode Karyawan', 'employee', series('EMP-')],
  ['TPL-PRD', 'Kode Produk', 'product', series('PRD-')],
];

/** Reference data every tenant starts with (the demo and a trial's account preparation); returns how many templates. */
export async function seedDocumentTemplates(tx: Tx, tenantId: string): Promise<number> {
  for (const [code, name, documentType, f] of TEMPLATES) {
    await tx.insert(documentTemplates).values({ tenantId, id: uuidv7(), code, name, documentType, ...f });
  }
  return TEMPLATES.length;
}
