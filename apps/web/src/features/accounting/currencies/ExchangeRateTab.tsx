import { DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RATE_PATTERN, endpoints, isPositiveDecimal, type BodyOf, type ExchangeRate } from '@nusa/contracts';
import { MasterListPage, masterApi } from '../master/MasterListPage.tsx';
import { labelledImportReport } from '../products/labelled-import-report.tsx';
import { MoneyInput } from '../../../app/components/MoneyInput.tsx';
import { CurrencyCodePicker } from './CurrencyCodePicker.tsx';
import { useFormat } from '../../../app/use-format.ts';

const api = masterApi({
  list: endpoints.listExchangeRates,
  create: endpoints.createExchangeRate,
  update: endpoints.updateExchangeRate,
  setActive: endpoints.setExchangeRateActive,
  remove: endpoints.deleteExchangeRate,
  export: endpoints.exportExchangeRates,
  import: endpoints.importExchangeRates,
  idName: 'rateId',
});

interface RateForm {
  fromCurrency: string | null;
  toCurrency: string | null;
  rateDate: Dayjs | null;
  rate: string | null;
}

type RateBody = BodyOf<typeof endpoints.createExchangeRate>;

interface RateFilters {
  fromCurrency?: string;
  toCurrency?: string;
  from?: string;
  to?: string;
}

const ISO_DATE = 'YYYY-MM-DD';

/** Exchange rates: how many `to` one `from` buys on a date (one rate per pair and date), newest first. */
export function ExchangeRateTab() {
  const { t } = useTranslation();
  const f = useFormat();
  const showDate = (iso: string) => f.date(iso);
  const required = (label: string) => ({ required: true, message: t('validation.required', { label }) });
  return (
    <MasterListPage<ExchangeRate, RateBody, RateFilters, RateForm>
      embedded
      api={api}
      cacheKey="exchange-rates"
      title={t('acCurrency.tabRate')}
      describe={(r) => `${r.fromCurrency} → ${r.toCurrency} ${showDate(r.rateDate)}`}
      exportName={t('acCurrency.tabRate').toLowerCase().replaceAll(' ', '-')}
      searchPlaceholder={t('acRate.search')}
      emptyText={t('acRate.empty')}
      addLabel={t('acRate.add')}
      editTitle={(r) => t('acRate.editTitle', { from: r.fromCurrency, to: r.toCurrency, date: showDate(r.rateDate) })}
      activeFilter={false}
      renderImportReport={labelledImportReport({
        fromCurrency: t('acRate.from'),
        toCurrency: t('acRate.to'),
        rateDate: t('acRate.date'),
        rate: t('acRate.rate'),
        active: t('masterKit.active'),
      })}
      scrollX={760}
      filters={{
        initial: {},
        render: (value, set) => (
          <>
            <div className="master-toolbar__filter">
              <CurrencyCodePicker
                placeholder={t('acRate.anyFrom')}
                aria-label={t('acRate.filterFrom')}
                value={value.fromCurrency}
                onChange={(code) => set({ ...value, fromCurrency: code ?? undefined })}
              />
            </div>
            <div className="master-toolbar__filter">
              <CurrencyCodePicker
                placeholder={t('acRate.anyTo')}
                aria-label={t('acRate.filterTo')}
                value={value.toCurrency}
                onChange={(code) => set({ ...value, toCurrency: code ?? undefined })}
              />
            </div>
            <DatePicker.RangePicker
              aria-label={t('acRate.filterDates')}
              placeholder={[t('acRate.dateFrom'), t('acRate.dateTo')]}
              format="DD/MM/YYYY"
              value={value.from && value.to ? [dayjs(value.from), dayjs(value.to)] : null}
              onChange={(range) => set({ ...value, from: range?.[0]?.format(ISO_DATE), to: range?.[1]?.format(ISO_DATE) })}
            />
          </>
        ),
      }}
      columns={[
        {
          title: t('acRate.pair'),
          sortKey: 'pair',
          key: 'pair',
          width: 160,
          render: (_: unknown, r) => (
            <strong>
              {r.fromCurrency} → {r.toCurrency}
            </strong>
          ),
        },
        { title: t('acRate.date'), sortKey: 'date', dataIndex: 'rateDate', width: 160, render: (iso: string) => showDate(iso) },
        {
          title: t('acRate.rate'),
          sortKey: 'rate',
          dataIndex: 'rate',
          align: 'right',
          render: (rate: string, r) => (
            <span className="nowrap">
              {t('acRate.oneFrom', { code: r.fromCurrency })} <strong>{f.decimal(rate)}</strong> {r.toCurrency}
            </span>
          ),
        },
      ]}
      form={{
        codeField: 'rateDate',
        errorFields: { exchange_rate_already_exists: 'rateDate', exchange_rate_same_currency: 'toCurrency', exchange_rate_must_be_positive: 'rate' },
        initialValues: (r) => ({
          fromCurrency: r?.fromCurrency ?? null,
          toCurrency: r?.toCurrency ?? null,
          rateDate: r ? dayjs(r.rateDate) : dayjs(),
          rate: r?.rate ?? null,
        }),
        toBody: (v) => ({ fromCurrency: v.fromCurrency!, toCurrency: v.toCurrency!, rateDate: v.rateDate!.format(ISO_DATE), rate: v.rate! }),
        fields: ({ form }) => <RateFields form={form} required={required} />,
      }}
    />
  );
}

function RateFields({ form, required }: { form: Parameters<typeof Form.useWatch>[1]; required: (label: string) => { required: boolean; message: string } }) {
  const { t } = useTranslation();
  const from = Form.useWatch('fromCurrency', form) as string | null | undefined;
  const to = Form.useWatch('toCurrency', form) as string | null | undefined;
  return (
    <>
      <div className="master-form-grid">
        <Form.Item name="fromCurrency" label={t('acRate.from')} rules={[required(t('acRate.from'))]}>
          <CurrencyCodePicker placeholder={t('acRate.pickCurrency')} autoFocus />
        </Form.Item>
        <Form.Item
          name="toCurrency"
          label={t('acRate.to')}
          dependencies={['fromCurrency']}
          rules={[
            required(t('acRate.to')),
            ({ getFieldValue }) => ({
              validator: async (_: unknown, code: string | null) => {
                if (code && code === getFieldValue('fromCurrency')) throw new Error(t('acRate.sameCurrency'));
              },
            }),
          ]}
        >
          <CurrencyCodePicker placeholder={t('acRate.pickCurrency')} />
        </Form.Item>
      </div>
      <Form.Item name="rateDate" label={t('acRate.date')} rules={[required(t('acRate.date'))]}>
        <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} allowClear={false} />
      </Form.Item>
      <Form.Item
        name="rate"
        label={t('acRate.rate')}
        extra={from && to ? t('acRate.rateHint', { from, to }) : t('acRate.rateHintEmpty')}
        rules={[
          required(t('acRate.rate')),
          {
            validator: async (_: unknown, rate: string | null) => {
              if (!rate) return;
              if (!RATE_PATTERN.test(rate)) throw new Error(t('acRate.invalidRate'));
              if (!isPositiveDecimal(rate)) throw new Error(t('acRate.mustBePositive'));
            },
          },
        ]}
      >
        <MoneyInput prefix={from ? t('acRate.oneFrom', { code: from }) : undefined} />
      </Form.Item>
    </>
  );
}
