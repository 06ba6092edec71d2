import {
  LEAD_PRODUCT_NAMES,
  type CompanySize,
  type Language,
  type LeadChannel,
  type LeadPackage,
  type LeadProduct,
  type LeadStatus,
  type PaymentStatus,
} from '@nusa/contracts';

type Labels<K extends string> = Record<K, Record<Language, string>>;

/** What the leads sheet calls each value, in the reader's language (the screen's own words). */
export const STATUS_LABELS: Labels<LeadStatus> = {
  NEW: { id: 'Baru', en: 'New' },
  CONTACTED: { id: 'Dihubungi', en: 'Contacted' },
  DEMO_SCHEDULED: { id: 'Demo dijadwalkan', en: 'Demo scheduled' },
  WON: { id: 'Berhasil', en: 'Won' },
  LOST: { id: 'Gagal', en: 'Lost' },
};

/** The products' names come from the contracts, as on the public form and in Manage Leads. */
export const PRODUCT_LABELS: Labels<LeadProduct> = LEAD_PRODUCT_NAMES;

export const PACKAGE_LABELS: Labels<LeadPackage> = {
  starter: { id: 'Starter', en: 'Starter' },
  business: { id: 'Business', en: 'Business' },
  enterprise: { id: 'Enterprise', en: 'Enterprise' },
};

export const SIZE_LABELS: Labels<CompanySize> = {
  '1-10': { id: '1–10 karyawan', en: '1–10 employees' },
  '11-50': { id: '11–50 karyawan', en: '11–50 employees' },
  '51-200': { id: '51–200 karyawan', en: '51–200 employees' },
  '201+': { id: 'Lebih dari 200 karyawan', en: 'More than 200 employees' },
};

export const CHANNEL_LABELS: Labels<LeadChannel> = {
  web: { id: 'Situs web', en: 'Website' },
  whatsapp: { id: 'WhatsApp', en: 'WhatsApp' },
  referral: { id: 'Referensi', en: 'Referral' },
  event: { id: 'Acara', en: 'Event' },
};

export const PAYMENT_LABELS: Labels<PaymentStatus> = {
  PENDING: { id: 'Menunggu pembayaran', en: 'Awaiting payment' },
  PROOF_UPLOADED: { id: 'Bukti diunggah', en: 'Proof uploaded' },
  PAID: { id: 'Lunas', en: 'Paid' },
  FAILED: { id: 'Gagal', en: 'Failed' },
};

export const HEADINGS: Record<string, Record<Language, string>> = {
  date: { id: 'Tanggal', en: 'Date' },
  reference: { id: 'Nomor permintaan', en: 'Request number' },
  name: { id: 'Nama', en: 'Name' },
  email: { id: 'Email', en: 'Email' },
  phone: { id: 'Telepon', en: 'Phone' },
  company: { id: 'Perusahaan', en: 'Company' },
  size: { id: 'Ukuran', en: 'Company size' },
  product: { id: 'Produk', en: 'Product' },
  package: { id: 'Paket', en: 'Package' },
  promo: { id: 'Kode Promo', en: 'Promo Code' },
  channel: { id: 'Kanal', en: 'Channel' },
  status: { id: 'Status', en: 'Status' },
  amount: { id: 'Jumlah', en: 'Amount' },
  payment: { id: 'Pembayaran', en: 'Payment' },
  requirements: { id: 'Kebutuhan', en: 'Requirements' },
};
