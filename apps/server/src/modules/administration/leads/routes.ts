import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  demoRequestEndpoints,
  gatewayNotification,
  hasAnyTask,
  leadEndpoints,
  PROMO_REFUSALS,
  type Endpoint,
  routerPath,
  segmentOf,
  XLSX_CONTENT_TYPE,
  type PromoRefusal,
} from '@nusa/contracts';
import { registerEndpoint, type HandlerContext } from '../../../platform/http/register.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { withTenant } from '../../../platform/db/tenant.ts';
import { parseBankAccount, paymentProviders } from '../../../platform/payments/index.ts';
import * as leads from './service.ts';
import * as promos from './promo.ts';
import * as payments from './payment.ts';
import { mailDemoRequestReceived } from './mail.ts';
import { deliverAfterResponse, mailerOf } from '../../../platform/mail/mailer.ts';

const isPromoRefusal = (code: string): code is PromoRefusal => (PROMO_REFUSALS as readonly string[]).includes(code);

export function leadRoutes(app: FastifyInstance) {
  const providers = () => paymentProviders(app.platform.config);
  const view = (l: Awaited<ReturnType<typeof leads.getLead>>) => leads.requestViewOf(l);

  // Public site: request a demo, pay, come back after a reload.
  registerEndpoint(app, demoRequestEndpoints.checkPromoCode, async ({ tx, body }) => {
    try {
      const q = await promos.quote(tx, body.package, body.code, { channel: body.channel, segment: segmentOf(body.companySize) });
      return { valid: true as const, code: q.promoCode!, price: q.price, discount: q.discount, amount: q.amount };
    } catch (err) {
      // A code that does not apply is the answer to this question, not a failed request.
      if (err instanceof AppError && isPromoRefusal(err.code)) return { valid: false as const, code: body.code, reason: err.code };
      throw err;
    }
  });
  registerEndpoint(app, demoRequestEndpoints.getPaymentOptions, async () => ({
    bankAccount: parseBankAccount(app.platform.config.PAYMENT_BANK_ACCOUNT),
    gateway: Boolean(providers().gateway),
  }));
  registerEndpoint(app, demoRequestEndpoints.requestDemo, async ({ tx, tenant, body, reply }) => {
    const lead = await leads.requestDemo(tx, { tenantId: tenant.id }, body);
    const mail = await mailDemoRequestReceived(
      tx,
      mailerOf(app),
      { tenantId: tenant.id, tenantCode: tenant.code, publicUrl: app.platform.config.PUBLIC_URL },
      lead,
    );
    deliverAfterResponse(app, reply.raw, [mail]);
    return view(lead);
  });
  registerEndpoint(app, demoRequestEndpoints.getDemoRequest, async ({ tx, params }) => view(await leads.getLead(tx, params.requestId)));
  registerEndpoint(app, demoRequestEndpoints.startPayment, async ({ tx, tenant, params, body }) =>
    view(await payments.startPayment(tx, { tenantId: tenant.id }, tenant.code, providers(), params.requestId, body.method)),
  );
  registerEndpoint(app, demoRequestEndpoints.uploadPaymentProof, async ({ tx, tenant, params, body }) =>
    view(await payments.uploadProof(tx, { tenantId: tenant.id }, params.requestId, body)),
  );

  // The gateway calls without a tenant (no X-Tenant, any host), so this route does not resolve one from the request
  // as registerEndpoint would: the signature is checked first, then the order id names the tenant.
  const notification = demoRequestEndpoints.paymentNotification;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: notification.method,
    url: `/api${routerPath(notification.path)}`,
    config: { access: notification.access },
    schema: { summary: notification.summary, tags: ['public'], body: notification.body, response: { 200: notification.response } },
    handler: async (req) => {
      const body = gatewayNotification.parse(req.body);
      const verified = providers().gateway?.verify(body);
      const code = verified && payments.tenantCodeOfOrder(verified.orderId);
      if (!verified || !code) throw new AppError('payment_notification_invalid');
      const tenant = await app.platform.tenants.byCode(code).catch(() => undefined);
      if (!tenant) throw new AppError('payment_notification_invalid');
      await withTenant(app.platform.pools.app, tenant.id, (tx) => payments.applyNotification(tx, { tenantId: tenant.id }, verified));
      return { ok: true as const };
    },
  });

  // Administration → manage leads: the vendor's own screen. Outside the vendor tenant nobody holds its tasks (they are
  // filtered from effective tasks), which also stops a Super Admin there, who passes every route's task check.
  const vendorOnly = <E extends Endpoint>(endpoint: E, handler: (ctx: HandlerContext<E>) => unknown) =>
    registerEndpoint(app, endpoint, (ctx) => {
      if (!ctx.principal || !hasAnyTask(ctx.principal.tasks, endpoint.access as readonly string[])) {
        throw new AppError('forbidden_action', [ctx.req.url.split('?')[0].slice(0, 200)]);
      }
      return handler(ctx) as never;
    });
  vendorOnly(leadEndpoints.listLeads, ({ tx, query }) => leads.listLeads(tx, query));
  vendorOnly(leadEndpoints.exportLeads, async ({ tx, query, reply }) => {
    const { lang, ...filter } = query;
    const file = await leads.exportLeads(tx, filter, lang);
    reply.header('content-type', XLSX_CONTENT_TYPE);
    reply.header('content-disposition', `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.xlsx"`);
    return file;
  });
  vendorOnly(leadEndpoints.getLead, ({ tx, params }) => leads.getLead(tx, params.leadId));
  vendorOnly(leadEndpoints.updateLead, ({ tx, principal, params, body }) => leads.updateLead(tx, principal, params.leadId, body));
  vendorOnly(leadEndpoints.setLeadStatus, ({ tx, principal, params, body }) => leads.setLeadStatus(tx, principal, params.leadId, body.status));
  vendorOnly(leadEndpoints.confirmLeadPayment, ({ tx, principal, params }) => payments.confirmPayment(tx, principal, params.leadId));
  vendorOnly(leadEndpoints.getLeadPaymentProof, async ({ tx, params, reply }) => {
    const proof = await payments.getProof(tx, params.leadId);
    reply.header('content-type', proof.contentType);
    reply.header('content-disposition', `attachment; filename="${proof.fileName.replace(/[^\w.-]/g, '_')}"`);
    reply.header('cache-control', 'private, no-cache');
    return proof.data;
  });

  vendorOnly(leadEndpoints.listPromoCodes, ({ tx, query }) => promos.listPromoCodes(tx, query));
  vendorOnly(leadEndpoints.getPromoCode, ({ tx, params }) => promos.getPromoCode(tx, params.promoId));
  vendorOnly(leadEndpoints.createPromoCode, ({ tx, principal, body }) => promos.createPromoCode(tx, principal, body));
  vendorOnly(leadEndpoints.updatePromoCode, ({ tx, principal, params, body }) => promos.updatePromoCode(tx, principal, params.promoId, body));
  vendorOnly(leadEndpoints.deletePromoCode, async ({ tx, principal, params }) => {
    await promos.deletePromoCode(tx, principal, params.promoId);
    return { ok: true as const };
  });
}
