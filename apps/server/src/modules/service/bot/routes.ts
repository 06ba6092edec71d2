import type { FastifyInstance } from 'fastify';
import { serviceIntentEndpoints as intentEp } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import * as clients from '../clients/service.ts';
import { conversationRow, openConversation } from '../conversations/service.ts';
import { answerCustomer } from './answer.ts';
import { watchModelChanges } from '../intents/index.ts';
import { classify, classifyMany } from './classify.ts';

/** What the bot answers: a text's intent, and the virtual chat that talks to it as a customer would (issue 12). */
export function botRoutes(app: FastifyInstance) {
  watchModelChanges(app);
  registerEndpoint(app, intentEp.classifyServiceText, async ({ tx, params, body }) =>
    classify(tx, await clients.clientRowByCode(tx, params.clientCode), body.text),
  );
  registerEndpoint(app, intentEp.classifyServiceTexts, async ({ tx, params, body }) => ({
    results: await classifyMany(tx, await clients.clientRowByCode(tx, params.clientCode), body.texts),
  }));
  registerEndpoint(app, intentEp.virtualChat, async ({ tx, principal, params, body }) => {
    const client = await clients.clientRowByCode(tx, params.clientCode);
    const conversation = body.conversationId
      ? await conversationRow(tx, body.conversationId, client.id)
      : await openConversation(tx, principal.tenantId, client.id, {
          channelKind: 'virtual',
          customerKey: `virtual:${principal.userId}`,
          customerName: principal.username,
        });
    const turn = await answerCustomer(tx, client, conversation, body.message);
    return {
      conversationId: turn.conversationId,
      reply: turn.reply,
      intent: turn.intent,
      confidence: turn.confidence,
      sources: turn.sources,
      handedOver: turn.handedOver,
      handoverReason: turn.handoverReason,
    };
  });
}
