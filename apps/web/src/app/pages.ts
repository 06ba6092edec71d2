import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The page component of every route in the contracts' route table; each is its own lazily loaded chunk. */
export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  '/login': lazy(() => import('../features/auth/LoginPage.tsx')),
  '/landing': lazy(() => import('../features/public/LandingPage.tsx')),
  '/not-found': lazy(() => import('../features/errors/NotFoundPage.tsx')),
  '/dashboard': lazy(() => import('../features/dashboard/DashboardPage.tsx')),
  '/configuration/app-configuration': lazy(() => import('../features/configuration/AppConfigurationPage.tsx')),
};
