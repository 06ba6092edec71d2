import { Button, Descriptions, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../app-config.ts';
import { useLanguage } from '../../i18n/index.ts';
import { DIALOG_MIN_WIDTH, useDialogWidth } from '../components/dialog-width.ts';

/** Spec 2: the release-notes dialog with version, release date and notes of the tenant's current release. */
export function ReleaseNotesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const dialogWidth = useDialogWidth();
  const language = useLanguage();
  const { data } = useAppConfig();
  const notes = data?.releaseNotes;
  return (
    <Modal
      open={open}
      title={t('releaseNotes.title')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
      width={dialogWidth}
      style={{ minWidth: DIALOG_MIN_WIDTH }}
    >
      <Descriptions
        column={1}
        size="small"
        bordered
        styles={{ label: { width: 130, whiteSpace: 'nowrap' } }}
        items={[
          { key: 'version', label: t('releaseNotes.version'), children: notes?.version ?? data?.appVersion ?? '' },
          {
            key: 'date',
            label: t('releaseNotes.releaseDate'),
            children: notes?.releaseDate ? dayjs(notes.releaseDate).locale(language).format('D MMMM YYYY') : '',
          },
          {
            key: 'notes',
            label: t('releaseNotes.notes'),
            children: notes?.notes ? (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{notes.notes}</Typography.Paragraph>
            ) : (
              <Typography.Text type="secondary">{t('releaseNotes.empty')}</Typography.Text>
            ),
          },
        ]}
      />
    </Modal>
  );
}
