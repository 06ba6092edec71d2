import { useCallback, useSyncExternalStore } from 'react';

/** Below antd's `md` breakpoint (768 px) the app takes its phone layout: the menu in a drawer, no sidebar. */
export const PHONE_MEDIA_QUERY = '(max-width: 767.98px)';

/** Whether a media query matches now; read during render, so the first paint already has the right layout. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

export const usePhoneLayout = () => useMediaQuery(PHONE_MEDIA_QUERY);

/** The user's system asks for less motion (an accessibility setting). */
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
export const useReducedMotion = () => useMediaQuery(REDUCED_MOTION_QUERY);
