import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { ERRORS, type ErrorCode, type Endpoint, endpoints } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { call, type CallInput, type CallResponse } from '../../../../test/call.ts';

/**
 * Issue 9, security 1: every path that grants or limits rights, walked for every kind of caller (the way Odoo's
 * access-rights tests walk every group). Rules:
 *   - nobody grants a task they do not hold (a Super Admin holds all; writeAll ⊇ createEdit ⊇ readOnly of a page);
 *   - nobody but a Super Admin changes a Super Admin's account, roles, access or prohibitions, or gives the role;
 *   - nobody raises their own rights (own page access, own roles, own role's tasks, own prohibitions and policies).
 * Each cell gets fresh users and roles, so cells do not depend on each other. A refused cell must leave every
 * access table and the audit log as they were; an allowed one must be audited.
 */

type Caller = 'superAdmin' | 'admin' | 'staff';
type Outcome = 'ok' | ErrorCode;

/** Admin holds viewCountChat (a dashboard widget) and writeAllErpWarehouse (so readOnlyErpWarehouse too), not viewPercantikProduk (photo beautifying). */
const HELD = 'viewCountChat';
const HELD_WEAKER = 'readOnlyErpWarehouse';
const NOT_HELD = 'viewPercantikProduk';

interface Cell {
  /** The actor (a fresh user in a fresh copy of the caller's role; the seeded Super Admin role for superAdmin). */
  actor: { id: string; roleId: string; token: string };
  /** A fresh ordinary user in `peerRole`, and a fresh Super Admin. */
  peer: { id: string };
  sa: { id: string };
  peerRole: string;
  /** A role of HELD and HELD_WEAKER, and a role holding NOT_HELD. */
  grantRole: string;
  strongRole: string;
  saRole: string;
  ouId: string;
  n: number;
}

interface Row {
  name: string;
  setup?: (c: Cell) => Promise<unknown>;
  request: (c: Cell) => Request;
  admin: Outcome;
  /** Defaults to ok: a Super Admin may do everything the rules cover. */
  superAdmin?: Outcome;
}

let t: TestApp;
let tenantId: string;
let passwordHash: string;
let roleOf: Record<'Admin' | 'Staff' | 'Super Admin', string>;
let ouId: string;
let counter = 0;

const q = (text: string, values: unknown[] = []) => t.pools.owner.query(text, values);

beforeAll(async () => {
  t = await createTestApp('grant-rules');
  tenantId = await t.tenantId('demo');
  passwordHash = (await q(`SELECT password_hash FROM users WHERE tenant_id = $1 AND username = 'admin'`, [tenantId])).rows[0].password_hash;
  const roles = await q(`SELECT id, name FROM roles WHERE tenant_id = $1`, [tenantId]);
  roleOf = Object.fromEntries(roles.rows.map((r) => [r.name, r.id])) as typeof roleOf;
  const superadmin = await t.login('superadmin');
  const ou = await call(t, endpoints.createOrgUnit, { body: { ouCode: 'GR-OU', ouName: 'Grant rules', ouTypeCode: 'MBU', parentId: null }, token: superadmin });
  ouId = ou.json().ouId;
});
afterAll(() => t.close());

async function addRole(name: string, tasks: string[], copyOf?: string): Promise<string> {
  const id = uuidv7();
  await q(`INSERT INTO roles (tenant_id, id, name, type) VALUES ($1, $2, $3, 'USER')`, [tenantId, id, name]);
  if (copyOf)
    await q(`INSERT INTO role_tasks (tenant_id, role_id, task) SELECT tenant_id, $2, task FROM role_tasks WHERE tenant_id = $1 AND role_id = $3`, [
      tenantId,
      id,
      copyOf,
    ]);
  for (const task of tasks) await q(`INSERT INTO role_tasks (tenant_id, role_id, task) VALUES ($1, $2, $3)`, [tenantId, id, task]);
  return id;
}

async function addUser(username: string, roleId: string): Promise<string> {
  const id = uuidv7();
  await q(`INSERT INTO users (tenant_id, id, username, full_name, password_hash, role_id) VALUES ($1, $2, $3, $3, $4, $5)`, [
    tenantId,
    id,
    username,
    passwordHash,
    roleId,
  ]);
  return id;
}

