import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { sessionData } from './session.ts';

const ok = z.object({ ok: z.literal(true) });
const credentials = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
});

export const authEndpoints = {
  preLoginToken: defineEndpoint({
    method: 'POST',
    path: '/v1/auth/pre-login',
    access: 'public',
    summary: 'Issue a short-lived pre-login token (spec 7 self-signed token, signed by the server)',
    response: z.object({ token: z.string(), expiresIn: z.number() }),
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/v1/auth/login',
    access: 'prelogin',
    summary: 'Log in with username and password; the work token comes in the X-Auth-Token header',
    body: credentials,
    response: sessionData,
  }),
  anonymous: defineEndpoint({
    method: 'POST',
    path: '/v1/auth/anonymous',
    access: 'prelogin',
    summary: 'Issue an anonymous token for public calls',
    response: z.object({ token: z.string(), expiresIn: z.number() }),
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/v1/auth/logout',
    access: [],
    summary: 'Revoke the current session',
    response: ok,
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/v1/auth/me',
    access: [],
    summary: 'The session data of the current user, with the task list as it is now',
    response: sessionData,
  }),
  createSessionKey: defineEndpoint({
    method: 'POST',
    path: '/v1/auth/session-keys',
    access: [],
    summary: 'Create a one-time session and key pair for sign-in by session and key (server-to-server)',
    response: z.object({ session: z.string(), key: z.string(), expiresIn: z.number() }),
  }),
  loginBySessionKey: defineEndpoint({
    method: 'POST',
    path: '/v1/auth/session-key/login',
    access: 'prelogin',
    summary: 'Validate a session and key pair and log in as its user',
    body: z.object({ session: z.string().trim().min(1).max(100), key: z.string().trim().min(1).max(200) }),
    response: sessionData,
  }),
  createRedirectCredential: defineEndpoint({
    method: 'POST',
    path: '/v1/auth/redirect-credentials',
    access: [],
    summary: 'Encrypt an expiring, single-use credential bundle for automatic login through ?redirect=',
    body: credentials.extend({ remember: z.boolean().default(false), expiresIn: z.number().int().min(10).max(3600).default(300) }),
    response: z.object({ redirect: z.string(), expiresIn: z.number() }),
  }),
  loginByRedirect: defineEndpoint({
    method: 'POST',
    path: '/v1/auth/redirect/login',
    access: 'prelogin',
    summary: 'Log in with an encrypted credential bundle from a redirect parameter',
    body: z.object({ redirect: z.string().min(1).max(4000) }),
    response: sessionData.extend({ remember: z.boolean(), rememberedUsername: z.string().nullable() }),
  }),
  mySessions: defineEndpoint({
    method: 'GET',
    path: '/v1/auth/sessions',
    access: [],
    summary: "The current user's recent login sessions",
    query: z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
    response: z.object({
      items: z.array(
        z.object({
          sessionId: z.string(),
          loginAt: z.string(),
          durationSeconds: z.number().nullable(),
          responseCode: z.number(),
          module: z.string(),
          current: z.boolean(),
        }),
      ),
    }),
  }),
};
