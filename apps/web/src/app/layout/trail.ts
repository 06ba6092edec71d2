import { APP_ROUTES, AREAS, type AppRoute, type Area } from '@nusa/contracts';

export interface TrailStep {
  /** i18n key of the step's title. */
  titleKey: string;
  /** Where the step leads; the area itself has no page of its own. */
  path?: string;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/**
 * The breadcrumb between home and a page (spec 2), read from the route table: the page's area, then every page of
 * the same area whose path leads up to this one (legal info sits under business unit), outermost first. A page with
 * parameters cannot be linked without them, so it is no step; neither is the page itself.
 */
export function trailOf(route: AppRoute, routes: readonly AppRoute[] = APP_ROUTES, areas: readonly Area[] = AREAS): TrailStep[] {
  const area = areas.find((a) => a.key === route.area);
  if (!area) return [];
  const own = segmentsOf(route.path);
  const above = routes
    .filter((r) => r.area === route.area && r.path !== route.path && !r.path.includes('{'))
    .map((r) => ({ route: r, segments: segmentsOf(r.path) }))
    .filter(({ segments }) => segments.length < own.length && segments.every((s, i) => s === own[i]))
    .sort((a, b) => a.segments.length - b.segments.length);
  // The area's own page (the dashboard) is the page, not a step above it.
  const areaStep: TrailStep[] = area.path === route.path ? [] : [{ titleKey: area.titleKey }];
  return [...areaStep, ...above.map(({ route: r }) => ({ titleKey: r.titleKey, path: r.path }))];
}
