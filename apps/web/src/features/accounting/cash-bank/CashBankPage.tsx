import { useEffect } from 'react';
import { Form, Input, Radio, Select, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CASH_BANK_TYPES, endpoints, type CashBank, type CashBankType } from '@nusa/contracts';
import type { SortableColumn } from '../../../app/components/list-sort.ts';
import { MasterListPage, masterApi, type MasterFormSpec } from '../master/MasterListPage.tsx';
import { ImportReportView } from '../master/ImportButton.tsx';
import { CoaPicker, coaLabel } from '../pickers/CoaPicker.tsx';
import { CurrencyPicker } from '../pickers/CurrencyPicker.tsx';
import { OrgUnitPicker } from '../../../app/components/pickers/OrgUnitPicker.tsx';
import { cashBankBody, cashBankValues, type CashBankValues } from './cash-bank-form.ts';
import type { TextKey } from '../../../i18n/keys.ts';
import { resourceKeyOf } from '../../../api/query-keys.ts';
import { LAZY_SELECT } from '../../../app/components/LazySelect.tsx';

const api = masterApi({
  list: endpoints.listCashBanks,
  create: endpoints.createCashBank,
  update: endpoints.updateCashBank,
  setActive: endpoints.setCashBankActive,
  remove: endpoints.deleteCashBank,
  export: endpoints.exportCashBanks,
  import: endpoints.importCashBanks,
  idName: 'cashBankId',
});

type Filters = { type?: CashBankType };
/** The import report's column keys (the sheet's, as in the export) → their labels on this screen. */
const IMPORT_COLUMNS: Record<string, TextKey> = {
  cashBankCode: 'cashBankPage.code',
  cashBankName: 'cashBankPage.name',
  type: 'cashBankPage.type',
  coaCode: 'cashBankPage.coa',
  coaName: 'cashBankPage.coa',
  currencyCode: 'cashBankPage.currency',
  ouCode: 'cashBankPage.ou',
  accountNumber: 'cashBankPage.accountNumber',
  active: 'masterKit.active',
};
const TYPE_COLORS: Record<CashBankType, string> = { CASH: 'gold', BANK: 'geekblue' };

/** Accounting › Cash & Bank (spec 5): cash boxes and bank accounts, each on its own cash or bank COA. */
export default function CashBankPage() {
  const { t } = useTranslation();
  const typeLabel = (type: CashBankType) => t(`cashBankPage.type${type}`);
  const columns: SortableColumn<CashBank>[] = [
    { title: t('cashBankPage.code'), sortKey: 'code', dataIndex: 'cashBankCode', width: 130, render: (code: string) => <strong>{code}</strong> },
    { title: t('cashBankPage.name'), sortKey: 'name', dataIndex: 'cashBankName' },
    {
      title: t('cashBankPage.type'),
      sortKey: 'type',
      dataIndex: 'type',
      width: 100,
      render: (type: CashBankType) => <Tag color={TYPE_COLORS[type]}>{typeLabel(type)}</Tag>,
    },
    { title: t('cashBankPage.coa'), key: 'coa', render: (_: unknown, r) => coaLabel(r) },
    { title: t('cashBankPage.currency'), dataIndex: 'currencyCode', width: 100 },
    {
      title: t('cashBankPage.ou'),
      key: 'ou',
      responsive: ['lg'],
      render: (_: unknown, r) => (r.ouCode ? `${r.ouCode} - ${r.ouName}` : <span className="muted-text">—</span>),
    },
    {
      title: t('cashBankPage.accountNumber'),
      sortKey: 'accountNumber',
      dataIndex: 'accountNumber',
      responsive: ['lg'],
      render: (n: string | null) => n ?? <span className="muted-text">—</span>,
    },
  ];

  const form: MasterFormSpec<CashBank, CashBankValues, ReturnType<typeof cashBankBody>> = {
    codeField: 'cashBankCode',
    initialValues: cashBankValues,
    toBody: cashBankBody,
    errorFields: {
      cash_bank_coa_already_used: 'coaId',
      cash_bank_coa_group_invalid: 'coaId',
      coa_not_found: 'coaId',
      cash_bank_ou_required: 'ouId',
      ou_not_found: 'ouId',
      currency_not_found: 'currencyId',
    },
    fields: ({ row, form: f }) => <CashBankFields row={row} form={f} />,
  };

  return (
    <MasterListPage
      api={api}
      cacheKey="cash-banks"
      title={t('page.cashBank')}
      subtitle={t('cashBankPage.description')}
      describe={(r) => `${r.cashBankCode} ${r.cashBankName}`}
      columns={columns}
      filters={{
        initial: {} as Filters,
        render: (value, set) => (
          <Select<CashBankType>
            allowClear
            placeholder={t('cashBankPage.allTypes')}
            aria-label={t('cashBankPage.filterType')}
            value={value.type}
            onChange={(type) => set({ type })}
            className="master-toolbar__filter"
            options={CASH_BANK_TYPES.map((type) => ({ value: type, label: typeLabel(type) }))}
          />
        ),
      }}
      form={form}
      exportName={t('cashBankPage.exportName')}
      searchPlaceholder={t('cashBankPage.search')}
      emptyText={t('cashBankPage.empty')}
      addLabel={t('cashBankPage.add')}
      editTitle={(r) => t('cashBankPage.editTitle', { code: r.cashBankCode })}
      renderImportReport={(report) => <ImportReportView report={report} columnLabel={(c) => (c in IMPORT_COLUMNS ? t(IMPORT_COLUMNS[c]) : c)} />}
    />
  );
}

