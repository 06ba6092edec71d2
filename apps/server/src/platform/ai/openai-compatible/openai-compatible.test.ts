import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { z } from 'zod';
import { generateText, tool } from 'ai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { startOpenAiTestServer, type ChatCompletionRequest, type OpenAiTestServer } from '../../../../test/openai-server.ts';
import { AppError } from '../../errors/app-error.ts';
import { parseAllowList, useOutboundPolicy, type AllowEntry } from '../../outbound/index.ts';
import type { AiEngine } from '../engine.ts';
import { checkConnection, createOpenAiCompatibleEngine, type OpenAiCompatibleOptions } from './index.ts';
import { UNKNOWN_ANSWER } from './grounding.ts';

let server: OpenAiTestServer;
let options: OpenAiCompatibleOptions;
let engine: AiEngine;
const defaultReply = { fn: undefined as undefined | OpenAiTestServer['reply'] };

beforeAll(async () => {
  // The test provider listens on loopback: allowed here as an on-premises install allows its own model server.
  useOutboundPolicy({ allow: parseAllowList('127.0.0.1') as AllowEntry[] });
  server = await startOpenAiTestServer();
  defaultReply.fn = server.reply;
  options = {
    baseUrl: server.baseUrl,
    apiKey: 'sk-test-1234567890',
    timeoutMs: 2_000,
    maxRetries: 2,
    backoffMs: 1,
    models: { chat: 'test-chat', embedding: 'test-embed', structured: 'test-chat', image: 'test-image' },
  };
  engine = createOpenAiCompatibleEngine(options);
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.apiKey = 'sk-test-1234567890';
  server.delayMs = 0;
  server.reply = defaultReply.fn!;
});

/** The failure a call ended with, as the API would answer it. */
async function failure(p: Promise<unknown>) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return (err as AppError).body();
}

const systemOf = (body: unknown) => (body as ChatCompletionRequest).messages.find((m) => m.role === 'system')?.content as string;

