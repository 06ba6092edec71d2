import { sql } from 'drizzle-orm';
import { boolean, date, foreignKey, index, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../../platform/db/tenant.ts';
import { bytea } from '../../../platform/db/columns.ts';

const money = (name: string) => numeric(name, { precision: 20, scale: 4 });

/** Promo codes: active flag and period, eligible channels and segments (empty: all), a percent or an amount off. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    active: boolean('active').notNull().default(true),
    startsOn: date('starts_on'),
    endsOn: date('ends_on'),
    channels: text('channels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    segments: text('segments')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    discountPercent: money('discount_percent'),
    discountAmount: money('discount_amount'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('promo_codes_code_key').on(t.tenantId, sql`lower(${t.code})`), tenantPolicy('promo_codes')],
);

/** Spec 3 Lead: contact, requirements, company size, product, package, promo code, status; priced when requested. */
export const leads = pgTable(
  'leads',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    /** The request's number for people and bank memos: "NUSA-" and six letters/digits, unique per tenant. */
    reference: text('reference').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    company: text('company').notNull(),
    requirements: text('requirements').notNull().default(''),
    companySize: text('company_size').notNull(),
    product: text('product').notNull(),
    packageCode: text('package_code').notNull(),
    promoCode: text('promo_code'),
    channel: text('channel').notNull().default('web'),
    status: text('status').notNull().default('NEW'),
    price: money('price').notNull(),
    discount: money('discount').notNull(),
    amount: money('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('leads_reference_key').on(t.tenantId, t.reference),
    index('leads_created').on(t.tenantId, t.createdAt),
    index('leads_search_trgm').using('gin', sql`(${t.contactName} || ' ' || ${t.email} || ' ' || ${t.company} || ' ' || ${t.phone}) gin_trgm_ops`),
    tenantPolicy('leads'),
  ],
);

/** The payment of a request (one per lead; choosing another method starts it again under a new order id). */
export const leadPayments = pgTable(
  'lead_payments',
  {
    tenantId: uuid('tenant_id').notNull(),
    leadId: uuid('lead_id').notNull(),
    id: uuid('id').notNull(),
    method: text('method').notNull(),
    status: text('status').notNull().default('PENDING'),
    orderId: text('order_id').notNull(),
    amount: money('amount').notNull(),
    gatewayToken: text('gateway_token'),
    redirectUrl: text('redirect_url'),
    /** Bank transfer: the account given to the payer when the payment started, "bank|number|holder". */
    bankAccount: text('bank_account'),
    proofContentType: text('proof_content_type'),
    proofFileName: text('proof_file_name'),
    proof: bytea('proof'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.leadId] }),
    uniqueIndex('lead_payments_order_key').on(t.tenantId, t.orderId),
    foreignKey({ columns: [t.tenantId, t.leadId], foreignColumns: [leads.tenantId, leads.id] }).onDelete('cascade'),
    tenantPolicy('lead_payments'),
  ],
);
