import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** Products a visitor may ask a demo of (spec 1 areas), and the packages with their monthly price in IDR. */
export const LEAD_PRODUCTS = ['chatbot', 'sales-analysis', 'photo', 'healing', 'erp'] as const;
export type LeadProduct = (typeof LEAD_PRODUCTS)[number];

/**
 * What each product is called, on the public form, in Manage Leads and in the leads sheet alike (one name from one
 * place: the web and the server both read it here).
 */
export const LEAD_PRODUCT_NAMES: Record<LeadProduct, Record<'id' | 'en', string>> = {
  chatbot: { id: 'Chatbot layanan pelanggan', en: 'Customer-service chatbot' },
  'sales-analysis': { id: 'Analisis penjualan dengan AI', en: 'AI sales analysis' },
  photo: { id: 'Percantik foto produk', en: 'Product photo beautifying' },
  healing: { id: 'Produk prompt healing', en: 'Healing prompt products' },
  erp: { id: 'Akuntansi dan ERP', en: 'Accounting and ERP' },
};
/** The product's name in `lang` (Indonesian for any other language). */
export const leadProductName = (product: LeadProduct, lang: string): string => LEAD_PRODUCT_NAMES[product][lang === 'en' ? 'en' : 'id'];

/**
 * A request's reference: "NUSA-" and six characters of a memo-safe alphabet (no 0/O, 1/I/L: read aloud and typed
 * into bank memos without mistakes). Requests made before references existed keep "NUSA-" and eight hex digits.
 */
export const LEAD_REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const LEAD_REFERENCE_PATTERN = /^NUSA-(?:[2-9A-HJKMNP-Z]{6}|[0-9A-F]{8})$/;

/** Package price list (IDR per month, decimal strings: money is never a JS float). */
export const LEAD_PACKAGES = {
  starter: '1500000.0000',
  business: '3500000.0000',
  enterprise: '7500000.0000',
} as const;
export type LeadPackage = keyof typeof LEAD_PACKAGES;
export const LEAD_PACKAGE_CODES = Object.keys(LEAD_PACKAGES) as [LeadPackage, ...LeadPackage[]];

/** Company sizes on the form; each falls in one promo segment. */
export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201+'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];
export const PROMO_SEGMENTS = ['micro', 'small', 'medium', 'large'] as const;
export type PromoSegment = (typeof PROMO_SEGMENTS)[number];
export const segmentOf = (size: CompanySize): PromoSegment => PROMO_SEGMENTS[COMPANY_SIZES.indexOf(size)];

/** Where a request comes from; a promo code may be limited to some channels. */
export const LEAD_CHANNELS = ['web', 'whatsapp', 'referral', 'event'] as const;
export type LeadChannel = (typeof LEAD_CHANNELS)[number];

