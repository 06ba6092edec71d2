import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import {
  LEAD_REFERENCE_ALPHABET,
  LEAD_STATUSES,
  LEAD_TRANSITIONS,
  segmentOf,
  type DemoRequestInput,
  type Language,
  type DemoRequestView,
  type Lead,
  type LeadFilter,
  type LeadStatus,
  type PaymentView,
} from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { caseless, listOrder, positionIn } from '../../../platform/db/list-order.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import { writeXlsx } from '../../../platform/files/xlsx.ts';
import { parseBankAccount } from '../../../platform/payments/index.ts';
import { quote } from './promo.ts';
import { leadPayments, leads } from './schema.ts';
import { CHANNEL_LABELS, HEADINGS, PACKAGE_LABELS, PAYMENT_LABELS, PRODUCT_LABELS, SIZE_LABELS, STATUS_LABELS } from './export-labels.ts';

export const MODULE = 'administration.leads';

const leadColumns = {
  lead: leads,
  payment: {
    id: leadPayments.id,
    method: leadPayments.method,
    status: leadPayments.status,
    orderId: leadPayments.orderId,
    amount: leadPayments.amount,
    redirectUrl: leadPayments.redirectUrl,
    bankAccount: leadPayments.bankAccount,
    paidAt: leadPayments.paidAt,
    hasProof: sql<boolean>`${leadPayments.proof} IS NOT NULL`,
  },
};
type LeadRow = {
  lead: typeof leads.$inferSelect;
  payment: {
    id: string;
    method: string;
    status: string;
    orderId: string;
    amount: string;
    redirectUrl: string | null;
    bankAccount: string | null;
    paidAt: Date | null;
    hasProof: boolean;
  } | null;
};

const base = (tx: Tx) =>
  tx
    .select(leadColumns)
    .from(leads)
    .leftJoin(leadPayments, and(eq(leadPayments.tenantId, leads.tenantId), eq(leadPayments.leadId, leads.id)));

function paymentOf(p: LeadRow['payment']): PaymentView | null {
  if (!p) return null;
  return {
    paymentId: p.id,
    method: p.method as PaymentView['method'],
    status: p.status as PaymentView['status'],
    orderId: p.orderId,
    amount: p.amount,
    bankAccount: p.method === 'bank-transfer' ? parseBankAccount(p.bankAccount ?? undefined) : null,
    redirectUrl: p.redirectUrl,
    hasProof: p.hasProof,
    paidAt: p.paidAt ? p.paidAt.toISOString() : null,
  };
}

const toLead = (r: LeadRow): Lead => ({
  leadId: r.lead.id,
  reference: r.lead.reference,
  contactName: r.lead.contactName,
  email: r.lead.email,
  phone: r.lead.phone,
  company: r.lead.company,
  requirements: r.lead.requirements,
  companySize: r.lead.companySize as Lead['companySize'],
  product: r.lead.product as Lead['product'],
  package: r.lead.packageCode as Lead['package'],
  promoCode: r.lead.promoCode,
  channel: r.lead.channel as Lead['channel'],
  status: r.lead.status as LeadStatus,
  price: r.lead.price,
  discount: r.lead.discount,
  amount: r.lead.amount,
  payment: paymentOf(r.payment),
  createdAt: r.lead.createdAt.toISOString(),
  updatedAt: r.lead.updatedAt.toISOString(),
});

export const requestViewOf = (l: Lead): DemoRequestView => ({
  requestId: l.leadId,
  reference: l.reference,
  status: l.status,
  product: l.product,
  package: l.package,
  promoCode: l.promoCode,
  price: l.price,
  discount: l.discount,
  amount: l.amount,
  payment: l.payment,
});

export async function getLead(tx: Tx, id: string): Promise<Lead> {
  const rows = await base(tx).where(eq(leads.id, id)).limit(1);
  if (!rows[0]) throw new AppError('lead_not_found', [id]);
  return toLead(rows[0]);
}

/** A fresh request reference, "NUSA-" and six characters of the memo-safe alphabet (about 900 million of them). */
export const newLeadReference = () => `NUSA-${Array.from({ length: 6 }, () => LEAD_REFERENCE_ALPHABET[randomInt(LEAD_REFERENCE_ALPHABET.length)]).join('')}`;

/** A reference no request of the tenant has yet (the unique index still guards a simultaneous twin). */
async function freeReference(tx: Tx): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const reference = newLeadReference();
    const taken = await tx.select({ id: leads.id }).from(leads).where(eq(leads.reference, reference)).limit(1);
    if (!taken.length) return reference;
  }
  throw new Error('no free lead reference after 10 tries');
}

/** Request a demo (anonymous): the promo is checked on the server and the price fixed on the lead. */
export async function requestDemo(tx: Tx, actor: Actor, input: DemoRequestInput): Promise<Lead> {
  const priced = await quote(tx, input.package, input.promoCode || undefined, { channel: input.channel, segment: segmentOf(input.companySize) });
  const id = uuidv7();
  await tx.insert(leads).values({
    tenantId: actor.tenantId,
    id,
    reference: await freeReference(tx),
    contactName: input.contactName,
    email: input.email.toLowerCase(),
    phone: input.phone,
    company: input.company,
    requirements: input.requirements,
    companySize: input.companySize,
    product: input.product,
    packageCode: input.package,
    promoCode: priced.promoCode,
    channel: input.channel,
    status: 'NEW',
    price: priced.price,
    discount: priced.discount,
    amount: priced.amount,
  });
  const after = await getLead(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'create', entity: 'lead', entityId: id, after });
  return after;
}

