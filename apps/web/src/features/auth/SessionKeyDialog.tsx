import { useEffect, useEffectEvent, useState } from 'react';
import { Modal, Spin } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { endpoints, type SessionData } from '@nusa/contracts';
import { callWithResponse, workTokenOf } from '../../api/call.ts';
import { describeError } from '../../app/feedback.tsx';
import { runOnce } from './complete-login.ts';
import { DIALOG_MIN_WIDTH, useDialogWidth } from '../../app/components/dialog-width.ts';

/** Spec 4: the dialog stays this long on its verdict before it closes (and, when valid, redirects). */
export const VERDICT_MS = 2000;

type Status = { state: 'waiting' } | { state: 'valid' } | { state: 'invalid'; error: unknown };

interface SessionKeyDialogProps {
  session: string;
  secret: string;
  onValid: (data: SessionData, token: string) => void;
  onInvalid: (error: unknown) => void;
}

/** Sign-in by session and key (spec 2/4): waiting, then valid or invalid; closes after two seconds. */
export function SessionKeyDialog({ session, secret, onValid, onInvalid }: SessionKeyDialogProps) {
  const { t } = useTranslation();
  const dialogWidth = useDialogWidth();
  const [status, setStatus] = useState<Status>({ state: 'waiting' });
  const [open, setOpen] = useState(true);

  const valid = useEffectEvent((data: SessionData, token: string) => onValid(data, token));
  const invalid = useEffectEvent((error: unknown) => onInvalid(error));
  useEffect(() => {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    runOnce(`session-key:${session}`, () => callWithResponse(endpoints.loginBySessionKey, { body: { session, key: secret } })).then(
      ({ data, headers }) => {
        if (!active) return;
        setStatus({ state: 'valid' });
        timer = setTimeout(() => {
          setOpen(false);
          valid(data, workTokenOf(headers));
        }, VERDICT_MS);
      },
      (error: unknown) => {
        if (!active) return;
        setStatus({ state: 'invalid', error });
        timer = setTimeout(() => {
          setOpen(false);
          invalid(error);
        }, VERDICT_MS);
      },
    );
    return () => {
      active = false;
      if (timer) clearTimeout(timer);
    };
  }, [session, secret]);

  return (
    <Modal
      open={open}
      title={t('sessionKey.title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={null}
      centered
      width={dialogWidth}
      style={{ minWidth: DIALOG_MIN_WIDTH }}
    >
      <div className="session-key" role="status" aria-live="polite" data-state={status.state}>
        {status.state === 'waiting' && (
          <>
            <Spin />
            <p>{t('sessionKey.waiting')}</p>
          </>
        )}
        {status.state === 'valid' && (
          <>
            <CheckCircleFilled className="session-key__icon session-key__icon--valid" aria-hidden />
            <p>{t('sessionKey.valid')}</p>
          </>
        )}
        {status.state === 'invalid' && (
          <>
            <CloseCircleFilled className="session-key__icon session-key__icon--invalid" aria-hidden />
            <p>{t('sessionKey.invalid')}</p>
            <p className="session-key__detail">{describeError(status.error)}</p>
          </>
        )}
      </div>
    </Modal>
  );
}