/** Lead statuses and the moves allowed between them; WON and LOST are final. */
export const LEAD_STATUSES = ['NEW', 'CONTACTED', 'DEMO_SCHEDULED', 'WON', 'LOST'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_TRANSITIONS: Record<LeadStatus, readonly LeadStatus[]> = {
  NEW: ['CONTACTED', 'LOST'],
  CONTACTED: ['DEMO_SCHEDULED', 'LOST'],
  DEMO_SCHEDULED: ['WON', 'LOST'],
  WON: [],
  LOST: [],
};

export const PAYMENT_METHODS = ['bank-transfer', 'gateway'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** PENDING: waiting for the transfer or the gateway; PROOF_UPLOADED: waiting for an admin to check the proof. */
export const PAYMENT_STATUSES = ['PENDING', 'PROOF_UPLOADED', 'PAID', 'FAILED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PROOF_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export const PROOF_MAX_BYTES = 2 * 1024 * 1024;

const money = z.string().regex(/^-?\d+(\.\d{1,4})?$/, 'a decimal amount');

/** Spec 5: phone more than 10 characters. */
export const contactPhone = z
  .string()
  .trim()
  .min(11, 'more than 10 characters')
  .max(30)
  .regex(/^[0-9+()\- ]+$/, 'a phone number');

export const demoRequestInput = z.object({
  contactName: z.string().trim().min(1).max(100),
  email: z.email().max(200),
  phone: contactPhone,
  company: z.string().trim().min(1).max(200),
  requirements: z.string().trim().max(2000).default(''),
  companySize: z.enum(COMPANY_SIZES),
  product: z.enum(LEAD_PRODUCTS),
  package: z.enum(LEAD_PACKAGE_CODES),
  promoCode: z.string().trim().max(40).optional(),
  channel: z.enum(LEAD_CHANNELS).default('web'),
});
export type DemoRequestInput = z.output<typeof demoRequestInput>;

export const paymentView = z.object({
  paymentId: z.string(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  orderId: z.string(),
  amount: money,
  /** Bank transfer: where to send the money (null when the operator has not configured an account). */
  bankAccount: z.object({ bankName: z.string(), accountNumber: z.string(), accountHolder: z.string() }).nullable(),
  /** Gateway: the hosted checkout page. */
  redirectUrl: z.string().nullable(),
  hasProof: z.boolean(),
  paidAt: z.string().nullable(),
});
export type PaymentView = z.infer<typeof paymentView>;

/** What the request-demo, payment and completion pages show; fetched again after a reload. */
export const demoRequestView = z.object({
  requestId: z.string(),
  /** The request number people see and write in the transfer memo. */
  reference: z.string(),
  status: z.enum(LEAD_STATUSES),
  product: z.enum(LEAD_PRODUCTS),
  package: z.enum(LEAD_PACKAGE_CODES),
  promoCode: z.string().nullable(),
  price: money,
  discount: money,
  amount: money,
  payment: paymentView.nullable(),
});
export type DemoRequestView = z.infer<typeof demoRequestView>;

export const promoCheck = z.object({
  code: z.string().trim().min(1).max(40),
  channel: z.enum(LEAD_CHANNELS).default('web'),
  companySize: z.enum(COMPANY_SIZES),
  package: z.enum(LEAD_PACKAGE_CODES),
});

/** Why a promo code does not apply: the catalogued codes the request itself would be refused with. */
export const PROMO_REFUSALS = ['promo_not_found', 'not_active', 'expired', 'channel_not_eligible', 'segment_not_eligible'] as const;
export type PromoRefusal = (typeof PROMO_REFUSALS)[number];

/** An unknown or unusable code is an answer, not a failure: the public page shows it without an error status. */
export const promoVerdict = z.discriminatedUnion('valid', [
  z.object({ valid: z.literal(true), code: z.string(), price: money, discount: money, amount: money }),
  z.object({ valid: z.literal(false), code: z.string(), reason: z.enum(PROMO_REFUSALS) }),
]);
export type PromoVerdict = z.infer<typeof promoVerdict>;

const bankAccount = z.object({ bankName: z.string(), accountNumber: z.string(), accountHolder: z.string() });
export const paymentOptions = z.object({
  /** Where a bank transfer goes; null: no account configured, so bank transfer is not offered. */
  bankAccount: bankAccount.nullable(),
  gateway: z.boolean(),
});
export type PaymentOptions = z.infer<typeof paymentOptions>;

const requestId = z.object({ requestId: z.uuid() });

/** Midtrans Snap HTTP notification (the gateway's webhook body); extra fields are kept but not read. */
export const gatewayNotification = z.looseObject({
  order_id: z.string().max(100),
  status_code: z.string().max(10),
  gross_amount: z.string().max(30),
  transaction_status: z.string().max(30),
  signature_key: z.string().max(200),
});

export const demoRequestEndpoints = {
  checkPromoCode: defineEndpoint({
    method: 'POST',
    path: '/v1/public/promo-codes/check',
    access: 'anonymous',
    summary: 'Check a promo code for a package, channel and company size: a verdict (200 either way), with the price, discount and amount when valid',
    body: promoCheck,
    response: promoVerdict,
  }),
  getPaymentOptions: defineEndpoint({
    method: 'GET',
    path: '/v1/public/payment-options',
    access: 'anonymous',
    summary: 'The payment methods this site offers now: bank transfer (with its account) when an account is configured, the gateway when it is',
    response: paymentOptions,
  }),
  requestDemo: defineEndpoint({
    method: 'POST',
    path: '/v1/public/demo-requests',
    access: 'anonymous',
    summary: 'Request a demo: creates a lead (status NEW) with the promo code checked',
    body: demoRequestInput,
    response: demoRequestView,
  }),
  getDemoRequest: defineEndpoint({
    method: 'GET',
    path: '/v1/public/demo-requests/{requestId}',
    access: 'anonymous',
    summary: 'A demo request with its payment, for the payment and completion steps',
    params: requestId,
    response: demoRequestView,
  }),
  startPayment: defineEndpoint({
    method: 'POST',
    path: '/v1/public/demo-requests/{requestId}/payment',
    access: 'anonymous',
    summary: 'Start (or restart with another method) the payment of a request: bank transfer or hosted checkout',
    params: requestId,
    body: z.object({ method: z.enum(PAYMENT_METHODS) }),
    response: demoRequestView,
  }),
  uploadPaymentProof: defineEndpoint({
    method: 'PUT',
    path: '/v1/public/demo-requests/{requestId}/payment/proof',
    access: 'anonymous',
    summary: 'Upload the bank-transfer proof: PNG, JPEG or PDF, at most 2 MiB, base64',
    params: requestId,
    body: z.object({
      contentType: z.enum(PROOF_TYPES),
      fileName: z.string().trim().min(1).max(200),
      dataBase64: z.base64().max(Math.ceil((PROOF_MAX_BYTES * 4) / 3) + 4),
    }),
    response: demoRequestView,
  }),
  paymentNotification: defineEndpoint({
    method: 'POST',
    path: '/v1/public/payments/notification',
    access: 'public',
    summary: 'Payment gateway notification (Midtrans format); the signature is checked, a forged one changes nothing',
    body: gatewayNotification,
    response: z.object({ ok: z.literal(true) }),
  }),
};
