import { DEFAULT_TENANT } from '@nusa/contracts';

const TENANT_CODE = /^[a-z0-9][a-z0-9-]{0,62}$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

export const isTenantCode = (code: string) => TENANT_CODE.test(code);

/**
 * Spec 9: the tenant is the first label of the host name (acme.nusa.id, acme.localhost), else `demo`.
 * Mirrors the server's resolution so the login form shows the organisation the server will use.
 */
export function tenantFromHost(hostname: string): string {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (!host || IPV4.test(host) || host.includes(':')) return DEFAULT_TENANT;
  const labels = host.split('.');
  const qualifies = labels.length > 2 || (labels.length === 2 && labels[1] === 'localhost');
  return qualifies && isTenantCode(labels[0]) ? labels[0] : DEFAULT_TENANT;
}
