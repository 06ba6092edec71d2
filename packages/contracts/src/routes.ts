import type { Task } from './tasks.ts';

/**
 * The web's route and menu table (spec 2). Only areas that exist are listed; later modules add theirs.
 * `titleKey` is an i18n key; `tasks` are the tasks of which the user must hold any (empty: any logged-in user).
 */
export interface AppRoute {
  path: string;
  titleKey: string;
  /** Sidebar area this page belongs to; undefined for public pages. */
  area?: AreaKey;
  tasks: readonly Task[];
  public?: boolean;
  /** Listed in the sidebar under its area. */
  inMenu?: boolean;
}

export interface Area {
  key: string;
  path: string;
  titleKey: string;
  /** Sidebar order of spec 2. */
  order: number;
  /** Shown to everybody (dashboard) even without tasks. */
  alwaysShown?: boolean;
}

export const AREAS = [
  { key: 'dashboard', path: '/dashboard', titleKey: 'menu.dashboard', order: 1, alwaysShown: true },
  { key: 'configuration', path: '/configuration', titleKey: 'menu.configuration', order: 7 },
] as const satisfies readonly Area[];
export type AreaKey = (typeof AREAS)[number]['key'];

export const PUBLIC_ROUTES: readonly AppRoute[] = [
  { path: '/login', titleKey: 'page.login', tasks: [], public: true },
  { path: '/not-found', titleKey: 'page.notFound', tasks: [], public: true },
  { path: '/landing', titleKey: 'page.landing', tasks: [], public: true },
];

export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/dashboard', titleKey: 'menu.dashboard', area: 'dashboard', tasks: [], inMenu: true },
  {
    path: '/configuration/user', titleKey: 'page.configUser', area: 'configuration',
    tasks: ['readOnlyConfigUser', 'createEditConfigUser', 'writeAllConfigUser'], inMenu: true,
  },
  {
    path: '/configuration/business-unit', titleKey: 'businessUnit.title', area: 'configuration',
    tasks: ['readOnlyConfigBusinessUnit', 'createEditConfigBusinessUnit', 'writeAllConfigBusinessUnit'], inMenu: true,
  },
  {
    path: '/configuration/business-unit/edit-legal-info/{ouCode?}', titleKey: 'legalInfo.title', area: 'configuration',
    tasks: ['readOnlyConfigBusinessUnit', 'createEditConfigBusinessUnit', 'writeAllConfigBusinessUnit'],
  },
  {
    path: '/configuration/policy-ou', titleKey: 'policyOu.title', area: 'configuration',
    tasks: ['readOnlyConfigPolicy', 'createEditConfigPolicy', 'writeAllConfigPolicy'], inMenu: true,
  },
  {
    path: '/configuration/role', titleKey: 'page.configRole', area: 'configuration',
    tasks: ['readOnlyConfigRole', 'createEditConfigRole', 'writeAllConfigRole'], inMenu: true,
  },
  {
    path: '/configuration/page-access', titleKey: 'page.pageAccess', area: 'configuration',
    tasks: ['readOnlyAksesHalaman', 'createEditAksesHalaman', 'writeAllAksesHalaman'], inMenu: true,
  },
  {
    path: '/configuration/app-configuration', titleKey: 'page.appConfiguration', area: 'configuration',
    tasks: ['viewConfig', 'managePasswordPolicy'], inMenu: true,
  },
  { path: '/configuration/change-password', titleKey: 'changePassword.title', area: 'configuration', tasks: [], inMenu: false },
  { path: '/configuration/edit-profile', titleKey: 'profile.title', area: 'configuration', tasks: [], inMenu: false },
  {
    path: '/configuration/user-audit', titleKey: 'userAudit.title', area: 'configuration',
    tasks: ['readOnlyConfigUser', 'createEditConfigUser', 'writeAllConfigUser'], inMenu: false,
  },
];

export const HOME_ROUTE = '/dashboard';
export const LANDING_ROUTE = '/landing';
export const LOGIN_ROUTE = '/login';
export const NOT_FOUND_ROUTE = '/not-found';
