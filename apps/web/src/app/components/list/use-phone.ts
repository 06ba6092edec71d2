import { useSyncExternalStore } from 'react';

/** Below antd's `md` breakpoint (768 px) a list shows its rows as cards instead of table rows. */
export const PHONE_QUERY = '(max-width: 767.98px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the screen is phone-sized now (follows rotation and window resizes). */
export const usePhone = () => useSyncExternalStore(subscribe, () => window.matchMedia(PHONE_QUERY).matches);
