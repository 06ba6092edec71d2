/**
 * The audit vocabulary (architecture §3: every write is audited with its module and action; spec 3: the user audit
 * shows each session's module). Modules are `<area>.<module>` with the spec's area names, the same names as the
 * contracts' folders; a typo is a compile error on both sides. Labels in both languages, like the error catalogue.
 */
type Label = { id: string; en: string };
const l = (id: string, en: string): Label => ({ id, en });

export const AUDIT_MODULES = {
  'auth.login': l('Kata sandi', 'Password'),
  'auth.session-key': l('Sesi dan kunci', 'Session and key'),
  'auth.redirect': l('Tautan masuk otomatis', 'Automatic sign-in link'),
  'configuration.user': l('Pengguna', 'Users'),
  'configuration.role': l('Peran', 'Roles'),
  'configuration.page-access': l('Akses halaman', 'Page access'),
  'configuration.profile': l('Profil', 'Profile'),
  'configuration.app': l('Pengaturan aplikasi', 'App configuration'),
  'configuration.ai-settings': l('Pengaturan AI', 'AI settings'),
  'configuration.google-account': l('Akun layanan Google', 'Google service account'),
  'configuration.business-unit': l('Unit bisnis', 'Business units'),
  'configuration.policy-ou': l('Kebijakan OU', 'Policy OU'),
  'administration.leads': l('Kelola prospek', 'Manage leads'),
  'administration.promo-code': l('Kode promo', 'Promo codes'),
  'public.registration': l('Pendaftaran uji coba', 'Trial registration'),
  'public.account-preparation': l('Persiapan akun', 'Account preparation'),
  'public.password-reset': l('Atur ulang kata sandi', 'Password reset'),
  'accounting.coa': l('Bagan akun', 'Chart of accounts'),
  'accounting.cash-bank': l('Kas dan bank', 'Cash and bank'),
  'accounting.currency': l('Mata uang', 'Currencies'),
  'accounting.exchange-rate': l('Kurs', 'Exchange rates'),
  'accounting.country': l('Negara', 'Countries'),
  'accounting.document-template': l('Templat dokumen', 'Document templates'),
  'accounting.customer': l('Pelanggan', 'Customers'),
  'accounting.supplier': l('Pemasok', 'Suppliers'),
  'accounting.employee': l('Karyawan', 'Employees'),
  'accounting.warehouse': l('Gudang', 'Warehouses'),
  'accounting.product': l('Produk', 'Products'),
  'accounting.product-category': l('Kategori produk', 'Product categories'),
  'accounting.product-sub-category': l('Subkategori produk', 'Product sub-categories'),
  'accounting.brand': l('Merek', 'Brands'),
  'accounting.uom': l('Satuan', 'Units of measure'),
  'accounting.import': l('Impor xlsx', 'xlsx import'),
  'analysis.dataset': l('Dataset analisis', 'Analysis datasets'),
  'analysis.conversation': l('Percakapan analisis AI', 'AI analysis conversations'),
  'analysis.savedGraph': l('Grafik tersimpan', 'Saved graphs'),
  'analysis.datasetApiKey': l('Kunci API dataset', 'Dataset API keys'),
  'accounting.document': l('Dokumen', 'Documents'),
  'accounting.approval-flow': l('Alur persetujuan', 'Approval flows'),
  'service.client': l('Klien layanan pelanggan', 'Customer-service clients'),
  'service.dataset': l('Dataset layanan pelanggan', 'Customer-service datasets'),
  'service.dataset-item': l('Item dataset layanan pelanggan', 'Customer-service dataset items'),
  'service.intent': l('Intent layanan pelanggan', 'Customer-service intents'),
  'service.training': l('Pelatihan klasifikasi intent', 'Intent classifier training'),
  'service.fine-tuning': l('Fine tuning chatbot', 'Chatbot fine tuning'),
  'service.channel': l('Kanal layanan pelanggan', 'Customer-service channels'),
  'service.conversation': l('Percakapan layanan pelanggan', 'Customer-service conversations'),
  'service.agent': l('Petugas CS', 'CS agents'),
  'service.label': l('Label percakapan', 'Conversation labels'),
  'service.canned-reply': l('Balasan cepat', 'Canned replies'),
} as const satisfies Record<`${'auth' | 'configuration' | 'administration' | 'public' | 'accounting' | 'analysis' | 'service'}.${string}`, Label>;

export type AuditModule = keyof typeof AUDIT_MODULES;

/** How a session began: the module column of the user audit (spec 3). */
export type SessionModule = Extract<AuditModule, `auth.${'login' | 'session-key' | 'redirect'}`>;

