import type { FastifyInstance } from 'fastify';
import { serviceIntentEndpoints as intentEp } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import * as clients from '../clients/service.ts';
import { conversationRow, openConversation } from '../conversations/service.ts';
import { answerCustomer } from './answer.ts';
import { watchModelChanges } from '../intents/index.ts';
import { classify, classifyMany } from './classify.ts';

async function virtualConversation(tx: Tx, id: string, clientId: string) {
  const conversation = await conversationRow(tx, id, clientId);
  if (conversation.channelKind !== 'virtual') throw new AppError('service_conversation_not_found', [id]);
  return conversation;
}

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
    // Only a virtual chat's own conversation goes on here: a customer's is never written to from the sandbox.
    const conversation = body.conversationId
      ? await virtualConversation(tx, body.conversationId, client.id)
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
      status: turn.status,
    };
  });
}
