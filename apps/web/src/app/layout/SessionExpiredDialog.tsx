import { Button, Modal } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { loginUrl } from '../guard.ts';
import { sessionStore, useSessionState } from '../session.ts';
import { queryClient } from '../query-client.ts';
import { DIALOG_MIN_WIDTH, useDialogWidth } from '../components/dialog-width.ts';

/**
 * Spec 4/8: a 401 on any call made with the work token opens this modal; it cannot be dismissed, only left for
 * the login page, which brings the user back here afterwards.
 */
export function SessionExpiredDialog() {
  const { t } = useTranslation();
  const dialogWidth = useDialogWidth();
  const { expired } = useSessionState();
  const location = useLocation();
  const navigate = useNavigate();
  const goToLogin = () => {
    const from = `${location.pathname}${location.search}`;
    sessionStore.end();
    queryClient.clear();
    navigate(loginUrl(from), { replace: true });
  };
  return (
    <Modal
      open={expired}
      title={
        <span className="dialog-title">
          <ClockCircleOutlined className="dialog-title__icon dialog-title__icon--warning" aria-hidden />
          {t('sessionExpired.title')}
        </span>
      }
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      centered
      width={dialogWidth}
      style={{ minWidth: DIALOG_MIN_WIDTH }}
      footer={
        <Button type="primary" onClick={goToLogin} autoFocus>
          {t('sessionExpired.goToLogin')}
        </Button>
      }
    >
      <p className="dialog-text">{t('error.session-expired')}</p>
    </Modal>
  );
}
