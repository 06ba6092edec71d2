import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { StartupError } from './platform/db/embedded.ts';
import { describeStartupError } from './server.ts';

/** Every start-up failure says what went wrong and what to do; none prints `undefined`. */

const closedPort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

describe('describeStartupError', () => {
  it('names a busy HTTP port and PORT', async () => {
    const holder = net.createServer();
    await new Promise<void>((r) => holder.listen({ port: 0, host: '127.0.0.1' }, r));
    const port = (holder.address() as net.AddressInfo).port;
    const err = await new Promise((resolve) => net.createServer().once('error', resolve).listen({ port, host: '127.0.0.1' }));
    holder.close();
    expect(describeStartupError(err, { PORT: port, HOST: '127.0.0.1' })).toBe(
      `Port ${port} is already in use by another program (another Nusa?). Stop it, or set PORT to a free port.`,
    );
  });

  it('names an unreachable DATABASE_URL without its password', async () => {
    const url = `postgres://owner:secret@localhost:${await closedPort()}/nusa`;
    const client = new pg.Client({ connectionString: url });
    const err = await client.connect().then(
      () => undefined,
      (e: unknown) => e,
    );
    const text = describeStartupError(err, { DATABASE_URL: url });
    expect(text).toMatch(/^Cannot reach the PostgreSQL of DATABASE_URL \(postgres:\/\/owner:\*\*\*@localhost:\d+\/nusa\): .*ECONNREFUSED.*unset DATABASE_URL/);
    expect(text).not.toContain('secret');
  });

  it("reads values that are not errors, and keeps a StartupError's own words", () => {
    expect(describeStartupError(undefined, {})).toBe('no reason given');
    expect(describeStartupError({ reason: 'odd' }, {})).toBe('{"reason":"odd"}');
    expect(describeStartupError('plain text', {})).toBe('plain text');
    expect(describeStartupError(new StartupError('what and what to do'), {})).toBe('what and what to do');
    expect(describeStartupError(Object.assign(new Error('password authentication failed for user "x"'), { code: '28P01' }), {})).toContain(
      'Check the user and password',
    );
  });
});
