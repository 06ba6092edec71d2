import type { ReactNode } from 'react';
import { App } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DIALOG_MIN_WIDTH, useDialogWidth } from './dialog-width.ts';

/** The buttons of every confirmation, ConfirmDeleteButton's pop-over and the dialogs alike: a red OK and "Cancel". */
export const dangerButtons = (t: TFunction, okText: string, danger = true) => ({ okText, okButtonProps: { danger }, cancelText: t('common.cancel') });

export interface DangerConfirm {
  title: ReactNode;
  content?: ReactNode;
  okText: string;
  /** A promise keeps OK loading until it settles (a rejected one keeps the dialog open). */
  onOk: () => unknown;
  /** False when nothing is lost (the OK button is then not red). */
  danger?: boolean;
  icon?: ReactNode;
  /** Which button Enter presses at once (antd's default: OK). */
  autoFocusButton?: 'ok' | 'cancel';
}

/** Asks before an action (spec: no destructive action unconfirmed) in the app's one confirmation dialog. */
export function useConfirmDanger(): (confirm: DangerConfirm) => void {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const width = useDialogWidth();
  return ({ okText, danger, ...rest }) => {
    modal.confirm({ ...rest, ...dangerButtons(t, okText, danger), width, style: { minWidth: DIALOG_MIN_WIDTH } });
  };
}