/** A live session and its work token, as a login makes them (without hashing a password per cell). */
async function sessionOf(userId: string, username: string, roleId: string): Promise<string> {
  const sid = uuidv7();
  await q(`INSERT INTO sessions (tenant_id, id, user_id, username, response_code, module) VALUES ($1, $2, $3, $4, 200, 'login')`, [
    tenantId,
    sid,
    userId,
    username,
  ]);
  return t.tokens.signWork({ sid, uid: userId, rid: roleId, tid: tenantId, tcode: 'demo' });
}

async function makeCell(caller: Caller): Promise<Cell> {
  const n = ++counter;
  const actorRole = caller === 'superAdmin' ? roleOf['Super Admin'] : await addRole(`c${n} ${caller}`, [], roleOf[caller === 'admin' ? 'Admin' : 'Staff']);
  const actorId = await addUser(`c${n}-actor`, actorRole);
  const peerRole = await addRole(`c${n} peer`, ['readOnlyErpProduct']);
  const cell: Cell = {
    actor: { id: actorId, roleId: actorRole, token: await sessionOf(actorId, `c${n}-actor`, actorRole) },
    peer: { id: await addUser(`c${n}-peer`, peerRole) },
    sa: { id: await addUser(`c${n}-sa`, roleOf['Super Admin']) },
    peerRole,
    grantRole: await addRole(`c${n} grantable`, [HELD, HELD_WEAKER]),
    strongRole: await addRole(`c${n} strong`, [NOT_HELD]),
    saRole: roleOf['Super Admin'],
    ouId,
    n,
  };
  await q(`DELETE FROM ou_policy_entries WHERE tenant_id = $1`, [tenantId]);
  await q(`DELETE FROM ou_policy_members WHERE tenant_id = $1`, [tenantId]);
  return cell;
}

const SNAPSHOT = [
  'SELECT id, name, is_super_admin, active FROM roles',
  'SELECT role_id, task FROM role_tasks',
  'SELECT id, username, full_name, email, role_id, active, password_hash FROM users',
  'SELECT user_id, task FROM user_tasks',
  'SELECT user_id, role_id FROM user_roles',
  'SELECT user_id, document_type_id FROM document_prohibitions',
  'SELECT ou_id, kind, value FROM ou_policy_entries',
  'SELECT ou_id, user_id FROM ou_policy_members',
];

async function snapshot() {
  const tables = [];
  for (const sql of SNAPSHOT) tables.push((await q(`${sql} WHERE tenant_id = $1 ORDER BY 1, 2`, [tenantId])).rows);
  return tables;
}

const auditCount = async (userId: string) =>
  (await q(`SELECT count(*)::int AS n FROM audit_log WHERE tenant_id = $1 AND user_id = $2`, [tenantId, userId])).rows[0].n as number;

// Fixture helpers (owner SQL, before the request).
const grantUser = (userId: string, task: string) => q(`INSERT INTO user_tasks (tenant_id, user_id, task) VALUES ($1, $2, $3)`, [tenantId, userId, task]);
const linkRole = (userId: string, roleId: string) => q(`INSERT INTO user_roles (tenant_id, user_id, role_id) VALUES ($1, $2, $3)`, [tenantId, userId, roleId]);
const prohibit = (userId: string, id: number) =>
  q(`INSERT INTO document_prohibitions (tenant_id, user_id, document_type_id) VALUES ($1, $2, $3)`, [tenantId, userId, id]);
async function policy(c: Cell, warehouses: string[], members: string[]) {
  for (const value of warehouses)
    await q(`INSERT INTO ou_policy_entries (tenant_id, ou_id, kind, value) VALUES ($1, $2, 'warehouses', $3)`, [tenantId, c.ouId, value]);
  for (const userId of members) await q(`INSERT INTO ou_policy_members (tenant_id, ou_id, user_id) VALUES ($1, $2, $3)`, [tenantId, c.ouId, userId]);
}

const emptyPolicy = { documentTypes: [], products: [], warehouses: [], partners: [], cashBanks: [], glActivities: [], memberIds: [] };
const roleBody = (name: string, tasks: string[]) => ({
  name,
  type: 'USER' as const,
  defaultPage: '/dashboard',
  minDiscountPercent: 0,
  maxDiscountPercent: -1,
  minDiscountAmount: '0',
  maxDiscountAmount: '-1',
  tasks,
});
const ownTasks = async (c: Cell) =>
  (await q(`SELECT task FROM role_tasks WHERE tenant_id = $1 AND role_id = $2`, [tenantId, c.actor.roleId])).rows.map((r) => r.task as string);
