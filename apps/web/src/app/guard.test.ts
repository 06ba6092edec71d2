import { describe, expect, it } from 'vitest';
import { APP_ROUTES, PUBLIC_ROUTES, type AppRoute } from '@nusa/contracts';
import { afterLoginTarget, decide, defaultPageOf, matchPath, safeFrom, type GuardDecision, type GuardUser, type RouteTable } from './guard.ts';

const table: RouteTable = {
  publicRoutes: PUBLIC_ROUTES,
  appRoutes: [
    { path: '/dashboard', titleKey: 'menu.dashboard', area: 'dashboard', tasks: [], inMenu: true },
    { path: '/administration/manage-leads', titleKey: 'x', tasks: ['viewManagementLeads', 'editManagementLeads'], inMenu: true },
    { path: '/service/dataset/{datasetId}', titleKey: 'x', tasks: ['viewDataset'] },
    { path: '/configuration/business-unit/edit-legal-info/{ouCode?}', titleKey: 'x', tasks: [] },
  ] as AppRoute[],
};

const staff: GuardUser = { tasks: ['viewManagementLeads'], defaultPage: '/dashboard' };
const agent: GuardUser = { tasks: ['viewDataset'], defaultPage: '' };
const leadsFirst: GuardUser = { tasks: ['editManagementLeads'], defaultPage: '/administration/manage-leads' };

const summary = (d: GuardDecision) => (d.type === 'redirect' ? `redirect ${d.to}` : `${d.type} ${d.route.path}`);

describe('decide (spec 2 navigation rules)', () => {
  const cases: [name: string, path: string, user: GuardUser | null, expected: string][] = [
    // Unknown paths go to not-found, logged in or not.
    ['unknown path, anonymous', '/no/such/page', null, 'redirect /not-found'],
    ['unknown path, logged in', '/no/such/page', staff, 'redirect /not-found'],
    ['unknown path with query', '/nope?x=1', staff, 'redirect /not-found'],
    ['parameterised route missing its parameter', '/service/dataset', agent, 'redirect /not-found'],
    // Root path.
    ['root, anonymous → landing', '/', null, 'redirect /landing'],
    ['root, logged in → default page', '/', leadsFirst, 'redirect /administration/manage-leads'],
    ['root, default page empty → dashboard', '/', agent, 'redirect /dashboard'],
    // Protected routes without a session keep the original path and query in `from`.
    ['protected, anonymous', '/dashboard', null, 'redirect /login?from=%2Fdashboard'],
    [
      'protected with query, anonymous',
      '/administration/manage-leads?page=2&keyword=a',
      null,
      'redirect /login?from=%2Fadministration%2Fmanage-leads%3Fpage%3D2%26keyword%3Da',
    ],
    ['protected with parameter, anonymous', '/service/dataset/ds-1', null, 'redirect /login?from=%2Fservice%2Fdataset%2Fds-1'],
    ['trailing slash is the same page', '/dashboard/', null, 'redirect /login?from=%2Fdashboard'],
    // Public routes.
    ['login, anonymous', '/login', null, 'public /login'],
    ['landing, anonymous', '/landing', null, 'public /landing'],
    ['not-found, anonymous', '/not-found', null, 'public /not-found'],
    ['login, logged in, no query → default page', '/login', staff, 'redirect /dashboard'],
    ['login, logged in, default page elsewhere', '/login', leadsFirst, 'redirect /administration/manage-leads'],
    ['login, logged in, with query → stays', '/login?from=%2Fdashboard', staff, 'public /login'],
    ['landing, logged in → stays', '/landing', staff, 'public /landing'],
    ['not-found, logged in → stays', '/not-found', staff, 'public /not-found'],
    // Tasks.
    ['route without tasks', '/dashboard', agent, 'app /dashboard'],
    ['holds one of the tasks', '/administration/manage-leads', staff, 'app /administration/manage-leads'],
    ['holds another of the tasks', '/administration/manage-leads', leadsFirst, 'app /administration/manage-leads'],
    ['holds none of the tasks → permission denied', '/administration/manage-leads', agent, 'denied /administration/manage-leads'],
    ['parameterised route, allowed', '/service/dataset/ds-1', agent, 'app /service/dataset/{datasetId}'],
    ['parameterised route, denied', '/service/dataset/ds-1', staff, 'denied /service/dataset/{datasetId}'],
    ['optional parameter absent', '/configuration/business-unit/edit-legal-info', staff, 'app /configuration/business-unit/edit-legal-info/{ouCode?}'],
    ['optional parameter present', '/configuration/business-unit/edit-legal-info/HO', staff, 'app /configuration/business-unit/edit-legal-info/{ouCode?}'],
    // Sign-in carried in the URL goes to the login page, which signs in and continues to `from`.
    ['redirect on a protected route', '/dashboard?redirect=abc', null, 'redirect /login?redirect=abc&from=%2Fdashboard'],
    [
      'redirect keeps other query values',
      '/administration/manage-leads?redirect=abc&page=2',
      staff,
      'redirect /login?redirect=abc&from=%2Fadministration%2Fmanage-leads%3Fpage%3D2',
    ],
    ['redirect with explicit from', '/landing?redirect=abc&from=%2Fservice%2Fdataset%2F1', null, 'redirect /login?redirect=abc&from=%2Fservice%2Fdataset%2F1'],
    ['redirect on the landing page has no from', '/landing?redirect=abc', null, 'redirect /login?redirect=abc'],
    ['redirect on the root path', '/?redirect=abc', staff, 'redirect /login?redirect=abc'],
    ['redirect on the login page renders it', '/login?redirect=abc', null, 'public /login'],
    ['redirect on the login page while logged in', '/login?redirect=abc', staff, 'public /login'],
    ['session and key on a protected route', '/dashboard?session=s1&key=k1', null, 'redirect /login?session=s1&key=k1&from=%2Fdashboard'],
    ['session and key on the root path', '/?session=s1&key=k1', null, 'redirect /login?session=s1&key=k1'],
    ['session without key is an ordinary query', '/dashboard?session=s1', staff, 'app /dashboard'],
    ['unsafe explicit from is dropped', '/landing?redirect=abc&from=%2F%2Fevil.example', null, 'redirect /login?redirect=abc'],
  ];

  it.each(cases)('%s: %s', (_name, path, user, expected) => {
    const [pathname, search = ''] = path.split('?');
    expect(summary(decide({ pathname, search }, user, table))).toBe(expected);
  });

  it('works on the real route table: dashboard for everybody, not-found for the rest', () => {
    expect(summary(decide({ pathname: '/dashboard', search: '' }, { tasks: [] }))).toBe('app /dashboard');
    expect(summary(decide({ pathname: '/', search: '' }, { tasks: [] }))).toBe('redirect /dashboard');
    expect(summary(decide({ pathname: '/', search: '' }, null))).toBe('redirect /landing');
    for (const route of APP_ROUTES.filter((r) => r.tasks.length > 0)) {
      const path = route.path.replace(/\{(\w+)\??\}/g, 'x');
      expect(summary(decide({ pathname: path, search: '' }, { tasks: [] }))).toBe(`denied ${route.path}`);
      expect(summary(decide({ pathname: path, search: '' }, { tasks: [route.tasks[0]] }))).toBe(`app ${route.path}`);
    }
  });
});