function CashBankFields({ row, form }: { row?: CashBank; form: Parameters<MasterFormSpec<CashBank, CashBankValues, unknown>['fields']>[0]['form'] }) {
  const { t } = useTranslation();
  const type = Form.useWatch('type', form) as CashBankType | undefined;
  const required = (label: string) => ({ required: true, message: t('validation.required', { label }) });
  const sameCoaAsSaved = row && row.type === type;
  // The accounts other cash banks use change with every save: each opening of the form asks again, and forgets the
  // pages it kept (an invalidated page would still be shown until the new answer came, offering a taken account).
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.resetQueries({ queryKey: resourceKeyOf(endpoints.listCoa), predicate: (q) => q.queryKey.includes(LAZY_SELECT) });
  }, [queryClient]);
  return (
    <>
      <div className="master-form-grid">
        <Form.Item
          name="cashBankCode"
          label={t('cashBankPage.code')}
          extra={row ? undefined : t('cashBankPage.codeHint')}
          rules={[{ pattern: /^[A-Za-z0-9._-]*$/, message: t('cashBankPage.codePattern') }]}
        >
          <Input maxLength={20} autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item name="type" label={t('cashBankPage.type')} rules={[required(t('cashBankPage.type'))]}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={CASH_BANK_TYPES.map((v) => ({ value: v, label: t(`cashBankPage.type${v}`) }))}
            // The COA must belong to the group of the new type, so a COA chosen for the other type is cleared.
            onChange={() => form.setFieldsValue({ coaId: null })}
          />
        </Form.Item>
      </div>
      <Form.Item name="cashBankName" label={t('cashBankPage.name')} rules={[{ ...required(t('cashBankPage.name')), whitespace: true }]}>
        <Input maxLength={100} showCount autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="coaId"
        label={t('cashBankPage.coa')}
        extra={t(type === 'CASH' ? 'cashBankPage.coaHintCash' : 'cashBankPage.coaHintBank')}
        rules={[required(t('cashBankPage.coa'))]}
      >
        <CoaPicker
          purpose={type === 'CASH' ? 'cash' : 'bank'}
          freeForCashBank={row?.cashBankId ?? 'new'}
          knownLabel={sameCoaAsSaved ? coaLabel(row) : undefined}
          placeholder={t('cashBankPage.coaPlaceholder')}
        />
      </Form.Item>
      <div className="master-form-grid">
        <Form.Item name="currencyId" label={t('cashBankPage.currency')} rules={[required(t('cashBankPage.currency'))]}>
          <CurrencyPicker placeholder={t('cashBankPage.currencyPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="ouId"
          label={t('cashBankPage.ou')}
          dependencies={['type']}
          extra={type === 'BANK' ? undefined : t('cashBankPage.ouHint')}
          rules={type === 'BANK' ? [required(t('cashBankPage.ou'))] : []}
        >
          <OrgUnitPicker placeholder={t('cashBankPage.ouPlaceholder')} />
        </Form.Item>
      </div>
      <Form.Item
        name="accountNumber"
        label={t('cashBankPage.accountNumber')}
        rules={[{ pattern: /^[0-9 .-]*$/, message: t('cashBankPage.accountNumberPattern') }]}
      >
        <Input maxLength={40} autoComplete="off" inputMode="numeric" />
      </Form.Item>
    </>
  );
}
