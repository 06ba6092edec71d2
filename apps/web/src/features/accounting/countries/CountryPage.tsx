import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODE_PATTERN, endpoints, type Country } from '@nusa/contracts';
import { MasterListPage, masterApi } from '../master/MasterListPage.tsx';
import { labelledImportReport } from '../products/labelled-import-report.tsx';

const api = masterApi({
  list: endpoints.listCountries,
  create: endpoints.createCountry,
  update: endpoints.updateCountry,
  setActive: endpoints.setCountryActive,
  remove: endpoints.deleteCountry,
  export: endpoints.exportCountries,
  import: endpoints.importCountries,
  idName: 'countryId',
});

interface CountryForm {
  countryCode: string;
  countryName: string;
}

/** Accounting › Country: ISO 3166-1 countries for partner and employee addresses. */
export default function CountryPage() {
  const { t } = useTranslation();
  return (
    <MasterListPage<Country, CountryForm, Record<string, never>, CountryForm>
      api={api}
      cacheKey="countries"
      title={t('page.country')}
      subtitle={t('acCountry.subtitle')}
      describe={(c) => `${c.countryCode} - ${c.countryName}`}
      exportName={t('page.country').toLowerCase()}
      searchPlaceholder={t('acCountry.search')}
      emptyText={t('acCountry.empty')}
      addLabel={t('acCountry.add')}
      editTitle={(c) => t('acCountry.editTitle', { code: c.countryCode })}
      activeFilter={false}
      renderImportReport={labelledImportReport({ countryCode: t('acCountry.code'), countryName: t('acCountry.name'), active: t('masterKit.active') })}
      scrollX={640}
      columns={[
        { title: t('acCountry.code'), sortKey: 'code', dataIndex: 'countryCode', width: 110, render: (code: string) => <strong>{code}</strong> },
        { title: t('acCountry.name'), sortKey: 'name', dataIndex: 'countryName' },
      ]}
      form={{
        codeField: 'countryCode',
        initialValues: (c) => ({ countryCode: c?.countryCode ?? '', countryName: c?.countryName ?? '' }),
        toBody: (v) => ({ countryCode: v.countryCode.trim().toUpperCase(), countryName: v.countryName.trim() }),
        fields: () => (
          <>
            <Form.Item
              name="countryCode"
              label={t('acCountry.code')}
              extra={t('acCountry.codeHint')}
              normalize={(v: string) => v.toUpperCase()}
              rules={[
                { required: true, whitespace: true, message: t('validation.required', { label: t('acCountry.code') }) },
                { pattern: COUNTRY_CODE_PATTERN, message: t('acCountry.codePattern') },
              ]}
            >
              <Input maxLength={2} autoFocus style={{ width: 120 }} />
            </Form.Item>
            <Form.Item
              name="countryName"
              label={t('acCountry.name')}
              rules={[{ required: true, whitespace: true, message: t('validation.required', { label: t('acCountry.name') }) }]}
            >
              <Input maxLength={80} showCount />
            </Form.Item>
          </>
        ),
      }}
    />
  );
}
