import { describe, expect, it } from 'vitest';
import { APP_ROUTES, PUBLIC_ROUTES } from '@nusa/contracts';
import { PAGES } from './pages.ts';

describe('pages', () => {
  it('has a page for every route of the route table and nothing else', () => {
    const routes = [...PUBLIC_ROUTES, ...APP_ROUTES].map((r) => r.path).sort();
    expect(Object.keys(PAGES).sort()).toEqual(routes);
  });
});
