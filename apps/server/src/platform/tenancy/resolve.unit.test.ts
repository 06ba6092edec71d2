import { describe, expect, it } from 'vitest';
import { tenantCodeOf } from './resolve.ts';

const byHost = (host: string | undefined) => tenantCodeOf({ host });

describe('tenantCodeOf (architecture §3, spec 9: X-Tenant, else first host label, else demo)', () => {
  it.each([
    ['acme.localhost', 'acme'],
    ['acme.localhost:5173', 'acme'],
    ['acme.nusa.example.com', 'acme'],
    ['ACME.Nusa.Example.com:443', 'acme'],
    ['toko-maju.nusa.id', 'toko-maju'],
  ])('takes the first label of %s', (host, code) => {
    expect(byHost(host)).toBe(code);
  });

  it.each([
    ['localhost'],
    ['localhost:3000'],
    ['127.0.0.1'],
    ['127.0.0.1:3000'],
    ['10.1.2.3'],
    ['[::1]'],
    ['[::1]:3000'],
    ['[2001:db8::7]:8080'],
    ['example.com'],
    [''],
    [undefined],
    ['under_score.nusa.example.com'],
    ['-dash.nusa.example.com'],
  ])('falls back to demo for %s', (host) => {
    expect(byHost(host)).toBe('demo');
  });

  it('prefers X-Tenant over the host, case-insensitively and trimmed', () => {
    expect(tenantCodeOf({ host: 'acme.localhost', 'x-tenant': 'Demo ' })).toBe('demo');
    expect(tenantCodeOf({ host: 'localhost', 'x-tenant': ['acme', 'demo'] })).toBe('acme');
    expect(tenantCodeOf({ host: 'acme.localhost', 'x-tenant': '' })).toBe('acme');
  });

  it.each([['a b'], ['acme.evil'], ["acme'--"], ['ACME/..'], ['x'.repeat(64)], ['-acme']])('refuses X-Tenant %j with invalid_input_format', (value) => {
    expect(() => tenantCodeOf({ host: 'localhost', 'x-tenant': value })).toThrow(
      expect.objectContaining({ code: 'invalid_input_format', args: ['X-Tenant', 'tenant code'] }),
    );
  });
});
