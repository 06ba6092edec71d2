import { useSyncExternalStore } from 'react';

/** Spec 9: dialogs are 30vw wide, 50vw below 960px; never narrower than a readable minimum. */
export const DIALOG_BREAKPOINT = 960;
export const dialogWidthFor = (viewportWidth: number) => (viewportWidth < DIALOG_BREAKPOINT ? '50vw' : '30vw');
export const DIALOG_MIN_WIDTH = 'min(360px, 92vw)';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

export const useDialogWidth = () => useSyncExternalStore(subscribe, () => dialogWidthFor(window.innerWidth));
