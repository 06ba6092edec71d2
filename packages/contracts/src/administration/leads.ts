import { z } from 'zod';
import { LANGUAGES } from '../auth/session.ts';
import { defineEndpoint, listOf, listQuery, sortBy, XLSX_CONTENT_TYPE } from '../endpoint.ts';
import {
  COMPANY_SIZES,
  LEAD_CHANNELS,
  LEAD_PACKAGE_CODES,
  LEAD_PRODUCTS,
  LEAD_STATUSES,
  PROMO_SEGMENTS,
  contactPhone,
  paymentView,
} from '../public/demo-requests.ts';

const VIEW = ['viewManagementLeads', 'editManagementLeads'] as const;
const EDIT = ['editManagementLeads'] as const;
const money = z.string().regex(/^-?\d+(\.\d{1,4})?$/, 'a decimal amount');

export const lead = z.object({
  leadId: z.string(),
  /** The request's number for people and bank memos ("NUSA-7K3Q9X"). */
  reference: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  requirements: z.string(),
  companySize: z.enum(COMPANY_SIZES),
  product: z.enum(LEAD_PRODUCTS),
  package: z.enum(LEAD_PACKAGE_CODES),
  promoCode: z.string().nullable(),
  channel: z.enum(LEAD_CHANNELS),
  status: z.enum(LEAD_STATUSES),
  price: money,
  discount: money,
  amount: money,
  payment: paymentView.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lead = z.infer<typeof lead>;

/** The lead list's sort fields (its table's columns; contact is the contact name, date the request time). */
export const LEAD_SORT = ['date', 'contact', 'company', 'product', 'amount', 'status'] as const;
/** The promo code list's sort fields (period: its start). */
export const PROMO_SORT = ['code', 'period'] as const;

export const leadFilter = listQuery.extend({
  status: z.enum(LEAD_STATUSES).optional(),
  product: z.enum(LEAD_PRODUCTS).optional(),
  package: z.enum(LEAD_PACKAGE_CODES).optional(),
  dateFrom: z.iso.date().optional(),
  dateTo: z.iso.date().optional(),
  sort: sortBy(LEAD_SORT),
});
export type LeadFilter = z.output<typeof leadFilter>;

export const leadEdit = z.object({
  contactName: z.string().trim().min(1).max(100),
  email: z.email().max(200),
  phone: contactPhone,
  company: z.string().trim().min(1).max(200),
  requirements: z.string().trim().max(2000),
  companySize: z.enum(COMPANY_SIZES),
  product: z.enum(LEAD_PRODUCTS),
  package: z.enum(LEAD_PACKAGE_CODES),
});

export const promoCode = z.object({
  promoId: z.string(),
  code: z.string(),
  description: z.string(),
  active: z.enum(['Y', 'N']),
  startsOn: z.iso.date().nullable(),
  endsOn: z.iso.date().nullable(),
  channels: z.array(z.enum(LEAD_CHANNELS)),
  segments: z.array(z.enum(PROMO_SEGMENTS)),
  discountPercent: money.nullable(),
  discountAmount: money.nullable(),
});
export type PromoCode = z.infer<typeof promoCode>;

/** Exactly one of percent (0 < p ≤ 100) or amount (> 0); empty channel or segment lists mean all. */
export const promoInput = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, dash or underscore'),
  description: z.string().trim().max(500).default(''),
  active: z.enum(['Y', 'N']),
  startsOn: z.iso.date().nullable(),
  endsOn: z.iso.date().nullable(),
  channels: z.array(z.enum(LEAD_CHANNELS)).max(LEAD_CHANNELS.length),
  segments: z.array(z.enum(PROMO_SEGMENTS)).max(PROMO_SEGMENTS.length),
  discountPercent: money.nullable(),
  discountAmount: money.nullable(),
});
export type PromoInput = z.output<typeof promoInput>;

const leadId = z.object({ leadId: z.uuid() });
const promoId = z.object({ promoId: z.uuid() });

export const leadEndpoints = {
  listLeads: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/leads',
    access: VIEW,
    summary: 'Leads with search (name, email, company, phone), status, product, package and date filters, paging',
    query: leadFilter,
    response: listOf(lead),
  }),
  exportLeads: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/leads/export',
    access: VIEW,
    summary: "The leads of the current filter as xlsx, headings and values in the reader's language",
    query: leadFilter.omit({ page: true, limit: true }).extend({ lang: z.enum(LANGUAGES).default('id') }),
    response: z.custom<Uint8Array>(),
    file: { contentType: XLSX_CONTENT_TYPE },
  }),
  getLead: defineEndpoint({ method: 'GET', path: '/v1/admin/leads/{leadId}', access: VIEW, summary: 'One lead', params: leadId, response: lead }),
  updateLead: defineEndpoint({
    method: 'PUT',
    path: '/v1/admin/leads/{leadId}',
    access: EDIT,
    summary: 'Edit the contact and requirements of a lead',
    params: leadId,
    body: leadEdit,
    response: lead,
  }),
  setLeadStatus: defineEndpoint({
    method: 'PUT',
    path: '/v1/admin/leads/{leadId}/status',
    access: EDIT,
    summary: 'Move a lead: NEW → CONTACTED → DEMO_SCHEDULED → WON, or to LOST before WON',
    params: leadId,
    body: z.object({ status: z.enum(LEAD_STATUSES) }),
    response: lead,
  }),
  confirmLeadPayment: defineEndpoint({
    method: 'PUT',
    path: '/v1/admin/leads/{leadId}/payment/confirm',
    access: EDIT,
    summary: 'Confirm a bank transfer after checking its proof: the payment is PAID and the package counts as paid',
    params: leadId,
    response: lead,
  }),
  getLeadPaymentProof: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/leads/{leadId}/payment/proof',
    access: VIEW,
    summary: 'The uploaded transfer proof',
    params: leadId,
    response: z.custom<Uint8Array>(),
    file: { contentType: 'application/octet-stream' },
  }),
  listPromoCodes: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/promo-codes',
    access: VIEW,
    summary: 'Promo codes',
    query: listQuery.extend({ sort: sortBy(PROMO_SORT) }),
    response: listOf(promoCode),
  }),
  getPromoCode: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/promo-codes/{promoId}',
    access: VIEW,
    summary: 'One promo code',
    params: promoId,
    response: promoCode,
  }),
  createPromoCode: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/promo-codes',
    access: EDIT,
    summary: 'Create a promo code',
    body: promoInput,
    response: promoCode,
  }),
  updatePromoCode: defineEndpoint({
    method: 'PUT',
    path: '/v1/admin/promo-codes/{promoId}',
    access: EDIT,
    summary: 'Edit a promo code',
    params: promoId,
    body: promoInput,
    response: promoCode,
  }),
  deletePromoCode: defineEndpoint({
    method: 'DELETE',
    path: '/v1/admin/promo-codes/{promoId}',
    access: EDIT,
    summary: 'Delete a promo code',
    params: promoId,
    response: z.object({ ok: z.literal(true) }),
  }),
};
