import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { LANDING_ROUTE, LOGIN_ROUTE } from '@nusa/contracts';
import { PageLoading } from '../app/components/PageLoading.tsx';

/** True when the browser loaded this very document from /landing: the server had no static page to give. */
function documentCameFromLanding(): boolean {
  const entry = performance.getEntriesByType('navigation')[0];
  return entry ? new URL(entry.name).pathname === LANDING_ROUTE : false;
}

/**
 * The app's /landing route (the guard sends visitors at "/" there): the product page is the server's static
 * landing.html, so the browser loads it for real. Should the server answer the app again, reloading would loop;
 * the visitor then gets the login instead.
 */
export default function StaticLandingRedirect() {
  const wouldLoop = documentCameFromLanding();
  useEffect(() => {
    if (!wouldLoop) window.location.replace(`${LANDING_ROUTE}${window.location.search}${window.location.hash}`);
  }, [wouldLoop]);
  return wouldLoop ? <Navigate to={LOGIN_ROUTE} replace /> : <PageLoading fullScreen />;
}