export const AUDIT_ACTIONS = {
  create: l('Buat', 'Create'),
  update: l('Ubah', 'Update'),
  delete: l('Hapus', 'Delete'),
  activate: l('Aktifkan', 'Activate'),
  deactivate: l('Nonaktifkan', 'Deactivate'),
  clear: l('Kosongkan', 'Clear'),
  import: l('Impor', 'Import'),
  status: l('Ubah status', 'Change status'),
  'payment-start': l('Mulai pembayaran', 'Start payment'),
  'payment-proof': l('Unggah bukti transfer', 'Upload transfer proof'),
  'payment-paid': l('Pembayaran diterima', 'Payment received'),
  'payment-failed': l('Pembayaran gagal', 'Payment failed'),
  register: l('Daftar', 'Register'),
  provision: l('Siapkan', 'Provision'),
  'request-reset': l('Minta atur ulang kata sandi', 'Request password reset'),
  'reset-password': l('Atur ulang kata sandi', 'Reset password'),
  'change-password': l('Ganti kata sandi', 'Change password'),
  'update-prohibitions': l('Ubah larangan dokumen', 'Update document prohibitions'),
  'update-legal': l('Ubah info legal', 'Update legal info'),
  'upload-logo': l('Unggah logo', 'Upload logo'),
  submit: l('Ajukan', 'Submit'),
  approve: l('Setujui', 'Approve'),
  reject: l('Tolak', 'Reject'),
  'request-changes': l('Minta perubahan', 'Request changes'),
  'cancel-approval': l('Batalkan persetujuan', 'Cancel approval'),
  release: l('Rilis', 'Release'),
  void: l('Batalkan (void)', 'Void'),
  claim: l('Ambil percakapan', 'Claim conversation'),
  reply: l('Balas pelanggan', 'Reply to customer'),
  note: l('Catatan internal', 'Internal note'),
  'send-back': l('Kembalikan ke bot', 'Send back to the bot'),
  label: l('Ubah label percakapan', 'Change conversation labels'),
  transfer: l('Alihkan percakapan', 'Transfer conversation'),
} as const satisfies Record<string, Label>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/**
 * Names written before this catalogue, mapped to today's (audit rows and sessions keep what they were written
 * with: the trail is evidence and is never rewritten). `imports` is still written by the xlsx import runs of
 * platform/files, which hold no area words.
 */
export const LEGACY_AUDIT_MODULES = {
  login: 'auth.login',
  'session-key': 'auth.session-key',
  redirect: 'auth.redirect',
  'onboarding.registration': 'public.registration',
  'onboarding.account-preparation': 'public.account-preparation',
  'auth.password-reset': 'public.password-reset',
  imports: 'accounting.import',
  'erp.coa': 'accounting.coa',
  'erp.cash-bank': 'accounting.cash-bank',
  'erp.currency': 'accounting.currency',
  'erp.exchange-rate': 'accounting.exchange-rate',
  'erp.country': 'accounting.country',
  'erp.document-template': 'accounting.document-template',
  'erp.customer': 'accounting.customer',
  'erp.supplier': 'accounting.supplier',
  'erp.employee': 'accounting.employee',
  'erp.warehouse': 'accounting.warehouse',
  'erp.product': 'accounting.product',
  'erp.product-category': 'accounting.product-category',
  'erp.product-sub-category': 'accounting.product-sub-category',
  'erp.brand': 'accounting.brand',
  'erp.uom': 'accounting.uom',
} as const satisfies Record<string, AuditModule>;

export type LegacyAuditModule = keyof typeof LEGACY_AUDIT_MODULES;

export const isAuditModule = (name: string): name is AuditModule => Object.hasOwn(AUDIT_MODULES, name);
export const isAuditAction = (name: string): name is AuditAction => Object.hasOwn(AUDIT_ACTIONS, name);

/** Today's module of a stored name (a current or a legacy one), or undefined for a name the catalogue never had. */
export function auditModuleOf(stored: string): AuditModule | undefined {
  if (isAuditModule(stored)) return stored;
  return Object.hasOwn(LEGACY_AUDIT_MODULES, stored) ? LEGACY_AUDIT_MODULES[stored as LegacyAuditModule] : undefined;
}

/** The label of a stored module name in a language; a name the catalogue never had shows as stored. */
export function auditModuleLabel(stored: string, lang: 'id' | 'en'): string {
  const module = auditModuleOf(stored);
  return module ? AUDIT_MODULES[module][lang] : stored;
}

/** The label of a stored action name in a language; a name the catalogue never had shows as stored. */
export const auditActionLabel = (stored: string, lang: 'id' | 'en'): string => (isAuditAction(stored) ? AUDIT_ACTIONS[stored][lang] : stored);

/**
 * Every stored module name (today's and legacy ones) whose current name or label in either language contains
 * `keyword`, ignoring case: a search for "accounting" or "Gudang" also finds the rows written as `erp.warehouse`.
 */
export function auditModulesMatching(keyword: string): string[] {
  const k = keyword.toLowerCase();
  const hits = (Object.keys(AUDIT_MODULES) as AuditModule[]).filter((m) =>
    [m, AUDIT_MODULES[m].id, AUDIT_MODULES[m].en].some((text) => text.toLowerCase().includes(k)),
  );
  const legacy = (Object.keys(LEGACY_AUDIT_MODULES) as LegacyAuditModule[]).filter((old) => hits.includes(LEGACY_AUDIT_MODULES[old]));
  return [...hits, ...legacy];
}
