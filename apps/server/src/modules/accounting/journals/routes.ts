import type { FastifyInstance } from 'fastify';
import { journalEndpoints as ep, type journalInput } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import * as of from '../documents/index.ts';
import type { DocumentTypeDefinition } from '../documents/index.ts';

export function journalRoutes(app: FastifyInstance, type: DocumentTypeDefinition<typeof journalInput>) {
  registerEndpoint(app, ep.listJournals, ({ tx, principal, query }) => of.listOfType(tx, principal, type, query));
  registerEndpoint(app, ep.exportJournals, ({ tx, principal, query, reply }) => of.exportOfType(reply, tx, principal, type, query));
  registerEndpoint(app, ep.getJournal, ({ tx, principal, params }) => of.getOfType(tx, principal, type, params.documentId));
  registerEndpoint(app, ep.journalPdf, ({ tx, principal, params, query, reply }) => of.pdfOfType(reply, tx, principal, type, params.documentId, query.lang));
  registerEndpoint(app, ep.createJournal, ({ tx, principal, body }) => of.createOfType(tx, principal, type, body));
  registerEndpoint(app, ep.createAndSubmitJournal, ({ tx, principal, body }) => of.createOfType(tx, principal, type, body, true));
  registerEndpoint(app, ep.updateJournal, ({ tx, principal, params, body }) => of.updateOfType(tx, principal, type, params.documentId, body));
  registerEndpoint(app, ep.deleteJournal, ({ tx, principal, params }) => of.deleteOfType(tx, principal, type, params.documentId));
}
