import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildQuery, fillPath, listQuery, routerPath, sortBy, sortFieldsOf } from './endpoint.ts';

describe('fillPath (spec 7: {params} substituted and URL-encoded)', () => {
  it('substitutes every parameter', () => {
    expect(fillPath('/v1/config/users/{userId}/tasks', { userId: 'abc' })).toBe('/v1/config/users/abc/tasks');
    expect(fillPath('/v1/x/{ouCode}/{intentId}', { ouCode: 'BRA-01', intentId: 7 })).toBe('/v1/x/BRA-01/7');
    expect(fillPath('/v1/plain')).toBe('/v1/plain');
  });

  it('URL-encodes values so they stay one path segment', () => {
    expect(fillPath('/v1/a/{id}', { id: 'a/b c?d#e%&' })).toBe('/v1/a/a%2Fb%20c%3Fd%23e%25%26');
    expect(fillPath('/v1/a/{id}', { id: 'Kas Besar é' })).toBe('/v1/a/Kas%20Besar%20%C3%A9');
  });

  it('round-trips any value through decodeURIComponent', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, unit: 'grapheme' }), (value) => {
        const path = fillPath('/v1/a/{id}/b', { id: value });
        const segment = path.split('/')[3];
        expect(path.split('/')).toHaveLength(5);
        expect(decodeURIComponent(segment)).toBe(value);
      }),
    );
  });

  it('throws on a missing or empty parameter, naming it', () => {
    expect(() => fillPath('/v1/a/{id}', {})).toThrow('missing path parameter id');
    expect(() => fillPath('/v1/a/{id}/{other}', { id: 'x', other: '' })).toThrow('missing path parameter other');
  });

  it('keeps 0 as a value', () => {
    expect(fillPath('/v1/a/{n}', { n: 0 })).toBe('/v1/a/0');
  });
});

describe('buildQuery (spec 7: non-empty values, arrays as name[]=)', () => {
  it('skips undefined, null and empty strings but keeps 0 and false', () => {
    expect(buildQuery({ a: undefined, b: null, c: '', d: 0, e: false, f: 'x' })).toBe('?d=0&e=false&f=x');
  });

  it('answers an empty string when nothing is left', () => {
    expect(buildQuery({})).toBe('');
    expect(buildQuery()).toBe('');
    expect(buildQuery({ a: '', b: undefined })).toBe('');
  });

  it('sends arrays as name[]= per item', () => {
    expect(buildQuery({ status: ['D', 'F'], page: 2 })).toBe('?status[]=D&status[]=F&page=2');
    expect(buildQuery({ ids: [] })).toBe('');
  });

  it('encodes names and values', () => {
    expect(buildQuery({ 'key word': 'a&b=c', q: 'ü' })).toBe('?key%20word=a%26b%3Dc&q=%C3%BC');
  });

  it('decodes back to the same names and values', () => {
    const decode = (qs: string) =>
      Object.fromEntries(
        qs
          .slice(1)
          .split('&')
          .map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]),
      );
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }), fc.string({ minLength: 1 })), (query) => {
        const qs = buildQuery(query);
        expect(qs === '' ? {} : decode(qs)).toEqual(query);
      }),
    );
  });
});

describe('routerPath and listQuery', () => {
  it('turns {name} into :name', () => {
    expect(routerPath('/v1/a/{id}/b/{other}')).toBe('/v1/a/:id/b/:other');
  });

  it('defaults page 1 and limit 25 and accepts only the page sizes 5/25/30/50/100', () => {
    expect(listQuery.parse({})).toEqual({ page: 1, limit: 25 });
    for (const limit of ['5', '25', '30', '50', '100']) expect(listQuery.parse({ limit }).limit).toBe(Number(limit));
    for (const limit of ['0', '7', '101', '-5', 'abc', '25.5']) expect(listQuery.safeParse({ limit }).success, limit).toBe(false);
    expect(listQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(listQuery.parse({ keyword: '  kas  ' }).keyword).toBe('kas');
  });
});

describe('sortBy (architecture §4: lists take a sort)', () => {
  const query = listQuery.extend({ sort: sortBy(['code', 'name'] as const) });

  it('accepts each field ascending and descending, and no sort at all', () => {
    for (const sort of ['code', '-code', 'name', '-name']) expect(query.parse({ sort }).sort).toBe(sort);
    expect(query.parse({}).sort).toBeUndefined();
  });

  it('refuses any other value, naming the accepted ones', () => {
    for (const sort of ['price', '-price', '--code', '+code', 'Code', 'code ', '', 'code,name']) {
      const result = query.safeParse({ sort });
      expect(result.success, sort).toBe(false);
      expect(result.error?.issues[0].path).toEqual(['sort']);
      expect(result.error?.issues[0].message).toBe('sort must be one of code, -code, name, -name');
    }
  });

  it('tells which fields a list query sorts by', () => {
    expect(sortFieldsOf(query)).toEqual(['code', 'name']);
    expect(sortFieldsOf(listQuery)).toEqual([]);
    expect(sortFieldsOf(undefined)).toEqual([]);
  });
});
