import { Alert, Button, Form, Input, Modal, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DATASET_COLUMN_TYPES, endpoints, type NewDataset } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { describeError } from '../../../app/feedback.tsx';

/** A dataset made by hand: its name and columns with their types; its page then opens to add the rows. */
export function NewDatasetDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<NewDataset>();
  const create = useMutation({
    mutationFn: (body: NewDataset) => call(endpoints.createDataset, { body }),
    meta: { silent: true },
    onSuccess: (d) => {
      onClose();
      navigate(`/analysis/database-manager/dataset/${d.datasetId}`);
    },
  });
  const types = DATASET_COLUMN_TYPES.map((type) => ({ value: type, label: t(`analysis.type.${type}`) }));
  return (
    <Modal
      open={open}
      title={t('analysisDataset.create.title')}
      okText={t('analysisDataset.create.create')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      onCancel={onClose}
      destroyOnHidden
      afterOpenChange={(isOpen) => {
        if (isOpen) return;
        create.reset();
        form.resetFields();
      }}
      onOk={() =>
        void form.validateFields().then((v) => create.mutate({ name: v.name.trim(), columns: v.columns.map((c) => ({ label: c.label.trim(), type: c.type })) }))
      }
    >
      <Form form={form} layout="vertical" initialValues={{ columns: [{ label: '', type: 'text' }] }}>
        <Form.Item
          name="name"
          label={t('analysisDataset.create.name')}
          rules={[{ required: true, whitespace: true, message: t('analysisDataset.create.nameRequired') }]}
        >
          <Input maxLength={100} autoFocus />
        </Form.Item>
        <Form.List name="columns">
          {(fields, { add, remove }) => (
            <fieldset className="analysis-new__columns">
              <legend>{t('analysisDataset.create.columns')}</legend>
              {fields.map((field, i) => (
                <div key={field.key} className="analysis-new__column">
                  <Form.Item
                    name={[field.name, 'label']}
                    className="analysis-new__label"
                    rules={[{ required: true, whitespace: true, message: t('analysisDataset.create.columnRequired') }]}
                  >
                    <Input
                      maxLength={100}
                      placeholder={t('analysisDataset.create.columnLabel')}
                      aria-label={`${t('analysisDataset.create.columnLabel')} ${i + 1}`}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'type']} className="analysis-new__type">
                    <Select options={types} aria-label={`${t('analysisDataset.create.columnType')} ${i + 1}`} />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    disabled={fields.length === 1}
                    aria-label={`${t('analysisDataset.create.removeColumn')} ${i + 1}`}
                    onClick={() => remove(field.name)}
                  />
                </div>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ label: '', type: 'text' })}>
                {t('analysisDataset.create.addColumn')}
              </Button>
            </fieldset>
          )}
        </Form.List>
      </Form>
      {create.isError && <Alert type="error" showIcon title={describeError(create.error)} />}
    </Modal>
  );
}
