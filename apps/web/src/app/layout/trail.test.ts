import { describe, expect, it } from 'vitest';
import { APP_ROUTES, type AppRoute, type Area } from '@nusa/contracts';
import { trailOf } from './trail.ts';

const route = (path: string) => APP_ROUTES.find((r) => r.path === path)!;

describe('trailOf', () => {
  it('puts business unit between configuration and legal info', () => {
    expect(trailOf(route('/configuration/business-unit/edit-legal-info/{ouCode?}'))).toEqual([
      { titleKey: 'menu.configuration' },
      { titleKey: 'businessUnit.title', path: '/configuration/business-unit' },
    ]);
  });

  it('gives a first-level page its area only, and the dashboard nothing', () => {
    expect(trailOf(route('/configuration/business-unit'))).toEqual([{ titleKey: 'menu.configuration' }]);
    expect(trailOf(route('/accounting/employee'))).toEqual([{ titleKey: 'menu.accounting' }]);
    expect(trailOf(route('/dashboard'))).toEqual([]);
  });

  it('reads every level from the table, skips pages with parameters and pages of other areas', () => {
    const areas: Area[] = [
      { key: 'a', path: '/a', titleKey: 'area.a', order: 1 },
      { key: 'b', path: '/b', titleKey: 'area.b', order: 2 },
    ];
    const routes: AppRoute[] = [
      { path: '/a/x/y/z', titleKey: 'z', area: 'a' as never, tasks: [] },
      { path: '/a/x/y', titleKey: 'y', area: 'a' as never, tasks: [] },
      { path: '/a/x', titleKey: 'x', area: 'a' as never, tasks: [] },
      { path: '/a/x/{id}', titleKey: 'param', area: 'a' as never, tasks: [] },
      { path: '/a/xy', titleKey: 'not-a-segment', area: 'a' as never, tasks: [] },
      { path: '/a/x/y/w', titleKey: 'sibling', area: 'a' as never, tasks: [] },
      { path: '/a', titleKey: 'other-area', area: 'b' as never, tasks: [] },
    ];
    expect(trailOf(routes[0], routes, areas)).toEqual([{ titleKey: 'area.a' }, { titleKey: 'x', path: '/a/x' }, { titleKey: 'y', path: '/a/x/y' }]);
  });
});
