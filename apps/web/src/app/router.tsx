import { Suspense, lazy, useEffect, useLayoutEffect, useState } from 'react';
import { Navigate, Outlet, createBrowserRouter, useLocation } from 'react-router';
import { NOT_FOUND_ROUTE } from '@nusa/contracts';
import { useTranslation } from 'react-i18next';
import { useProductName } from './app-config.ts';
import { PageLoading } from './components/PageLoading.tsx';
import { decide } from './guard.ts';
import { trailOf } from './layout/trail.ts';
import { areaOf } from './menu.ts';
import { PAGES, preloadPage } from './pages.ts';
import { RouteParamsContext } from './route-params.ts';
import { useSessionState } from './session.ts';
import { documentTitle } from './title.ts';
import { textOfKey } from '../i18n/keys.ts';

/**
 * Chunks of their own, so the login and the public pages do not load them: the logged-in layout (menu, header,
 * drawers), the permission-denied page (antd's Result with its illustrations) and the session-expired dialog,
 * which loads when a session first expires.
 */
const AppLayout = lazy(() => import('./layout/AppLayout.tsx').then((m) => ({ default: m.AppLayout })));
const PermissionDeniedPage = lazy(() => import('../features/errors/PermissionDeniedPage.tsx').then((m) => ({ default: m.PermissionDeniedPage })));
const SessionExpiredDialog = lazy(() => import('./layout/SessionExpiredDialog.tsx').then((m) => ({ default: m.SessionExpiredDialog })));

/** Mounts the session-expired dialog once a session has expired (spec 4/8), and keeps it from then on. */
function SessionExpiry() {
  const { expired } = useSessionState();
  const [seen, setSeen] = useState(expired);
  if (expired && !seen) setSeen(true);
  return seen ? (
    <Suspense fallback={null}>
      <SessionExpiredDialog />
    </Suspense>
  ) : null;
}

/** Spec 2: every navigation starts at the top of the page. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

function Root() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
      <SessionExpiry />
    </>
  );
}

function useDocumentTitle(section: string | undefined, page: string | undefined) {
  const productName = useProductName();
  useEffect(() => {
    document.title = documentTitle(productName, section, page);
  }, [productName, section, page]);
}

/** Applies the one navigation guard to the current location and renders what it decides. */
function GuardedView() {
  const { t } = useTranslation();
  const location = useLocation();
  const { data: session } = useSessionState();
  const user = session ? { tasks: session.tasks, defaultPage: session.userConfig.defaultPage } : null;
  const decision = decide(location, user);

  const route = decision.type === 'redirect' ? undefined : decision.route;
  const area = route ? areaOf(route) : undefined;
  const section = area ? textOfKey(t, area.titleKey) : undefined;
  const page = route ? textOfKey(t, route.titleKey) : undefined;
  useDocumentTitle(decision.type === 'denied' ? undefined : section, decision.type === 'denied' ? t('page.permissionDenied') : page);

  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  // pages.test.ts keeps PAGES complete; a route added without its page shows not-found rather than a blank screen.
  const Page = PAGES[decision.route.path] ?? PAGES[NOT_FOUND_ROUTE];
  if (decision.type === 'public' || !session) {
    return (
      <Suspense fallback={<PageLoading fullScreen />}>
        <Page />
      </Suspense>
    );
  }
  if (decision.type !== 'denied') preloadPage(decision.route.path);
  return (
    <Suspense fallback={<PageLoading fullScreen />}>
      <AppLayout
        session={session}
        route={decision.route}
        trail={trailOf(decision.route).map((step) => ({ key: step.path ?? step.titleKey, title: textOfKey(t, step.titleKey), to: step.path }))}
        page={page ?? ''}
      >
        <RouteParamsContext.Provider value={decision.params}>{decision.type === 'denied' ? <PermissionDeniedPage /> : <Page />}</RouteParamsContext.Provider>
      </AppLayout>
    </Suspense>
  );
}

export const router = createBrowserRouter([{ element: <Root />, children: [{ path: '*', element: <GuardedView /> }] }]);
