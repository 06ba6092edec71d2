import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { checkAnswer, type Answer } from '../../../test/fuzz.ts';
import type { RouteEntry } from './route-table.ts';

/**
 * Throws malformed bodies, headers, query strings and path parameters at every route. Whatever comes in, the
 * server never answers 5xx, and every error is `{errorCode, errorArgs}` with a catalogued code.
 */

/**
 * Runtime stays bounded as modules add routes: about REQUEST_BUDGET requests spread over the routes (at most 40,
 * at least 5 each); HEAD routes share their GET route's handler and get a few. Each run draws a new seed, so coverage
 * accumulates across runs; FUZZ_RUNS=n (e.g. 100) asks for n per route for a deep run, FUZZ_SEED=s replays one.
 */
const REQUEST_BUDGET = 1000;
const runsFor = (route: RouteEntry, routeCount: number) => {
  if (process.env.FUZZ_RUNS) return Number(process.env.FUZZ_RUNS);
  if (route.method === 'HEAD') return 3;
  return Math.max(5, Math.min(40, Math.floor(REQUEST_BUDGET / routeCount)));
};

let t: TestApp;
let routes: RouteEntry[];
let tokens: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp('fuzz');
  await t.seedTenant('acme');
  routes = t.app.routeTable();
  const now = Math.floor(Date.now() / 1000);
  const prelogin = await t.preLoginToken();
  const anonymous = (await t.request({ method: 'POST', url: '/api/v1/auth/anonymous', token: prelogin, tenant: 'demo' })).json().token as string;
  tokens = {
    prelogin,
    anonymous,
    staff: await t.login('staff'),
    acmeStaff: await t.login('staff', 'acme'),
    expiredPrelogin: await t.tokens.signPreLogin(now - 20_000),
    futurePrelogin: await t.tokens.signPreLogin(now + 7200),
    tampered: `${prelogin.slice(0, -4)}AAAA`,
    admin: '',
    unsigned: `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"typ":"work"}').toString('base64url')}.`,
  };
});
afterAll(() => t.close());

// ---- arbitraries -------------------------------------------------------------------------------------------

/** Header-safe text: printable ASCII and a few Latin-1 letters (what an HTTP/1.1 header can carry). */
const headerText = (maxLength = 80) =>
  fc.string({ maxLength, unit: fc.oneof(fc.string({ minLength: 1, maxLength: 1 }), fc.constantFrom('é', 'ñ', 'ß', '\t')) });
/** Text for bodies and queries, control characters, NUL and astral code points included. */
const anyText = (maxLength = 60) =>
  fc.oneof(fc.string({ maxLength }), fc.string({ maxLength, unit: 'binary' }), fc.string({ maxLength, unit: 'binary-ascii' }));
const oddText = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%',
  '%zz',
  '..',
  '../..',
  '%2e%2e%2f',
  "' OR 1=1 --",
  '__proto__',
  'constructor',
  '😀',
  '\uFEFF',
  'null',
  '[]',
  '{}',
  'x'.repeat(5000),
);
const text = (maxLength = 60) => fc.oneof(anyText(maxLength), oddText);

const FIELD_NAMES = [
  'username',
  'password',
  'confirmPassword',
  'remember',
  'expiresIn',
  'session',
  'key',
  'redirect',
  'fullName',
  'email',
  'roleId',
  'extraRoleIds',
  'active',
  'name',
  'type',
  'tasks',
  'defaultPage',
  'productName',
  'defaultLanguage',
  'minLength',
  'requiredClasses',
  'page',
  'limit',
  'keyword',
  '__proto__',
  'constructor',
];
const VALID_LOOKING = fc.constantFrom(
  'staff',
  'agent',
  'cashier',
  'Nusa@2026',
  '0190b5a0-0000-7000-8000-000000000000',
  'Y',
  'N',
  'id',
  'en',
  '/dashboard',
  25,
  1,
  true,
  false,
  null,
);
const fieldValue = fc.oneof(VALID_LOOKING, text(), fc.jsonValue({ maxDepth: 3 }), fc.integer(), fc.double());
/** Objects shaped like the API's bodies, so some requests get past JSON parsing and into validation and handlers. */
const bodyLike = fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 12 })), fieldValue, { maxKeys: 8 });

