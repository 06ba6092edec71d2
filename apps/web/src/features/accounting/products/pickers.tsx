import { endpoints } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { LazySelect, type PickOption } from '../../../app/components/LazySelect.tsx';
import type { PickerProps } from '../pickers/picked-label.ts';

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

function picker(cacheKey: readonly unknown[], fetchPage: Fetch, { value, onChange, knownLabel, ...rest }: PickerProps) {
  return (
    <LazySelect<string | undefined>
      cacheKey={cacheKey}
      fetchPage={fetchPage}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      knownLabels={value && knownLabel ? { [value]: knownLabel } : undefined}
      {...rest}
    />
  );
}

/** Active units of measure (lazy dropdown, 30 per page). */
export const UomPicker = (props: PickerProps) => picker(['erp', 'uoms'], fetchUoms, props);
/** Active brands. */
export const BrandPicker = (props: PickerProps) => picker(['erp', 'brands'], fetchBrands, props);
/** Active product categories. */
export const CategoryPicker = (props: PickerProps) => picker(['erp', 'product-categories'], fetchCategories, props);

/** Active sub-categories of one category; disabled until the category is chosen. */
export function SubCategoryPicker({ categoryId, disabled, ...props }: PickerProps & { categoryId?: string | null }) {
  return picker(['erp', 'product-sub-categories', categoryId ?? ''], subCategoriesOf(categoryId ?? ''), { ...props, disabled: disabled || !categoryId });
}

