import { useEffect } from 'react';
import { Button, Form, Input, Modal, Space } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COA_CODE_PATTERN, SEGMENT_GROUP_NAME_MAX, endpoints, type SegmentGroup } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { toast } from '../../../app/feedback.tsx';
import { DIALOG_MIN_WIDTH, useDialogWidth } from '../../../app/components/dialog-width.ts';
import { COA_KEY } from './coa-queries.ts';

interface FormValues {
  segmentCode: string;
  segmentName: string;
}

export function SegmentGroupFormModal({ open, segment, onClose }: { open: boolean; segment?: SegmentGroup; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const dialogWidth = useDialogWidth();
  const [form] = Form.useForm<FormValues>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(segment ? { segmentCode: segment.segmentCode, segmentName: segment.segmentName } : { segmentCode: '', segmentName: '' });
  }, [open, segment, form]);

  const save = useMutation({
    mutationFn: (v: FormValues) => {
      const body = { segmentCode: v.segmentCode.trim(), segmentName: v.segmentName.trim() };
      return segment ? call(endpoints.updateSegmentGroup, { params: { segmentId: segment.segmentId }, body }) : call(endpoints.createSegmentGroup, { body });
    },
    onSuccess: async (saved) => {
      toast.success(t(segment ? 'ledger.updated' : 'ledger.created', { code: saved.segmentCode }));
      await queryClient.invalidateQueries({ queryKey: COA_KEY });
      onClose();
    },
  });
  const required = (label: string) => ({ required: true, whitespace: true, message: t('validation.required', { label }) });

  return (
    <Modal
      open={open}
      title={segment ? t('segmentGroups.editTitle', { code: segment.segmentCode }) : t('segmentGroups.addTitle')}
      onCancel={onClose}
      footer={null}
      width={dialogWidth}
      style={{ minWidth: DIALOG_MIN_WIDTH }}
      destroyOnHidden
      maskClosable={false}
    >
      <Form<FormValues> form={form} layout="vertical" requiredMark onFinish={(v) => save.mutate(v)}>
        <Form.Item name="segmentCode" label={t('ledger.code')} rules={[required(t('ledger.code')), { pattern: COA_CODE_PATTERN, message: t('ledger.codePattern') }]}>
          <Input maxLength={20} showCount autoFocus />
        </Form.Item>
        <Form.Item name="segmentName" label={t('ledger.name')} rules={[required(t('ledger.name'))]}>
          <Input maxLength={SEGMENT_GROUP_NAME_MAX} showCount />
        </Form.Item>
        <Space className="form-actions">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('crud.save')}
          </Button>
        </Space>
      </Form>
    </Modal>
  );
}
