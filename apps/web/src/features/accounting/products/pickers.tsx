import { endpoints } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { LazySelect, type PickOption } from '../../../app/components/LazySelect.tsx';
import { usePickedLabel, type PickerProps } from '../../../app/components/pickers/picked-label.ts';

/** The kit's picker props, plus focus on mount for a form's first field. */
type CatalogPickerProps = PickerProps & { autoFocus?: boolean };

type Fetch = (keyword: string, limit: number, signal: AbortSignal) => Promise<PickOption[]>;

const codeName = (code: string, name: string) => `${code} - ${name}`;

const fetchUoms: Fetch = async (keyword, limit, signal) =>
  (await call(endpoints.listUoms, { query: { page: 1, limit, keyword: keyword || undefined, active: 'Y' }, signal })).items.map((u) => ({
    value: u.uomId,
    label: codeName(u.uomCode, u.uomName),
  }));
const fetchBrands: Fetch = async (keyword, limit, signal) =>
  (await call(endpoints.listBrands, { query: { page: 1, limit, keyword: keyword || undefined, active: 'Y' }, signal })).items.map((b) => ({
    value: b.brandId,
    label: codeName(b.brandCode, b.brandName),
  }));
const fetchCategories: Fetch = async (keyword, limit, signal) =>
  (await call(endpoints.listProductCategories, { query: { page: 1, limit, keyword: keyword || undefined, active: 'Y' }, signal })).items.map((c) => ({
    value: c.categoryId,
    label: codeName(c.categoryCode, c.categoryName),
  }));
const subCategoriesOf =
  (categoryId: string): Fetch =>
  async (keyword, limit, signal) =>
    (await call(endpoints.listProductSubCategories, { query: { page: 1, limit, keyword: keyword || undefined, active: 'Y', categoryId }, signal })).items.map(
      (s) => ({ value: s.subCategoryId, label: codeName(s.subCategoryCode, s.subCategoryName) }),
    );

type Get = (id: string, signal: AbortSignal) => Promise<string>;

const getUom: Get = async (uomId, signal) => {
  const u = await call(endpoints.getUom, { params: { uomId }, signal });
  return codeName(u.uomCode, u.uomName);
};
const getBrand: Get = async (brandId, signal) => {
  const b = await call(endpoints.getBrand, { params: { brandId }, signal });
  return codeName(b.brandCode, b.brandName);
};
const getCategory: Get = async (categoryId, signal) => {
  const c = await call(endpoints.getProductCategory, { params: { categoryId }, signal });
  return codeName(c.categoryCode, c.categoryName);
};
const getSubCategory: Get = async (subCategoryId, signal) => {
  const s = await call(endpoints.getProductSubCategory, { params: { subCategoryId }, signal });
  return codeName(s.subCategoryCode, s.subCategoryName);
};

/** A lazy dropdown of one catalogue record; a value chosen earlier shows its "code - name" (fetched once by id when not known). */
function CatalogPicker({
  cacheKey,
  fetchPage,
  get,
  value,
  onChange,
  knownLabel,
  ...rest
}: CatalogPickerProps & { cacheKey: readonly string[]; fetchPage: Fetch; get: Get }) {
  const knownLabels = usePickedLabel(cacheKey.join('/'), value, knownLabel, get);
  return (
    <LazySelect<string | undefined>
      cacheKey={cacheKey}
      fetchPage={fetchPage}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      knownLabels={knownLabels}
      {...rest}
    />
  );
}

/** Active units of measure (lazy dropdown, 30 per page). */
export const UomPicker = (props: CatalogPickerProps) => <CatalogPicker cacheKey={['erp', 'uoms']} fetchPage={fetchUoms} get={getUom} {...props} />;
/** Active brands. */
export const BrandPicker = (props: CatalogPickerProps) => <CatalogPicker cacheKey={['erp', 'brands']} fetchPage={fetchBrands} get={getBrand} {...props} />;
/** Active product categories. */
export const CategoryPicker = (props: CatalogPickerProps) => (
  <CatalogPicker cacheKey={['erp', 'product-categories']} fetchPage={fetchCategories} get={getCategory} {...props} />
);

/** Active sub-categories of one category; disabled until the category is chosen. */
export function SubCategoryPicker({ categoryId, disabled, ...props }: CatalogPickerProps & { categoryId?: string | null }) {
  return (
    <CatalogPicker
      cacheKey={['erp', 'product-sub-categories', categoryId ?? '']}
      fetchPage={subCategoriesOf(categoryId ?? '')}
      get={getSubCategory}
      disabled={disabled || !categoryId}
      {...props}
    />
  );
}
