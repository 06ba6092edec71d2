import { useState } from 'react';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, CopyOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UserItem } from '@nusa/contracts';
import { DIALOG_MIN_WIDTH, useDialogWidth } from '../../../app/components/dialog-width.ts';
import { toast } from '../../../app/feedback.tsx';

/** The new password of a reset, shown once: it is not stored anywhere the screen could show it again. */
export function NewPasswordDialog({ shown, onClose }: { shown: { user: UserItem; password: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const dialogWidth = useDialogWidth();
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown!.password);
      setCopied(true);
      toast.success(t('configUser.passwordCopied'));
    } catch {
      setCopied(false);
    }
  };
  return (
    <Modal
      open={shown !== null}
      title={t('configUser.newPasswordTitle')}
      width={dialogWidth}
      style={{ minWidth: DIALOG_MIN_WIDTH }}
      onCancel={onClose}
      afterClose={() => setCopied(null)}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('configUser.newPasswordDone')}
        </Button>
      }
    >
      {shown && (
        <div className="new-password">
          <p>{t('configUser.newPasswordFor', { name: shown.user.username })}</p>
          <Space.Compact block>
            <Input
              readOnly
              value={shown.password}
              aria-label={t('configUser.newPassword')}
              className="new-password__value"
              onFocus={(e) => e.target.select()}
            />
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              {t('configUser.copy')}
            </Button>
          </Space.Compact>
          {copied === true && (
            <Typography.Text type="success" className="new-password__status">
              <CheckCircleFilled /> {t('configUser.passwordCopied')}
            </Typography.Text>
          )}
          {copied === false && (
            <Typography.Text type="danger" className="new-password__status">
              <CloseCircleFilled /> {t('configUser.copyFailed')}
            </Typography.Text>
          )}
          <Alert type="warning" showIcon icon={<WarningOutlined />} title={t('configUser.newPasswordWarning')} className="new-password__warning" />
        </div>
      )}
    </Modal>
  );
}