function whereOf(f: Omit<LeadFilter, 'page' | 'limit'>): SQL | undefined {
  const where: SQL[] = [];
  if (f.keyword) {
    const p = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`((${leads.contactName} || ' ' || ${leads.email} || ' ' || ${leads.company} || ' ' || ${leads.phone}) ILIKE ${p} OR ${leads.reference} = upper(${f.keyword.trim()}))`,
    );
  }
  if (f.status) where.push(eq(leads.status, f.status));
  if (f.product) where.push(eq(leads.product, f.product));
  if (f.package) where.push(eq(leads.packageCode, f.package));
  // Date range on the WIB calendar day of the request, both ends inclusive.
  if (f.dateFrom) where.push(gte(leads.createdAt, sql`(${f.dateFrom}::date)::timestamp AT TIME ZONE 'Asia/Jakarta'`));
  if (f.dateTo) where.push(lt(leads.createdAt, sql`(${f.dateTo}::date + 1)::timestamp AT TIME ZONE 'Asia/Jakarta'`));
  return where.length ? and(...where) : undefined;
}

const SORT_COLUMNS = {
  date: leads.createdAt,
  contact: caseless(leads.contactName),
  company: caseless(leads.company),
  product: leads.product,
  amount: leads.amount,
  status: positionIn(LEAD_STATUSES, leads.status),
};
/** Newest first unless the caller sorts; the export follows the list. */
const order = (f: Pick<LeadFilter, 'sort'>) => listOrder(f.sort, SORT_COLUMNS, [desc(leads.createdAt), desc(leads.id)], leads.id);

export async function listLeads(tx: Tx, f: LeadFilter) {
  const where = whereOf(f);
  const rows = await base(tx)
    .where(where)
    .orderBy(...order(f))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const total = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(leads)
    .where(where);
  return { items: rows.map(toLead), total: total[0].n };
}

/** Every lead of the filter (no paging) as an xlsx sheet. */
export async function exportLeads(tx: Tx, f: Omit<LeadFilter, 'page' | 'limit'>, lang: Language): Promise<Buffer> {
  const rows = (
    await base(tx)
      .where(whereOf(f))
      .orderBy(...order(f))
  ).map(toLead);
  const h = (key: keyof typeof HEADINGS) => HEADINGS[key][lang];
  return writeXlsx<Lead>(
    lang === 'id' ? 'Prospek' : 'Leads',
    [
      { header: h('date'), value: (l) => new Date(l.createdAt), format: 'dd/mm/yyyy hh:mm', width: 18 },
      { header: h('reference'), value: (l) => l.reference, width: 16 },
      { header: h('name'), value: (l) => l.contactName, width: 24 },
      { header: h('email'), value: (l) => l.email, width: 28 },
      { header: h('phone'), value: (l) => l.phone, width: 18 },
      { header: h('company'), value: (l) => l.company, width: 28 },
      { header: h('size'), value: (l) => SIZE_LABELS[l.companySize][lang], width: 22 },
      { header: h('product'), value: (l) => PRODUCT_LABELS[l.product][lang], width: 22 },
      { header: h('package'), value: (l) => PACKAGE_LABELS[l.package][lang] },
      { header: h('promo'), value: (l) => l.promoCode },
      { header: h('channel'), value: (l) => CHANNEL_LABELS[l.channel][lang] },
      { header: h('status'), value: (l) => STATUS_LABELS[l.status][lang], width: 18 },
      // Amounts go to the sheet as the exact decimal text the database holds.
      { header: h('amount'), value: (l) => l.amount, width: 16 },
      { header: h('payment'), value: (l) => (l.payment ? PAYMENT_LABELS[l.payment.status][lang] : null), width: 20 },
      { header: h('requirements'), value: (l) => l.requirements, width: 40 },
    ],
    rows,
  );
}

export async function updateLead(
  tx: Tx,
  actor: Actor,
  id: string,
  input: {
    contactName: string;
    email: string;
    phone: string;
    company: string;
    requirements: string;
    companySize: string;
    product: string;
    package: string;
  },
): Promise<Lead> {
  const before = await getLead(tx, id);
  await tx
    .update(leads)
    .set({
      contactName: input.contactName,
      email: input.email.toLowerCase(),
      phone: input.phone,
      company: input.company,
      requirements: input.requirements,
      companySize: input.companySize,
      product: input.product,
      packageCode: input.package,
      updatedAt: sql`now()`,
    })
    .where(eq(leads.id, id));
  const after = await getLead(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'update', entity: 'lead', entityId: id, before, after });
  return after;
}

/** Moves a lead along LEAD_TRANSITIONS; anything else is lead_status_transition_invalid [from, to]. */
export async function setLeadStatus(tx: Tx, actor: Actor, id: string, status: LeadStatus): Promise<Lead> {
  const locked = await tx.select({ status: leads.status }).from(leads).where(eq(leads.id, id)).for('update');
  if (!locked[0]) throw new AppError('lead_not_found', [id]);
  const from = locked[0].status as LeadStatus;
  if (!LEAD_TRANSITIONS[from].includes(status)) throw new AppError('lead_status_transition_invalid', [from, status]);
  await tx
    .update(leads)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(leads.id, id));
  const after = await getLead(tx, id);
  await writeAudit(tx, actor, { module: MODULE, action: 'status', entity: 'lead', entityId: id, before: { status: from }, after: { status } });
  return after;
}