const deepNesting = fc.integer({ min: 100, max: 5000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`);
const payloadArb = fc.oneof(
  { weight: 4, arbitrary: bodyLike.map((o) => JSON.stringify(o)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? 'null') },
  { weight: 2, arbitrary: text(200) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '{"username":"a"',
      '{"username":"a",}',
      "{'a':1}",
      '\uFEFF{"username":"staff","password":"x"}',
      'NaN',
      '1e999',
      '"\\ud800"',
      '{"username":"\\u0000","password":"\\u0000"}',
      '',
    ),
  },
  { weight: 1, arbitrary: deepNesting },
  // Bodies over the 5 MB limit are pinned below; here a large one that is still parsed.
  { weight: 1, arbitrary: fc.constant(JSON.stringify({ username: 'x'.repeat(200_000), password: 'y', keyword: 'k'.repeat(50_000) })) },
);
const contentTypeArb = fc.oneof(
  { weight: 5, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      undefined,
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'APPLICATION/JSON',
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/xml',
      'application/octet-stream',
      '',
      ';',
      'application/json;;;',
      'application/*',
      '*/*',
    ),
  },
  { weight: 1, arbitrary: headerText(40) },
);

const tokenArb = () =>
  fc.oneof(
    fc.constantFrom(...Object.keys(tokens)).map((k) => tokens[k]),
    fc.constant(undefined),
    headerText(300),
  );
const authorizationArb = () =>
  fc.oneof(
    { weight: 6, arbitrary: tokenArb().map((tk) => (tk === undefined ? undefined : `Bearer ${tk}`)) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'Bearer',
        'Bearer ',
        'bearer  x.y.z',
        'Basic YWRtaW46TnVzYUAyMDI2',
        'Bearer a.b.c',
        'Bearer ....',
        `Bearer ${'e'.repeat(9000)}`,
      ),
    },
    { weight: 1, arbitrary: headerText(200) },
  );
const idHeaderValue = fc.oneof(fc.uuid(), fc.constantFrom('', 'demo', 'acme', 'DEMO', '0', "'"), headerText(40));
const headersArb = () =>
  fc.record(
    {
      authorization: authorizationArb(),
      'x-tenant': fc.oneof(fc.constantFrom('demo', 'acme', 'DEMO', ' demo ', 'nope', '', 'acme.evil', 'a'.repeat(70), '-x', "demo'--"), headerText(40)),
      'x-tenant-id': idHeaderValue,
      'x-user-id': idHeaderValue,
      'x-role-id': idHeaderValue,
      host: fc.constantFrom('localhost', 'acme.localhost', 'nope.localhost', '127.0.0.1:3000', '[::1]', 'a..b', 'acme.nusa.example.com', 'x'.repeat(300)),
      'content-type': contentTypeArb,
      accept: fc.constantFrom('application/json', 'text/html', '*/*', 'application/xml'),
      'accept-language': fc.constantFrom('id', 'en', 'xx', '*'),
    },
    { requiredKeys: [] },
  );

const queryKey = fc.oneof(
  fc.constantFrom('page', 'limit', 'keyword', 'roleId', 'active', 'page[]', 'limit[0]', '__proto__', 'constructor', 'a[b][c]'),
  fc.string({ maxLength: 10 }),
);
const queryValue = fc.oneof(
  fc.constantFrom('1', '0', '-1', '25', '30', '101', '1e3', '0x10', 'NaN', 'Infinity', '', 'Y', 'N', 'true'),
  text(40),
  fc.integer().map(String),
  fc.constant('k'.repeat(10_000)),
);
const rawQueryPart = fc.oneof(
  fc.tuple(queryKey, queryValue).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`),
  fc
    .tuple(queryKey, fc.array(queryValue, { minLength: 1, maxLength: 3 }))
    .map(([k, vs]) => vs.map((v) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')),
  fc.constantFrom('%', '%zz', '&&&', '=', 'page', 'page=%00', 'keyword=%FF%FE', 'keyword=%C0%AF', 'limit=5&limit=25', 'keyword=%E0%A4%A'),
);
const queryArb = fc.oneof(
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 4, arbitrary: fc.array(rawQueryPart, { maxLength: 5 }).map((ps) => (ps.length ? `?${ps.join('&')}` : '')) },
);

const paramValue = fc.oneof(
  { weight: 3, arbitrary: fc.oneof(fc.uuid(), fc.constantFrom('user', 'role', '0190b5a0-0000-7000-8000-000000000000', 'Y')).map(encodeURIComponent) },
  {
    weight: 3,
    arbitrary: text(60)
      .filter((s) => s.length > 0)
      .map((s) => encodeURIComponent(s)),
  },
  { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%00', '..', '%2e%2e', '%2F', 'a%2Fb', '%C0%AE', '%F0%9F', 'x'.repeat(600), '%ZZ%') },
);
const wildcardValue = fc.oneof(
  fc.array(paramValue, { minLength: 1, maxLength: 4 }).map((ps) => ps.join('/')),
  fc.constantFrom('../../../../etc/passwd', '..%2F..%2Fpackage.json', 'index.html', 'swagger-ui.css', '%00', '.', '', 'a/../../b', '%2e%2e/%2e%2e/x'),
);

/** Fills `:name` and `*` segments of a route path with fuzzed values. */
const urlFor = (routeUrl: string) => {
  const names = [...routeUrl.matchAll(/:(\w+)|\*/g)].map((m) => m[0]);
  return fc.tuple(fc.tuple(...names.map((n) => (n === '*' ? wildcardValue : paramValue))), queryArb).map(([values, query]) => {
    let i = 0;
    return routeUrl.replace(/:(\w+)|\*/g, () => values[i++]) + query;
  });
};

// ---- checks ------------------------------------------------------------------------------------------------

/** Statuses seen over the whole run: proves the fuzz got past the front door (not only 401s). */
const seen = new Map<number, number>();

function checkResponse(req: InjectOptions, res: Answer) {
  seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
  checkAnswer(String(req.method), String(req.url), res);
}

const requestArb = (route: RouteEntry) =>
  fc
    .record({ url: urlFor(route.url), headers: headersArb(), payload: fc.option(payloadArb, { nil: undefined, freq: 3 }) })
    .map(({ url, headers, payload }): InjectOptions => {
      const clean = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>;
      return {
        method: route.method as InjectOptions['method'],
        url,
        headers: clean,
        ...(payload === undefined || route.method === 'GET' || route.method === 'HEAD' ? {} : { payload }),
      };
    });

describe('fuzzing every route', () => {
  it('covers the whole route table, health, metrics and docs included', () => {
    const urls = routes.map((r) => r.url);
    for (const url of ['/api/health', '/api/metrics', '/api/docs/json', '/api/docs/static/*', '/api/v1/auth/login', '/api/v1/audit/entries'])
      expect(urls).toContain(url);
  });

  it(
    'never answers 5xx and always answers errors in the catalogue shape',
    async () => {
      const failures: string[] = [];
      const routeCount = routes.filter((r) => r.method !== 'HEAD').length;
      for (const route of routes) {
        // A fuzzed logout must not spoil the next route's token: log in again when the session has ended.
        if ((await t.request({ method: 'GET', url: '/api/v1/auth/me', token: tokens.admin })).statusCode !== 200) tokens.admin = await t.login('admin');
        const started = performance.now();
        const result = await fc.check(
          fc.asyncProperty(requestArb(route), async (req) => {
            const res = await t.app.inject(req);
            checkResponse(req, res);
          }),
          { numRuns: runsFor(route, routeCount), seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
        );
        if (process.env.FUZZ_STATS) console.log(`${route.method} ${route.url}: ${Math.round(performance.now() - started)} ms`);
        if (result.failed)
          failures.push(`${route.method} ${route.url} (seed ${result.seed}, path ${result.counterexamplePath}): ${String(result.errorInstance).slice(0, 600)}`);
      }
      expect(failures).toEqual([]);
      if (process.env.FUZZ_STATS) console.log(Object.fromEntries([...seen].sort((x, y) => x[0] - y[0])));
      for (const status of [200, 400, 401, 403, 404, 415]) expect(seen.get(status) ?? 0, `no ${status} answer in the run`).toBeGreaterThan(0);
    },
    process.env.FUZZ_RUNS ? 3_600_000 : 120_000,
  );

  it('answers unknown paths and methods with not_found', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
        fc.array(paramValue, { minLength: 1, maxLength: 4 }),
        queryArb,
        async (method, segments, query) => {
          const url = `/api/v9/${segments.join('/')}${query}`;
          const res = await t.app.inject({ method: method as InjectOptions['method'], url });
          checkResponse({ method: method as InjectOptions['method'], url }, res);
          expect([400, 404]).toContain(res.statusCode);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('cases the fuzzing found, pinned', () => {
  it("answers a path that does not URL-decode with invalid_input_format, not Fastify's own shape", async () => {
    for (const url of ['/api/v1/%', '/api/docs/static/%E0%A4%A', '/api/v1/audit/entries/%zz']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ errorCode: 'invalid_input_format', errorArgs: ['url', 'malformed'] });
    }
  });

  it('answers a path parameter over the length limit with 414 invalid_input_format', async () => {
    const route = routes.find((r) => r.method === 'GET' && r.url.includes('/:'));
    expect(route, 'a GET route with a path parameter').toBeDefined();
    const url = route!.url.replace(/:\w+/g, 'x'.repeat(600));
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens.staff}` } });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ errorCode: 'invalid_input_format', errorArgs: ['url', 'too long'] });
  });

  it('answers text PostgreSQL cannot store (NUL) with 400 and writes nothing', async () => {
    const count = async () =>
      (await t.pools.owner.query<{ n: number }>('SELECT (SELECT count(*) FROM sessions) + (SELECT count(*) FROM login_throttle) AS n')).rows[0].n;
    const before = await count();
    const login = await t.request({
      method: 'POST',
      url: '/api/v1/auth/login',
      token: tokens.prelogin,
      tenant: 'demo',
      payload: { username: 'sta\u0000ff', password: 'x' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ errorCode: 'invalid_input_format', errorArgs: ['request', 'a value the database cannot store'] });
    const list = await t.request({ method: 'GET', url: '/api/v1/audit/entries?keyword=%00', token: tokens.staff });
    expect(list.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('refuses prototype-polluting JSON, oversized bodies and foreign content types in the catalogue shape', async () => {
    const post = (payload: string, contentType = 'application/json') =>
      t.request({ method: 'POST', url: '/api/v1/auth/login', token: tokens.prelogin, tenant: 'demo', payload, headers: { 'content-type': contentType } });
    const proto = await post('{"__proto__":{"polluted":true},"username":"staff","password":"x"}');
    expect(proto.statusCode).toBe(400);
    expect(proto.json().errorCode).toBe('invalid_input_format');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const huge = await post(JSON.stringify({ username: 'x'.repeat(6 * 1024 * 1024), password: 'y' }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ errorCode: 'payload_too_large', errorArgs: [] });
    const xml = await post('<login/>', 'application/xml');
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ errorCode: 'unsupported_media_type', errorArgs: ['application/xml'] });
  });

  it('refuses a document type without a letter or digit instead of failing to derive its number prefix', async () => {
    const token = await t.login('superadmin');
    for (const documentType of ['_', '-', '__-']) {
      const res = await t.request({ method: 'GET', url: `/api/v1/erp/document-templates/next?documentType=${documentType}`, token });
      expect(res.statusCode, documentType).toBe(400);
      expect(res.json().errorArgs[0]).toBe('querystring.documentType');
    }
    const ok = await t.request({ method: 'GET', url: '/api/v1/erp/document-templates/next?documentType=x_y', token });
    expect(ok.statusCode).toBe(200);
  });
});
