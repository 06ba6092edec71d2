import { useEffect } from 'react';
import { Button, Form, Input, Modal, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ATTRIBUTE_TYPES, type ServiceDatasetInput } from '@nusa/contracts';

/** The name and typed attributes of a dataset (a new one, or a change to one). */
export function DatasetForm({
  open,
  initial,
  saving,
  onSave,
  onClose,
}: {
  open: boolean;
  initial?: ServiceDatasetInput;
  saving: boolean;
  onSave: (input: ServiceDatasetInput) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ServiceDatasetInput>();
  useEffect(() => {
    if (open) form.setFieldsValue(initial ?? { name: '', attributes: [{ name: '', type: 'TEXT' }] });
  }, [open, initial, form]);
  return (
    <Modal
      open={open}
      title={initial ? t('service.dataset.edit') : t('service.dataset.add')}
      okText={t('service.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={() => void form.validateFields().then(onSave)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="name" label={t('service.dataset.name')} rules={[{ required: true, whitespace: true, max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.List name="attributes">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" wrap>
                  <Form.Item name={[field.name, 'name']} rules={[{ required: true, whitespace: true, max: 60 }]}>
                    <Input placeholder={t('service.dataset.attribute')} aria-label={t('service.dataset.attribute')} maxLength={60} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'type']}>
                    <Select aria-label={t('service.dataset.type')} style={{ width: 120 }} options={ATTRIBUTE_TYPES.map((v) => ({ value: v, label: v }))} />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('service.delete')}
                    disabled={fields.length < 2}
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ name: '', type: 'TEXT' })} disabled={fields.length >= 30}>
                {t('service.dataset.addAttribute')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
