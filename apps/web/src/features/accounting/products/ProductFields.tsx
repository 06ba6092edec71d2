import { Button, Form, Input, InputNumber, Radio, Switch, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MASTER_CODE_PATTERN, PRODUCT_PRICE_KINDS, PRODUCT_TYPES, type Product } from '@nusa/contracts';
import { MoneyInput } from '../../../app/components/MoneyInput.tsx';
import { decimalProblem, priceBelowMinimum, type PriceField, type ProductForm } from './product-form.ts';
import { BrandPicker, CategoryPicker, SubCategoryPicker, UomPicker } from './pickers.tsx';
import type { TextKey } from '../../../i18n/keys.ts';

/** The product drawer's fields: general data, prices and quantities, physical data, unit conversions. */
export function ProductFields({ row, form }: { row?: Product; form: FormInstance<ProductForm> }) {
  const { t } = useTranslation();
  const categoryId = Form.useWatch('categoryId', form);
  const required = (label: string) => ({ required: true, message: t('validation.required', { label }) });
  const decimal = (labelKey: TextKey, allowNegative = false) => ({
    validator: async (_: unknown, value: string | null) => {
      const problem = decimalProblem(value, allowNegative);
      if (problem) throw new Error(t(`acProduct.${problem}`, { label: t(labelKey) }));
    },
  });
  /** The contract's price rule in the form: every price field is checked on each save, not one per server refusal. */
  const positivePrice = (field: PriceField) => ({
    validator: async (_: unknown, value: string | null) => {
      if (priceBelowMinimum(value)) throw new Error(t('error.price_must_be_positive', { 0: t(`acProduct.priceKind.${PRODUCT_PRICE_KINDS[field]}`) }));
    },
  });
  const money = (name: keyof ProductForm, labelKey: TextKey, allowNegative: boolean, prefix?: string) => (
    <Form.Item
      name={name}
      label={t(labelKey)}
      rules={[decimal(labelKey, allowNegative), ...(Object.hasOwn(PRODUCT_PRICE_KINDS, name) ? [positivePrice(name as PriceField)] : [])]}
    >
      <MoneyInput prefix={prefix} />
    </Form.Item>
  );

  return (
    <>
      <p className="product-form-section">{t('acProduct.sectionGeneral')}</p>
      <div className="master-form-grid">
        <Form.Item
          name="productCode"
          label={t('acProduct.code')}
          extra={row ? undefined : t('acCatalog.codeHint')}
          rules={[{ pattern: MASTER_CODE_PATTERN, message: t('acCatalog.codePattern') }]}
        >
          <Input maxLength={30} showCount autoFocus={!row} placeholder={t('acCatalog.codeGenerated')} />
        </Form.Item>
        <Form.Item name="productType" label={t('acProduct.type')}>
          <Radio.Group optionType="button" options={PRODUCT_TYPES.map((type) => ({ value: type, label: t(`acProduct.types.${type}`) }))} />
        </Form.Item>
      </div>
      <Form.Item name="productName" label={t('acProduct.name')} rules={[{ ...required(t('acProduct.name')), whitespace: true }]}>
        <Input maxLength={150} showCount autoFocus={Boolean(row)} />
      </Form.Item>
      <div className="master-form-grid">
        <Form.Item name="baseUomId" label={t('acProduct.baseUom')} rules={[required(t('acProduct.baseUom'))]}>
          <UomPicker placeholder={t('acProduct.pickUom')} />
        </Form.Item>
        <Form.Item name="brandId" label={t('acProduct.brand')}>
          <BrandPicker placeholder={t('acProduct.pickBrand')} />
        </Form.Item>
        <Form.Item name="categoryId" label={t('acProduct.category')}>
          <CategoryPicker
            placeholder={t('acProduct.pickCategory')}
            // A sub-category belongs to one category: choosing another category clears it.
            onChange={() => form.setFieldValue('subCategoryId', null)}
          />
        </Form.Item>
        <Form.Item name="subCategoryId" label={t('acProduct.subCategory')}>
          <SubCategoryPicker categoryId={categoryId} placeholder={categoryId ? t('acProduct.pickSubCategory') : t('acProduct.subCategoryFirst')} />
        </Form.Item>
      </div>
      <Form.Item name="keywords" label={t('acProduct.keywords')} extra={t('acProduct.keywordsHint')}>
        <Input maxLength={500} />
      </Form.Item>

      <p className="product-form-section">{t('acProduct.sectionPrice')}</p>
      <div className="product-form-grid-3">
        {money('purchasePrice', 'acProduct.purchasePrice', true, 'Rp')}
        {money('sellPrice', 'acProduct.sellPrice', true, 'Rp')}
        {money('standardPrice', 'acProduct.standardPrice', true, 'Rp')}
      </div>
      <div className="product-form-grid-4">
        {money('minQuantity', 'acProduct.minQuantity', false)}
        {money('maxQuantity', 'acProduct.maxQuantity', false)}
        <Form.Item name="buyable" label={t('acProduct.buyable')} valuePropName="checked">
          <Switch checkedChildren={t('acProduct.yes')} unCheckedChildren={t('acProduct.no')} />
        </Form.Item>
        <Form.Item name="sellable" label={t('acProduct.sellable')} valuePropName="checked">
          <Switch checkedChildren={t('acProduct.yes')} unCheckedChildren={t('acProduct.no')} />
        </Form.Item>
      </div>

      <p className="product-form-section">{t('acProduct.sectionPhysical')}</p>
      <div className="product-form-grid-4">
        {money('weight', 'acProduct.weight', false)}
        {money('length', 'acProduct.length', false)}
        {money('width', 'acProduct.width', false)}
        {money('height', 'acProduct.height', false)}
      </div>
      <Form.Item name="warrantyMonths" label={t('acProduct.warrantyMonths')}>
        <InputNumber min={0} max={1200} precision={0} style={{ width: 180 }} />
      </Form.Item>

      <p className="product-form-section">{t('acProduct.conversions')}</p>
      <p className="muted-text">{t('acProduct.conversionsHint')}</p>
      <Form.List name="conversions">
        {(items, { add, remove }) => (
          <>
            {items.map(({ key, name }) => (
              <div key={key} className="product-conversion-row">
                <Form.Item name={[name, 'uomId']} rules={[required(t('acProduct.conversionUnit'))]}>
                  <UomPicker aria-label={t('acProduct.conversionUnit')} placeholder={t('acProduct.conversionUnit')} />
                </Form.Item>
                <Form.Item name={[name, 'factor']} rules={[required(t('acProduct.conversionFactor')), decimal('acProduct.conversionFactor')]}>
                  <MoneyInput aria-label={t('acProduct.conversionFactor')} placeholder={t('acProduct.conversionFactor')} />
                </Form.Item>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('acProduct.removeConversion')} onClick={() => remove(name)} />
              </div>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ uomId: null, factor: null })}>
              {t('acProduct.addConversion')}
            </Button>
          </>
        )}
      </Form.List>
    </>
  );
}
