import { LEAD_TRANSITIONS, type Lead, type LeadFilter, type LeadPackage, type LeadProduct, type LeadStatus, type PaymentStatus } from '@nusa/contracts';

/** The statuses a lead may move to next (the server refuses any other move). */
export const nextStatuses = (status: LeadStatus): readonly LeadStatus[] => LEAD_TRANSITIONS[status];

/** WON and LOST end a lead: nothing moves on from them, so moving there is confirmed first. */
export const isFinalStatus = (status: LeadStatus) => LEAD_TRANSITIONS[status].length === 0;

export const STATUS_COLORS: Record<LeadStatus, string> = {
  NEW: 'blue',
  CONTACTED: 'cyan',
  DEMO_SCHEDULED: 'purple',
  WON: 'green',
  LOST: 'red',
};

export const PAYMENT_COLORS: Record<PaymentStatus, string> = {
  PENDING: 'gold',
  PROOF_UPLOADED: 'orange',
  PAID: 'green',
  FAILED: 'red',
};

/** A bank transfer whose proof waits for an admin's check is the only payment an admin confirms. */
export const canConfirmPayment = (lead: Pick<Lead, 'payment'>) => lead.payment?.method === 'bank-transfer' && lead.payment.status === 'PROOF_UPLOADED';

/** What the leads toolbar holds; dates are calendar days (YYYY-MM-DD). */
export interface LeadFilterState {
  keyword: string;
  status?: LeadStatus;
  product?: LeadProduct;
  package?: LeadPackage;
  dateFrom?: string | null;
  dateTo?: string | null;
}

export type LeadFilterQuery = Omit<LeadFilter, 'page' | 'limit'>;

/** The query of the list and of the export: the same filter, without empty values. */
export function leadFilterQuery(f: LeadFilterState): LeadFilterQuery {
  const query: LeadFilterQuery = {};
  const keyword = f.keyword.trim();
  if (keyword) query.keyword = keyword;
  if (f.status) query.status = f.status;
  if (f.product) query.product = f.product;
  if (f.package) query.package = f.package;
  if (f.dateFrom) query.dateFrom = f.dateFrom;
  if (f.dateTo) query.dateTo = f.dateTo;
  return query;
}

export const hasLeadFilter = (f: LeadFilterState) => Object.keys(leadFilterQuery(f)).length > 0;
