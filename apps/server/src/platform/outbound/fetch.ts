import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { AppError } from '../errors/app-error.ts';
import { addressAllowed, type AllowEntry } from './address.ts';

/** A host name's addresses, as `dns.lookup(name, {all: true})` answers them. */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface OutboundOptions {
  /** Non-public addresses this install may call (OUTBOUND_ALLOW_HOSTS); read at each call. */
  allow: () => readonly AllowEntry[];
  /** The system resolver by default; tests give names their own addresses. */
  resolve?: Resolver;
  maxRedirects?: number;
}

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 204, 205, 304]);
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

/** The same answer whether the address's port is open or closed: nothing was sent to it. */
const refusal = (host: string) => new AppError('outbound_address_not_allowed', [host]);
const portOf = (url: URL) => Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
const bare = (host: string) => host.replace(/^\[|\]$/g, '');

/**
 * A `fetch` for addresses that users (or settings) name: each hop's host is resolved once, every address it resolves
 * to must be public or allowed, and the connection goes to exactly the checked address (the lookup the socket uses is
 * the check), so a DNS answer that changes between a check and the connection (rebinding) cannot reach another host.
 * Redirects are followed here, at most `maxRedirects`, each hop checked again. A refused address is the catalogued
 * `outbound_address_not_allowed` (422); other failures are fetch's own (`TypeError: fetch failed`, the abort reason).
 */
export function createOutboundFetch(options: OutboundOptions): typeof fetch {
  const resolve = options.resolve ?? systemResolver;
  const maxRedirects = options.maxRedirects ?? 5;

  function send(url: URL, method: string, headers: Headers, body: Buffer | undefined, signal: AbortSignal): Promise<Response> {
    const host = bare(url.hostname);
    const port = portOf(url);
    const allow = options.allow();
    // An address in the URL is connected to as it is (no lookup), so it is checked here.
    if (isIP(host) && !addressAllowed(allow, host, port, host)) return Promise.reject(refusal(url.hostname));
    const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
      resolve(hostname).then(
        (found) => {
          if (found.length === 0) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 4);
          // One refused address refuses the name: a name that also points inside is not a public service.
          if (found.some((a) => !addressAllowed(allow, hostname, port, a.address))) return callback(refusal(hostname), '', 4);
          if (lookupOptions.all) return (callback as unknown as (e: null, all: typeof found) => void)(null, found);
          callback(null, found[0].address, found[0].family);
        },
        (err: NodeJS.ErrnoException) => callback(err, '', 4),
      );
    };
    const outgoing: Record<string, string> = {};
    headers.forEach((value, name) => (outgoing[name] = value));
    outgoing['accept-encoding'] ??= 'gzip, deflate, br';
    if (body) outgoing['content-length'] = String(body.length);
    return new Promise((fulfil, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request(
        url,
        { method, headers: outgoing, lookup, signal, agent: agents[url.protocol as 'http:' | 'https:'] },
        (res) => fulfil(responseOf(res, method)),
      );
      request.on('error', (err) => {
        if (err instanceof AppError) reject(err);
        else if (signal.aborted) reject(signal.reason);
        else reject(new TypeError('fetch failed', { cause: err }));
      });
      request.end(body);
    });
  }

  return async (input, init) => {
    const request = new Request(input, init);
    if (request.signal.aborted) throw request.signal.reason;
    let url = new URL(request.url);
    let method = request.method;
    const headers = new Headers(request.headers);
    let body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new TypeError('fetch failed', { cause: new Error(`unsupported protocol ${url.protocol}`) });
      const res = await send(url, method, headers, body, request.signal);
      const location = res.headers.get('location');
      if (!REDIRECTS.has(res.status) || !location || request.redirect === 'manual') return res;
      await res.body?.cancel();
      if (request.redirect === 'error' || hop >= maxRedirects)
        throw new TypeError('fetch failed', { cause: new Error(`redirected more than ${maxRedirects} times`) });
      const next = new URL(location, url);
      // As fetch does: 303, and 301/302 after a POST, continue as a GET without the body.
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
        method = method === 'HEAD' ? 'HEAD' : 'GET';
        body = undefined;
        for (const name of ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']) headers.delete(name);
      }
      // Credentials go only to the origin they were given for.
      if (next.origin !== url.origin) for (const name of ['authorization', 'cookie', 'proxy-authorization']) headers.delete(name);
      url = next;
    }
  };
}

function responseOf(res: IncomingMessage, method: string): Response {
  const status = res.statusCode ?? 502;
  const headers = new Headers();
  for (let i = 0; i < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
  if (NULL_BODY.has(status) || method === 'HEAD') {
    res.resume();
    return new Response(null, { status, statusText: res.statusMessage, headers });
  }
  const encoding = headers.get('content-encoding')?.trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined;
  let stream: Readable = res;
  if (decoder) {
    stream = res.pipe(decoder);
    res.on('error', (err) => decoder.destroy(err));
    headers.delete('content-encoding');
    headers.delete('content-length');
  }
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status, statusText: res.statusMessage, headers });
}
