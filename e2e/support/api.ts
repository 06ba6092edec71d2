import { inject } from 'vitest';
import type { SessionData } from '@nusa/contracts';
import { DEMO_PASSWORD } from '../../apps/server/src/db/seed/demo.ts';

export { DEMO_PASSWORD };

export const baseUrl = () => inject('e2eBaseUrl');

export type DemoUser = 'superadmin' | 'admin' | 'staff' | 'agent' | 'cashier';

export interface ApiResponse<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** A direct HTTP call to the running server, outside the browser (set-up and server-side checks). */
export async function api<T = unknown>(method: string, path: string, opts: { token?: string; tenant?: string; body?: unknown } = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { 'x-tenant': opts.tenant ?? 'demo' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
}

export async function preLoginToken(): Promise<string> {
  const res = await api<{ token: string }>('POST', '/v1/auth/pre-login');
  return res.body.token;
}

/** Logs in through the API; returns the session data and the work token. */
export async function apiLogin(username: string, opts: { tenant?: string; password?: string } = {}) {
  const res = await api<SessionData>('POST', '/v1/auth/login', {
    token: await preLoginToken(),
    tenant: opts.tenant,
    body: { username, password: opts.password ?? DEMO_PASSWORD },
  });
  if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { data: res.body, token: res.headers.get('x-auth-token')! };
}

/** A username no account has: wrong-password tests never lock a real user that other test files log in as. */
export const unknownUsername = (label: string) => `nobody-${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