describe('defaultPageOf', () => {
  it.each([
    [undefined, '/dashboard'],
    [null, '/dashboard'],
    ['', '/dashboard'],
    ['  ', '/dashboard'],
    ['/administration/manage-leads', '/administration/manage-leads'],
    ['/administration/manage-leads/', '/administration/manage-leads'],
    ['/unknown', '/dashboard'],
    ['/service/dataset/{datasetId}', '/dashboard'],
    ['/login', '/dashboard'],
  ])('%s → %s', (defaultPage, expected) => {
    expect(defaultPageOf({ tasks: ['viewManagementLeads'], defaultPage }, table)).toBe(expected);
  });

  it('falls back when the user may not open the default page', () => {
    expect(defaultPageOf({ tasks: [], defaultPage: '/administration/manage-leads' }, table)).toBe('/dashboard');
  });
});

describe('after login', () => {
  it.each([
    ['/administration/manage-leads?page=2', '/administration/manage-leads?page=2'],
    [null, '/dashboard'],
    ['', '/dashboard'],
    ['https://evil.example/x', '/dashboard'],
    ['//evil.example/x', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['/login?from=/x', '/dashboard'],
    ['/login', '/dashboard'],
    ['dashboard', '/dashboard'],
  ])('from %s → %s', (from, expected) => {
    expect(afterLoginTarget(from, { tasks: [] }, table)).toBe(expected);
  });

  it('uses the default page when there is no from', () => {
    expect(afterLoginTarget(undefined, leadsFirst, table)).toBe('/administration/manage-leads');
    expect(safeFrom('/dashboard#top')).toBe('/dashboard#top');
  });
});

describe('matchPath', () => {
  it('decodes parameters and refuses extra segments', () => {
    expect(matchPath('/a/{id}', '/a/x%20y')).toEqual({ id: 'x y' });
    expect(matchPath('/a/{id}', '/a/x/y')).toBeUndefined();
    expect(matchPath('/a/{id}', '/a/%E0%A4%A')).toBeUndefined();
    expect(matchPath('/a/{b}/{c?}', '/a/1')).toEqual({ b: '1' });
    expect(matchPath('/a', '/b')).toBeUndefined();
  });
});
