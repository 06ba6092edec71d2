import { useEffect } from 'react';
import { Button, Form, Input, Modal, Select, Space } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COA_CODE_PATTERN, endpoints, type CoaGroup, type CoaGroupPurpose, type CoaSign, type CoaType } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { toast } from '../../../app/feedback.tsx';
import { DIALOG_MIN_WIDTH, useDialogWidth } from '../../../app/components/dialog-width.ts';
import { useCoaOptions } from './labels.tsx';
import { COA_KEY } from './coa-queries.ts';

interface FormValues {
  groupCode: string;
  groupName: string;
  type?: CoaType;
  sign?: CoaSign;
  purpose: CoaGroupPurpose;
}

/** Create or edit a COA group; of a system-predefined group only the name can change (spec 5). */
export function CoaGroupFormModal({ open, group, onClose }: { open: boolean; group?: CoaGroup; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const dialogWidth = useDialogWidth();
  const options = useCoaOptions();
  const [form] = Form.useForm<FormValues>();
  const system = group?.systemPredefined === 'Y';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(group ? { ...group } : { groupCode: '', groupName: '', type: undefined, sign: undefined, purpose: 'general' });
  }, [open, group, form]);

  const save = useMutation({
    mutationFn: (v: FormValues) => {
      const body = { groupCode: v.groupCode.trim(), groupName: v.groupName.trim(), type: v.type!, sign: v.sign!, purpose: v.purpose };
      return group ? call(endpoints.updateCoaGroup, { params: { groupId: group.groupId }, body }) : call(endpoints.createCoaGroup, { body });
    },
    onSuccess: async (saved) => {
      toast.success(t(group ? 'ledger.updated' : 'ledger.created', { code: saved.groupCode }));
      await queryClient.invalidateQueries({ queryKey: COA_KEY });
      onClose();
    },
  });
  const required = (label: string) => ({ required: true, whitespace: true, message: t('validation.required', { label }) });

  return (
    <Modal
      open={open}
      title={group ? t('coaGroups.editTitle', { code: group.groupCode }) : t('coaGroups.addTitle')}
      onCancel={onClose}
      footer={null}
      width={dialogWidth}
      style={{ minWidth: DIALOG_MIN_WIDTH }}
      destroyOnHidden
      maskClosable={false}
    >
      <Form<FormValues> form={form} layout="vertical" requiredMark onFinish={(v) => save.mutate(v)}>
        <Form.Item
          name="groupCode"
          label={t('ledger.code')}
          extra={system ? t('coaGroups.systemNameOnly') : undefined}
          rules={[required(t('ledger.code')), { pattern: COA_CODE_PATTERN, message: t('ledger.codePattern') }]}
        >
          <Input maxLength={20} showCount autoFocus={!system} disabled={system} />
        </Form.Item>
        <Form.Item name="groupName" label={t('ledger.name')} rules={[required(t('ledger.name'))]}>
          <Input maxLength={100} showCount autoFocus={system} />
        </Form.Item>
        <Form.Item name="type" label={t('ledger.type')} rules={[{ required: true, message: t('validation.required', { label: t('ledger.type') }) }]}>
          <Select options={options.types} disabled={system} placeholder={t('ledger.typePlaceholder')} />
        </Form.Item>
        <Form.Item name="sign" label={t('ledger.sign')} rules={[{ required: true, message: t('validation.required', { label: t('ledger.sign') }) }]}>
          <Select options={options.signs} disabled={system} placeholder={t('ledger.signPlaceholder')} />
        </Form.Item>
        <Form.Item name="purpose" label={t('coaGroups.purpose')} extra={t('coaGroups.purposeHint')}>
          <Select options={options.purposes} disabled={system} />
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
