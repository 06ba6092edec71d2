import { useLayoutEffect } from 'react';
import { App } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { i18n } from '../i18n/index.ts';
import { errorMessage, isSessionExpiry } from './errors.ts';

/** Spec 9 toast lifetimes, in seconds. */
export const TOAST_SECONDS = { info: 3, success: 3, error: 60 } as const;

let feedback: { message: MessageInstance; notification: NotificationInstance } | undefined;

/** Toasts usable outside components (the request-error handler); they render inside antd's App context. */
export const toast = {
  success: (text: string) => feedback?.message.success({ content: text, duration: TOAST_SECONDS.success }),
  info: (text: string) => feedback?.message.info({ content: text, duration: TOAST_SECONDS.info }),
  /** Spec 8: a red toast titled Error lasting 60 s. */
  error: (text: string) => feedback?.notification.error({ title: i18n.t('common.error'), description: text, duration: TOAST_SECONDS.error, role: 'alert' }),
};

export const describeError = (err: unknown) =>
  errorMessage(
    err,
    (key, vars) => i18n.t(key, vars),
    (key) => i18n.exists(key),
  );

/**
 * The one request-error handler (spec 8): a 401 is left to the session-expired dialog; anything else becomes a
 * translated error toast. Pages with their own message area (login) show `describeError` there instead.
 */
export function reportError(err: unknown) {
  if (isSessionExpiry(err)) return;
  if (err instanceof DOMException && err.name === 'AbortError') return;
  toast.error(describeError(err));
}

/** Hands antd's context-aware message and notification APIs to `toast`. */
export function FeedbackBridge() {
  const { message, notification } = App.useApp();
  useLayoutEffect(() => {
    feedback = { message, notification };
  }, [message, notification]);
  return null;
}
