import { z } from 'zod';
import { defineEndpoint, listOf, listQuery, sortBy } from '../endpoint.ts';

export const YN = z.enum(['Y', 'N']);
export type YN = z.infer<typeof YN>;

const USER_READ = ['readOnlyConfigUser', 'createEditConfigUser', 'writeAllConfigUser'] as const;
const USER_EDIT = ['createEditConfigUser', 'writeAllConfigUser'] as const;
const USER_FULL = ['writeAllConfigUser'] as const;

export const USERNAME_PATTERN = /^[a-zA-Z0-9._-]+$/;

export const userItem = z.object({
  userId: z.string(),
  username: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  roleId: z.string(),
  roleName: z.string(),
  extraRoles: z.array(z.object({ roleId: z.string(), roleName: z.string() })),
  active: YN,
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type UserItem = z.infer<typeof userItem>;

const userFields = {
  fullName: z.string().trim().min(1).max(100),
  email: z.email().max(200).nullable().optional(),
  roleId: z.uuid(),
  extraRoleIds: z.array(z.uuid()).max(20).default([]),
};

/** The user list's sort fields (its table's columns; role is the main role's name). */
export const USER_SORT = ['username', 'fullName', 'email', 'role', 'lastLogin', 'active'] as const;

const userId = z.object({ userId: z.uuid() });

export const userEndpoints = {
  listUsers: defineEndpoint({
    method: 'GET',
    path: '/v1/config/users',
    access: USER_READ,
    summary: 'Users of the tenant: keyword search over username, name and email; filters by role and activation',
    query: listQuery.extend({ roleId: z.uuid().optional(), active: YN.optional(), sort: sortBy(USER_SORT) }),
    response: listOf(userItem),
  }),
  getUser: defineEndpoint({
    method: 'GET',
    path: '/v1/config/users/{userId}',
    access: USER_READ,
    summary: 'One user',
    params: userId,
    response: userItem,
  }),
  createUser: defineEndpoint({
    method: 'POST',
    path: '/v1/config/users',
    access: USER_EDIT,
    summary: 'Create a user; the password must follow the password policy and match its confirmation',
    body: z.object({
      username: z.string().trim().min(1).max(50).regex(USERNAME_PATTERN, 'letters, digits, dot, dash or underscore, no spaces'),
      password: z.string().min(1).max(200),
      confirmPassword: z.string().min(1).max(200),
      ...userFields,
    }),
    response: userItem,
  }),
  updateUser: defineEndpoint({
    method: 'PUT',
    path: '/v1/config/users/{userId}',
    access: USER_EDIT,
    summary: "Edit a user's name, email and roles",
    params: userId,
    body: z.object(userFields),
    response: userItem,
  }),
  setUserActive: defineEndpoint({
    method: 'PUT',
    path: '/v1/config/users/{userId}/active',
    access: USER_EDIT,
    summary: 'Activate (Y) or deactivate (N) a user; deactivation ends their sessions',
    params: userId,
    body: z.object({ active: YN }),
    response: userItem,
  }),
  deleteUser: defineEndpoint({
    method: 'DELETE',
    path: '/v1/config/users/{userId}',
    access: USER_FULL,
    summary: 'Delete a user',
    params: userId,
    response: z.object({ ok: z.literal(true) }),
  }),
  resetUserPassword: defineEndpoint({
    method: 'POST',
    path: '/v1/config/users/{userId}/reset-password',
    access: USER_FULL,
    summary: "Give a user a new random password, shown once; ends the user's sessions",
    params: userId,
    response: z.object({ password: z.string() }),
  }),
  userTasks: defineEndpoint({
    method: 'GET',
    path: '/v1/config/users/{userId}/tasks',
    access: USER_READ,
    summary: "A user's effective tasks and where each comes from",
    params: userId,
    response: z.object({ tasks: z.array(z.object({ task: z.string(), fromRole: z.boolean(), fromUser: z.boolean() })), superAdmin: z.boolean() }),
  }),
};