describe('openai-compatible engine against a loopback OpenAI server', () => {
  it('streams a chat answer grounded in the facts, with citations taken out as sources and usage from the provider', async () => {
    server.reply = () => 'Toko buka pukul 09.00 sampai 21.00 [#hours]. Parkir gratis [#parking].';
    const deltas: string[] = [];
    const answer = await engine.chat({
      systemInstruction: 'Kamu asisten Toko Maju.',
      language: 'id',
      messages: [{ role: 'user', content: 'Jam berapa toko buka?' }],
      context: [
        { id: 'hours', text: 'Jam buka 09.00-21.00', fields: { hari: 'Senin-Sabtu' } },
        { id: 'parking', text: 'Parkir gratis' },
        { id: 'unused', text: 'Ada wifi' },
      ],
      onDelta: (d) => deltas.push(d),
    });
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).not.toContain('[#');
    expect(answer).toMatchObject({ text: 'Toko buka pukul 09.00 sampai 21.00. Parkir gratis.', sources: ['hours', 'parking'], unknown: false });
    expect(answer.usage.model).toBe('test-chat');
    expect(answer.usage.inputTokens).toBeGreaterThan(10);
    expect(answer.usage.outputTokens).toBe(10);
    const sent = server.requests[0];
    expect(sent).toMatchObject({ path: '/v1/chat/completions', authorization: 'Bearer sk-test-1234567890' });
    expect((sent.body as ChatCompletionRequest).stream).toBe(true);
    const system = systemOf(sent.body);
    expect(system).toContain('Kamu asisten Toko Maju.');
    expect(system).toContain('Answer only from the facts below');
    expect(system).toContain('[#hours] Jam buka 09.00-21.00 (hari: Senin-Sabtu)');
  });

  it('says plainly in the user language that it does not know when the model finds nothing in the facts', async () => {
    server.reply = () => '[[UNKNOWN]]';
    const deltas: string[] = [];
    const answer = await engine.chat({
      language: 'en',
      messages: [{ role: 'user', content: 'Who won in 1998?' }],
      context: [],
      onDelta: (d) => deltas.push(d),
    });
    expect(answer).toMatchObject({ text: UNKNOWN_ANSWER.en, unknown: true, sources: [] });
    expect(deltas.join('')).toBe(UNKNOWN_ANSWER.en);
  });

  it('embeds texts with the embedding model and reports the tokens', async () => {
    const result = await engine.embed(['harga kopi susu', 'kopi susu harga', 'jam buka toko']);
    expect(result.dimensions).toBe(64);
    expect(result.vectors).toHaveLength(3);
    const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0);
    expect(cos(result.vectors[0], result.vectors[1])).toBeCloseTo(1, 5);
    expect(cos(result.vectors[0], result.vectors[2])).toBeLessThan(0.5);
    expect(result.usage).toEqual({ model: 'test-embed', inputTokens: 9, outputTokens: 0, images: 0 });
    expect((server.requests[0].body as { model: string }).model).toBe('test-embed');
  });

  it('answers structured output that the zod schema validates, and ai_generated_query_invalid when it does not', async () => {
    const schema = z.object({ metric: z.enum(['revenue', 'quantity']), months: z.number().int().min(1), product: z.string() });
    const ok = await engine.structured({ schema, instruction: 'Turn the question into a plan.', input: 'Omzet 3 bulan terakhir', language: 'id' });
    expect(ok.value).toEqual({ metric: 'revenue', months: 1, product: 'contoh' });
    const format = (server.requests[0].body as ChatCompletionRequest).response_format;
    expect(format?.type).toBe('json_schema');
    expect(format?.json_schema?.schema?.required).toEqual(['metric', 'months', 'product']);

    server.reply = () => JSON.stringify({ metric: 'profit', months: 0 });
    expect(await failure(engine.structured({ schema, instruction: 'Plan.', input: 'x', language: 'en' }))).toEqual({
      errorCode: 'ai_generated_query_invalid',
      errorArgs: [],
    });
    server.reply = () => 'not json at all';
    expect((await failure(engine.structured({ schema, instruction: 'Plan.', input: 'x', language: 'en' }))).errorCode).toBe('ai_generated_query_invalid');
  });

  it('speaks tool calls on the wire: the SDK gets the call with arguments made from the tool schema', async () => {
    const provider = createOpenAICompatible({ name: 'test', baseURL: server.baseUrl, apiKey: options.apiKey });
    const result = await generateText({
      model: provider.chatModel('test-chat'),
      prompt: 'Stok kopi?',
      maxRetries: 0,
      tools: { stock: tool({ description: 'Stock of a product', inputSchema: z.object({ product: z.string(), warehouse: z.enum(['JKT', 'SBY']) }) }) },
    });
    expect(result.toolCalls.map((c) => [c.toolName, c.input])).toEqual([['stock', { product: 'contoh', warehouse: 'JKT' }]]);
    expect((server.requests[0].body as ChatCompletionRequest).tools?.[0].function.name).toBe('stock');
  });

  it('edits an image through POST /images/edits (multipart) and returns the PNG it answers', async () => {
    const photo = await sharp({ create: { width: 4, height: 2, channels: 3, background: { r: 200, g: 10, b: 10 } } })
      .png()
      .toBuffer();
    const result = await engine.editImage({ image: photo, prompt: 'white studio background', width: 8, height: 4 });
    expect(result.mimeType).toBe('image/png');
    expect(await sharp(result.image).metadata()).toMatchObject({ format: 'png', width: 8, height: 4 });
    expect(result.usage).toEqual({ model: 'test-image', inputTokens: 0, outputTokens: 0, images: 1 });
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/v1/images/edits' });
  });

  it('trains intents from embeddings and classifies by the nearest centroid, with an out-of-scope verdict', async () => {
    const model = await engine.trainIntents([
      { intent: 'price', text: 'berapa harga kopi' },
      { intent: 'price', text: 'harga kopi susu berapa' },
      { intent: 'hours', text: 'jam buka toko' },
      { intent: 'hours', text: 'toko buka jam berapa' },
    ]);
    expect(model.intents).toEqual(['price', 'hours']);
    const price = await engine.classifyIntent(model, 'harga kopi');
    expect(price).toMatchObject({ intent: 'price', outOfScope: false });
    expect(price.ranking.map((r) => r.intent)).toEqual(['price', 'hours']);
    const other = await engine.classifyIntent(model, 'cuaca hari ini cerah');
    expect(other).toMatchObject({ intent: null, outOfScope: true });
  });

  it('retries a 429 (after its Retry-After) and a 500, then succeeds; a streamed chat is retried before it shows anything', async () => {
    server.failNext(429, 1, 0);
    server.failNext(500, 1);
    const result = await engine.embed(['halo']);
    expect(result.vectors).toHaveLength(1);
    expect(server.requests.map((r) => r.path)).toEqual(['/v1/embeddings', '/v1/embeddings', '/v1/embeddings']);
    server.failNext(429, 1, 0);
    const deltas: string[] = [];
    const answer = await engine.chat({ language: 'en', messages: [{ role: 'user', content: 'again' }], context: [], onDelta: (d) => deltas.push(d) });
    expect(answer.text).toBe('Echo: again');
    expect(deltas.join('')).toBe('Echo: again');
    expect(server.requests).toHaveLength(5);
  });

  it('gives up after maxRetries of 500 with ai_response_failed in the provider words', async () => {
    server.failNext(500, 3);
    const body = await failure(engine.chat({ language: 'en', messages: [{ role: 'user', content: 'hi' }], context: [] }));
    expect(body).toEqual({ errorCode: 'ai_response_failed', errorArgs: ['HTTP 500'] });
    expect(server.requests).toHaveLength(3);
  });

  it('stops a slow provider at the timeout with ai_response_failed, without retrying', async () => {
    server.delayMs = 5_000;
    const slow = createOpenAiCompatibleEngine({ ...options, timeoutMs: 150 });
    const body = await failure(slow.embed(['halo']));
    expect(body).toEqual({ errorCode: 'ai_response_failed', errorArgs: ['no answer within 0.15 s (timeout)'] });
    expect(server.requests).toHaveLength(1);
  });

  it('answers a rejected API key with its status, not the provider words, and does not retry a 401', async () => {
    const wrong = createOpenAiCompatibleEngine({ ...options, apiKey: 'sk-wrong-key-abcd' });
    const body = await failure(wrong.chat({ language: 'id', messages: [{ role: 'user', content: 'halo' }], context: [] }));
    expect(body.errorCode).toBe('ai_response_failed');
    expect(body.errorArgs).toEqual(['HTTP 401']);
    expect(server.requests).toHaveLength(1);
  });

  it('checks a connection with GET /models and a one-token chat, and reports a bad key and a closed port by status only', async () => {
    expect(await checkConnection(options)).toEqual({ models: ['test-chat', 'test-embed', 'test-image'], chatModel: 'test-chat' });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/models', 'POST /v1/chat/completions']);
    expect((server.requests[1].body as ChatCompletionRequest).max_tokens).toBe(1);
    const bad = await failure(checkConnection({ ...options, apiKey: 'sk-nope-nope-9999' }));
    expect(bad.errorArgs).toEqual(['HTTP 401']);
    const closed = await startOpenAiTestServer();
    await closed.close();
    const unreachable = await failure(checkConnection({ ...options, baseUrl: closed.baseUrl }));
    expect(unreachable.errorArgs).toEqual(['connection failed']);
  });
});
