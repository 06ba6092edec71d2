import type { LightMyRequestResponse } from 'fastify';
import { buildQuery, fillPath, isErrorCode, type BodyOf, type Endpoint, type ErrorBody, type ParamsOf, type QueryOf, type ResponseOf } from '@nusa/contracts';
import type { TestApp } from './test-app.ts';

/**
 * A slot of a call: required when the endpoint declares a schema whose input needs something, optional when every
 * field may be left out, and absent (a compile error to pass) when the endpoint declares no schema for it.
 */
type Slot<K extends string, T> = unknown extends T ? { [P in K]?: never } : object extends T ? { [P in K]?: T } : { [P in K]: T };

/** What a test sends through an endpoint: its path parameters, query and body as the contract types them. */
export type CallInput<E extends Endpoint> = Slot<'params', ParamsOf<E>> &
  Slot<'query', QueryOf<E>> &
  Slot<'body', BodyOf<E>> & {
    /** The work, pre-login or anonymous token sent as `Authorization: Bearer`. */
    token?: string;
    /** The organisation (`X-Tenant`). */
    tenant?: string;
    /** Extra headers (identity headers, a page URL, a forwarded client address). */
    headers?: Record<string, string>;
    /** The client address the request comes from. */
    remoteAddress?: string;
  };

/** The answer of a call: `json()` is the endpoint's response, `error()` the catalogued error body of a failure. */
export type CallResponse<E extends Endpoint> = Omit<LightMyRequestResponse, 'json'> & {
  json(): ResponseOf<E>;
  /** The `{errorCode, errorArgs}` of a 4xx answer; throws when the answer is not a failure in that shape. */
  error(): ErrorBody;
};

/** The URL of a call under /api, built by the same rules as the web client (spec 7): {params} URL-encoded, the query from non-empty values, arrays as `name[]=`. */
export function urlOf<E extends Endpoint>(endpoint: E, input: { params?: unknown; query?: unknown } = {}): string {
  const path = fillPath(endpoint.path, (input.params ?? {}) as Record<string, string | number>);
  return `/api${path}${buildQuery((input.query ?? {}) as Parameters<typeof buildQuery>[0])}`;
}

/**
 * Calls an endpoint of the contracts through the test app: method and path from the contract, so a renamed path
 * parameter or body field is a compile error in the test. The body is sent except for GET, as the web client does.
 * Tests that deliberately send what the contract does not allow (malformed bodies, unknown URLs, header tricks)
 * use `t.request` with a raw URL instead.
 */
export async function call<E extends Endpoint>(t: TestApp, endpoint: E, input: CallInput<E>): Promise<CallResponse<E>> {
  const { params, query, body, token, tenant, headers, remoteAddress } = input as {
    params?: unknown;
    query?: unknown;
    body?: unknown;
    token?: string;
    tenant?: string;
    headers?: Record<string, string>;
    remoteAddress?: string;
  };
  const url = urlOf(endpoint, { params, query });
  const sendsBody = endpoint.method !== 'GET' && endpoint.body !== undefined;
  const res = await t.request({
    method: endpoint.method,
    url,
    token,
    tenant,
    headers,
    remoteAddress,
    ...(sendsBody ? { payload: (body ?? {}) as Record<string, unknown> } : {}),
  });
  const error = (): ErrorBody => {
    const parsed = res.statusCode >= 400 ? (JSON.parse(res.body) as Partial<ErrorBody>) : undefined;
    if (!parsed || typeof parsed.errorCode !== 'string' || !isErrorCode(parsed.errorCode) || !Array.isArray(parsed.errorArgs)) {
      throw new Error(`${endpoint.method} ${url} answered ${res.statusCode} ${res.body.slice(0, 300)}, not a catalogued error`);
    }
    return parsed as ErrorBody;
  };
  const json = res.json.bind(res);
  return Object.assign(res, { json: () => json() as ResponseOf<E>, error });
}
