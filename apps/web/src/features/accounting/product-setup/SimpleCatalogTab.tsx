import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { MASTER_CODE_PATTERN } from '@nusa/contracts';
import { MasterListPage } from '../master/MasterListPage.tsx';
import { labelledImportReport } from '../products/labelled-import-report.tsx';
import type { MasterApi } from '../master/master-api.ts';
import type { TextKey } from '../../../i18n/keys.ts';

/** The i18n keys (under acSetup) of one code-and-name record: uom, brand or category. */
type Kind = 'uom' | 'brand' | 'category';
const TAB_TITLES = { uom: 'acSetup.tabUom', brand: 'acSetup.tabBrand', category: 'acSetup.tabCategory' } as const satisfies Record<Kind, TextKey>;

type Row = { active: 'Y' | 'N' } & Record<string, string>;
type SimpleForm = Record<string, string>;
type SimpleApi = MasterApi<Row, SimpleForm, Record<string, never>>;

/** The three records differ only in their field names, which the tab takes as strings; their typed APIs meet here. */
export const asSimpleApi = (api: object) => api as SimpleApi;

interface Props {
  kind: Kind;
  api: SimpleApi;
  codeField: string;
  nameField: string;
}

/** Units of measure, brands and categories: the same code (blank: generated) and name list and form. */
export function SimpleCatalogTab({ kind, api, codeField, nameField }: Props) {
  const { t } = useTranslation();
  const code = t(`acSetup.${kind}Code`);
  const name = t(`acSetup.${kind}Name`);
  return (
    <MasterListPage<Row, SimpleForm, Record<string, never>, SimpleForm>
      embedded
      api={api}
      cacheKey={`product-setup-${kind}`}
      title={t(TAB_TITLES[kind])}
      describe={(r) => `${r[codeField]} - ${r[nameField]}`}
      exportName={kind}
      searchPlaceholder={t(`acSetup.${kind}Search`)}
      emptyText={t(`acSetup.${kind}Empty`)}
      addLabel={t(`acSetup.${kind}Add`)}
      editTitle={(r) => t(`acSetup.${kind}Edit`, { code: r[codeField] })}
      scrollX={640}
      renderImportReport={labelledImportReport({ [codeField]: code, [nameField]: name, active: t('masterKit.active') })}
      columns={[
        { title: code, sortKey: 'code', dataIndex: codeField, width: 200, render: (v: string) => <strong>{v}</strong> },
        { title: name, sortKey: 'name', dataIndex: nameField },
      ]}
      form={{
        codeField,
        initialValues: (r) => ({ [codeField]: r?.[codeField] ?? '', [nameField]: r?.[nameField] ?? '' }),
        toBody: (v) => ({ [codeField]: (v[codeField] ?? '').trim(), [nameField]: (v[nameField] ?? '').trim() }),
        fields: ({ row }) => (
          <>
            <Form.Item
              name={codeField}
              label={code}
              extra={row ? undefined : t('acCatalog.codeHint')}
              rules={[{ pattern: MASTER_CODE_PATTERN, message: t('acCatalog.codePattern') }]}
            >
              <Input maxLength={30} showCount autoFocus={!row} placeholder={t('acCatalog.codeGenerated')} />
            </Form.Item>
            <Form.Item name={nameField} label={name} rules={[{ required: true, whitespace: true, message: t('validation.required', { label: name }) }]}>
              <Input maxLength={150} showCount autoFocus={Boolean(row)} />
            </Form.Item>
          </>
        ),
      }}
    />
  );
}
