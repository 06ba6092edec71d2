import { Button, Checkbox, Empty, Form, Input, Radio, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ADDRESS_ROLES, PHONE_MIN_LENGTH, endpoints, type Partner, type PartnerType } from '@nusa/contracts';
import type { SortableColumn } from '../../../app/components/list-sort.ts';
import { MasterListPage, masterApi, type MasterFormSpec } from '../master/MasterListPage.tsx';
import { MoneyInput } from '../../../app/components/MoneyInput.tsx';
import { ImportReportView } from '../master/ImportButton.tsx';
import { fitsDecimal, isAboveZero } from '../../../app/decimal.ts';
import { RankTag } from './RankTag.tsx';
import { RANKS } from './rank.ts';
import { emptyAddress, partnerBody, partnerValues, validDegrees, type PartnerValues } from './partner-form.ts';
import './partners.css';
import type { TextKey, Translate } from '../../../i18n/keys.ts';
import { useFormat } from '../../../app/use-format.ts';

const customerApi = masterApi({
  list: endpoints.listCustomers,
  create: endpoints.createCustomer,
  update: endpoints.updateCustomer,
  setActive: endpoints.setCustomerActive,
  remove: endpoints.deleteCustomer,
  export: endpoints.exportCustomers,
  import: endpoints.importCustomers,
  idName: 'partnerId',
});
const supplierApi = masterApi({
  list: endpoints.listSuppliers,
  create: endpoints.createSupplier,
  update: endpoints.updateSupplier,
  setActive: endpoints.setSupplierActive,
  remove: endpoints.deleteSupplier,
  export: endpoints.exportSuppliers,
  import: endpoints.importSuppliers,
  idName: 'partnerId',
});

type Filters = { rank?: number };
/** The import report's column keys (the sheet's, as in the export) → their labels on this screen. */
const IMPORT_COLUMNS: Record<string, TextKey> = {
  partnerCode: 'partnerPage.code',
  partnerName: 'partnerPage.name',
  alias: 'partnerPage.alias',
  lineOfBusiness: 'partnerPage.lineOfBusiness',
  rank: 'partnerPage.rank',
  phones: 'partnerPage.phones',
  fax: 'partnerPage.fax',
  email: 'partnerPage.email',
  creditLimit: 'partnerPage.creditLimit',
  addresses: 'partnerPage.addresses',
  active: 'masterKit.active',
};
const PHONE = /^[0-9+()\- ]+$/;

/** Customers and suppliers share one form and list; `type` picks the endpoints, texts and cache. */
export function PartnerPage({ type }: { type: PartnerType }) {
  const { t } = useTranslation();
  const f = useFormat();
  const k = type === 'CUSTOMER' ? 'customer' : 'supplier';
  const columns: SortableColumn<Partner>[] = [
    { title: t('partnerPage.code'), sortKey: 'code', dataIndex: 'partnerCode', width: 130, render: (code: string) => <strong>{code}</strong> },
    {
      title: t('partnerPage.name'),
      sortKey: 'name',
      dataIndex: 'partnerName',
      render: (name: string, p) => (
        <div className="master-cell-stack">
          <span>{name}</span>
          {(p.alias || p.lineOfBusiness) && <span className="muted-text">{[p.alias, p.lineOfBusiness].filter(Boolean).join(' · ')}</span>}
        </div>
      ),
    },
    { title: t('partnerPage.rank'), sortKey: 'rank', dataIndex: 'rank', width: 170, render: (rank: number) => <RankTag rank={rank} /> },
    {
      title: t('partnerPage.phones'),
      dataIndex: 'phones',
      responsive: ['lg'],
      render: (phones: string[]) => (phones.length ? phones.join(', ') : <span className="muted-text">—</span>),
    },
    {
      title: t('partnerPage.creditLimit'),
      sortKey: 'creditLimit',
      dataIndex: 'creditLimit',
      align: 'right',
      width: 170,
      render: (v: string | null) => (v ? <span className="partner-money">{f.decimal(v, true)}</span> : <span className="muted-text">—</span>),
    },
  ];

  const form: MasterFormSpec<Partner, PartnerValues, ReturnType<typeof partnerBody>> = {
    codeField: 'partnerCode',
    initialValues: partnerValues,
    toBody: partnerBody,
    errorFields: { credit_limit_must_be_positive: 'creditLimit' },
    width: 720,
    fields: () => <PartnerFields />,
  };

  return (
    <MasterListPage
      api={type === 'CUSTOMER' ? customerApi : supplierApi}
      cacheKey={type === 'CUSTOMER' ? 'customers' : 'suppliers'}
      title={t(`page.${k}`)}
      subtitle={t(`partnerPage.${k}Description`)}
      describe={(p) => `${p.partnerCode} ${p.partnerName}`}
      columns={columns}
      filters={{
        initial: {} as Filters,
        render: (value, set) => (
          <Select<number>
            allowClear
            placeholder={t('partnerPage.allRanks')}
            aria-label={t('partnerPage.filterRank')}
            value={value.rank}
            onChange={(rank) => set({ rank })}
            className="master-toolbar__filter"
            options={RANKS.map((r) => ({ value: r, label: <RankTag rank={r} /> }))}
          />
        ),
      }}
      form={form}
      exportName={t(`partnerPage.${k}ExportName`)}
      searchPlaceholder={t('partnerPage.search')}
      emptyText={t(`partnerPage.${k}Empty`)}
      addLabel={t(`partnerPage.${k}Add`)}
      editTitle={(p) => t(`partnerPage.${k}EditTitle`, { code: p.partnerCode })}
      scrollX={1000}
      renderImportReport={(report) => <ImportReportView report={report} columnLabel={(c) => (c in IMPORT_COLUMNS ? t(IMPORT_COLUMNS[c]) : c)} />}
    />
  );
}

