import type { FastifyInstance } from 'fastify';
import { serviceInboxEndpoints as ep } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { deliverMessage } from '../channels/index.ts';
import { idleConversationCloser } from '../conversations/index.ts';
import type { ChannelPlatform } from '../channels/index.ts';
import * as inbox from './service.ts';
import { inboxSocket } from './socket.ts';
import { channelDeliverer } from './transfer-routes.ts';

/** Messages for me (issue 12): the agent's inbox, its actions and its live socket. */
export function inboxRoutes(app: FastifyInstance) {
  const platform: ChannelPlatform = { seal: app.platform.tokens, publicUrl: app.platform.config.PUBLIC_URL };
  registerEndpoint(app, ep.listInbox, ({ tx, principal }) => inbox.listInbox(tx, principal));
  registerEndpoint(app, ep.getInboxConversation, ({ tx, principal, params }) => inbox.inboxDetail(tx, principal, params.conversationId));
  // The claim's notice of who joined is sent to WhatsApp and Telegram customers once committed.
  const deliver = channelDeliverer(app);
  registerEndpoint(app, ep.claimConversation, ({ tx, principal, params }) => inbox.claimConversation(tx, principal, params.conversationId, deliver));
  registerEndpoint(app, ep.replyConversation, async ({ tx, principal, params, body, reply }) => {
    const { message, channelKind } = await inbox.replyToCustomer(tx, principal, params.conversationId, body.text);
    // WhatsApp and Telegram are sent once the reply is committed (the platform's answer is recorded on the message).
    if (channelKind === 'whatsapp' || channelKind === 'telegram') {
      reply.raw.once(
        'finish',
        () =>
          void deliverMessage(app.platform.pools.app, platform, principal.tenantId, message.id).catch((err: unknown) =>
            app.log.warn({ err: String(err) }, 'agent reply delivery failed'),
          ),
      );
    }
    return message;
  });
  registerEndpoint(app, ep.noteConversation, ({ tx, principal, params, body }) => inbox.addNote(tx, principal, params.conversationId, body.text));
  registerEndpoint(app, ep.sendBackToBot, ({ tx, principal, params }) => inbox.sendBackToBot(tx, principal, params.conversationId));
  registerEndpoint(app, ep.closeInboxConversation, ({ tx, principal, params }) => inbox.closeByAgent(tx, principal, params.conversationId));
  registerEndpoint(app, ep.setAgentStatus, async ({ tx, principal, body }) => {
    await inbox.setPresence(tx, principal, body.status);
    return { status: body.status };
  });
  inboxSocket(app);
  idleConversationCloser(app);
}
