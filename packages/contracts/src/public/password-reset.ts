import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 30;

const ok = z.object({ ok: z.literal(true) });

export const passwordResetEndpoints = {
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/v1/auth/forgot-password',
    access: 'prelogin',
    summary: 'Mail a single-use reset link to the account with this username or email (tenant from X-Tenant); the answer is the same whether or not it exists',
    body: z.object({ login: z.string().trim().min(1).max(200) }),
    response: ok,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/v1/auth/reset-password',
    access: 'prelogin',
    summary: "Set a new password with a reset link's token; ends every session of the user",
    body: z.object({ token: z.string().min(20).max(200), newPassword: z.string().min(1).max(200), confirmPassword: z.string().min(1).max(200) }),
    response: ok,
  }),
};
