import { describe, expect, it } from 'vitest';
import { tenantFromHost } from './tenant.ts';

describe('tenantFromHost', () => {
  it.each([
    ['acme.nusa.id', 'acme'],
    ['acme.localhost', 'acme'],
    ['ACME.Nusa.ID', 'acme'],
    ['nusa.id', 'demo'],
    ['localhost', 'demo'],
    ['127.0.0.1', 'demo'],
    ['[::1]', 'demo'],
    ['', 'demo'],
    ['under_score.nusa.id', 'demo'],
  ])('%s → %s', (host, tenant) => {
    expect(tenantFromHost(host)).toBe(tenant);
  });
});
