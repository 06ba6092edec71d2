import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { PROOF_MAX_BYTES, type Lead, type PaymentMethod } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { writeAudit, type Actor } from '../../../platform/audit/write.ts';
import { GatewayError, type BankTransferProvider, type SnapGateway, type VerifiedNotification } from '../../../platform/payments/index.ts';
import { markPackagePaid } from '../../public/onboarding/service.ts';
import { toUnits, wholeOf } from './money.ts';
import { getLead, MODULE } from './service.ts';
import { leadPayments } from './schema.ts';

export interface Providers {
  bankTransfer: BankTransferProvider;
  gateway?: SnapGateway;
}

/** Gateway order ids carry the tenant code so a notification finds its tenant: "<tenant>~<random>" (≤ 50 characters). */
export const orderIdOf = (tenantCode: string) => `${tenantCode}~${randomBytes(8).toString('hex')}`;
export const tenantCodeOfOrder = (orderId: string) => (/^([a-z0-9][a-z0-9-]{0,62})~[0-9a-f]{16}$/.exec(orderId) ?? [])[1];

/** Paying the package lifts the tenant's free-transaction limit. */
async function settle(tx: Tx, actor: Actor, lead: Lead, how: string) {
  await tx
    .update(leadPayments)
    .set({ status: 'PAID', paidAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(leadPayments.leadId, lead.leadId));
  await markPackagePaid(tx, actor.tenantId);
  await writeAudit(tx, actor, {
    module: MODULE,
    action: 'payment-paid',
    entity: 'lead',
    entityId: lead.leadId,
    before: { payment: lead.payment?.status ?? null },
    after: { payment: 'PAID', how },
  });
}

/**
 * Starts (or restarts with another method) the payment of a request. A paid request cannot start again; the
 * gateway needs its configuration. A request whose promo makes it free is paid at once.
 */
export async function startPayment(tx: Tx, actor: Actor, tenantCode: string, providers: Providers, leadId: string, method: PaymentMethod): Promise<Lead> {
  const lead = await getLead(tx, leadId);
  if (lead.payment?.status === 'PAID') throw new AppError('payment_already_paid');
  // A transfer's memo carries the request's own reference (short, no symbols banks refuse); a gateway order needs
  // a new id per attempt that also names the tenant for its notification.
  const orderId = method === 'bank-transfer' ? lead.reference : orderIdOf(tenantCode);
  let redirectUrl: string | null = null;
  let gatewayToken: string | null = null;
  let bankAccount: string | null = null;
  if (method === 'gateway') {
    if (!providers.gateway) throw new AppError('payment_gateway_not_configured');
    if (toUnits(lead.amount) > 0n) {
      try {
        const started = await providers.gateway.start({
          orderId,
          grossAmount: wholeOf(lead.amount),
          customer: { name: lead.contactName, email: lead.email, phone: lead.phone },
          description: `${lead.product} ${lead.package}`,
        });
        if (started.kind === 'redirect') [redirectUrl, gatewayToken] = [started.redirectUrl, started.token];
      } catch (err) {
        if (err instanceof GatewayError) throw new AppError('payment_gateway_failed', [err.detail]);
        throw err;
      }
    }
  } else {
    const started = await providers.bankTransfer.start();
    // Without an account to pay into, a transfer instruction could not be followed: refused, the page says what to do.
    if (started.kind !== 'transfer' || !started.bankAccount) throw new AppError('payment_bank_transfer_not_configured');
    bankAccount = [started.bankAccount.bankName, started.bankAccount.accountNumber, started.bankAccount.accountHolder].join('|');
  }
  const values = {
    id: uuidv7(),
    method,
    status: 'PENDING',
    orderId,
    amount: lead.amount,
    gatewayToken,
    redirectUrl,
    bankAccount,
    proofContentType: null,
    proofFileName: null,
    proof: null,
    paidAt: null,
  };
  await tx
    .insert(leadPayments)
    .values({ tenantId: actor.tenantId, leadId, ...values })
    .onConflictDoUpdate({ target: [leadPayments.tenantId, leadPayments.leadId], set: { ...values, updatedAt: sql`now()` } });
  await writeAudit(tx, actor, { module: MODULE, action: 'payment-start', entity: 'lead', entityId: leadId, after: { method, orderId, amount: lead.amount } });
  const started = await getLead(tx, leadId);
  if (toUnits(lead.amount) === 0n) {
    await settle(tx, actor, started, 'free');
    return getLead(tx, leadId);
  }
  return started;
}

const MAGIC: Record<string, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'application/pdf': (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
};

/** The proof must really be the declared type (magic bytes) and small enough; only for an unpaid bank transfer. */
export async function uploadProof(tx: Tx, actor: Actor, leadId: string, file: { contentType: string; fileName: string; dataBase64: string }): Promise<Lead> {
  const lead = await getLead(tx, leadId);
  if (!lead.payment) throw new AppError('payment_not_found');
  if (lead.payment.method !== 'bank-transfer' || lead.payment.status === 'PAID') throw new AppError('payment_proof_not_allowed');
  const data = Buffer.from(file.dataBase64, 'base64');
  if (data.length === 0 || data.length > PROOF_MAX_BYTES || !MAGIC[file.contentType]?.(data)) throw new AppError('payment_proof_invalid');
  await tx
    .update(leadPayments)
    .set({ proof: data, proofContentType: file.contentType, proofFileName: file.fileName, status: 'PROOF_UPLOADED', updatedAt: sql`now()` })
    .where(eq(leadPayments.leadId, leadId));
  await writeAudit(tx, actor, {
    module: MODULE,
    action: 'payment-proof',
    entity: 'lead',
    entityId: leadId,
    after: { contentType: file.contentType, fileName: file.fileName, bytes: data.length },
  });
  return getLead(tx, leadId);
}

export async function getProof(tx: Tx, leadId: string) {
  await getLead(tx, leadId);
  const rows = await tx
    .select({ contentType: leadPayments.proofContentType, fileName: leadPayments.proofFileName, data: leadPayments.proof })
    .from(leadPayments)
    .where(eq(leadPayments.leadId, leadId));
  const p = rows[0];
  if (!p?.data || !p.contentType) throw new AppError('payment_proof_not_found');
  return { contentType: p.contentType, fileName: p.fileName ?? 'proof', data: p.data };
}

/** An admin confirms a bank transfer whose proof was uploaded. */
export async function confirmPayment(tx: Tx, actor: Actor, leadId: string): Promise<Lead> {
  const lead = await getLead(tx, leadId);
  if (!lead.payment) throw new AppError('payment_not_found');
  if (lead.payment.status === 'PAID') throw new AppError('payment_already_paid');
  if (lead.payment.method !== 'bank-transfer' || lead.payment.status !== 'PROOF_UPLOADED') throw new AppError('payment_proof_not_found');
  await settle(tx, actor, lead, 'bank-transfer-confirmed');
  return getLead(tx, leadId);
}

/**
 * Applies a gateway notification whose signature was already verified: it must name a known order of this tenant
 * with the same amount. Paid settles the lead (once); failed marks an unpaid one failed; pending changes nothing.
 */
export async function applyNotification(tx: Tx, actor: Actor, n: VerifiedNotification): Promise<void> {
  const rows = await tx
    .select({ leadId: leadPayments.leadId, amount: leadPayments.amount, status: leadPayments.status, method: leadPayments.method })
    .from(leadPayments)
    .where(eq(leadPayments.orderId, n.orderId))
    .for('update');
  const payment = rows[0];
  if (!payment || payment.method !== 'gateway') throw new AppError('payment_not_found');
  if (!/^\d+(\.\d{1,4})?$/.test(n.grossAmount) || toUnits(n.grossAmount) !== toUnits(payment.amount)) throw new AppError('payment_notification_invalid');
  if (payment.status === 'PAID' || n.outcome === 'pending') return;
  const lead = await getLead(tx, payment.leadId);
  if (n.outcome === 'paid') {
    await settle(tx, actor, lead, 'gateway');
  } else {
    await tx
      .update(leadPayments)
      .set({ status: 'FAILED', updatedAt: sql`now()` })
      .where(eq(leadPayments.leadId, payment.leadId));
    await writeAudit(tx, actor, { module: MODULE, action: 'payment-failed', entity: 'lead', entityId: payment.leadId, after: { orderId: n.orderId } });
  }
}
