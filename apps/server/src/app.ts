import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import websocket from '@fastify/websocket';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@nusa/contracts';
import type { PlatformContext, PlatformInput } from './platform/context.ts';
import { PrincipalCache } from './platform/access/principal-cache.ts';
import { listen } from './platform/db/notifications.ts';
import { onAccessChange } from './platform/db/tenant.ts';
import { frameworkErrors, installErrorHandler } from './platform/errors/handler.ts';
import { logSerializers } from './platform/errors/log-redaction.ts';
import { observabilityRoutes } from './platform/http/observability.ts';
import { webRoutes } from './platform/http/web.ts';
import { websocketErrors } from './platform/http/websocket-only.ts';
import { recordRoutes } from './platform/http/route-table.ts';
import { auditRoutes } from './platform/audit/routes.ts';
import { importRunRoutes } from './platform/files/import-runs.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { userAuditRoutes } from './modules/configuration/user-audit/routes.ts';
import { appSettingsRoutes } from './modules/configuration/app-settings/routes.ts';
import { aiSettingsRoutes } from './modules/configuration/ai-settings/routes.ts';
import { useSettingsSeal } from './platform/ai/select.ts';
import { useOutboundPolicy } from './platform/outbound/index.ts';
import { limitSettings, useLimits } from './platform/limits/limits.ts';
import { onFreeTrial } from './modules/public/onboarding/service.ts';
import { userRoutes } from './modules/configuration/users/routes.ts';
import { orgUnitRoutes } from './modules/configuration/org-units/routes.ts';
import { policyRoutes } from './modules/configuration/policies/routes.ts';
import { partnerRoutes } from './modules/accounting/partners/routes.ts';
import { employeeRoutes } from './modules/accounting/employees/routes.ts';
import { warehouseRoutes } from './modules/accounting/warehouses/routes.ts';
import { productRoutes } from './modules/accounting/products/routes.ts';
import { documentTemplateRoutes } from './modules/accounting/document-templates/routes.ts';
import { coaRoutes } from './modules/accounting/coa/routes.ts';
import { currencyRoutes } from './modules/accounting/currencies/routes.ts';
import { cashBankRoutes } from './modules/accounting/cash-banks/routes.ts';
import { documentTypeRoutes } from './modules/accounting/document-types.ts';
import { approvalFlowRoutes } from './modules/accounting/approval-flows/routes.ts';
import { reportRoutes } from './modules/accounting/reports/routes.ts';
import { auditLogRoutes } from './modules/accounting/audit-log/routes.ts';
import { cashBankUsesCoa, cashBankUsesCurrency, cashBankUsesOu } from './modules/accounting/cash-banks/service.ts';
import { passwordResetRoutes } from './modules/public/password-reset/routes.ts';
import { leadRoutes } from './modules/administration/leads/routes.ts';
import { onboardingRoutes } from './modules/public/onboarding/routes.ts';
import { usageDashboardRoutes } from './modules/dashboard/usage/routes.ts';
import { serviceResponseRoutes } from './modules/dashboard/service-response/routes.ts';
import { analysisRoutes } from './modules/analysis/routes.ts';
import { serviceRoutes } from './modules/service/routes.ts';
import { channelRoutes } from './modules/service/channels/routes.ts';
import { setupRoutes } from './modules/service/setup/routes.ts';
import { inboxRoutes } from './modules/service/inbox/routes.ts';
import { historyRoutes } from './modules/service/history/routes.ts';
import { agentRoutes } from './modules/service/agents/routes.ts';
import { fineTuningRoutes } from './modules/service/fine-tuning/routes.ts';
import { makeSessionResolver } from './modules/auth/sessions.ts';

export interface BuildOptions {
  logger?: boolean | object;
  webDist?: string;
}

/** TRUST_PROXY as Fastify takes it: no proxy, the proxies' addresses, or the first `hops` hops. */
const trustProxy = (setting: number | string[] | undefined) =>
  typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : (setting ?? false);

/** The logger the caller asked for, with errors redacted (no bound query values in the log). */
const loggerOptions = (logger: BuildOptions['logger']): FastifyServerOptions['logger'] =>
  logger ? { ...(typeof logger === 'object' ? logger : {}), serializers: logSerializers } : false;

