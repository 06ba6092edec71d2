import {
  AUTH_TOKEN_HEADER,
  TENANT_HEADER,
  authEndpoints,
  buildQuery,
  fillPath,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@nusa/contracts';
import { currentTenant, loginTenant, sessionStore } from '../app/session.ts';
import { STORAGE_KEYS } from '../app/storage-keys.ts';
import { ApiError, errorOfAnswer } from './api-error.ts';

export { ApiError };

export const API_BASE = '/api';

export interface CallInput<E extends Endpoint> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  signal?: AbortSignal;
  /**
   * Whether a 401 on a call made with the work token opens the session-expired dialog (spec 4). Logout turns it
   * off: a session that is already gone is simply left.
   */
  expireOnUnauthorized?: boolean;
}

export interface CallResult<E extends Endpoint> {
  data: ResponseOf<E>;
  headers: Headers;
}

/** Renew a cached token this long before it expires. */
const RENEW_MARGIN_MS = 60_000;

/** A token is issued for one organisation; after the organisation changes (login page, a mail link) it is not reused. */
interface CachedToken {
  token: string;
  expiresAt: number;
  tenant: string;
}

const usable = (cached: CachedToken | undefined, tenant: string): cached is CachedToken =>
  Boolean(cached?.token) && cached!.tenant === tenant && cached!.expiresAt - RENEW_MARGIN_MS > Date.now();

let preLogin: CachedToken | undefined;
let preLoginPending: { tenant: string; token: Promise<string> } | undefined;

/** Spec 7: the short-lived self-signed token for login-related calls, fetched once and reused until near expiry. */
async function preLoginToken(): Promise<string> {
  const tenant = loginTenant();
  if (usable(preLogin, tenant)) return preLogin.token;
  if (preLoginPending?.tenant !== tenant) {
    const pending = send(authEndpoints.preLoginToken, {}, undefined, tenant)
      .then(({ data }) => {
        preLogin = { token: data.token, expiresAt: Date.now() + data.expiresIn * 1000, tenant };
        return data.token;
      })
      .finally(() => {
        if (preLoginPending?.token === pending) preLoginPending = undefined;
      });
    preLoginPending = { tenant, token: pending };
  }
  return preLoginPending.token;
}

function storedAnonymousToken(tenant: string): CachedToken | undefined {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.anonymousToken);
    const parsed = raw ? (JSON.parse(raw) as CachedToken) : undefined;
    return usable(parsed, tenant) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function storeAnonymousToken(token: CachedToken | undefined) {
  try {
    if (token) window.localStorage.setItem(STORAGE_KEYS.anonymousToken, JSON.stringify(token));
    else window.localStorage.removeItem(STORAGE_KEYS.anonymousToken);
  } catch {
    // Without storage the token is fetched again next time.
  }
}

/** Spec 7: anonymous calls use the anonymous token, kept apart from the work token; obtained on first need. */
async function anonymousToken(): Promise<string> {
  // Anonymous calls are made without a session, so they go to the login organisation.
  const tenant = loginTenant();
  const held = storedAnonymousToken(tenant);
  if (held) return held.token;
  const { data } = await send(authEndpoints.anonymous, {}, { kind: 'prelogin', token: await preLoginToken() });
  storeAnonymousToken({ token: data.token, expiresAt: Date.now() + data.expiresIn * 1000, tenant });
  return data.token;
}

type Credential = { kind: 'prelogin' | 'anonymous' | 'work'; token: string };

async function credentialFor(endpoint: Endpoint): Promise<Credential | undefined> {
  const { access } = endpoint;
  const session = sessionStore.get();
  if (access === 'public') return undefined;
  if (access === 'prelogin') return { kind: 'prelogin', token: await preLoginToken() };
  if (access === 'anonymous') return session.token ? { kind: 'work', token: session.token } : { kind: 'anonymous', token: await anonymousToken() };
  if (!session.token) throw new ApiError(401, 'Unauthorized', []);
  return { kind: 'work', token: session.token };
}

function headersFor(credential: Credential | undefined, hasBody: boolean, tenant?: string): Headers {
  const headers = new Headers({ accept: 'application/json' });
  if (hasBody) headers.set('content-type', 'application/json');
  // Login-related calls go to the organisation chosen for the login, even from inside another session.
  headers.set(TENANT_HEADER, tenant ?? (credential?.kind === 'prelogin' ? loginTenant() : currentTenant()));
  headers.set('x-page-url', `${window.location.pathname}${window.location.search}`);
  if (credential) headers.set('authorization', `Bearer ${credential.token}`);
  const data = sessionStore.get().data;
  // Spec 6: every request carries user, role and tenant ids; the server checks them against the token.
  if (credential?.kind === 'work' && data) {
    headers.set('x-user-id', data.userId);
    headers.set('x-role-id', data.roleId);
    headers.set('x-tenant-id', data.tenantId);
  }
  return headers;
}

async function readJson(res: Response): Promise<unknown> {
  if (!(res.headers.get('content-type') ?? '').includes('json')) return undefined;
  try {
    return await res.json();
  } catch {
    return undefined;
  }
}

