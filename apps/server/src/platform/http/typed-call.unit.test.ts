import { describe, expect, expectTypeOf, it } from 'vitest';
import { endpoints, type ErrorBody } from '@nusa/contracts';
import { call, urlOf, type CallInput, type CallResponse } from '../../../test/call.ts';
import type { TestApp } from '../../../test/test-app.ts';

/** The server tests' typed call (test/call.ts): URLs by the web client's rules, and the contract's types as compile errors. */
describe('urlOf builds the URL from the contract like the web client (spec 7)', () => {
  it('fills and URL-encodes path parameters under /api', () => {
    expect(urlOf(endpoints.getUser, { params: { userId: 'a b/ç' } })).toBe('/api/v1/config/users/a%20b%2F%C3%A7');
  });

  it('drops empty query values, encodes the rest and sends arrays as name[]=', () => {
    expect(urlOf(endpoints.listUsers, { query: { keyword: '50% off', page: 2, active: undefined, roleId: '' } })).toBe(
      '/api/v1/config/users?keyword=50%25%20off&page=2',
    );
    expect(urlOf(endpoints.listLeads, { query: { status: ['NEW', 'PAID'] } as never })).toBe('/api/v1/admin/leads?status[]=NEW&status[]=PAID');
    expect(urlOf(endpoints.listUsers)).toBe('/api/v1/config/users');
  });

  it('refuses a missing path parameter instead of calling a wrong URL', () => {
    expect(() => urlOf(endpoints.getUser, {})).toThrow('missing path parameter userId');
  });
});

describe('call types what a test sends and reads', () => {
  // Never run: the compiler checks these lines (npx tsc -p apps/server); each @ts-expect-error must stay an error.
  const typeChecks = async (t: TestApp) => {
    // @ts-expect-error a wrong path parameter name
    await call(t, endpoints.getUser, { params: { id: 'x' } });
    // @ts-expect-error a missing path parameter
    await call(t, endpoints.getUser, {});
    // @ts-expect-error a body field the contract does not have
    await call(t, endpoints.setUserActive, { params: { userId: 'x' }, body: { enabled: 'Y' } });
    // @ts-expect-error a body value outside the contract
    await call(t, endpoints.setUserActive, { params: { userId: 'x' }, body: { active: 'yes' } });
    // @ts-expect-error a query field the contract does not have
    await call(t, endpoints.listUsers, { query: { search: 'andi' } });
    // @ts-expect-error path parameters for an endpoint without any
    await call(t, endpoints.listUsers, { params: { userId: 'x' } });
    const res = await call(t, endpoints.listUsers, { query: { keyword: 'andi' }, token: 'token' });
    // @ts-expect-error the response has no such field
    void res.json().rows;
    return res;
  };
  expect(typeChecks).toBeTypeOf('function');

  it('reads the response as the endpoint answers and failures as the error catalogue', () => {
    expectTypeOf<CallResponse<typeof endpoints.listUsers>['json']>().returns.toHaveProperty('items');
    expectTypeOf<CallResponse<typeof endpoints.listUsers>['error']>().returns.toEqualTypeOf<ErrorBody>();
    expectTypeOf<CallInput<typeof endpoints.getUser>['params']>().toEqualTypeOf<{ userId: string }>();
  });
});
