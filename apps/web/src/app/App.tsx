import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import idID from 'antd/locale/id_ID';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { useLanguage } from '../i18n/index.ts';
import { useReducedMotion } from './components/viewport.ts';
import { FeedbackBridge, TOAST_SECONDS } from './feedback.tsx';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1346b8',
    colorInfo: '#1346b8',
    colorSuccess: '#1f8a4c',
    colorError: '#c62f2f',
    borderRadius: 8,
    fontFamily: "Inter, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, system-ui, -apple-system, sans-serif",
  },
  components: {
    Layout: { siderBg: '#0c1b36', headerBg: '#ffffff', bodyBg: '#f3f5f9', headerPadding: '0 20px', headerHeight: 60 },
    Menu: { darkItemBg: '#0c1b36', darkSubMenuItemBg: '#08142a', darkItemSelectedBg: '#1346b8', itemHeight: 42 },
  },
};

/**
 * The theme for a user whose system asks for less motion: dialogs, drawers, menus and toasts appear without visible
 * movement. Their motions last a hundredth of a second rather than being switched off (token `motion: false`):
 * switched off, a dialog's content shows before its layer is in the page and the field asking for the focus
 * (autoFocus) does not get it; at no time at all, a motion waits for an end that never comes.
 */
const STILL = '0.01s';
const stillTheme: ThemeConfig = {
  ...theme,
  token: { ...theme.token, motionDurationFast: STILL, motionDurationMid: STILL, motionDurationSlow: STILL },
};

/** Providers: data cache, antd theme and locale (id_ID by default, en_US), toasts, and the router. */
export function App() {
  const language = useLanguage();
  const still = useReducedMotion();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={language === 'en' ? enUS : idID} theme={still ? stillTheme : theme}>
        <AntApp message={{ maxCount: 3, duration: TOAST_SECONDS.info }} notification={{ placement: 'topRight', maxCount: 4 }}>
          <FeedbackBridge />
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
