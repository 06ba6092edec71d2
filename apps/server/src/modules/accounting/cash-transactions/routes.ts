import type { FastifyInstance } from 'fastify';
import { cashTransactionEndpoints, type CashDirection, type CashTransaction, type cashTransactionInput } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import * as of from '../documents/index.ts';
import type { DocumentTypeDefinition } from '../documents/index.ts';

export function cashTransactionRoutes(
  app: FastifyInstance,
  direction: CashDirection,
  type: DocumentTypeDefinition<typeof cashTransactionInput, CashTransaction>,
) {
  const ep = cashTransactionEndpoints[direction];
  registerEndpoint(app, ep.list, ({ tx, principal, query }) => of.listOfType(tx, principal, type, query));
  registerEndpoint(app, ep.export, ({ tx, principal, query, reply }) => of.exportOfType(reply, tx, principal, type, query));
  registerEndpoint(app, ep.get, ({ tx, principal, params }) => of.getOfType(tx, principal, type, params.documentId));
  registerEndpoint(app, ep.pdf, ({ tx, principal, params, query, reply }) => of.pdfOfType(reply, tx, principal, type, params.documentId, query.lang));
  registerEndpoint(app, ep.create, ({ tx, principal, body }) => of.createOfType(tx, principal, type, body));
  registerEndpoint(app, ep.update, ({ tx, principal, params, body }) => of.updateOfType(tx, principal, type, params.documentId, body));
  registerEndpoint(app, ep.delete, ({ tx, principal, params }) => of.deleteOfType(tx, principal, type, params.documentId));
}
