import type { FastifyInstance } from 'fastify';
import { botRoutes } from './bot/routes.ts';
import { clientRoutes } from './clients/routes.ts';
import { serviceDatasetRoutes } from './datasets/routes.ts';
import { intentRoutes } from './intents/routes.ts';
import { labelRoutes } from './labels/routes.ts';
import { inboxSearchRoutes } from './inbox/search-routes.ts';
import { cannedReplyRoutes } from './canned-replies/routes.ts';
import { inboxTransferRoutes } from './inbox/transfer-routes.ts';

/** The customer-service chatbot (issue 12): clients, datasets, intents, training, classification and the virtual chat. */
export function serviceRoutes(app: FastifyInstance) {
  clientRoutes(app);
  serviceDatasetRoutes(app);
  intentRoutes(app);
  botRoutes(app);
  labelRoutes(app);
  inboxSearchRoutes(app);
  cannedReplyRoutes(app);
  inboxTransferRoutes(app);
}
