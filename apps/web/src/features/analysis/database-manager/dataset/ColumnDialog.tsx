import { useEffect } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DATASET_COLUMN_TYPES, endpoints, type DatasetColumn, type DatasetColumnType } from '@nusa/contracts';
import { ApiError } from '../../../../api/api-error.ts';
import { call } from '../../../../api/call.ts';
import { describeError, toast } from '../../../../app/feedback.tsx';
import { queryKeyOf } from '../../../../api/query-keys.ts';

/** Renames a column or changes its type; a type the stored values do not read as is refused, the rows named in the dialog. */
export function ColumnDialog({ datasetId, column, onClose }: { datasetId: string; column: DatasetColumn | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const [form] = Form.useForm<{ label: string; type: DatasetColumnType }>();
  // The form's store outlives the dialog's contents: each column opens with its own name and type.
  useEffect(() => {
    if (column) form.setFieldsValue({ label: column.label, type: column.type });
  }, [column, form]);
  /** A refused retype in the user's words (the type named in their language); any other error as catalogued. */
  const refusal = (err: unknown, type: DatasetColumnType | undefined) =>
    err instanceof ApiError && err.code === 'analysis_retype_refused' && type
      ? t('analysisDataset.columns.refused', {
          label: String(err.args[0]),
          type: t(`analysis.type.${type}`),
          count: Number(err.args[2]),
          rows: String(err.args[3]),
          example: String(err.args[4]),
        })
      : describeError(err);
  const save = useMutation({
    mutationFn: (change: { label: string; type: DatasetColumnType }) =>
      call(endpoints.updateDatasetColumn, { params: { datasetId, key: column!.key }, body: change }),
    meta: { silent: true },
    onSuccess: () => {
      toast.success(t('analysisDataset.columns.saved'));
      // The dataset (its columns) and its rows.
      void queries.invalidateQueries({ queryKey: queryKeyOf(endpoints.getDataset, datasetId) });
      void queries.invalidateQueries({ queryKey: queryKeyOf(endpoints.listDatasetRows, datasetId) });
      onClose();
    },
  });
  return (
    <Modal
      open={column !== null}
      title={t('analysisDataset.columns.dialogTitle')}
      okText={t('analysisDataset.rows.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
      afterOpenChange={(open) => !open && save.reset()}
      onOk={() => void form.validateFields().then((v) => save.mutate({ label: v.label.trim(), type: v.type }))}
    >
      {column && (
        <Form form={form} layout="vertical" initialValues={{ label: column.label, type: column.type }}>
          <Form.Item
            name="label"
            label={t('analysisDataset.columns.label')}
            rules={[{ required: true, whitespace: true, message: t('analysisDataset.columns.labelRequired') }]}
          >
            <Input maxLength={100} autoFocus />
          </Form.Item>
          <Form.Item name="type" label={t('analysisDataset.columns.type')} extra={t('analysisDataset.columns.retypeHint')}>
            <Select options={DATASET_COLUMN_TYPES.map((type) => ({ value: type, label: t(`analysis.type.${type}`) }))} />
          </Form.Item>
        </Form>
      )}
      {save.isError && <Alert type="error" showIcon title={refusal(save.error, save.variables?.type)} />}
    </Modal>
  );
}
