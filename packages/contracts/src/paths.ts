/** Request paths and query strings of the endpoints (spec 7). */

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** Spec 7: path from a template with {params} substituted and URL-encoded. */
export function fillPath(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Spec 7: query from non-empty values, arrays as name[]=. */
export function buildQuery(query: Record<string, QueryValue> = {}): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) parts.push(`${encodeURIComponent(name)}[]=${encodeURIComponent(String(item))}`);
    } else {
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Fastify-style path (`:name`) of a template. */
export const routerPath = (template: string) => template.replace(/\{(\w+)\}/g, ':$1');

/**
 * Two addresses of a remote service (an AI provider, a channel's API) are the same one whatever their spaces and
 * trailing slashes. A stored key or token goes to no other address than the one it was saved for.
 */
export const sameServiceAddress = (a: string, b: string) => a.trim().replace(/\/+$/, '') === b.trim().replace(/\/+$/, '');
