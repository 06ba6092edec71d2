import { isIP } from 'node:net';
import type pg from 'pg';
import { DEFAULT_TENANT, TENANT_HEADER } from '@nusa/contracts';
import { AppError } from '../errors/app-error.ts';

export interface Tenant {
  id: string;
  code: string;
  name: string;
}

const TENANT_CODE = /^[a-z0-9][a-z0-9-]{0,62}$/;

/**
 * Spec 9 / architecture §3: the X-Tenant header, else the first label of the host name (acme.nusa.id,
 * acme.localhost), else `demo`.
 */
export function tenantCodeOf(headers: Record<string, string | string[] | undefined>): string {
  const header = headers[TENANT_HEADER];
  const explicit = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  if (explicit) {
    if (!TENANT_CODE.test(explicit)) throw new AppError('invalid_input_format', ['X-Tenant', 'tenant code']);
    return explicit;
  }
  const host = String(headers.host ?? '')
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '');
  if (!host || isIP(host)) return DEFAULT_TENANT;
  const labels = host.split('.');
  const qualifies = labels.length > 2 || (labels.length === 2 && labels[1] === 'localhost');
  return qualifies && TENANT_CODE.test(labels[0]) ? labels[0] : DEFAULT_TENANT;
}

/** Tenant lookups by code, cached briefly: tenants are read on every public call and change rarely. */
export class TenantDirectory {
  private cache = new Map<string, { tenant: Tenant | undefined; until: number }>();
  constructor(
    private readonly pool: pg.Pool,
    private readonly ttlMs = 30_000,
  ) {}

  async byCode(code: string): Promise<Tenant> {
    const hit = this.cache.get(code);
    let tenant = hit && hit.until > Date.now() ? hit.tenant : undefined;
    if (!hit || hit.until <= Date.now()) {
      const r = await this.pool.query<Tenant>('SELECT id, code, name FROM tenants WHERE code = $1 AND active', [code]);
      tenant = r.rows[0];
      this.cache.set(code, { tenant, until: Date.now() + this.ttlMs });
    }
    if (!tenant) throw new AppError('tenant_not_found', [code]);
    return tenant;
  }

  forget(code: string) {
    this.cache.delete(code);
  }
}
