import { errorMessageKey, type ProductSheetColumn } from '@nusa/contracts';
import { ApiError } from '../../../api/api-error.ts';
import { importReasonText } from '../master/import-reason.ts';
import { textOfKey, type TextKey, type Translate } from '../../../i18n/keys.ts';

/** price_must_be_positive names its price as purchase, sell or standard (the server's words); the field each one is. */
const PRICE_FIELDS = { purchase: 'purchasePrice', sell: 'sellPrice', standard: 'standardPrice' } as const;
type PriceKind = keyof typeof PRICE_FIELDS;
const isPriceKind = (v: unknown): v is PriceKind => typeof v === 'string' && Object.hasOwn(PRICE_FIELDS, v);

/** Product rule refusals that concern one field of the form. */
const FIELD_OF_CODE: Record<string, string> = {
  min_quantity_exceeds_max: 'minQuantity',
  product_sub_category_not_in_category: 'subCategoryId',
  product_sub_category_needs_category: 'subCategoryId',
  uom_not_found: 'baseUomId',
  brand_not_found: 'brandId',
  product_category_not_found: 'categoryId',
  product_sub_category_not_found: 'subCategoryId',
};

/** The form field a product refusal is about, or undefined. */
export function productErrorField(code: string, args: readonly (string | number)[]): string | undefined {
  if (code === 'price_must_be_positive') return isPriceKind(args[0]) ? PRICE_FIELDS[args[0]] : undefined;
  return FIELD_OF_CODE[code];
}

/** The translated text of a refusal, with the price kind of price_must_be_positive in the reader's language. */
export function productErrorText(code: string, args: readonly (string | number)[], t: Translate, exists: (key: string) => boolean): string {
  if (code !== 'price_must_be_positive') return importReasonText(code, args, t, exists);
  const key = errorMessageKey(code);
  if (!exists(key)) return code;
  const vars = Object.fromEntries(args.map((a, i) => [String(i), code === 'price_must_be_positive' && isPriceKind(a) ? t(`acProduct.priceKind.${a}`) : a]));
  return textOfKey(t, key, vars);
}

/** For the product form: the field and text of a product rule refusal (undefined: the kit's usual handling). */
export function productServerError(err: unknown, t: Translate, exists: (key: string) => boolean): { field?: string; message: string } | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const field = productErrorField(err.code, err.args);
  if (field === undefined && err.code !== 'price_must_be_positive') return undefined;
  return { field, message: productErrorText(err.code, err.args, t, exists) };
}

/** The i18n key of each product sheet column's label (import report, column by column). */
export const SHEET_COLUMN_LABELS: Record<ProductSheetColumn, TextKey> = {
  productCode: 'acProduct.code',
  productName: 'acProduct.name',
  productType: 'acProduct.type',
  baseUomCode: 'acProduct.baseUom',
  brandCode: 'acProduct.brand',
  categoryCode: 'acProduct.category',
  subCategoryCode: 'acProduct.subCategory',
  minQuantity: 'acProduct.minQuantity',
  maxQuantity: 'acProduct.maxQuantity',
  buyable: 'acProduct.buyable',
  sellable: 'acProduct.sellable',
  purchasePrice: 'acProduct.purchasePrice',
  sellPrice: 'acProduct.sellPrice',
  standardPrice: 'acProduct.standardPrice',
  weight: 'acProduct.weight',
  length: 'acProduct.length',
  width: 'acProduct.width',
  height: 'acProduct.height',
  keywords: 'acProduct.keywords',
  warrantyMonths: 'acProduct.warrantyMonths',
  active: 'masterKit.active',
};

export const sheetColumnLabel = (column: string, t: Translate) =>
  Object.hasOwn(SHEET_COLUMN_LABELS, column) ? t(SHEET_COLUMN_LABELS[column as ProductSheetColumn]) : column;

/** The refused rows as CSV (comma-separated, quoted where needed, with a BOM so spreadsheet programs read UTF-8). */
export function refusedRowsCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cell = (v: string | number) => {
    const s = String(v);
    return /[",\r\n;]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return `\uFEFF${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
