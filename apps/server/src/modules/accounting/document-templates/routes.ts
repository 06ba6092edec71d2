import type { FastifyInstance } from 'fastify';
import { documentTemplateEndpoints as ep } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { registerSheetImports } from '../../../platform/files/sheet-route.ts';
import { sendXlsx } from '../../../platform/records/xlsx-reply.ts';
import { importDocumentTemplates } from './import.ts';
import * as templates from './service.ts';

export function documentTemplateRoutes(app: FastifyInstance) {
  registerEndpoint(app, ep.listDocumentTemplates, ({ tx, query }) => templates.listDocumentTemplates(tx, query));
  registerEndpoint(app, ep.exportDocumentTemplates, async ({ tx, query, reply }) =>
    sendXlsx(reply, 'document-templates', await templates.exportDocumentTemplates(tx, query.keyword, query.lang, query.sort)),
  );
  registerEndpoint(app, ep.previewNextNumber, ({ tx, query }) => templates.previewNextNumber(tx, query.documentType, query.date));
  registerEndpoint(app, ep.getDocumentTemplate, ({ tx, params }) => templates.getDocumentTemplate(tx, params.templateId));
  registerEndpoint(app, ep.previewDocumentTemplate, ({ tx, params, query }) => templates.previewDocumentTemplate(tx, params.templateId, query.date));
  registerEndpoint(app, ep.createDocumentTemplate, ({ tx, principal, body }) => templates.createDocumentTemplate(tx, principal, body));
  registerEndpoint(app, ep.updateDocumentTemplate, ({ tx, principal, params, body }) =>
    templates.updateDocumentTemplate(tx, principal, params.templateId, body),
  );
  registerEndpoint(app, ep.setDocumentTemplateActive, ({ tx, principal, params, body }) =>
    templates.setDocumentTemplateActive(tx, principal, params.templateId, body.active),
  );
  registerEndpoint(app, ep.deleteDocumentTemplate, async ({ tx, principal, params }) => {
    await templates.deleteDocumentTemplate(tx, principal, params.templateId);
    return { ok: true as const };
  });
  registerSheetImports(app, [[ep.importDocumentTemplates, importDocumentTemplates]]);
}
