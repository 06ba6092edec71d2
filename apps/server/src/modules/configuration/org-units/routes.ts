import type { FastifyInstance } from 'fastify';
import { orgUnitEndpoints } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { ouHasPolicy } from '../policies/service.ts';
import * as units from './service.ts';

export interface OrgUnitRouteOptions {
  /**
   * Checks of other modules whose records use an OU (cash banks ...): deleting it is refused while one answers. They
   * are handed in by app.ts, so org-units never imports the modules that import it.
   */
  ouUsers?: ((tx: Tx, ouId: string) => Promise<string | undefined>)[];
}

export function orgUnitRoutes(app: FastifyInstance, options: OrgUnitRouteOptions = {}) {
  registerEndpoint(app, orgUnitEndpoints.listOrgUnits, ({ tx, query }) => units.listOrgUnits(tx, query));
  registerEndpoint(app, orgUnitEndpoints.getOrgUnit, ({ tx, params }) => units.getOrgUnit(tx, params.ouId));
  registerEndpoint(app, orgUnitEndpoints.createOrgUnit, ({ tx, principal, body }) => units.createOrgUnit(tx, principal, body));
  registerEndpoint(app, orgUnitEndpoints.updateOrgUnit, ({ tx, principal, params, body }) => units.updateOrgUnit(tx, principal, params.ouId, body));
  registerEndpoint(app, orgUnitEndpoints.setOrgUnitActive, ({ tx, principal, params, body }) =>
    units.setOrgUnitActive(tx, principal, params.ouId, body.active),
  );
  registerEndpoint(app, orgUnitEndpoints.deleteOrgUnit, async ({ tx, principal, params }) => {
    await units.deleteOrgUnit(tx, principal, params.ouId, async (t, id) => {
      if (await ouHasPolicy(t, id)) return 'policy-ou';
      for (const uses of options.ouUsers ?? []) {
        const user = await uses(t, id);
        if (user) return user;
      }
      return undefined;
    });
    return { ok: true as const };
  });
  registerEndpoint(app, orgUnitEndpoints.saveLegalInfo, ({ tx, principal, params, body }) => units.saveLegalInfo(tx, principal, params.ouId, body));
  registerEndpoint(app, orgUnitEndpoints.uploadLogo, ({ tx, principal, params, body }) =>
    units.saveLogo(tx, principal, params.ouId, body.contentType, body.dataBase64),
  );
  registerEndpoint(app, orgUnitEndpoints.getLogo, async ({ tx, params, reply }) => {
    const logo = await units.getLogo(tx, params.ouId);
    reply.header('content-type', logo.contentType);
    reply.header('cache-control', 'private, no-cache');
    return logo.data;
  });
}
