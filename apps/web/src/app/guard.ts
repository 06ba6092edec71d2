import { APP_ROUTES, HOME_ROUTE, LANDING_ROUTE, LOGIN_ROUTE, NOT_FOUND_ROUTE, PUBLIC_ROUTES, hasAnyTask, type AppRoute } from '@nusa/contracts';

/**
 * The navigation rules of spec 2 in one pure function: given where the browser is and who is logged in, either
 * redirect somewhere else or say what to render. The router calls it on every location change.
 */

export interface GuardUser {
  tasks: readonly string[];
  /** The role's (or app settings') default page; falls back to the dashboard. */
  defaultPage?: string | null;
}

export interface GuardLocation {
  pathname: string;
  /** The query string, with or without its leading `?`. */
  search: string;
}

export interface RouteTable {
  publicRoutes: readonly AppRoute[];
  appRoutes: readonly AppRoute[];
}

export const ROUTE_TABLE: RouteTable = { publicRoutes: PUBLIC_ROUTES, appRoutes: APP_ROUTES };

export type RouteParams = Record<string, string>;

export type GuardDecision =
  | { type: 'redirect'; to: string }
  /** A page outside the app layout. */
  | { type: 'public'; route: AppRoute; params: RouteParams }
  /** A page inside the app layout. */
  | { type: 'app'; route: AppRoute; params: RouteParams }
  /** Logged in but holding none of the route's tasks: the permission-denied page inside the layout. */
  | { type: 'denied'; route: AppRoute; params: RouteParams };

/** Query parameters that start a sign-in wherever they appear (spec 2 and the session/key dialog). */
export const REDIRECT_PARAM = 'redirect';
export const SESSION_PARAM = 'session';
export const KEY_PARAM = 'key';
export const FROM_PARAM = 'from';

const normalisePath = (pathname: string) => {
  const p = pathname.replace(/\/{2,}/g, '/');
  return p.length > 1 ? p.replace(/\/+$/, '') : p || '/';
};

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** Matches a concrete path against a route template with `{name}` (and optional `{name?}`) segments. */
export function matchPath(template: string, pathname: string): RouteParams | undefined {
  const want = segmentsOf(template);
  const got = segmentsOf(normalisePath(pathname));
  const params: RouteParams = {};
  if (got.length > want.length) return undefined;
  for (let i = 0; i < want.length; i++) {
    const part = want[i];
    const param = /^\{(\w+)(\?)?\}$/.exec(part);
    const value = got[i];
    if (param) {
      if (value === undefined) {
        if (param[2]) continue;
        return undefined;
      }
      try {
        params[param[1]] = decodeURIComponent(value);
      } catch {
        return undefined;
      }
    } else if (value === undefined || value !== part) {
      return undefined;
    }
  }
  return params;
}

export function findRoute(pathname: string, table: RouteTable = ROUTE_TABLE) {
  for (const [kind, routes] of [
    ['public', table.publicRoutes],
    ['app', table.appRoutes],
  ] as const) {
    for (const route of routes) {
      const params = matchPath(route.path, pathname);
      if (params) return { kind, route, params };
    }
  }
  return undefined;
}

/** Spec 2: the default page falls back to the dashboard when unset, unknown, parameterised or not allowed. */
export function defaultPageOf(user: GuardUser, table: RouteTable = ROUTE_TABLE): string {
  const page = user.defaultPage?.trim();
  if (page) {
    const route = table.appRoutes.find((r) => r.path === normalisePath(page));
    if (route && !route.path.includes('{') && hasAnyTask(user.tasks, route.tasks)) return route.path;
  }
  return HOME_ROUTE;
}

/** A `from` value is followed only when it is a path of this site (never `//host` or a scheme), and not the login page. */
export function safeFrom(from: string | null | undefined): string | undefined {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return undefined;
  const path = from.split(/[?#]/)[0];
  if (normalisePath(path) === LOGIN_ROUTE) return undefined;
  return from;
}

/** Spec 2: after login the user returns to `from`, else the default page. */
export function afterLoginTarget(from: string | null | undefined, user: GuardUser, table: RouteTable = ROUTE_TABLE): string {
  return safeFrom(from) ?? defaultPageOf(user, table);
}

export const loginUrl = (from?: string, extra: Record<string, string> = {}) => {
  const q = new URLSearchParams(extra);
  if (from) q.set(FROM_PARAM, from);
  const s = q.toString();
  return s ? `${LOGIN_ROUTE}?${s}` : LOGIN_ROUTE;
};

const withQuery = (pathname: string, query: URLSearchParams) => {
  const s = query.toString();
  return s ? `${pathname}?${s}` : pathname;
};

export function decide(location: GuardLocation, user: GuardUser | null, table: RouteTable = ROUTE_TABLE): GuardDecision {
  const pathname = normalisePath(location.pathname);
  const query = new URLSearchParams(location.search);
  const match = pathname === '/' ? undefined : findRoute(pathname, table);

  // A sign-in carried in the URL is handled by the login page on any route; afterwards the user goes to `from`,
  // else to the protected page the link pointed at, else the default page.
  const redirect = query.get(REDIRECT_PARAM);
  const session = query.get(SESSION_PARAM);
  const key = query.get(KEY_PARAM);
  if (pathname !== LOGIN_ROUTE && (redirect || (session && key))) {
    const rest = new URLSearchParams(query);
    for (const p of [REDIRECT_PARAM, SESSION_PARAM, KEY_PARAM, FROM_PARAM]) rest.delete(p);
    const from = safeFrom(query.get(FROM_PARAM)) ?? (match?.kind === 'app' ? withQuery(pathname, rest) : undefined);
    const carry: Record<string, string> = redirect ? { [REDIRECT_PARAM]: redirect } : { [SESSION_PARAM]: session!, [KEY_PARAM]: key! };
    return { type: 'redirect', to: loginUrl(from, carry) };
  }

  if (pathname === '/') return { type: 'redirect', to: user ? defaultPageOf(user, table) : LANDING_ROUTE };
  if (!match) return { type: 'redirect', to: NOT_FOUND_ROUTE };

  if (match.kind === 'public') {
    // The landing page stays reachable for everybody, and so does not-found: otherwise unknown paths could never be shown.
    const stays = pathname === LANDING_ROUTE || pathname === NOT_FOUND_ROUTE;
    if (user && !stays && [...query.keys()].length === 0) return { type: 'redirect', to: defaultPageOf(user, table) };
    return { type: 'public', route: match.route, params: match.params };
  }

  if (!user) return { type: 'redirect', to: loginUrl(withQuery(pathname, query)) };
  if (!hasAnyTask(user.tasks, match.route.tasks)) return { type: 'denied', route: match.route, params: match.params };
  return { type: 'app', route: match.route, params: match.params };
}
