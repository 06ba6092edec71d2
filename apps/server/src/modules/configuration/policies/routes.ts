import type { FastifyInstance } from 'fastify';
import { policyEndpoints } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { orgUnitExists } from '../org-units/service.ts';
import { usersExist } from '../users/service.ts';
import * as policies from './service.ts';

export function policyRoutes(app: FastifyInstance) {
  registerEndpoint(app, policyEndpoints.listOuPolicies, ({ tx }) => policies.listOuPolicies(tx));
  registerEndpoint(app, policyEndpoints.getOuPolicy, async ({ tx, params }) => {
    if (!(await orgUnitExists(tx, params.ouId))) throw new AppError('ou_not_found', [params.ouId]);
    return policies.getOuPolicy(tx, params.ouId);
  });
  registerEndpoint(app, policyEndpoints.saveOuPolicy, ({ tx, principal, params, body }) =>
    policies.saveOuPolicy(tx, principal, params.ouId, body, { ouExists: (id) => orgUnitExists(tx, id), usersExist: (ids) => usersExist(tx, ids) }),
  );
  registerEndpoint(app, policyEndpoints.deleteOuPolicy, async ({ tx, principal, params }) => {
    await policies.deleteOuPolicy(tx, principal, params.ouId, { ouExists: (id) => orgUnitExists(tx, id) });
    return { ok: true as const };
  });
  registerEndpoint(app, policyEndpoints.getProhibitions, async ({ tx, params }) => {
    if (!(await usersExist(tx, [params.userId]))) throw new AppError('user_not_found');
    return { documentTypeIds: await policies.getProhibitions(tx, params.userId) };
  });
  registerEndpoint(app, policyEndpoints.saveProhibitions, async ({ tx, principal, params, body }) => {
    if (!(await usersExist(tx, [params.userId]))) throw new AppError('user_not_found');
    return { documentTypeIds: await policies.saveProhibitions(tx, principal, params.userId, body.documentTypeIds) };
  });
}