/**
 * How long a checked session answers from memory before it is checked against the database again (which also
 * records it as seen). Revocation does not wait for it: changes are heard at once (platform/access/principal-cache.ts).
 */
const PRINCIPAL_FRESH_MS = 30_000;
const ACCESS_CHANNEL = 'nusa_access_changed';

/** Builds the whole server from platform plugins and modules; tests call this with their own context. */
export async function buildApp(input: PlatformInput, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.logger),
    bodyLimit: 5 * 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { maxParamLength: 500 },
    trustProxy: trustProxy(input.config.TRUST_PROXY),
    frameworkErrors,
  });
  app.decorate('routeTable', recordRoutes(app));
  const principals = new PrincipalCache(PRINCIPAL_FRESH_MS);
  const platform: PlatformContext = {
    ...input,
    principals,
    resolveSession: input.resolveSession ?? makeSessionResolver(input.config.SESSION_IDLE_SECONDS),
  };
  app.decorate('platform', platform);
  // engineFor opens tenants' sealed AI keys with the server's secret, wherever it is called from.
  useSettingsSeal(platform.tokens);
  // Addresses named in settings are called through platform/outbound: public ones, and the private ones allowed here.
  useOutboundPolicy({ allow: input.config.OUTBOUND_ALLOW_HOSTS, log: app.log });
  useLimits(limitSettings(platform.config), onFreeTrial);
  onAccessChange(platform.pools.app, (tenantId) => principals.forgetTenant(tenantId));
  const accessListener = listen(platform.pools.owner.options, {
    channel: ACCESS_CHANNEL,
    onNotify: (tenantId) => principals.forgetTenant(tenantId),
    onConnect: () => principals.setListening(true),
    onDisconnect: () => principals.setListening(false),
    onError: (err) => app.log.warn({ err: String(err) }, 'access-change listener: connection lost; sessions are checked in the database until it is back'),
  });
  app.addHook('onClose', () => accessListener.close());
  if (platform.config.publicUrlFollowsPort) {
    // PORT=0 (or a listen on another port than PORT): the default address names the port actually taken.
    app.addHook('onListen', async () => {
      const address = app.server.address();
      if (address && typeof address === 'object') platform.config.PUBLIC_URL = `http://localhost:${address.port}`;
    });
  }
  app.decorate('accessChanges', { sync: () => accessListener.sync() });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.addHook('onSend', async (_req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Nusa API', version: APP_VERSION, description: 'Multi-tenant business platform API. Tenant in X-Tenant; work token as Bearer.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The docs are public reading; their routes come from the plugin, so they are declared public here.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await docs.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  });

  // One WebSocket server for the whole app (it routes every upgrade); socket routes declare a wsHandler. 16 KiB holds
  // a chat message of the widget's 2,000 characters in any script.
  await app.register(websocket, { options: { maxPayload: 16 * 1024 }, errorHandler: websocketErrors });
  observabilityRoutes(app);
  authRoutes(app);
  appSettingsRoutes(app);
  aiSettingsRoutes(app);
  userRoutes(app);
  userAuditRoutes(app);
  orgUnitRoutes(app, { ouUsers: [cashBankUsesOu] });
  policyRoutes(app);
  importRunRoutes(app);
  partnerRoutes(app);
  employeeRoutes(app);
  warehouseRoutes(app);
  await productRoutes(app);
  documentTemplateRoutes(app);
  coaRoutes(app, { coaUsers: [cashBankUsesCoa] });
  currencyRoutes(app, { currencyUsers: [cashBankUsesCurrency] });
  cashBankRoutes(app);
  documentTypeRoutes(app);
  approvalFlowRoutes(app);
  reportRoutes(app);
  auditRoutes(app);
  auditLogRoutes(app);
  passwordResetRoutes(app);
  leadRoutes(app);
  onboardingRoutes(app);
  usageDashboardRoutes(app);
  serviceResponseRoutes(app);
  analysisRoutes(app);
  serviceRoutes(app);
  channelRoutes(app);
  setupRoutes(app);
  inboxRoutes(app);
  historyRoutes(app);
  agentRoutes(app);
  fineTuningRoutes(app);
  await webRoutes(app, options.webDist);
  // Sessions are cached only once changes can be heard; a database that does not answer must not hold up the start.
  await Promise.race([accessListener.ready, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
  return app;
}
