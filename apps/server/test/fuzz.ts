import fc from 'fast-check';
import { isErrorCode } from '@nusa/contracts';

/** Shared by the fuzz tests: what every answer must satisfy, and arbitraries built from contract schemas. */

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/**
 * Never 5xx; every 4xx is JSON `{errorCode, errorArgs}` with a catalogued code and string/number args, and no
 * stack trace or SQL. Throws with the request and answer when not.
 */
export function checkAnswer(method: string, url: string, res: Answer): void {
  const where = `${method} ${url.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (res.statusCode >= 500) throw new Error(`server error: ${where}`);
  if (res.statusCode < 400 || method === 'HEAD') return;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) throw new Error(`error answer is not JSON: ${where}`);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  const ok =
    Object.keys(body).sort().join() === 'errorArgs,errorCode' &&
    typeof body.errorCode === 'string' &&
    isErrorCode(body.errorCode) &&
    Array.isArray(body.errorArgs) &&
    body.errorArgs.every((a) => typeof a === 'string' || typeof a === 'number');
  if (!ok) throw new Error(`error answer is not {errorCode, errorArgs} with a catalogued code: ${where}`);
  if (/at .*\.(ts|js):\d+|SELECT |INSERT |UPDATE |syntax error|node_modules|violates/.test(res.body)) throw new Error(`error answer leaks internals: ${where}`);
}

/** The JSON Schema subset zod's toJSONSchema produces for the contracts. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

export interface SchemaArbitraryOptions {
  /** Ids that exist in the database, offered for uuid fields next to random ones, so writes hit real rows. */
  knownIds: readonly string[];
}

const clamp = (n: number | undefined, lo: number, hi: number, fallback: number) => Math.max(lo, Math.min(hi, n ?? fallback));

function stringArbitrary(s: JsonSchema, name: string, opts: SchemaArbitraryOptions): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 80;
  const fits = (v: string) => v.length >= min && v.length <= max;
  switch (s.format) {
    case 'uuid':
      return opts.knownIds.length ? fc.oneof(fc.constantFrom(...opts.knownIds), fc.uuid({ version: 7 })) : fc.uuid({ version: 7 });
    case 'email':
      return fc.constantFrom('andi@contoh.co.id', 'siti.rahayu+kerja@demo.nusa.id', 'a@b.co', `${'x'.repeat(60)}@contoh.com`);
    case 'date':
      return fc.date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'base64':
      return fc.base64String({ maxLength: Math.min(max, 400) });
  }
  if (s.pattern) {
    let re: RegExp | undefined;
    try {
      re = new RegExp(s.pattern);
    } catch {
      re = undefined;
    }
    if (re) {
      const matching = re;
      return fc
        .stringMatching(matching, { size: 'small' })
        .map((v) => v.slice(0, max))
        .filter((v) => fits(v) && matching.test(v));
    }
  }
  if (/keyword|search/i.test(name)) return fc.oneof(fc.constant(''), fc.string({ maxLength: Math.min(max, 20) }), fc.constantFrom('kas', '%', '_', "'", 'ü'));
  return fc
    .oneof(
      fc.string({ minLength: min, maxLength: clamp(max, min, 60, 60) }),
      fc.string({ minLength: min, maxLength: clamp(max, min, 30, 30), unit: 'grapheme' }),
    )
    .filter(fits);
}

function numberArbitrary(s: JsonSchema, name: string, integer: boolean): fc.Arbitrary<number> {
  if (name === 'limit') return fc.constantFrom(5, 25, 30, 50, 100);
  const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 1e-4) : -1e12);
  const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 1e-4) : 1e12);
  const min = Math.max(lo, -Number.MAX_SAFE_INTEGER);
  const max = Math.min(hi, Number.MAX_SAFE_INTEGER);
  const edges = fc.constantFrom(...[min, max, 0, 1, -1, 10, 100].filter((n) => n >= min && n <= max));
  const any = integer
    ? fc.integer({ min: Math.ceil(Math.max(min, -(2 ** 31))), max: Math.floor(Math.min(max, 2 ** 31)) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return fc.oneof(edges, any);
}

/** Values that satisfy the schema most of the time (patterns and refinements may still be refused: that is fine). */
export function schemaArbitrary(s: JsonSchema, opts: SchemaArbitraryOptions, name = ''): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => schemaArbitrary(a, opts, name)));
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => schemaArbitrary({ ...s, type }, opts, name)));
  switch (types[0]) {
    case 'object': {
      const props = s.properties ?? {};
      if (Object.keys(props).length === 0 && typeof s.additionalProperties === 'object') {
        return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), schemaArbitrary(s.additionalProperties, opts), { maxKeys: 4 });
      }
      const model = Object.fromEntries(Object.entries(props).map(([key, value]) => [key, schemaArbitrary(value, opts, key)]));
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
    case 'array':
      return fc.array(schemaArbitrary(s.items ?? {}, opts, name), { minLength: s.minItems ?? 0, maxLength: clamp(s.maxItems, s.minItems ?? 0, 5, 5) });
    case 'string':
      return stringArbitrary(s, name, opts);
    case 'integer':
      return numberArbitrary(s, name, true);
    case 'number':
      return numberArbitrary(s, name, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
