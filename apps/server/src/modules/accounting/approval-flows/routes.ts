import type { FastifyInstance } from 'fastify';
import { approvalFlowEndpoints as ep } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { documentsWaitingUnderFlow } from '../documents/service.ts';
import * as flows from './service.ts';

export function approvalFlowRoutes(app: FastifyInstance) {
  registerEndpoint(app, ep.listApprovalFlows, ({ tx, query }) => flows.listApprovalFlows(tx, query));
  registerEndpoint(app, ep.getApprovalFlow, ({ tx, params }) => flows.getApprovalFlow(tx, params.flowId));
  registerEndpoint(app, ep.createApprovalFlow, ({ tx, principal, body }) => flows.createApprovalFlow(tx, principal, body));
  registerEndpoint(app, ep.updateApprovalFlow, ({ tx, principal, params, body }) => flows.updateApprovalFlow(tx, principal, params.flowId, body));
  registerEndpoint(app, ep.deleteApprovalFlow, async ({ tx, principal, params }) => {
    await flows.deleteApprovalFlow(tx, principal, params.flowId, documentsWaitingUnderFlow);
    return { ok: true as const };
  });
}
