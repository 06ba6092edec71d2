import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const problem = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
};

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      DATABASE_APP_ROLE: 'nusa_app',
      DATABASE_POOL_SIZE: 10,
      EMBEDDED_PG_PORT: 54329,
      SESSION_IDLE_SECONDS: 28800,
      WORK_TOKEN_SECONDS: 86400,
      LOGIN_LOCK_SECONDS: 900,
      SEED_DEMO: true,
      JOBS: true,
      LOG_LEVEL: 'info',
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.AUTH_SECRET).toBeUndefined();
    expect(c.dataDir).toBe(path.resolve('.data'));
  });

  it('reads numbers, booleans and URLs', () => {
    const c = loadConfig({
      PORT: ' 8080 ',
      DATABASE_URL: 'postgresql://nusa:pw@db.internal:5432/nusa',
      DATABASE_POOL_SIZE: '20',
      JOBS: 'FALSE',
      SEED_DEMO: '0',
      AUTH_SECRET: 'x'.repeat(32),
      LOG_LEVEL: 'warn',
      DATA_DIR: '/var/lib/nusa',
    });
    expect(c).toMatchObject({ PORT: 8080, DATABASE_POOL_SIZE: 20, JOBS: false, SEED_DEMO: false, LOG_LEVEL: 'warn', dataDir: '/var/lib/nusa' });
    expect(loadConfig({ JOBS: 'yes', SEED_DEMO: 'true' })).toMatchObject({ JOBS: true, SEED_DEMO: true });
  });

  it('defaults the public address to localhost on PORT; a given one stands', () => {
    expect(loadConfig({})).toMatchObject({ PUBLIC_URL: 'http://localhost:3000', publicUrlFollowsPort: true });
    expect(loadConfig({ PORT: '8080' })).toMatchObject({ PUBLIC_URL: 'http://localhost:8080', publicUrlFollowsPort: true });
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://app.nusa.id' })).toMatchObject({ PUBLIC_URL: 'https://app.nusa.id', publicUrlFollowsPort: false });
  });

  it('trusts no proxy by default; TRUST_PROXY names proxies by address or range, or counts hops', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: 'fd00::/8' }).TRUST_PROXY).toEqual(['fd00::/8']);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
  });

  it('allows no private outbound address by default; OUTBOUND_ALLOW_HOSTS names them, and a wrong entry is named', () => {
    expect(loadConfig({}).OUTBOUND_ALLOW_HOSTS).toEqual([]);
    expect(loadConfig({ OUTBOUND_ALLOW_HOSTS: 'llm.office.lan:8000, 10.0.0.0/8' }).OUTBOUND_ALLOW_HOSTS).toHaveLength(2);
    expect(problem({ OUTBOUND_ALLOW_HOSTS: 'llm.office.lan, http://10.0.0.1' })).toMatch(/OUTBOUND_ALLOW_HOSTS: .*\(http:\/\/10\.0\.0\.1\)/);
  });

  it('treats an empty or blank variable as unset, so PORT= does not become port 0', () => {
    const c = loadConfig({ PORT: '', HOST: ' ', DATABASE_URL: '', DATA_DIR: '', JOBS: '' });
    expect(c).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: '.data', JOBS: true });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT', 'must be a whole number'],
    [{ PORT: '70000' }, 'PORT', 'must be at most 65535'],
    [{ PORT: '-1' }, 'PORT', 'must be a whole number'],
    [{ PORT: '0x50' }, 'PORT', 'must be a whole number'],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV', 'must be development, production or test'],
    [{ DATABASE_URL: 'mysql://db/nusa' }, 'DATABASE_URL', 'must be a postgres:// or postgresql:// URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL', 'must be a postgres:// or postgresql:// URL'],
    [{ DATABASE_APP_ROLE: 'Nusa-App' }, 'DATABASE_APP_ROLE', 'must be a lower-case SQL identifier'],
    [{ DATABASE_APP_ROLE: 'x; DROP ROLE postgres' }, 'DATABASE_APP_ROLE', 'must be a lower-case SQL identifier'],
    [{ DATABASE_POOL_SIZE: '1' }, 'DATABASE_POOL_SIZE', 'must be at least 2'],
    [{ DATABASE_POOL_SIZE: '1000' }, 'DATABASE_POOL_SIZE', 'must be at most 200'],
    [{ EMBEDDED_PG_PORT: '80' }, 'EMBEDDED_PG_PORT', 'must be at least 1024'],
    [{ AUTH_SECRET: 'too-short' }, 'AUTH_SECRET', 'must be at least 32 characters'],
    [{ DATABASE_APP_PASSWORD: 'short' }, 'DATABASE_APP_PASSWORD', 'must be at least 16 characters'],
    [{ SESSION_IDLE_SECONDS: '10' }, 'SESSION_IDLE_SECONDS', 'must be at least 60'],
    [{ WORK_TOKEN_SECONDS: '1.5' }, 'WORK_TOKEN_SECONDS', 'must be a whole number'],
    [{ LOGIN_LOCK_SECONDS: '0' }, 'LOGIN_LOCK_SECONDS', 'must be at least 1'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO', 'must be true or false'],
    [{ JOBS: 'enabled' }, 'JOBS', 'must be true or false'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY', 'must be proxy addresses or CIDR ranges'],
    [{ TRUST_PROXY: 'proxy.internal' }, 'TRUST_PROXY', 'must be proxy addresses or CIDR ranges'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL', 'must be one of fatal, error, warn, info, debug, trace, silent'],
  ])('refuses %j with a message naming %s', (env, name, message) => {
    const text = problem(env);
    expect(text).toContain(`${name}: ${message}`);
    expect(text.split('\n').filter((l) => l.startsWith('  '))).toHaveLength(1);
  });

  it('reports every bad variable at once, one line each, with the value given', () => {
    const text = problem({ PORT: 'abc', LOG_LEVEL: 'loud', JOBS: 'sometimes' });
    expect(text).toMatch(/^Invalid configuration:\n/);
    expect(text).toContain('PORT: must be a whole number (got "abc")');
    expect(text).toContain('LOG_LEVEL: must be one of');
    expect(text).toContain('(got "loud")');
    expect(text).toContain('JOBS: must be true or false');
    expect(text.split('\n')).toHaveLength(4);
  });

  it('never prints a secret: AUTH_SECRET by length only, a URL password masked', () => {
    const secret = problem({ AUTH_SECRET: 'hunter2-the-real-one' });
    expect(secret).not.toContain('hunter2');
    expect(secret).toContain('got a value of 20 characters');
    expect(problem({ DATABASE_APP_PASSWORD: 'hunter2' })).not.toContain('hunter2');
    const url = problem({ DATABASE_URL: 'mysql://nusa:s3cr3t-pw@db/nusa' });
    expect(url).not.toContain('s3cr3t-pw');
    expect(url).toContain('mysql://nusa:***@db/nusa');
  });
});
