import type { FastifyInstance } from 'fastify';
import { coaEndpoints as ep } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { registerSheetImports } from '../../../platform/files/sheet-route.ts';
import { sendXlsx } from '../../../platform/records/xlsx-reply.ts';
import * as groups from './groups.ts';
import * as accounts from './service.ts';
import { coaIdsUsedByCashBanks } from '../cash-banks/service.ts';
import { importCoa, importCoaGroups, importSegmentGroups } from './import.ts';

const ok = { ok: true as const };

export interface CoaRouteOptions {
  /** Checks of other modules whose records use an account (cash banks ...): deleting it is refused while one answers. */
  coaUsers?: accounts.InUse[];
}

export function coaRoutes(app: FastifyInstance, options: CoaRouteOptions = {}) {
  registerEndpoint(app, ep.listCoaGroups, ({ tx, query }) => groups.listCoaGroups(tx, query));
  registerEndpoint(app, ep.exportCoaGroups, async ({ tx, query, reply }) => sendXlsx(reply, 'coa-groups', await groups.exportCoaGroups(tx, query, query.lang)));
  registerEndpoint(app, ep.getCoaGroup, ({ tx, params }) => groups.getCoaGroup(tx, params.groupId));
  registerEndpoint(app, ep.createCoaGroup, ({ tx, principal, body }) => groups.createCoaGroup(tx, principal, body));
  registerEndpoint(app, ep.updateCoaGroup, ({ tx, principal, params, body }) => groups.updateCoaGroup(tx, principal, params.groupId, body));
  registerEndpoint(app, ep.setCoaGroupActive, ({ tx, principal, params, body }) => groups.setCoaGroupActive(tx, principal, params.groupId, body.active));
  registerEndpoint(app, ep.deleteCoaGroup, async ({ tx, principal, params }) => {
    await groups.deleteCoaGroup(tx, principal, params.groupId);
    return ok;
  });

  registerEndpoint(app, ep.listSegmentGroups, ({ tx, query }) => groups.listSegmentGroups(tx, query));
  registerEndpoint(app, ep.exportSegmentGroups, async ({ tx, query, reply }) =>
    sendXlsx(reply, 'segment-groups', await groups.exportSegmentGroups(tx, query.keyword, query.lang, query.sort)),
  );
  registerEndpoint(app, ep.getSegmentGroup, ({ tx, params }) => groups.getSegmentGroup(tx, params.segmentId));
  registerEndpoint(app, ep.createSegmentGroup, ({ tx, principal, body }) => groups.createSegmentGroup(tx, principal, body));
  registerEndpoint(app, ep.updateSegmentGroup, ({ tx, principal, params, body }) => groups.updateSegmentGroup(tx, principal, params.segmentId, body));
  registerEndpoint(app, ep.setSegmentGroupActive, ({ tx, principal, params, body }) =>
    groups.setSegmentGroupActive(tx, principal, params.segmentId, body.active),
  );
  registerEndpoint(app, ep.deleteSegmentGroup, async ({ tx, principal, params }) => {
    await groups.deleteSegmentGroup(tx, principal, params.segmentId);
    return ok;
  });

  registerEndpoint(app, ep.listCoa, async ({ tx, query: { freeForCashBank, ...query } }) =>
    accounts.listCoa(tx, {
      ...query,
      excludeIds: freeForCashBank ? await coaIdsUsedByCashBanks(tx, freeForCashBank === 'new' ? undefined : freeForCashBank) : undefined,
    }),
  );
  registerEndpoint(app, ep.exportCoa, async ({ tx, query, reply }) => sendXlsx(reply, 'chart-of-accounts', await accounts.exportCoa(tx, query, query.lang)));
  registerEndpoint(app, ep.coaTree, ({ tx }) => accounts.coaTree(tx));
  registerEndpoint(app, ep.getCoa, ({ tx, params }) => accounts.getCoa(tx, params.coaId));
  registerEndpoint(app, ep.createCoa, ({ tx, principal, body }) => accounts.createCoa(tx, principal, body));
  registerEndpoint(app, ep.updateCoa, ({ tx, principal, params, body }) => accounts.updateCoa(tx, principal, params.coaId, body));
  registerEndpoint(app, ep.setCoaActive, ({ tx, principal, params, body }) => accounts.setCoaActive(tx, principal, params.coaId, body.active));
  registerEndpoint(app, ep.deleteCoa, async ({ tx, principal, params }) => {
    await accounts.deleteCoa(tx, principal, params.coaId, options.coaUsers);
    return ok;
  });

  registerSheetImports(app, [
    [ep.importCoaGroups, importCoaGroups],
    [ep.importSegmentGroups, importSegmentGroups],
    [ep.importCoa, importCoa],
  ]);
}