function PartnerFields() {
  const { t } = useTranslation();
  const required = (label: string) => ({ required: true, whitespace: true, message: t('validation.required', { label }) });
  const phoneRules = [
    { pattern: PHONE, message: t('partnerPage.phonePattern') },
    { min: PHONE_MIN_LENGTH, message: t('partnerPage.phoneTooShort', { count: PHONE_MIN_LENGTH - 1 }) },
  ];
  return (
    <>
      <div className="master-form-grid">
        <Form.Item
          name="partnerCode"
          label={t('partnerPage.code')}
          extra={t('partnerPage.codeHint')}
          rules={[{ pattern: /^[A-Za-z0-9._/-]*$/, message: t('partnerPage.codePattern') }]}
        >
          <Input maxLength={30} autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item name="alias" label={t('partnerPage.alias')}>
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
      </div>
      <Form.Item name="partnerName" label={t('partnerPage.name')} rules={[required(t('partnerPage.name'))]}>
        <Input maxLength={150} showCount autoComplete="off" />
      </Form.Item>
      <Form.Item name="lineOfBusiness" label={t('partnerPage.lineOfBusiness')}>
        <Input maxLength={100} autoComplete="off" placeholder={t('partnerPage.lineOfBusinessPlaceholder')} />
      </Form.Item>
      <Form.Item name="rank" label={t('partnerPage.rank')}>
        <Radio.Group className="partner-rank-choice">
          {RANKS.map((r) => (
            <Radio.Button key={r} value={r}>
              <RankTag rank={r} />
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      <div className="master-form-grid">
        <Form.Item
          name="creditLimit"
          label={t('partnerPage.creditLimit')}
          extra={t('partnerPage.creditLimitHint')}
          rules={[
            {
              validator: async (_: unknown, v: string | null | undefined) => {
                if (!v) return;
                if (!fitsDecimal(v)) throw new Error(t('partnerPage.creditLimitFormat'));
                if (!isAboveZero(v)) throw new Error(t('error.credit_limit_must_be_positive'));
              },
            },
          ]}
        >
          <MoneyInput prefix="Rp" cents />
        </Form.Item>
        <Form.Item name="email" label={t('partnerPage.email')} rules={[{ type: 'email', message: t('partnerPage.emailInvalid') }]}>
          <Input maxLength={200} type="email" autoComplete="off" />
        </Form.Item>
      </div>
      <Form.Item label={t('partnerPage.phones')} required={false}>
        <Form.List name="phones">
          {(items, { add, remove }) => (
            <div className="partner-list">
              {items.map((item, i) => (
                <Space.Compact key={item.key} block>
                  <Form.Item name={item.name} noStyle rules={phoneRules} validateTrigger="onBlur">
                    <Input maxLength={30} inputMode="tel" aria-label={t('partnerPage.phoneN', { n: i + 1 })} placeholder="021-5550 1234" />
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} aria-label={t('partnerPage.removePhone', { n: i + 1 })} onClick={() => remove(item.name)} />
                </Space.Compact>
              ))}
              {items.length < 5 && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')}>
                  {t('partnerPage.addPhone')}
                </Button>
              )}
            </div>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item name="fax" label={t('partnerPage.fax')} rules={phoneRules}>
        <Input maxLength={30} inputMode="tel" autoComplete="off" />
      </Form.Item>
      <AddressEditor />
    </>
  );
}

/** The addresses: text, city, postal code, roles and an optional map position (latitude and longitude together). */
function AddressEditor() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<PartnerValues>();
  return (
    <Form.List name="addresses">
      {(items, { add, remove }) => (
        <section className="partner-addresses" aria-label={t('partnerPage.addresses')}>
          <div className="partner-addresses__head">
            <h3>{t('partnerPage.addresses')}</h3>
            {items.length < 20 && (
              <Button icon={<PlusOutlined />} onClick={() => add({ ...emptyAddress(), roles: items.length ? [] : ['MAILING', 'BILLING', 'SHIPPING'] })}>
                {t('partnerPage.addAddress')}
              </Button>
            )}
          </div>
          {items.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('partnerPage.noAddresses')} />}
          {items.map((item, i) => (
            <div key={item.key} className="partner-address">
              <div className="partner-address__title">
                <strong>{t('partnerPage.addressN', { n: i + 1 })}</strong>
                <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(item.name)}>
                  {t('partnerPage.removeAddress')}
                </Button>
              </div>
              <Form.Item
                name={[item.name, 'address']}
                label={t('partnerPage.address')}
                rules={[{ required: true, whitespace: true, message: t('validation.required', { label: t('partnerPage.address') }) }]}
              >
                <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
              </Form.Item>
              <div className="master-form-grid">
                <Form.Item name={[item.name, 'city']} label={t('partnerPage.city')}>
                  <Input maxLength={100} />
                </Form.Item>
                <Form.Item
                  name={[item.name, 'postalCode']}
                  label={t('partnerPage.postalCode')}
                  rules={[{ pattern: /^[0-9A-Za-z -]*$/, message: t('partnerPage.postalCodePattern') }]}
                >
                  <Input maxLength={10} />
                </Form.Item>
              </div>
              <Form.Item
                name={[item.name, 'roles']}
                label={t('partnerPage.roles')}
                rules={[{ required: true, type: 'array', min: 1, message: t('partnerPage.rolesRequired') }]}
              >
                <Checkbox.Group options={ADDRESS_ROLES.map((r) => ({ value: r, label: t(`partnerPage.role${r}`) }))} />
              </Form.Item>
              <div className="master-form-grid">
                <Form.Item
                  name={[item.name, 'latitude']}
                  label={t('partnerPage.latitude')}
                  dependencies={[['addresses', item.name, 'longitude']]}
                  rules={[
                    { validator: async (_: unknown, v: string) => degreesRule(v, 90, form.getFieldValue(['addresses', item.name, 'longitude']) as string, t) },
                  ]}
                >
                  <Input placeholder="-6.2088" inputMode="decimal" />
                </Form.Item>
                <Form.Item
                  name={[item.name, 'longitude']}
                  label={t('partnerPage.longitude')}
                  dependencies={[['addresses', item.name, 'latitude']]}
                  rules={[
                    { validator: async (_: unknown, v: string) => degreesRule(v, 180, form.getFieldValue(['addresses', item.name, 'latitude']) as string, t) },
                  ]}
                >
                  <Input placeholder="106.8456" inputMode="decimal" />
                </Form.Item>
              </div>
            </div>
          ))}
        </section>
      )}
    </Form.List>
  );
}

function degreesRule(value: string | undefined, limit: 90 | 180, other: string | undefined, t: Translate) {
  const v = value?.trim() ?? '';
  if (!v && !other?.trim()) return;
  if (!v) throw new Error(t('partnerPage.positionBoth'));
  if (!validDegrees(v, limit)) throw new Error(t(limit === 90 ? 'partnerPage.latitudeInvalid' : 'partnerPage.longitudeInvalid'));
}
