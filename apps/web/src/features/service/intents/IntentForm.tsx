import { useEffect } from 'react';
import { Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { INTENT_ACTIONS } from '@nusa/contracts';

export interface IntentFormValues {
  name: string;
  action: (typeof INTENT_ACTIONS)[number];
  responseText: string;
  /** One training phrase a line (a new intent only). */
  phrases?: string;
}

/** An intent's name, what the bot does with it, its response and (new intents) its first phrases. */
export function IntentForm({
  open,
  initial,
  withPhrases,
  saving,
  onSave,
  onClose,
}: {
  open: boolean;
  initial?: IntentFormValues;
  withPhrases: boolean;
  saving: boolean;
  onSave: (v: IntentFormValues) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<IntentFormValues>();
  useEffect(() => {
    if (open) form.setFieldsValue(initial ?? { name: '', action: 'answer', responseText: '', phrases: '' });
  }, [open, initial, form]);
  return (
    <Modal
      open={open}
      title={initial ? t('service.intent.edit') : t('service.intent.add')}
      okText={t('service.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={() => void form.validateFields().then(onSave)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="name" label={t('service.intent.name')} rules={[{ required: true, whitespace: true, max: 60 }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="action" label={t('service.intent.action')}>
          <Radio.Group options={INTENT_ACTIONS.map((a) => ({ value: a, label: t(`service.intent.actions.${a}`) }))} />
        </Form.Item>
        <Form.Item name="responseText" label={t('service.intent.response')} extra={t('service.intent.responseHelp', { token: '{{answer}}' })}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={2000} />
        </Form.Item>
        {withPhrases && (
          <Form.Item name="phrases" label={t('service.intent.phrases')} extra={t('service.intent.phrasesHelp')}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

export const phraseLines = (text?: string) =>
  (text ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
