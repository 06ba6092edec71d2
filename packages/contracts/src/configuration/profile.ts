import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const profile = z.object({
  username: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  roleName: z.string(),
  lastLoginAt: z.string().nullable(),
  passwordChangedAt: z.string(),
});

export const profileEndpoints = {
  getProfile: defineEndpoint({ method: 'GET', path: '/v1/profile', access: [], summary: "The logged-in user's own profile", response: profile }),
  updateProfile: defineEndpoint({
    method: 'PUT',
    path: '/v1/profile',
    access: [],
    summary: "Edit one's own name and email",
    body: z.object({ fullName: z.string().trim().min(1).max(100), email: z.email().max(200).nullable() }),
    response: profile,
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/v1/profile/change-password',
    access: [],
    summary: "Change one's own password: the old one must be right, the new one follows the policy; other sessions end",
    body: z.object({ oldPassword: z.string().min(1).max(200), newPassword: z.string().min(1).max(200), confirmPassword: z.string().min(1).max(200) }),
    response: z.object({ ok: z.literal(true) }),
  }),
};
