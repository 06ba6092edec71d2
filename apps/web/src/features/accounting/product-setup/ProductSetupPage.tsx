import { useState } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpoints } from '@nusa/contracts';
import { PageHeading } from '../../../app/components/PageHeading.tsx';
import { masterApi } from '../master/MasterListPage.tsx';
import { SimpleCatalogTab, asSimpleApi } from './SimpleCatalogTab.tsx';
import { SubCategoryTab } from './SubCategoryTab.tsx';

const uoms = asSimpleApi(
  masterApi({
    list: endpoints.listUoms,
    create: endpoints.createUom,
    update: endpoints.updateUom,
    setActive: endpoints.setUomActive,
    remove: endpoints.deleteUom,
    export: endpoints.exportUoms,
    import: endpoints.importUoms,
    idName: 'uomId',
  }),
);
const brands = asSimpleApi(
  masterApi({
    list: endpoints.listBrands,
    create: endpoints.createBrand,
    update: endpoints.updateBrand,
    setActive: endpoints.setBrandActive,
    remove: endpoints.deleteBrand,
    export: endpoints.exportBrands,
    import: endpoints.importBrands,
    idName: 'brandId',
  }),
);
const categories = asSimpleApi(
  masterApi({
    list: endpoints.listProductCategories,
    create: endpoints.createProductCategory,
    update: endpoints.updateProductCategory,
    setActive: endpoints.setProductCategoryActive,
    remove: endpoints.deleteProductCategory,
    export: endpoints.exportProductCategories,
    import: endpoints.importProductCategories,
    idName: 'categoryId',
  }),
);

/** Accounting › Units, brands & categories: what a product's form chooses from, one tab each. */
export default function ProductSetupPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('uom');
  return (
    <div>
      <PageHeading title={t('page.productSetup')} subtitle={t('acSetup.subtitle')} />
      <div className="page-card master-list-card">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            { key: 'uom', label: t('acSetup.tabUom'), children: <SimpleCatalogTab kind="uom" api={uoms} codeField="uomCode" nameField="uomName" /> },
            {
              key: 'brand',
              label: t('acSetup.tabBrand'),
              children: <SimpleCatalogTab kind="brand" api={brands} codeField="brandCode" nameField="brandName" />,
            },
            {
              key: 'category',
              label: t('acSetup.tabCategory'),
              children: <SimpleCatalogTab kind="category" api={categories} codeField="categoryCode" nameField="categoryName" />,
            },
            { key: 'sub-category', label: t('acSetup.tabSubCategory'), children: <SubCategoryTab /> },
          ]}
        />
      </div>
    </div>
  );
}
