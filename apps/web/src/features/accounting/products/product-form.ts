import { productPrice, type PRODUCT_PRICE_KINDS, type Product, type ProductType } from '@nusa/contracts';
import { fitsDecimal } from '../../../app/decimal.ts';

/** The product drawer's values: decimal strings (MoneyInput) or null, switches as booleans. */
export interface ProductForm {
  productCode: string;
  productName: string;
  productType: ProductType;
  baseUomId: string | null;
  brandId: string | null;
  categoryId: string | null;
  subCategoryId: string | null;
  minQuantity: string | null;
  maxQuantity: string | null;
  buyable: boolean;
  sellable: boolean;
  purchasePrice: string | null;
  sellPrice: string | null;
  standardPrice: string | null;
  weight: string | null;
  length: string | null;
  width: string | null;
  height: string | null;
  keywords: string;
  warrantyMonths: number | null;
  conversions: { uomId: string | null; factor: string | null }[];
}

export const DECIMAL_FIELDS = ['minQuantity', 'maxQuantity', 'purchasePrice', 'sellPrice', 'standardPrice', 'weight', 'length', 'width', 'height'] as const;

export function productFormValues(p?: Product): ProductForm {
  return {
    productCode: p?.productCode ?? '',
    productName: p?.productName ?? '',
    productType: p?.productType ?? 'PRODUCT',
    baseUomId: p?.baseUomId ?? null,
    brandId: p?.brandId ?? null,
    categoryId: p?.categoryId ?? null,
    subCategoryId: p?.subCategoryId ?? null,
    minQuantity: p?.minQuantity ?? null,
    maxQuantity: p?.maxQuantity ?? null,
    buyable: p ? p.buyable === 'Y' : true,
    sellable: p ? p.sellable === 'Y' : true,
    purchasePrice: p?.purchasePrice ?? null,
    sellPrice: p?.sellPrice ?? null,
    standardPrice: p?.standardPrice ?? null,
    weight: p?.weight ?? null,
    length: p?.length ?? null,
    width: p?.width ?? null,
    height: p?.height ?? null,
    keywords: p?.keywords ?? '',
    warrantyMonths: p?.warrantyMonths ?? null,
    conversions: (p?.conversions ?? []).map((c) => ({ uomId: c.uomId, factor: c.factor })),
  };
}

const blankToNull = (v: string | null | undefined) => (v === null || v === undefined || v.trim() === '' ? null : v.trim());

/** The contract body of the form's values: trimmed, blanks as null, unfinished conversion rows left out. */
export function productBody(v: ProductForm) {
  return {
    productCode: v.productCode.trim(),
    productName: v.productName.trim(),
    productType: v.productType,
    baseUomId: v.baseUomId ?? '',
    brandId: v.brandId ?? null,
    categoryId: v.categoryId ?? null,
    subCategoryId: v.categoryId ? (v.subCategoryId ?? null) : null,
    minQuantity: blankToNull(v.minQuantity),
    maxQuantity: blankToNull(v.maxQuantity),
    buyable: v.buyable ? ('Y' as const) : ('N' as const),
    sellable: v.sellable ? ('Y' as const) : ('N' as const),
    purchasePrice: blankToNull(v.purchasePrice),
    sellPrice: blankToNull(v.sellPrice),
    standardPrice: blankToNull(v.standardPrice),
    weight: blankToNull(v.weight),
    length: blankToNull(v.length),
    width: blankToNull(v.width),
    height: blankToNull(v.height),
    keywords: blankToNull(v.keywords),
    warrantyMonths: v.warrantyMonths ?? null,
    conversions: (v.conversions ?? []).filter((c) => c?.uomId && blankToNull(c.factor)).map((c) => ({ uomId: c.uomId!, factor: c.factor!.trim() })),
  };
}

export type DecimalProblem = 'notANumber' | 'tooManyDecimals' | 'notNegative';

export type PriceField = keyof typeof PRODUCT_PRICE_KINDS;

/**
 * Whether a typed price breaks the contract's price rule (`productPrice`: above 0), the rule the server answers
 * price_must_be_positive for; blank is no price, which is allowed. Every price field runs it, so one save flags all.
 */
export const priceBelowMinimum = (value: string | null | undefined): boolean =>
  value !== null && value !== undefined && value.trim() !== '' && /^-?\d+(\.\d+)?$/.test(value.trim()) && !productPrice.safeParse(value).success;

/**
 * What is wrong with a typed decimal, if anything: not a number (MoneyInput passes unreadable text on), more digits
 * than numeric(20,4) holds, or negative where only 0 and above make sense.
 */
export function decimalProblem(value: string | null | undefined, allowNegative: boolean): DecimalProblem | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  if (!/^-?\d+(\.\d+)?$/.test(value)) return 'notANumber';
  if (!allowNegative && value.startsWith('-')) return 'notNegative';
  if (!fitsDecimal(value.replace(/^-/, ''), 16, 4)) return 'tooManyDecimals';
  return undefined;
}
