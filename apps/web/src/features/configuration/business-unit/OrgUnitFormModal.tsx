import { useEffect } from 'react';
import { Button, Form, Input, Modal, Select, Space } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OU_CODE_PATTERN, OU_TYPES, endpoints, ouParentProblem, type ErrorCode, type OrgUnit, type OuTypeCode } from '@nusa/contracts';
import { ApiError, call } from '../../../api/call.ts';
import { describeError, reportError, toast } from '../../../app/feedback.tsx';
import { useDialogWidth } from '../../../app/components/dialog-width.ts';
import { ORG_UNITS_KEY, descendantIds } from './org-units.ts';
import { errorKey } from '../../../i18n/keys.ts';

/** Server answers about the parent: shown under the parent field rather than as a toast (spec 5). */
const HIERARCHY_ERRORS: readonly string[] = [
  'ou_company_cannot_have_parent',
  'ou_main_business_unit_cannot_have_parent',
  'ou_sub_business_unit_parent_must_be_branch',
  'ou_branch_parent_must_be_main_business_unit',
  'ou_cannot_be_own_parent',
  'ou_parent_cannot_be_descendant',
] satisfies ErrorCode[];

interface FormValues {
  ouCode: string;
  ouName: string;
  ouTypeCode: OuTypeCode;
  parentId?: string | null;
}

interface Props {
  open: boolean;
  /** The unit being edited; undefined creates a new one. */
  unit?: OrgUnit;
  /** Pre-selected parent for "add child". */
  parentId?: string;
  units: readonly OrgUnit[];
  onClose: () => void;
}

export function OrgUnitFormModal({ open, unit, parentId, units, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const dialogWidth = useDialogWidth();
  const [form] = Form.useForm<FormValues>();
  const type = Form.useWatch('ouTypeCode', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      unit
        ? { ouCode: unit.ouCode, ouName: unit.ouName, ouTypeCode: unit.ouTypeCode, parentId: unit.parentId }
        : { ouCode: '', ouName: '', ouTypeCode: undefined, parentId: parentId ?? null },
    );
  }, [open, unit, parentId, form]);

  const save = useMutation({
    mutationFn: (values: FormValues) => {
      const body = { ouCode: values.ouCode.trim(), ouName: values.ouName.trim(), ouTypeCode: values.ouTypeCode, parentId: values.parentId ?? null };
      return unit ? call(endpoints.updateOrgUnit, { params: { ouId: unit.ouId }, body }) : call(endpoints.createOrgUnit, { body });
    },
    // Hierarchy refusals go under the parent field; everything else through the one error handler.
    meta: { silent: true },
    onSuccess: async (saved) => {
      toast.success(t(unit ? 'businessUnit.updated' : 'businessUnit.created', { code: saved.ouCode }));
      await queryClient.invalidateQueries({ queryKey: ORG_UNITS_KEY });
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && HIERARCHY_ERRORS.includes(err.code)) {
        form.setFields([{ name: 'parentId', errors: [describeError(err)] }]);
      } else {
        reportError(err);
      }
    },
  });

  const descendants = unit ? descendantIds(units, unit.ouId) : new Set<string>();
  const unitById = new Map(units.map((u) => [u.ouId, u]));
  const required = (label: string) => ({ required: true, message: t('validation.required', { label }) });

  /** Spec 5 rules checked as soon as type or parent changes; the server checks them again. */
  const parentRule = () => ({
    validator: (_: unknown, value: string | null | undefined) => {
      const problem: ErrorCode | undefined =
        unit && value === unit.ouId
          ? 'ou_cannot_be_own_parent'
          : value && descendants.has(value)
            ? 'ou_parent_cannot_be_descendant'
            : type
              ? ouParentProblem(type, value ? unitById.get(value)?.ouTypeCode : undefined)
              : undefined;
      return problem ? Promise.reject(new Error(t(errorKey(problem)))) : Promise.resolve();
    },
  });

  // Spec 5: only units that may be the parent of the chosen type are offered (never the unit itself or one below it);
  // a company or main business unit has none. A parent already chosen stays listed so its refusal can be read.
  const currentParent = Form.useWatch('parentId', form);
  const mayBeParent = (u: OrgUnit) => u.ouId !== unit?.ouId && !descendants.has(u.ouId) && (!type || ouParentProblem(type, u.ouTypeCode) === undefined);
  const parentAllowed = !type || OU_TYPES.some((x) => ouParentProblem(type, x.code) === undefined);
  const parentOptions = units
    .filter((u) => mayBeParent(u) || u.ouId === currentParent)
    .sort((a, b) => a.ouCode.localeCompare(b.ouCode))
    .map((u) => ({
      value: u.ouId,
      label: `${u.ouCode} · ${u.ouName} (${t(`businessUnit.types.${OU_TYPES.find((x) => x.code === u.ouTypeCode)!.key}`)})`,
    }));

  return (
    <Modal
      open={open}
      title={unit ? t('businessUnit.editTitle', { code: unit.ouCode }) : t('businessUnit.addTitle')}
      onCancel={onClose}
      footer={null}
      width={dialogWidth}
      style={{ minWidth: 'min(520px, 92vw)' }}
      destroyOnHidden
      maskClosable={false}
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark
        onFinish={(values) => save.mutate(values)}
        onValuesChange={(changed: Partial<FormValues>) => {
          // A type without a parent (company, main business unit) drops a parent chosen before.
          if (changed.ouTypeCode && !OU_TYPES.some((x) => ouParentProblem(changed.ouTypeCode!, x.code) === undefined)) form.setFieldValue('parentId', null);
          if ('ouTypeCode' in changed || 'parentId' in changed) void form.validateFields(['parentId']).catch(() => undefined);
        }}
      >
        <Form.Item
          name="ouCode"
          label={t('businessUnit.code')}
          rules={[required(t('businessUnit.code')), { pattern: OU_CODE_PATTERN, message: t('businessUnit.codePattern') }]}
        >
          <Input maxLength={20} showCount autoFocus placeholder={t('businessUnit.codePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="ouName"
          label={t('businessUnit.name')}
          rules={[required(t('businessUnit.name')), { whitespace: true, message: t('validation.required', { label: t('businessUnit.name') }) }]}
        >
          <Input maxLength={100} showCount placeholder={t('businessUnit.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="ouTypeCode" label={t('businessUnit.type')} rules={[required(t('businessUnit.type'))]}>
          <Select
            placeholder={t('businessUnit.typePlaceholder')}
            options={OU_TYPES.map((x) => ({ value: x.code, label: `${t(`businessUnit.types.${x.key}`)} (${x.code})` }))}
          />
        </Form.Item>
        <Form.Item name="parentId" label={t('businessUnit.parent')} extra={t('businessUnit.parentHint')} dependencies={['ouTypeCode']} rules={[parentRule]}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            disabled={!parentAllowed}
            placeholder={t(parentAllowed ? 'businessUnit.noParent' : 'businessUnit.noParentForType')}
            notFoundContent={t('businessUnit.noParentCandidate')}
            options={parentOptions}
          />
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
