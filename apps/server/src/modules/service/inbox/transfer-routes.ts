import type { FastifyInstance } from 'fastify';
import { serviceInboxTransferEndpoints as ep } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { deliverMessage, type ChannelPlatform } from '../channels/index.ts';
import type { Deliver } from './announce.ts';
import { listColleagues, transferConversation } from './transfer.ts';

/** The deliverer of announcements to WhatsApp and Telegram customers (after commit; a failure is recorded on the message). */
export function channelDeliverer(app: FastifyInstance): Deliver {
  const platform: ChannelPlatform = {
    seal: app.platform.tokens,
    get publicUrl() {
      return app.platform.config.PUBLIC_URL;
    },
  };
  return (pool, tenantId, messageId) =>
    void deliverMessage(pool, platform, tenantId, messageId).catch((err: unknown) => app.log.warn({ err: String(err) }, 'agent announcement delivery failed'));
}

/** Assign or transfer a conversation to a colleague (issue 24). */
export function inboxTransferRoutes(app: FastifyInstance) {
  const deliver = channelDeliverer(app);
  registerEndpoint(app, ep.listTransferCandidates, ({ tx, principal, params }) => listColleagues(tx, principal, params.conversationId));
  registerEndpoint(app, ep.transferConversation, ({ tx, principal, params, body }) =>
    transferConversation(tx, principal, params.conversationId, body.userId, deliver),
  );
}