let ownRoleTasks: string[] = [];

/** A call of the matrix, made once the caller's token is known. */
type Request = (token: string) => Promise<CallResponse<Endpoint>>;
const send =
  <E extends Endpoint>(endpoint: E, input: CallInput<E>): Request =>
  (token) =>
    call(t, endpoint, { ...input, token } as CallInput<E>);

const ROWS: Row[] = [
  // Page access per user.
  {
    name: 'page access: own, add a held task',
    request: (c) => send(endpoints.setPageAccess, { params: { kind: 'user', id: c.actor.id }, body: { tasks: [HELD] } }),
    admin: 'cannot_raise_own_rights',
  },
  {
    name: 'page access: own, add every task not held',
    request: (c) => send(endpoints.setPageAccess, { params: { kind: 'user', id: c.actor.id }, body: { tasks: [NOT_HELD, 'writeAllAksesHalaman'] } }),
    admin: 'cannot_raise_own_rights',
  },
  {
    name: 'page access: own, remove a grant',
    setup: (c) => grantUser(c.actor.id, HELD),
    request: (c) => send(endpoints.setPageAccess, { params: { kind: 'user', id: c.actor.id }, body: { tasks: [] } }),
    admin: 'ok',
  },
  {
    name: 'page access: own, clear',
    setup: (c) => grantUser(c.actor.id, HELD),
    request: (c) => send(endpoints.clearPageAccess, { params: { kind: 'user', id: c.actor.id } }),
    admin: 'ok',
  },
  {
    name: 'page access: peer, add a held task',
    request: (c) => send(endpoints.setPageAccess, { params: { kind: 'user', id: c.peer.id }, body: { tasks: [HELD, HELD_WEAKER] } }),
    admin: 'ok',
  },
  {
    name: 'page access: peer, add a task not held',
    request: (c) => send(endpoints.setPageAccess, { params: { kind: 'user', id: c.peer.id }, body: { tasks: [HELD, NOT_HELD] } }),
    admin: 'task_not_held',
  },
  {
    name: 'page access: peer, keep a grant not held and add a held one',
    setup: (c) => grantUser(c.peer.id, NOT_HELD),
    request: (c) => send(endpoints.setPageAccess, { params: { kind: 'user', id: c.peer.id }, body: { tasks: [NOT_HELD, HELD] } }),
    admin: 'ok',
  },
  {
    name: 'page access: peer, remove a grant not held',
    setup: (c) => grantUser(c.peer.id, NOT_HELD),
    request: (c) => send(endpoints.setPageAccess, { params: { kind: 'user', id: c.peer.id }, body: { tasks: [] } }),
    admin: 'ok',
  },
  {
    name: 'page access: peer, clear',
    setup: (c) => grantUser(c.peer.id, HELD),
    request: (c) => send(endpoints.clearPageAccess, { params: { kind: 'user', id: c.peer.id } }),
    admin: 'ok',
  },
  {
    name: 'page access: Super Admin, add',
    request: (c) => send(endpoints.setPageAccess, { params: { kind: 'user', id: c.sa.id }, body: { tasks: [HELD] } }),
    admin: 'super-admin-only',
  },
  {
    name: 'page access: Super Admin, clear',
    setup: (c) => grantUser(c.sa.id, HELD),
    request: (c) => send(endpoints.clearPageAccess, { params: { kind: 'user', id: c.sa.id } }),
    admin: 'super-admin-only',
  },
  {
    name: 'page access: a user with the Super Admin role as an extra role',
    setup: (c) => linkRole(c.peer.id, c.saRole),
    request: (c) => send(endpoints.setPageAccess, { params: { kind: 'user', id: c.peer.id }, body: { tasks: [HELD] } }),
    admin: 'super-admin-only',
  },
  // Page access per role.
  {
    name: 'page access: a role, add a held task',
    request: (c) => send(endpoints.setPageAccess, { params: { kind: 'role', id: c.peerRole }, body: { tasks: ['readOnlyErpProduct', HELD] } }),
    admin: 'ok',
  },
  {
    name: 'page access: a role, add a task not held',
    request: (c) => send(endpoints.setPageAccess, { params: { kind: 'role', id: c.peerRole }, body: { tasks: ['readOnlyErpProduct', NOT_HELD] } }),
    admin: 'task_not_held',
  },
  { name: 'page access: a role, clear', request: (c) => send(endpoints.clearPageAccess, { params: { kind: 'role', id: c.peerRole } }), admin: 'ok' },
  {
    name: 'page access: own role, add a task held through a stronger one',
    setup: async (c) => {
      ownRoleTasks = await ownTasks(c);
    },
    request: (c) => send(endpoints.setPageAccess, { params: { kind: 'role', id: c.actor.roleId }, body: { tasks: [...ownRoleTasks, HELD_WEAKER] } }),
    admin: 'cannot_raise_own_rights',
    superAdmin: 'super-admin-only',
  },
  {
    name: 'page access: own role, clear',
    request: (c) => send(endpoints.clearPageAccess, { params: { kind: 'role', id: c.actor.roleId } }),
    admin: 'ok',
    superAdmin: 'super-admin-only',
  },
  {
    name: 'page access: an extra role of the actor, add a held task',
    setup: (c) => linkRole(c.actor.id, c.peerRole),
    request: (c) => send(endpoints.setPageAccess, { params: { kind: 'role', id: c.peerRole }, body: { tasks: ['readOnlyErpProduct', HELD] } }),
    admin: 'cannot_raise_own_rights',
  },
  {
    name: 'page access: Super Admin role',
    request: (c) => send(endpoints.setPageAccess, { params: { kind: 'role', id: c.saRole }, body: { tasks: [HELD] } }),
    admin: 'super-admin-only',
    superAdmin: 'super-admin-only',
  },
  // Roles.
  { name: 'role: create with held tasks', request: (c) => send(endpoints.createRole, { body: roleBody(`c${c.n} new`, [HELD, HELD_WEAKER]) }), admin: 'ok' },
  {
    name: 'role: create with a task not held',
    request: (c) => send(endpoints.createRole, { body: roleBody(`c${c.n} new`, [HELD, NOT_HELD]) }),
    admin: 'task_not_held',
  },
  {
    name: 'role: edit, add a held task',
    request: (c) => send(endpoints.updateRole, { params: { roleId: c.peerRole }, body: roleBody(`c${c.n} peer`, ['readOnlyErpProduct', HELD]) }),
    admin: 'ok',
  },
  {
    name: 'role: edit, add a task not held',
    request: (c) => send(endpoints.updateRole, { params: { roleId: c.peerRole }, body: roleBody(`c${c.n} peer`, ['readOnlyErpProduct', NOT_HELD]) }),
    admin: 'task_not_held',
  },
  {
    name: 'role: edit, remove tasks the editor does not hold',
    request: (c) => send(endpoints.updateRole, { params: { roleId: c.strongRole }, body: roleBody(`c${c.n} strong`, []) }),
    admin: 'ok',
  },
  {
    name: 'role: own role, add a task',
    setup: async (c) => {
      ownRoleTasks = await ownTasks(c);
    },
    request: (c) => send(endpoints.updateRole, { params: { roleId: c.actor.roleId }, body: roleBody(`c${c.n} admin`, [...ownRoleTasks, HELD_WEAKER]) }),
    admin: 'cannot_raise_own_rights',
    superAdmin: 'super-admin-only',
  },
  {
    name: 'role: own role, rename with the same tasks',
    setup: async (c) => {
      ownRoleTasks = await ownTasks(c);
    },
    request: (c) => send(endpoints.updateRole, { params: { roleId: c.actor.roleId }, body: roleBody(`c${c.n} renamed`, ownRoleTasks) }),
    admin: 'ok',
    superAdmin: 'super-admin-only',
  },
  {
    name: 'role: Super Admin role',
    request: (c) => send(endpoints.updateRole, { params: { roleId: c.saRole }, body: roleBody('Hacked', []) }),
    admin: 'super-admin-only',
    superAdmin: 'super-admin-only',
  },
  // Users and their roles.
  {
    name: 'user: create with a role of held tasks',
    request: (c) =>
      send(endpoints.createUser, {
        body: { username: `c${c.n}-new`, fullName: 'Baru', password: 'Gudang#2026', confirmPassword: 'Gudang#2026', roleId: c.grantRole },
      }),
    admin: 'ok',
  },
  {
    name: 'user: create with a role holding a task not held',
    request: (c) =>
      send(endpoints.createUser, {
        body: { username: `c${c.n}-new`, fullName: 'Baru', password: 'Gudang#2026', confirmPassword: 'Gudang#2026', roleId: c.strongRole },
      }),
    admin: 'task_not_held',
  },
  {
    name: 'user: create with such a role as an extra role',
    request: (c) =>
      send(endpoints.createUser, {
        body: {
          username: `c${c.n}-new`,
          fullName: 'Baru',
          password: 'Gudang#2026',
          confirmPassword: 'Gudang#2026',
          roleId: c.grantRole,
          extraRoleIds: [c.strongRole],
        },
      }),
    admin: 'task_not_held',
  },
  {
    name: 'user: create a Super Admin',
    request: (c) =>
      send(endpoints.createUser, {
        body: { username: `c${c.n}-new`, fullName: 'Baru', password: 'Gudang#2026', confirmPassword: 'Gudang#2026', roleId: c.saRole },
      }),
    admin: 'super-admin-only',
  },
  {
    name: 'user: peer, give a role of held tasks',
    request: (c) => send(endpoints.updateUser, { params: { userId: c.peer.id }, body: { fullName: 'Peer', roleId: c.grantRole, extraRoleIds: [] } }),
    admin: 'ok',
  },
  {
    name: 'user: peer, give a role holding a task not held',
    request: (c) => send(endpoints.updateUser, { params: { userId: c.peer.id }, body: { fullName: 'Peer', roleId: c.strongRole, extraRoleIds: [] } }),
    admin: 'task_not_held',
  },
  {
    name: 'user: peer already holding a role not held keeps it',
    setup: (c) => linkRole(c.peer.id, c.strongRole),
    request: (c) =>
      send(endpoints.updateUser, { params: { userId: c.peer.id }, body: { fullName: 'Peer renamed', roleId: c.peerRole, extraRoleIds: [c.strongRole] } }),
    admin: 'ok',
  },
  {
    name: 'user: peer, give the Super Admin role as an extra role',
    request: (c) => send(endpoints.updateUser, { params: { userId: c.peer.id }, body: { fullName: 'Peer', roleId: c.peerRole, extraRoleIds: [c.saRole] } }),
    admin: 'super-admin-only',
  },
  {
    name: 'user: own name, same role',
    request: (c) => send(endpoints.updateUser, { params: { userId: c.actor.id }, body: { fullName: 'Renamed', roleId: c.actor.roleId, extraRoleIds: [] } }),
    admin: 'ok',
  },
  {
    name: 'user: own account, add an extra role',
    request: (c) =>
      send(endpoints.updateUser, { params: { userId: c.actor.id }, body: { fullName: 'Me', roleId: c.actor.roleId, extraRoleIds: [c.grantRole] } }),
    admin: 'cannot_raise_own_rights',
  },
  {
    name: 'user: own account, another main role',
    request: (c) => send(endpoints.updateUser, { params: { userId: c.actor.id }, body: { fullName: 'Me', roleId: c.grantRole, extraRoleIds: [] } }),
    admin: 'cannot_raise_own_rights',
  },
  {
    name: 'user: Super Admin, edit',
    request: (c) => send(endpoints.updateUser, { params: { userId: c.sa.id }, body: { fullName: 'Hacked', roleId: c.saRole, extraRoleIds: [] } }),
    admin: 'super-admin-only',
  },
  {
    name: 'user: a user with the Super Admin role as an extra role, edit',
    setup: (c) => linkRole(c.peer.id, c.saRole),
    request: (c) => send(endpoints.updateUser, { params: { userId: c.peer.id }, body: { fullName: 'Hacked', roleId: c.peerRole, extraRoleIds: [] } }),
    admin: 'super-admin-only',
  },
  { name: 'user: peer, deactivate', request: (c) => send(endpoints.setUserActive, { params: { userId: c.peer.id }, body: { active: 'N' } }), admin: 'ok' },
  {
    name: 'user: Super Admin, deactivate',
    request: (c) => send(endpoints.setUserActive, { params: { userId: c.sa.id }, body: { active: 'N' } }),
    admin: 'super-admin-only',
  },
  {
    name: 'user: a user with the Super Admin role as an extra role, deactivate',
    setup: (c) => linkRole(c.peer.id, c.saRole),
    request: (c) => send(endpoints.setUserActive, { params: { userId: c.peer.id }, body: { active: 'N' } }),
    admin: 'super-admin-only',
  },
  {
    name: 'user: own account, deactivate',
    request: (c) => send(endpoints.setUserActive, { params: { userId: c.actor.id }, body: { active: 'N' } }),
    admin: 'cannot_change_own_account',
    superAdmin: 'cannot_change_own_account',
  },
  { name: 'user: peer, delete', request: (c) => send(endpoints.deleteUser, { params: { userId: c.peer.id } }), admin: 'ok' },
  { name: 'user: Super Admin, delete', request: (c) => send(endpoints.deleteUser, { params: { userId: c.sa.id } }), admin: 'super-admin-only' },
  {
    name: 'user: own account, delete',
    request: (c) => send(endpoints.deleteUser, { params: { userId: c.actor.id } }),
    admin: 'cannot_change_own_account',
    superAdmin: 'cannot_change_own_account',
  },
  { name: 'user: peer, reset password', request: (c) => send(endpoints.resetUserPassword, { params: { userId: c.peer.id } }), admin: 'ok' },
  { name: 'user: Super Admin, reset password', request: (c) => send(endpoints.resetUserPassword, { params: { userId: c.sa.id } }), admin: 'super-admin-only' },
  // Prohibitions of document types.
  {
    name: 'prohibitions: peer, forbid every type',
    request: (c) => send(endpoints.saveProhibitions, { params: { userId: c.peer.id }, body: { documentTypeIds: [-99] } }),
    admin: 'ok',
  },
  {
    name: 'prohibitions: Super Admin, forbid every type',
    request: (c) => send(endpoints.saveProhibitions, { params: { userId: c.sa.id }, body: { documentTypeIds: [-99] } }),
    admin: 'super-admin-only',
  },
  {
    // The Super-Admin rule answers before the body's document types are looked at.
    name: 'prohibitions: Super Admin, an unknown type',
    request: (c) => send(endpoints.saveProhibitions, { params: { userId: c.sa.id }, body: { documentTypeIds: [10001, 12345] } }),
    admin: 'super-admin-only',
    superAdmin: 'invalid_input_format',
  },
  {
    name: 'prohibitions: own, add one',
    request: (c) => send(endpoints.saveProhibitions, { params: { userId: c.actor.id }, body: { documentTypeIds: [10001] } }),
    admin: 'ok',
  },
  {
    name: 'prohibitions: own, lift one',
    setup: (c) => prohibit(c.actor.id, 10001),
    request: (c) => send(endpoints.saveProhibitions, { params: { userId: c.actor.id }, body: { documentTypeIds: [] } }),
    admin: 'cannot_raise_own_rights',
  },
  // OU policies (they limit their members).
  {
    name: 'policy: put a peer under a policy',
    request: (c) => send(endpoints.saveOuPolicy, { params: { ouId: c.ouId }, body: { ...emptyPolicy, warehouses: ['GD-JKT'], memberIds: [c.peer.id] } }),
    admin: 'ok',
  },
  {
    name: 'policy: put the Super Admin under a policy',
    request: (c) => send(endpoints.saveOuPolicy, { params: { ouId: c.ouId }, body: { ...emptyPolicy, warehouses: ['GD-JKT'], memberIds: [c.sa.id] } }),
    admin: 'super-admin-only',
  },
  {
    name: 'policy: change a policy the Super Admin works under',
    setup: (c) => policy(c, ['GD-JKT'], [c.sa.id, c.peer.id]),
    request: (c) =>
      send(endpoints.saveOuPolicy, { params: { ouId: c.ouId }, body: { ...emptyPolicy, warehouses: ['GD-JKT', 'GD-SBY'], memberIds: [c.sa.id, c.peer.id] } }),
    admin: 'super-admin-only',
  },
  {
    name: 'policy: put oneself under a policy',
    request: (c) => send(endpoints.saveOuPolicy, { params: { ouId: c.ouId }, body: { ...emptyPolicy, warehouses: ['GD-JKT'], memberIds: [c.actor.id] } }),
    admin: 'ok',
  },
  {
    name: 'policy: narrow a policy one works under',
    setup: (c) => policy(c, ['GD-JKT', 'GD-SBY'], [c.actor.id]),
    request: (c) => send(endpoints.saveOuPolicy, { params: { ouId: c.ouId }, body: { ...emptyPolicy, warehouses: ['GD-JKT'], memberIds: [c.actor.id] } }),
    admin: 'ok',
  },
  {
    name: 'policy: widen a policy one works under',
    setup: (c) => policy(c, ['GD-JKT'], [c.actor.id]),
    request: (c) =>
      send(endpoints.saveOuPolicy, { params: { ouId: c.ouId }, body: { ...emptyPolicy, warehouses: ['GD-JKT', 'GD-SBY'], memberIds: [c.actor.id] } }),
    admin: 'cannot_raise_own_rights',
  },
  {
    name: 'policy: lift a kind of a policy one works under',
    setup: (c) => policy(c, ['GD-JKT'], [c.actor.id]),
    request: (c) => send(endpoints.saveOuPolicy, { params: { ouId: c.ouId }, body: { ...emptyPolicy, products: ['P1'], memberIds: [c.actor.id] } }),
    admin: 'cannot_raise_own_rights',
  },
  {
    name: 'policy: leave a policy',
    setup: (c) => policy(c, ['GD-JKT'], [c.actor.id, c.peer.id]),
    request: (c) => send(endpoints.saveOuPolicy, { params: { ouId: c.ouId }, body: { ...emptyPolicy, warehouses: ['GD-JKT'], memberIds: [c.peer.id] } }),
    admin: 'cannot_raise_own_rights',
  },
  {
    name: "policy: delete a peer's policy",
    setup: (c) => policy(c, ['GD-JKT'], [c.peer.id]),
    request: (c) => send(endpoints.deleteOuPolicy, { params: { ouId: c.ouId } }),
    admin: 'ok',
  },
  {
    name: 'policy: delete a policy the Super Admin works under',
    setup: (c) => policy(c, ['GD-JKT'], [c.sa.id]),
    request: (c) => send(endpoints.deleteOuPolicy, { params: { ouId: c.ouId } }),
    admin: 'super-admin-only',
  },
  {
    name: 'policy: delete a policy one works under',
    setup: (c) => policy(c, ['GD-JKT'], [c.actor.id]),
    request: (c) => send(endpoints.deleteOuPolicy, { params: { ouId: c.ouId } }),
    admin: 'cannot_raise_own_rights',
  },
];

