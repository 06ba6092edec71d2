import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { FastifyInstance } from 'fastify';
import { createTestApp, secondInstance, type TestApp } from '../../../test/test-app.ts';

/** A public socket (the demo shop's chat widget) on a server whose log is read here. */
let t: TestApp;
let server: FastifyInstance;
let port: number;
const log: { level: number; msg: string; stack?: string; err?: unknown }[] = [];

beforeAll(async () => {
  t = await createTestApp('websocket_frames');
  ({ app: server, port } = await secondInstance(
    t,
    { LOG_LEVEL: 'info' },
    { level: 'info', stream: { write: (line: string) => log.push(JSON.parse(line) as (typeof log)[number]) } },
  ));
});
afterAll(async () => {
  await server.close();
  await t.close();
});

describe('websocket frames', () => {
  it('refuses a frame over the limit with close code 1009, logged as a refused frame at warn, no error and no stack', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/service/widget/demo/SEKAR/socket?visitor=visitor-big-frame-01`);
    const hello = await new Promise<{ type: string }>((resolve, reject) => {
      ws.once('message', (data) => resolve(JSON.parse(String(data)) as { type: string }));
      ws.once('error', reject);
    });
    expect(hello.type).toBe('hello');
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send(JSON.stringify({ type: 'message', text: 'x'.repeat(20 * 1024) }));
    expect(await closed).toBe(1009);

    const refused = log.filter((l) => l.msg === 'websocket frame refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ level: 40, code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH', route: '/api/v1/service/widget/:tenant/:clientCode/socket' });
    expect(JSON.stringify(refused[0])).not.toContain('    at ');
    expect(log.filter((l) => l.level >= 50)).toEqual([]);
  });
});
