import { APP_ROUTES, AREAS, hasAnyTask, type AppRoute, type Area } from '@nusa/contracts';

export interface MenuArea {
  area: Area;
  /** The area's menu pages the user may open, in table order. */
  routes: AppRoute[];
}

/**
 * The sidebar (spec 2, 6): areas in their order; an area is hidden when the user holds none of its routes'
 * tasks, except those shown to everybody (dashboard). Only pages the user may open are listed.
 */
export function buildMenu(tasks: readonly string[], areas: readonly Area[] = AREAS, routes: readonly AppRoute[] = APP_ROUTES): MenuArea[] {
  return (
    [...areas]
      .sort((a, b) => a.order - b.order)
      .map((area) => {
        const own = routes.filter((r) => r.area === area.key && r.inMenu);
        return { area, routes: own.filter((r) => hasAnyTask(tasks, r.tasks)) };
      })
      // Pages outside the menu (edit profile, change password: open to everybody) do not make an area appear.
      .filter(({ area, routes: menuRoutes }) => area.alwaysShown || menuRoutes.length > 0)
  );
}

/** The area a route belongs to, for the breadcrumb and the title. */
export const areaOf = (route: AppRoute, areas: readonly Area[] = AREAS) => areas.find((a) => a.key === route.area);