const CALLERS: Caller[] = ['superAdmin', 'admin', 'staff'];
const expected = (row: Row, caller: Caller): Outcome => (caller === 'staff' ? 'forbidden_action' : caller === 'admin' ? row.admin : (row.superAdmin ?? 'ok'));

describe('who may grant and limit rights (issue 9, security 1)', () => {
  const cells = ROWS.flatMap((row) => CALLERS.map((caller) => ({ row, caller, outcome: expected(row, caller) })));

  it.each(cells.map((c) => [`${c.caller} · ${c.row.name} → ${c.outcome}`, c] as const))('%s', async (_, { row, caller, outcome }) => {
    const cell = await makeCell(caller);
    await row.setup?.(cell);
    const before = await snapshot();
    const auditBefore = await auditCount(cell.actor.id);
    const res = await row.request(cell)(cell.actor.token);
    if (outcome === 'ok') {
      expect(res.statusCode, res.body).toBe(200);
      expect(await auditCount(cell.actor.id)).toBeGreaterThan(auditBefore);
    } else {
      expect({ status: res.statusCode, code: res.error().errorCode }).toEqual({ status: ERRORS[outcome].status, code: outcome });
      expect(await snapshot()).toEqual(before);
      expect(await auditCount(cell.actor.id)).toBe(auditBefore);
    }
  });

  it("lets an Admin no longer make itself Super Admin: the issue's own request", async () => {
    const admin = await t.login('admin');
    const me = (await call(t, endpoints.me, { token: admin })).json();
    const missing = (await import('@nusa/contracts')).TASKS.filter((task) => !me.tasks.includes(task));
    expect(missing.length).toBeGreaterThan(0);
    const res = await call(t, endpoints.setPageAccess, { params: { kind: 'user', id: me.userId }, body: { tasks: missing }, token: admin });
    expect(res.error().errorCode).toBe('cannot_raise_own_rights');
    const after = (await call(t, endpoints.me, { token: admin })).json();
    expect(after.tasks).toEqual(me.tasks);
  });
});
