import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { parseAllowList, type AllowEntry } from './address.ts';
import { createOutboundFetch, type Resolver } from './fetch.ts';

interface Seen {
  method: string;
  url: string;
  authorization?: string;
  body: string;
}

/** A loopback server: `/to?url=…&status=…` redirects, `/loop` to itself, anything else answers what it got. */
async function startServer() {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body });
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/loop') {
        res.writeHead(302, { location: '/loop' });
        return res.end();
      }
      if (url.pathname === '/to') {
        res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('url') ?? '/' });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, path: req.url, body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { seen, port, url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let a: Awaited<ReturnType<typeof startServer>>;
let b: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  a = await startServer();
  b = await startServer();
});
afterAll(async () => {
  await a.close();
  await b.close();
});
beforeEach(() => {
  a.seen.length = 0;
  b.seen.length = 0;
});

const allow = (text: string) => parseAllowList(text) as AllowEntry[];
/** Names resolve as the test says (and nowhere else): no real DNS. */
const names =
  (table: Record<string, string[]>): Resolver =>
  async (hostname) =>
    (table[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

async function refusedWith(p: Promise<unknown>): Promise<unknown[]> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe('outbound_address_not_allowed');
  expect((err as AppError).status).toBe(422);
  return (err as AppError).args;
}

describe('outbound fetch', () => {
  it('refuses a loopback address unless the install allows it, before sending anything', async () => {
    const guarded = createOutboundFetch({ allow: () => [] });
    expect(await refusedWith(guarded(`${a.url}/v1/models`, { headers: { authorization: 'Bearer sk-secret' } }))).toEqual(['127.0.0.1']);
    expect(a.seen).toEqual([]);
    const allowed = createOutboundFetch({ allow: () => allow('127.0.0.1') });
    const res = await allowed(`${a.url}/v1/chat`, { method: 'POST', body: 'halo', headers: { 'content-type': 'text/plain' } });
    expect(await res.json()).toEqual({ method: 'POST', path: '/v1/chat', body: 'halo' });
  });

  it('checks every redirect hop: an allowed server cannot send the call on to a refused one', async () => {
    const guarded = createOutboundFetch({ allow: () => allow(`127.0.0.1:${a.port}`) });
    const target = `${b.url}/secret`;
    expect(await refusedWith(guarded(`${a.url}/to?url=${encodeURIComponent(target)}`))).toEqual(['127.0.0.1']);
    expect(a.seen).toHaveLength(1);
    expect(b.seen).toEqual([]);
  });

  it('follows allowed redirects as fetch does, dropping the credentials at another origin, at most maxRedirects times', async () => {
    const guarded = createOutboundFetch({ allow: () => allow('127.0.0.1'), maxRedirects: 3 });
    const res = await guarded(`${a.url}/to?status=303&url=${encodeURIComponent(`${b.url}/landed`)}`, {
      method: 'POST',
      body: 'x',
      headers: { authorization: 'Bearer sk-secret' },
    });
    expect(await res.json()).toEqual({ method: 'GET', path: '/landed', body: '' });
    expect(a.seen[0].authorization).toBe('Bearer sk-secret');
    expect(b.seen[0].authorization).toBeUndefined();

    const kept = await guarded(`${a.url}/to?status=307&url=%2Fagain`, { method: 'POST', body: 'y', headers: { authorization: 'Bearer sk-secret' } });
    expect(await kept.json()).toEqual({ method: 'POST', path: '/again', body: 'y' });
    expect(a.seen.at(-1)?.authorization).toBe('Bearer sk-secret');

    const before = a.seen.length;
    await expect(guarded(`${a.url}/loop`)).rejects.toThrow(new TypeError('fetch failed'));
    expect(a.seen.length - before).toBe(4);
    const manual = await guarded(`${a.url}/to?url=%2Fx`, { redirect: 'manual' });
    expect(manual.status).toBe(302);
  });

  it('refuses a name that resolves to a refused address, or to one among others; allows it by name and connects to the checked address', async () => {
    const resolve = names({ 'models.example.test': ['127.0.0.1'], 'mixed.example.test': ['93.184.215.14', '127.0.0.1'], localhost: ['::1', '127.0.0.1'] });
    const guarded = createOutboundFetch({ allow: () => [], resolve });
    expect(await refusedWith(guarded(`http://models.example.test:${a.port}/v1/models`))).toEqual(['models.example.test']);
    expect(await refusedWith(guarded(`http://mixed.example.test:${a.port}/`))).toEqual(['mixed.example.test']);
    expect(await refusedWith(guarded(`http://localhost:${a.port}/`))).toEqual(['localhost']);
    expect(a.seen).toEqual([]);
    // The name exists only in this resolver: answering at all shows the socket went to the address that was checked.
    const byName = createOutboundFetch({ allow: () => allow('models.example.test'), resolve });
    const res = await byName(`http://models.example.test:${a.port}/pinned`);
    expect(((await res.json()) as { path: string }).path).toBe('/pinned');
  });

  it('fails like fetch for a closed port of an allowed address and for a name that does not resolve', async () => {
    const closed = await startServer();
    await closed.close();
    const guarded = createOutboundFetch({ allow: () => allow('127.0.0.1'), resolve: names({}) });
    await expect(guarded(`${closed.url}/`)).rejects.toThrow(new TypeError('fetch failed'));
    await expect(guarded('http://nowhere.example.test/')).rejects.toThrow(new TypeError('fetch failed'));
    const timeout = guarded(`${a.url}/`, { signal: AbortSignal.abort(new DOMException('late', 'TimeoutError')) });
    await expect(timeout).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
