import type { FastifyInstance } from 'fastify';
import { pageAccessEndpoints, profileEndpoints, roleEndpoints, userEndpoints } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import type { Principal } from '../../../platform/access/principal.ts';
import { getPasswordPolicy } from '../app-settings/service.ts';
import { endUserSessions } from '../../auth/service.ts';
import * as users from './manage.ts';
import * as roles from './roles.ts';
import { getGrants, setGrants } from './page-access.ts';
import { changeOwnPassword, getProfile, updateProfile } from './profile.ts';

const actorOf = (p: Principal): users.ManageActor => ({
  tenantId: p.tenantId,
  userId: p.userId,
  sessionId: p.sessionId,
  isSuperAdmin: p.isSuperAdmin,
  tasks: p.tasks,
});

export function userRoutes(app: FastifyInstance) {
  registerEndpoint(app, userEndpoints.listUsers, ({ tx, query }) => users.listUsers(tx, query));
  registerEndpoint(app, userEndpoints.getUser, ({ tx, params }) => users.getUser(tx, params.userId));
  registerEndpoint(app, userEndpoints.createUser, async ({ tx, principal, body }) =>
    users.createUser(tx, actorOf(principal), await getPasswordPolicy(tx), body),
  );
  registerEndpoint(app, userEndpoints.updateUser, ({ tx, principal, params, body }) => users.updateUser(tx, actorOf(principal), params.userId, body));
  registerEndpoint(app, userEndpoints.setUserActive, async ({ tx, principal, params, body }) => {
    const user = await users.setUserActive(tx, actorOf(principal), params.userId, body.active);
    if (body.active === 'N') await endUserSessions(tx, params.userId);
    return user;
  });
  registerEndpoint(app, userEndpoints.deleteUser, async ({ tx, principal, params }) => {
    await endUserSessions(tx, params.userId);
    await users.deleteUser(tx, actorOf(principal), params.userId);
    return { ok: true as const };
  });
  registerEndpoint(app, userEndpoints.resetUserPassword, async ({ tx, principal, params }) => {
    const password = await users.resetUserPassword(tx, actorOf(principal), await getPasswordPolicy(tx), params.userId);
    await endUserSessions(tx, params.userId);
    return { password };
  });
  registerEndpoint(app, userEndpoints.userTasks, ({ tx, params }) => users.userTaskSources(tx, params.userId));

  registerEndpoint(app, roleEndpoints.listRoles, ({ tx, query }) => roles.listRoles(tx, query));
  registerEndpoint(app, roleEndpoints.getRole, ({ tx, params }) => roles.getRole(tx, params.roleId));
  registerEndpoint(app, roleEndpoints.createRole, ({ tx, principal, body }) => roles.createRole(tx, actorOf(principal), body));
  registerEndpoint(app, roleEndpoints.updateRole, ({ tx, principal, params, body }) => roles.updateRole(tx, actorOf(principal), params.roleId, body));
  registerEndpoint(app, roleEndpoints.deleteRole, async ({ tx, principal, params }) => {
    await roles.deleteRole(tx, actorOf(principal), params.roleId);
    return { ok: true as const };
  });

  registerEndpoint(app, pageAccessEndpoints.getPageAccess, async ({ tx, params }) => ({ tasks: await getGrants(tx, params) }));
  registerEndpoint(app, pageAccessEndpoints.setPageAccess, async ({ tx, principal, params, body }) => ({
    tasks: await setGrants(tx, actorOf(principal), params, body.tasks),
  }));
  registerEndpoint(app, pageAccessEndpoints.clearPageAccess, async ({ tx, principal, params }) => ({
    tasks: await setGrants(tx, actorOf(principal), params, []),
  }));

  registerEndpoint(app, profileEndpoints.getProfile, ({ tx, principal }) => getProfile(tx, principal.userId));
  registerEndpoint(app, profileEndpoints.updateProfile, ({ tx, principal, body }) => updateProfile(tx, actorOf(principal), body));
  registerEndpoint(app, profileEndpoints.changePassword, async ({ tx, principal, body }) => {
    await changeOwnPassword(tx, actorOf(principal), await getPasswordPolicy(tx), body);
    await endUserSessions(tx, principal.userId, principal.sessionId);
    return { ok: true as const };
  });
}
