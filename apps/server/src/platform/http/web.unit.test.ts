import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../errors/handler.ts';
import { webRoutes } from './web.ts';

const bigScript = `export const texts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `text number ${i}`))};`;

describe('web build serving', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'nusa-web-test-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'landing.html'), '<!doctype html><h1>Nusa</h1>');
    fs.writeFileSync(path.join(dist, 'assets', 'landing-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-def456.js'), bigScript);
    fs.writeFileSync(path.join(dist, 'assets', 'app-def456.js.br'), zlib.brotliCompressSync(bigScript));
    fs.writeFileSync(path.join(dist, 'assets', 'app-def456.js.gz'), zlib.gzipSync(bigScript));
    app = Fastify();
    installErrorHandler(app);
    await webRoutes(app, dist);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers /landing with the static landing page, revalidated by ETag', async () => {
    const res = await app.inject({ url: '/landing?lang=en' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<!doctype html><h1>Nusa</h1>');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const again = await app.inject({ url: '/landing', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('caches hashed assets for good and other files only with revalidation', async () => {
    expect((await app.inject({ url: '/assets/landing-abc123.js' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ url: '/favicon.svg' })).headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed copy the browser accepts, and the plain file to one that accepts none', async () => {
    const br = await app.inject({ url: '/assets/app-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);
    const gz = await app.inject({ url: '/assets/app-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(bigScript);
    const plain = await app.inject({ url: '/assets/app-def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it('answers the app for any other page, and not_found under /api', async () => {
    const page = await app.inject({ url: '/dashboard' });
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    const api = await app.inject({ url: '/api/v1/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ errorCode: 'not_found' });
  });
});
