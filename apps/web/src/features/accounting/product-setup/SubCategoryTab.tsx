import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { MASTER_CODE_PATTERN, endpoints, type BodyOf, type ProductSubCategory } from '@nusa/contracts';
import { MasterListPage, masterApi } from '../master/MasterListPage.tsx';
import { labelledImportReport } from '../products/labelled-import-report.tsx';
import { CategoryPicker } from '../products/pickers.tsx';

const api = masterApi({
  list: endpoints.listProductSubCategories,
  create: endpoints.createProductSubCategory,
  update: endpoints.updateProductSubCategory,
  setActive: endpoints.setProductSubCategoryActive,
  remove: endpoints.deleteProductSubCategory,
  export: endpoints.exportProductSubCategories,
  import: endpoints.importProductSubCategories,
  idName: 'subCategoryId',
});

interface SubCategoryForm {
  subCategoryCode: string;
  subCategoryName: string;
  categoryId: string | null;
}

/** Sub-categories, each under one product category; filterable by category. */
export function SubCategoryTab() {
  const { t } = useTranslation();
  return (
    <MasterListPage<ProductSubCategory, BodyOf<typeof endpoints.createProductSubCategory>, { categoryId?: string }, SubCategoryForm>
      embedded
      api={api}
      cacheKey="product-setup-sub-category"
      title={t('acSetup.tabSubCategory')}
      describe={(s) => `${s.subCategoryCode} - ${s.subCategoryName}`}
      exportName="sub-category"
      searchPlaceholder={t('acSetup.subCategorySearch')}
      emptyText={t('acSetup.subCategoryEmpty')}
      addLabel={t('acSetup.subCategoryAdd')}
      editTitle={(s) => t('acSetup.subCategoryEdit', { code: s.subCategoryCode })}
      scrollX={720}
      renderImportReport={labelledImportReport({
        subCategoryCode: t('acSetup.subCategoryCode'),
        subCategoryName: t('acSetup.subCategoryName'),
        categoryCode: t('acSetup.category'),
        active: t('masterKit.active'),
      })}
      filters={{
        initial: {},
        render: (value, set) => (
          <div className="master-toolbar__filter">
            <CategoryPicker
              placeholder={t('acSetup.allCategories')}
              aria-label={t('acSetup.filterCategory')}
              value={value.categoryId}
              onChange={(categoryId) => set({ ...value, categoryId: categoryId ?? undefined })}
            />
          </div>
        ),
      }}
      columns={[
        { title: t('acSetup.subCategoryCode'), sortKey: 'code', dataIndex: 'subCategoryCode', width: 200, render: (v: string) => <strong>{v}</strong> },
        { title: t('acSetup.subCategoryName'), sortKey: 'name', dataIndex: 'subCategoryName' },
        {
          title: t('acSetup.category'),
          sortKey: 'category',
          key: 'category',
          render: (_: unknown, s) => (
            <div className="master-cell-stack">
              <span>{s.categoryName}</span>
              <span className="muted-text">{s.categoryCode}</span>
            </div>
          ),
        },
      ]}
      form={{
        codeField: 'subCategoryCode',
        errorFields: { product_category_not_found: 'categoryId' },
        initialValues: (s) => ({ subCategoryCode: s?.subCategoryCode ?? '', subCategoryName: s?.subCategoryName ?? '', categoryId: s?.categoryId ?? null }),
        toBody: (v) => ({ subCategoryCode: v.subCategoryCode.trim(), subCategoryName: v.subCategoryName.trim(), categoryId: v.categoryId! }),
        fields: ({ row }) => (
          <>
            <Form.Item
              name="categoryId"
              label={t('acSetup.category')}
              rules={[{ required: true, message: t('validation.required', { label: t('acSetup.category') }) }]}
            >
              <CategoryPicker autoFocus placeholder={t('acProduct.pickCategory')} knownLabel={row ? `${row.categoryCode} - ${row.categoryName}` : undefined} />
            </Form.Item>
            <Form.Item
              name="subCategoryCode"
              label={t('acSetup.subCategoryCode')}
              extra={row ? undefined : t('acCatalog.codeHint')}
              rules={[{ pattern: MASTER_CODE_PATTERN, message: t('acCatalog.codePattern') }]}
            >
              <Input maxLength={30} showCount placeholder={t('acCatalog.codeGenerated')} />
            </Form.Item>
            <Form.Item
              name="subCategoryName"
              label={t('acSetup.subCategoryName')}
              rules={[{ required: true, whitespace: true, message: t('validation.required', { label: t('acSetup.subCategoryName') }) }]}
            >
              <Input maxLength={150} showCount />
            </Form.Item>
          </>
        ),
      }}
    />
  );
}
