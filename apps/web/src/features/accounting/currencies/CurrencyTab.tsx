import { Form, Input, InputNumber, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { CURRENCY_CODE_PATTERN, endpoints, type Currency } from '@nusa/contracts';
import { MasterListPage, masterApi } from '../master/MasterListPage.tsx';
import { labelledImportReport } from '../products/labelled-import-report.tsx';

const api = masterApi({
  list: endpoints.listCurrencies,
  create: endpoints.createCurrency,
  update: endpoints.updateCurrency,
  setActive: endpoints.setCurrencyActive,
  remove: endpoints.deleteCurrency,
  export: endpoints.exportCurrencies,
  import: endpoints.importCurrencies,
  idName: 'currencyId',
});

interface CurrencyForm {
  currencyCode: string;
  currencyName: string;
  symbol: string;
  decimals: number;
}

/** Currencies; the book currency (the tenant's base, IDR for the demo) is marked and cannot be deactivated, deleted or recoded. */
export function CurrencyTab() {
  const { t } = useTranslation();
  return (
    <MasterListPage<Currency, CurrencyForm, Record<string, never>, CurrencyForm>
      embedded
      api={api}
      cacheKey="currencies"
      title={t('acCurrency.tabCurrency')}
      describe={(c) => `${c.currencyCode} - ${c.currencyName}`}
      exportName={t('acCurrency.tabCurrency').toLowerCase().replaceAll(' ', '-')}
      searchPlaceholder={t('acCurrency.search')}
      emptyText={t('acCurrency.empty')}
      addLabel={t('acCurrency.add')}
      editTitle={(c) => t('acCurrency.editTitle', { code: c.currencyCode })}
      activeFilter={false}
      renderImportReport={labelledImportReport({
        currencyCode: t('acCurrency.code'),
        currencyName: t('acCurrency.name'),
        symbol: t('acCurrency.symbol'),
        decimals: t('acCurrency.decimals'),
        active: t('masterKit.active'),
      })}
      locked={(c) => (c.book === 'Y' ? t('acCurrency.bookHint') : undefined)}
      scrollX={720}
      columns={[
        {
          title: t('acCurrency.code'),
          sortKey: 'code',
          dataIndex: 'currencyCode',
          width: 160,
          render: (code: string, c) => (
            <Space size={6}>
              <strong>{code}</strong>
              {c.book === 'Y' && (
                <Tooltip title={t('acCurrency.bookHint')}>
                  <Tag color="gold">{t('acCurrency.book')}</Tag>
                </Tooltip>
              )}
            </Space>
          ),
        },
        { title: t('acCurrency.name'), sortKey: 'name', dataIndex: 'currencyName' },
        { title: t('acCurrency.symbol'), sortKey: 'symbol', dataIndex: 'symbol', width: 100 },
        { title: t('acCurrency.decimals'), sortKey: 'decimals', dataIndex: 'decimals', width: 140, align: 'right' },
      ]}
      form={{
        codeField: 'currencyCode',
        errorFields: { currency_book_cannot_be_changed: 'currencyCode' },
        initialValues: (c) => ({
          currencyCode: c?.currencyCode ?? '',
          currencyName: c?.currencyName ?? '',
          symbol: c?.symbol ?? '',
          decimals: c?.decimals ?? 2,
        }),
        toBody: (v) => ({
          currencyCode: v.currencyCode.trim().toUpperCase(),
          currencyName: v.currencyName.trim(),
          symbol: v.symbol.trim(),
          decimals: v.decimals,
        }),
        fields: ({ row }) => {
          const book = row?.book === 'Y';
          return (
            <>
              <Form.Item
                name="currencyCode"
                label={t('acCurrency.code')}
                extra={book ? t('acCurrency.bookCodeLocked') : t('acCurrency.codeHint')}
                normalize={(v: string) => v.toUpperCase()}
                rules={[
                  { required: true, whitespace: true, message: t('validation.required', { label: t('acCurrency.code') }) },
                  { pattern: CURRENCY_CODE_PATTERN, message: t('acCurrency.codePattern') },
                ]}
              >
                <Input maxLength={3} autoFocus={!book} disabled={book} style={{ width: 120 }} />
              </Form.Item>
              <Form.Item
                name="currencyName"
                label={t('acCurrency.name')}
                rules={[{ required: true, whitespace: true, message: t('validation.required', { label: t('acCurrency.name') }) }]}
              >
                <Input maxLength={60} showCount autoFocus={book} />
              </Form.Item>
              <div className="master-form-grid">
                <Form.Item
                  name="symbol"
                  label={t('acCurrency.symbol')}
                  rules={[{ required: true, whitespace: true, message: t('validation.required', { label: t('acCurrency.symbol') }) }]}
                >
                  <Input maxLength={8} />
                </Form.Item>
                <Form.Item
                  name="decimals"
                  label={t('acCurrency.decimals')}
                  rules={[{ required: true, message: t('validation.required', { label: t('acCurrency.decimals') }) }]}
                >
                  <InputNumber min={0} max={4} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </div>
            </>
          );
        },
      }}
    />
  );
}
