import type { FastifyInstance } from 'fastify';
import { serviceChannelEndpoints as ep } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { listChannels, saveChannel, setChannelActive, channelPlatform } from './service.ts';
import { webhookRoutes } from './webhooks.ts';
import { widgetRoutes } from './widget.ts';

/** Channels of the customer-service chatbot (issue 12): their management, the platforms' webhooks and the web widget. */
export function channelRoutes(app: FastifyInstance) {
  const platform = channelPlatform(app);
  registerEndpoint(app, ep.listServiceChannels, ({ tx, principal, params }) => listChannels(tx, platform, principal.tenantCode, params.clientCode));
  registerEndpoint(app, ep.saveServiceChannel, ({ tx, principal, params, body }) => saveChannel(tx, principal, platform, params.clientCode, params.kind, body));
  registerEndpoint(app, ep.setServiceChannelActive, ({ tx, principal, params, body }) =>
    setChannelActive(tx, principal, platform, params.clientCode, params.kind, body.active),
  );
  webhookRoutes(app, platform);
  widgetRoutes(app);
}
