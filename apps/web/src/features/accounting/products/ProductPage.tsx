import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRODUCT_TYPES, endpoints, type BodyOf, type Product, type ProductType } from '@nusa/contracts';
import { MasterListPage, masterApi } from '../master/MasterListPage.tsx';
import { productServerError } from './product-errors.ts';
import { productBody, productFormValues, type ProductForm } from './product-form.ts';
import { ProductFields } from './ProductFields.tsx';
import { ProductImportReport } from './ProductImportReport.tsx';
import { BrandPicker, CategoryPicker } from './pickers.tsx';
import './products.css';
import { useFormat } from '../../../app/use-format.ts';
import type { Format } from '../../../app/format.ts';

interface ProductFilters {
  type?: ProductType;
  brandId?: string;
  categoryId?: string;
}

const api = masterApi({
  list: endpoints.listProducts,
  create: endpoints.createProduct,
  update: endpoints.updateProduct,
  setActive: endpoints.setProductActive,
  remove: endpoints.deleteProduct,
  export: endpoints.exportProducts,
  import: endpoints.importProducts,
  idName: 'productId',
});

const amount = (f: Format) => (value: string | null) =>
  value === null ? <span className="muted-text">—</span> : <span className="product-price-cell">{f.decimal(value)}</span>;

/** Accounting › Product (spec 3, 5): goods and services with units, prices and classification; xlsx import and export. */
export default function ProductPage() {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const exists = (key: string) => i18n.exists(key);
  const typeOptions = PRODUCT_TYPES.map((type) => ({ value: type, label: t(`acProduct.types.${type}`) }));
  return (
    <MasterListPage<Product, BodyOf<typeof endpoints.createProduct>, ProductFilters, ProductForm>
      api={api}
      cacheKey="products"
      title={t('page.product')}
      subtitle={t('acProduct.subtitle')}
      describe={(p) => `${p.productCode} - ${p.productName}`}
      exportName={t('page.product').toLowerCase()}
      searchPlaceholder={t('acProduct.search')}
      emptyText={t('acProduct.empty')}
      addLabel={t('acProduct.add')}
      editTitle={(p) => t('acProduct.editTitle', { code: p.productCode })}
      scrollX={1400}
      renderImportReport={(report) => <ProductImportReport report={report} />}
      filters={{
        initial: {},
        render: (value, set) => (
          <>
            <Select<ProductType>
              allowClear
              placeholder={t('acProduct.allTypes')}
              aria-label={t('acProduct.filterType')}
              value={value.type}
              onChange={(type) => set({ ...value, type })}
              options={typeOptions}
              className="master-toolbar__filter"
            />
            <div className="master-toolbar__filter">
              <BrandPicker
                placeholder={t('acProduct.allBrands')}
                aria-label={t('acProduct.filterBrand')}
                value={value.brandId}
                onChange={(brandId) => set({ ...value, brandId: brandId ?? undefined })}
              />
            </div>
            <div className="master-toolbar__filter">
              <CategoryPicker
                placeholder={t('acProduct.allCategories')}
                aria-label={t('acProduct.filterCategory')}
                value={value.categoryId}
                onChange={(categoryId) => set({ ...value, categoryId: categoryId ?? undefined })}
              />
            </div>
          </>
        ),
      }}
      columns={[
        { title: t('acProduct.code'), sortKey: 'code', dataIndex: 'productCode', width: 130, fixed: 'left', render: (code: string) => <strong>{code}</strong> },
        {
          title: t('acProduct.name'),
          sortKey: 'name',
          dataIndex: 'productName',
          width: 260,
          render: (name: string, p) => (
            <div className="master-cell-stack">
              <span>{name}</span>
              {p.keywords && <span className="muted-text">{p.keywords}</span>}
            </div>
          ),
        },
        {
          title: t('acProduct.type'),
          sortKey: 'type',
          dataIndex: 'productType',
          width: 100,
          render: (type: ProductType) => <Tag color={type === 'PRODUCT' ? 'blue' : 'purple'}>{t(`acProduct.types.${type}`)}</Tag>,
        },
        // Prices next to the name: at 1366 px they are on screen without scrolling sideways.
        { title: t('acProduct.purchasePrice'), sortKey: 'purchasePrice', dataIndex: 'purchasePrice', width: 130, align: 'right', render: amount(f) },
        { title: t('acProduct.sellPrice'), sortKey: 'sellPrice', dataIndex: 'sellPrice', width: 130, align: 'right', render: amount(f) },
        { title: t('acProduct.baseUom'), sortKey: 'baseUom', dataIndex: 'baseUomCode', width: 90 },
        {
          title: t('acProduct.category'),
          sortKey: 'category',
          key: 'category',
          width: 170,
          render: (_: unknown, p) =>
            p.categoryName ? (
              <div className="master-cell-stack">
                <span>{p.categoryName}</span>
                {p.subCategoryName && <span className="muted-text">{p.subCategoryName}</span>}
              </div>
            ) : (
              <span className="muted-text">—</span>
            ),
        },
        {
          title: t('acProduct.brand'),
          sortKey: 'brand',
          dataIndex: 'brandName',
          width: 130,
          render: (name: string | null) => name ?? <span className="muted-text">—</span>,
        },
        {
          title: t('acProduct.quantity'),
          key: 'quantity',
          width: 120,
          align: 'right',
          render: (_: unknown, p) =>
            p.minQuantity === null && p.maxQuantity === null ? (
              <span className="muted-text">—</span>
            ) : (
              <span className="product-price-cell">
                {p.minQuantity === null ? '—' : f.decimal(p.minQuantity)} – {p.maxQuantity === null ? '—' : f.decimal(p.maxQuantity)}
              </span>
            ),
        },
      ]}
      form={{
        width: 760,
        codeField: 'productCode',
        initialValues: productFormValues,
        toBody: productBody,
        serverError: (err) => productServerError(err, t, exists),
        fields: ({ row, form }) => <ProductFields row={row} form={form} />,
      }}
    />
  );
}
