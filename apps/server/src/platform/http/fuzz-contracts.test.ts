import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import type { InjectOptions } from 'fastify';
import { buildQuery, endpoints, fillPath, type Endpoint } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { checkAnswer, schemaArbitrary, type JsonSchema } from '../../../test/fuzz.ts';

/**
 * The other half of fuzzing: requests that pass validation. Every contract endpoint gets path parameters, query
 * and body generated from its own schemas (uuid fields often naming rows that exist), sent by a Super Admin, so
 * handlers and services run with odd but valid input. None may answer 5xx; errors keep the catalogue shape.
 */

const REQUEST_BUDGET = 900;
const runsFor = (count: number) => (process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : Math.max(3, Math.min(30, Math.floor(REQUEST_BUDGET / count))));

let t: TestApp;
let tenantId: string;
let knownIds: string[];
const tokens: Record<'superadmin' | 'prelogin' | 'anonymous', string> = { superadmin: '', prelogin: '', anonymous: '' };
let superadmin: { id: string; roleId: string; hash: string };

beforeAll(async () => {
  t = await createTestApp('fuzz_contracts');
  tenantId = await t.tenantId('demo');
  const tables = await t.pools.owner.query<{ table: string }>(`
    SELECT c.relname AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
     WHERE c.relkind = 'r'
       AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id')
       AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'id' AND a.atttypid = 'uuid'::regtype)`);
  knownIds = [];
  for (const { table } of tables.rows) {
    const ids = await t.pools.owner.query<{ id: string }>(`SELECT id::text AS id FROM "${table}" WHERE tenant_id = $1 LIMIT 15`, [tenantId]);
    knownIds.push(...ids.rows.map((r) => r.id));
  }
  const row = (
    await t.pools.owner.query<{ id: string; role_id: string; password_hash: string }>(
      `SELECT id, role_id, password_hash FROM users WHERE tenant_id = $1 AND username = 'superadmin'`,
      [tenantId],
    )
  ).rows[0];
  superadmin = { id: row.id, roleId: row.role_id, hash: row.password_hash };
});
afterAll(() => t.close());

const auditRows = async () => (await t.pools.owner.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log')).rows[0].n;

/** Undoes what fuzzed writes may have done to the account the fuzz runs as, so later endpoints still get in. */
async function ensureSignedIn() {
  const me = tokens.superadmin ? await t.request({ method: 'GET', url: '/api/v1/auth/me', token: tokens.superadmin }) : undefined;
  if (me?.statusCode === 200) return;
  await t.pools.owner.query(`UPDATE users SET active = true, username = 'superadmin', password_hash = $3, role_id = $4 WHERE tenant_id = $1 AND id = $2`, [
    tenantId,
    superadmin.id,
    superadmin.hash,
    superadmin.roleId,
  ]);
  await t.pools.owner.query('UPDATE roles SET active = true, is_super_admin = true WHERE tenant_id = $1 AND id = $2', [tenantId, superadmin.roleId]);
  await t.pools.owner.query('DELETE FROM login_throttle WHERE tenant_id = $1', [tenantId]);
  tokens.superadmin = await t.login('superadmin');
}

const toJsonSchema = (schema: z.ZodType | undefined): JsonSchema | undefined =>
  schema ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined;

function requestArbitrary(e: Endpoint): fc.Arbitrary<InjectOptions> {
  const opts = { knownIds };
  const part = (schema: z.ZodType | undefined) => {
    const js = toJsonSchema(schema);
    return js ? schemaArbitrary(js, opts) : fc.constant(undefined);
  };
  return fc.record({ params: part(e.params), query: part(e.query), body: part(e.body) }).map(({ params, query, body }) => {
    let path: string;
    try {
      path = fillPath(e.path, (params ?? {}) as Record<string, string | number>);
    } catch {
      path = e.path.replace(/\{\w+\}/g, 'x');
    }
    const token = Array.isArray(e.access)
      ? tokens.superadmin
      : e.access === 'prelogin'
        ? tokens.prelogin
        : e.access === 'anonymous'
          ? tokens.anonymous
          : undefined;
    return {
      method: e.method,
      url: `/api${path}${buildQuery((query ?? {}) as Parameters<typeof buildQuery>[0])}`,
      headers: { 'x-tenant': 'demo', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(e.method === 'GET' || body === undefined ? {} : { payload: body as object }),
    };
  });
}

describe('schema-valid requests to every contract endpoint', () => {
  it(
    'never answer 5xx, and answer errors in the catalogue shape',
    async () => {
      tokens.prelogin = await t.preLoginToken();
      tokens.anonymous = (await t.request({ method: 'POST', url: '/api/v1/auth/anonymous', token: tokens.prelogin, tenant: 'demo' })).json().token;
      const all = Object.entries(endpoints) as [string, Endpoint][];
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      for (const [name, e] of all) {
        await ensureSignedIn();
        const result = await fc.check(
          fc.asyncProperty(requestArbitrary(e), async (req) => {
            const writes = req.method !== 'GET';
            const before = writes ? await auditRows() : 0;
            const res = await t.app.inject(req);
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            checkAnswer(String(req.method), String(req.url), res);
            // Every business write is audited in its own transaction: a refused request leaves no trace of one.
            if (writes && res.statusCode >= 400 && (await auditRows()) !== before)
              throw new Error(`a refused request left audit rows: ${req.method} ${req.url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          }),
          { numRuns: runsFor(all.length), seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
        );
        if (result.failed)
          failures.push(
            `${name} ${e.method} ${e.path} (seed ${result.seed}, path ${result.counterexamplePath}): ${String(result.errorInstance).slice(0, 700)}`,
          );
      }
      if (process.env.FUZZ_STATS) console.log(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])));
      expect(failures).toEqual([]);
      // Most requests must get past validation, or this test would only repeat the other fuzz test.
      const total = [...statuses.values()].reduce((a, b) => a + b, 0);
      expect(statuses.get(400) ?? 0).toBeLessThan(total / 2);
      expect(statuses.get(200) ?? 0).toBeGreaterThan(total / 5);
    },
    process.env.FUZZ_RUNS ? 3_600_000 : 180_000,
  );
});
