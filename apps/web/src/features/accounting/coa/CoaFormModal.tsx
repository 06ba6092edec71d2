import { useEffect } from 'react';
import { Button, Form, Input, Modal, Select, Space, Switch } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COA_CODE_PATTERN, DROPDOWN_PAGE_SIZE, endpoints, type CoaAccount } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { describeError, reportError, toast } from '../../../app/feedback.tsx';
import { fieldOfError } from '../../../app/server-errors.ts';
import { useDialogWidth } from '../../../app/components/dialog-width.ts';
import { LazySelect } from '../../../app/components/LazySelect.tsx';
import { coaFormValues, coaPayload, type CoaFormValues, type CoaPlacement } from './coa-form.ts';
import { useCoaOptions } from './labels.tsx';
import { COA_KEY } from './coa-queries.ts';
import { areaOf } from '../../../api/query-keys.ts';
import { LAZY_SELECT } from '../../../app/components/LazySelect.tsx';

interface Props {
  open: boolean;
  /** The account being edited; undefined creates one at `placement`. */
  account?: CoaAccount;
  placement?: CoaPlacement;
  /** "code · name" of groups and main accounts already known (the tree), for the pickers' chosen values. */
  knownLabels: Record<string, string>;
  /** After a save, e.g. to open the branch the account is in. */
  onSaved?: (account: CoaAccount) => void;
  onClose: () => void;
}

export const pickLabel = (code: string, name: string) => `${code} · ${name}`;

/** Server refusals about one field, shown under it (the rest as the usual error toast). */
const FIELD_ERRORS = {
  coa_group_has_detail: 'detail',
  coa_group_inactive: 'groupId',
  coa_main_account_invalid: 'mainAccountId',
  coa_has_sub_accounts: 'mainAccountId',
};

/** Create or edit an account: a main account of a group, or a sub account of a main account of the same group. */
export function CoaFormModal({ open, account, placement, knownLabels, onSaved, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const dialogWidth = useDialogWidth();
  const options = useCoaOptions();
  const [form] = Form.useForm<CoaFormValues>();
  const groupId = Form.useWatch('groupId', form);

  useEffect(() => {
    if (!open) return;
    // Groups and accounts may have changed on the other tabs since the pickers last asked.
    void queryClient.invalidateQueries({ queryKey: [areaOf(endpoints.listCoa)], predicate: (q) => q.queryKey.includes(LAZY_SELECT) });
    form.resetFields();
    form.setFieldsValue(coaFormValues(account, placement));
  }, [open, account, placement, form, queryClient]);

  const save = useMutation({
    mutationFn: (values: CoaFormValues) => {
      const body = coaPayload(values, account);
      return account ? call(endpoints.updateCoa, { params: { coaId: account.coaId }, body }) : call(endpoints.createCoa, { body });
    },
    onSuccess: async (saved) => {
      toast.success(t(account ? 'ledger.updated' : 'ledger.created', { code: saved.coaCode }));
      await queryClient.invalidateQueries({ queryKey: COA_KEY });
      onSaved?.(saved);
      onClose();
    },
    meta: { silent: true },
    onError: (err) => {
      const field = fieldOfError(err, { codeField: 'coaCode', byCode: FIELD_ERRORS, fields: Object.keys(form.getFieldsValue(true) as object) });
      if (field === undefined) return reportError(err);
      form.setFields([{ name: field as keyof CoaFormValues, errors: [describeError(err)] }]);
    },
  });
  const required = (label: string) => ({ required: true, whitespace: true, message: t('validation.required', { label }) });

  return (
    <Modal
      open={open}
      title={account ? t('coaAccounts.editTitle', { code: account.coaCode }) : t(placement?.mainAccountId ? 'coaAccounts.addSubTitle' : 'coaAccounts.addTitle')}
      onCancel={onClose}
      footer={null}
      width={dialogWidth}
      style={{ minWidth: 'min(560px, 92vw)', top: 48 }}
      destroyOnHidden
      maskClosable={false}
    >
      <Form<CoaFormValues>
        form={form}
        layout="vertical"
        requiredMark
        onFinish={(values) => save.mutate(values)}
        onValuesChange={(changed: Partial<CoaFormValues>) => {
          // A main account belongs to one group: another group clears it.
          if ('groupId' in changed) form.setFieldValue('mainAccountId', null);
        }}
      >
        <Form.Item
          name="coaCode"
          label={t('ledger.code')}
          rules={[required(t('ledger.code')), { pattern: COA_CODE_PATTERN, message: t('ledger.codePattern') }]}
        >
          <Input maxLength={30} showCount autoFocus placeholder={t('coaAccounts.codePlaceholder')} />
        </Form.Item>
        <Form.Item name="coaName" label={t('ledger.name')} rules={[required(t('ledger.name'))]}>
          <Input maxLength={100} showCount />
        </Form.Item>
        <Form.Item
          name="groupId"
          label={t('coaAccounts.group')}
          rules={[{ required: true, message: t('validation.required', { label: t('coaAccounts.group') }) }]}
        >
          <LazySelect<string | undefined>
            cacheKey={['erp', 'coa-groups', 'pick']}
            aria-label={t('coaAccounts.group')}
            placeholder={t('coaAccounts.groupPlaceholder')}
            knownLabels={knownLabels}
            fetchPage={async (keyword, limit, signal) => {
              const page = await call(endpoints.listCoaGroups, { query: { page: 1, limit, keyword: keyword || undefined }, signal });
              return page.items.filter((g) => g.active === 'Y').map((g) => ({ value: g.groupId, label: pickLabel(g.groupCode, g.groupName) }));
            }}
          />
        </Form.Item>
        <Form.Item name="mainAccountId" label={t('coaAccounts.mainAccount')} extra={t('coaAccounts.mainAccountHint')}>
          <LazySelect<string | undefined>
            cacheKey={['erp', 'coa', 'main-pick', groupId]}
            aria-label={t('coaAccounts.mainAccount')}
            placeholder={t('coaAccounts.noMainAccount')}
            knownLabels={knownLabels}
            disabled={!groupId}
            fetchPage={async (keyword, limit, signal) => {
              const page = await call(endpoints.listCoa, {
                query: { page: 1, limit: limit ?? DROPDOWN_PAGE_SIZE, keyword: keyword || undefined, groupId },
                signal,
              });
              return page.items
                .filter((a) => a.mainAccountId === null && a.coaId !== account?.coaId)
                .map((a) => ({ value: a.coaId, label: pickLabel(a.coaCode, a.coaName) }));
            }}
          />
        </Form.Item>
        <Space.Compact block style={{ gap: 12 }}>
          <Form.Item name="type" label={t('ledger.type')} style={{ flex: 1 }}>
            <Select allowClear options={options.types} placeholder={t('coaAccounts.followGroup')} />
          </Form.Item>
          <Form.Item name="sign" label={t('ledger.sign')} style={{ flex: 1 }}>
            <Select allowClear options={options.signs} placeholder={t('coaAccounts.followGroup')} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="description" label={t('coaAccounts.description')}>
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
        <Space.Compact block style={{ gap: 12 }}>
          <Form.Item name="detail" label={t('coaAccounts.detail')} valuePropName="checked" extra={t('coaAccounts.detailHint')} style={{ flex: 1 }}>
            <Switch aria-label={t('coaAccounts.detail')} />
          </Form.Item>
          <Form.Item name="isDefault" label={t('coaAccounts.default')} valuePropName="checked" extra={t('coaAccounts.defaultHint')} style={{ flex: 1 }}>
            <Switch aria-label={t('coaAccounts.default')} />
          </Form.Item>
        </Space.Compact>
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