async function send<E extends Endpoint>(endpoint: E, input: CallInput<E>, credential: Credential | undefined, tenant?: string): Promise<CallResult<E>> {
  const url = `${API_BASE}${fillPath(endpoint.path, (input.params ?? {}) as Record<string, string | number>)}${buildQuery(
    (input.query ?? {}) as Parameters<typeof buildQuery>[0],
  )}`;
  // Spec 7: the body is sent except for GET; endpoints without a body schema send none.
  const hasBody = endpoint.method !== 'GET' && endpoint.body !== undefined;
  let res: Response;
  try {
    res = await fetch(url, {
      method: endpoint.method,
      headers: headersFor(credential, hasBody, tenant),
      body: hasBody ? JSON.stringify(input.body ?? {}) : undefined,
      signal: input.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'no_internet_connection', []);
  }
  const payload = await readJson(res);
  if (res.ok) return { data: payload as ResponseOf<E>, headers: res.headers };
  throw errorOfAnswer(res.status, payload);
}

/** The raw result of a call, with the response headers (login reads the work token from X-Auth-Token). */
export async function callWithResponse<E extends Endpoint>(endpoint: E, input: CallInput<E> = {}): Promise<CallResult<E>> {
  let credential = await credentialFor(endpoint);
  try {
    return await send(endpoint, input, credential);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401 || !credential) throw err;
    if (credential.kind === 'work') {
      if (input.expireOnUnauthorized !== false) sessionStore.markExpired();
      throw new ApiError(401, err.code, err.args, true);
    }
    // A pre-login or anonymous token the server no longer accepts (restart with a new key, expiry): renew once.
    if (err.code !== 'Unauthorized') throw err;
    if (credential.kind === 'prelogin') preLogin = undefined;
    else storeAnonymousToken(undefined);
    credential = await credentialFor(endpoint);
    return send(endpoint, input, credential);
  }
}

/** The one generic call of the web app (spec 7): method, path, query and body all come from the contract. */
export async function call<E extends Endpoint>(endpoint: E, input: CallInput<E> = {}): Promise<ResponseOf<E>> {
  return (await callWithResponse(endpoint, input)).data;
}

/** The work token of a login response (spec 7: it comes in a response header). */
export function workTokenOf(headers: Headers): string {
  const token = headers.get(AUTH_TOKEN_HEADER);
  if (!token) throw new ApiError(502, 'http_error', [502]);
  return token;
}

/**
 * A file answer (an xlsx export, a logo) of an endpoint with `file` set, as a Blob: same credentials and headers as
 * `call`, so an authenticated download never goes through a plain link. Errors are the same ApiErrors.
 */
export async function callFile<E extends Endpoint>(endpoint: E, input: CallInput<E> = {}): Promise<Blob> {
  const credential = await credentialFor(endpoint);
  const url = `${API_BASE}${fillPath(endpoint.path, (input.params ?? {}) as Record<string, string | number>)}${buildQuery(
    (input.query ?? {}) as Parameters<typeof buildQuery>[0],
  )}`;
  const headers = headersFor(credential, false);
  headers.set('accept', endpoint.file?.contentType ?? '*/*');
  let res: Response;
  try {
    res = await fetch(url, { method: endpoint.method, headers, signal: input.signal, credentials: 'same-origin' });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'no_internet_connection', []);
  }
  if (res.ok) return res.blob();
  const expired = res.status === 401 && credential?.kind === 'work';
  if (expired && input.expireOnUnauthorized !== false) sessionStore.markExpired();
  throw errorOfAnswer(res.status, await readJson(res), expired);
}

export interface UploadInput<E extends Endpoint> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  /** Sent as the raw body with the file's own content type (or `contentType`). */
  file: Blob;
  contentType?: string;
  /** Bytes sent so far and in all; once every byte is sent, the server is still processing. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a file as the raw body of an endpoint (an xlsx import) with the work token and identity headers, reporting
 * upload progress (fetch cannot), and answers the endpoint's JSON. Errors are the same ApiErrors as `call`.
 */
export async function uploadFile<E extends Endpoint>(endpoint: E, input: UploadInput<E>): Promise<ResponseOf<E>> {
  const credential = await credentialFor(endpoint);
  const url = `${API_BASE}${fillPath(endpoint.path, (input.params ?? {}) as Record<string, string | number>)}${buildQuery(
    (input.query ?? {}) as Parameters<typeof buildQuery>[0],
  )}`;
  const headers = headersFor(credential, false);
  headers.set('content-type', input.contentType ?? (input.file.type || 'application/octet-stream'));
  const xhr = new XMLHttpRequest();
  const done = new Promise<{ status: number; payload: unknown }>((resolve, reject) => {
    xhr.upload.onprogress = (e) => input.onProgress?.(e.loaded, e.lengthComputable ? e.total : input.file.size);
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = (xhr.getResponseHeader('content-type') ?? '').includes('json') ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        payload = undefined;
      }
      resolve({ status: xhr.status, payload });
    };
    xhr.onerror = () => reject(new ApiError(0, 'no_internet_connection', []));
    xhr.ontimeout = () => reject(new ApiError(0, 'connection_timeout', []));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
  });
  input.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
  xhr.open(endpoint.method, url);
  headers.forEach((value, name) => xhr.setRequestHeader(name, value));
  xhr.send(input.file);
  const { status, payload } = await done;
  if (status >= 200 && status < 300) return payload as ResponseOf<E>;
  const expired = status === 401 && credential?.kind === 'work';
  if (expired) sessionStore.markExpired();
  throw errorOfAnswer(status, payload, expired);
}

/** Saves a Blob under a file name through a temporary object URL (the browser's download). */
export function saveBlob(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
