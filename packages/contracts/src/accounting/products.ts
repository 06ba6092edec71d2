import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { SHEET_IMPORT_MAX_BYTES, SHEET_IMPORT_MAX_ERRORS, importRun, sheetImportReport, type SheetImportReport } from './sheet-import.ts';
import { decimalString, erpAccess, masterCode, masterEndpoints, masterName, yesNo } from './warehouses.ts';

export const PRODUCT_TYPES = ['PRODUCT', 'SERVICE'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

const access = erpAccess('Product');
const unsignedDecimal = z
  .string()
  .trim()
  .regex(/^\d{1,16}(\.\d{1,4})?$/, 'a number of at least 0 with at most 4 decimals');

/**
 * Spec 5: purchase, sell and standard prices are above 0. The product form checks every price with this schema at
 * once; the server refuses the first failing one with price_must_be_positive naming its kind.
 */
export const productPrice = decimalString.refine((v) => !v.startsWith('-') && /[1-9]/.test(v), 'more than 0');
/** The price fields and the kind price_must_be_positive names for each. */
export const PRODUCT_PRICE_KINDS = { purchasePrice: 'purchase', sellPrice: 'sell', standardPrice: 'standard' } as const;

/** Units of measure, brands and categories share one shape: code, name, active. */
const simple = <const C extends string, const N extends string, const I extends string>(id: I, code: C, name: N) => ({
  item: z.object({ [id]: z.string(), [code]: z.string(), [name]: z.string(), active: yesNo } as Record<I | C | N, z.ZodString> & { active: typeof yesNo }),
  input: z.object({ [code]: masterCode.default(''), [name]: masterName } as Record<C, z.ZodDefault<typeof masterCode>> & Record<N, typeof masterName>),
});

const uomShape = simple('uomId', 'uomCode', 'uomName');
export const uom = uomShape.item;
export const uomInput = uomShape.input;
export type Uom = z.infer<typeof uom>;

const brandShape = simple('brandId', 'brandCode', 'brandName');
export const brand = brandShape.item;
export const brandInput = brandShape.input;
export type Brand = z.infer<typeof brand>;

const categoryShape = simple('categoryId', 'categoryCode', 'categoryName');
export const productCategory = categoryShape.item;
export const productCategoryInput = categoryShape.input;
export type ProductCategory = z.infer<typeof productCategory>;

export const productSubCategory = z.object({
  subCategoryId: z.string(),
  subCategoryCode: z.string(),
  subCategoryName: z.string(),
  categoryId: z.string(),
  categoryCode: z.string(),
  categoryName: z.string(),
  active: yesNo,
});
export type ProductSubCategory = z.infer<typeof productSubCategory>;
export const productSubCategoryInput = z.object({ subCategoryCode: masterCode.default(''), subCategoryName: masterName, categoryId: z.uuid() });

/** A conversion: 1 `uom` = `factor` base units (factor above 0: quantity_must_be_positive). */
export const uomConversion = z.object({ uomId: z.uuid(), factor: decimalString });

export const product = z.object({
  productId: z.string(),
  productCode: z.string(),
  productName: z.string(),
  productType: z.enum(PRODUCT_TYPES),
  baseUomId: z.string(),
  baseUomCode: z.string(),
  brandId: z.string().nullable(),
  brandCode: z.string().nullable(),
  brandName: z.string().nullable(),
  categoryId: z.string().nullable(),
  categoryCode: z.string().nullable(),
  categoryName: z.string().nullable(),
  subCategoryId: z.string().nullable(),
  subCategoryCode: z.string().nullable(),
  subCategoryName: z.string().nullable(),
  minQuantity: z.string().nullable(),
  maxQuantity: z.string().nullable(),
  buyable: yesNo,
  sellable: yesNo,
  purchasePrice: z.string().nullable(),
  sellPrice: z.string().nullable(),
  standardPrice: z.string().nullable(),
  /** Kilograms. */
  weight: z.string().nullable(),
  /** Centimetres. */
  length: z.string().nullable(),
  width: z.string().nullable(),
  height: z.string().nullable(),
  keywords: z.string().nullable(),
  warrantyMonths: z.number().int().nullable(),
  conversions: z.array(z.object({ uomId: z.string(), uomCode: z.string(), factor: z.string() })),
  active: yesNo,
});
export type Product = z.infer<typeof product>;

export const productInput = z.object({
  productCode: masterCode.default(''),
  productName: masterName,
  productType: z.enum(PRODUCT_TYPES).default('PRODUCT'),
  baseUomId: z.uuid(),
  brandId: z.uuid().nullable().default(null),
  categoryId: z.uuid().nullable().default(null),
  subCategoryId: z.uuid().nullable().default(null),
  minQuantity: unsignedDecimal.nullable().default(null),
  maxQuantity: unsignedDecimal.nullable().default(null),
  buyable: yesNo.default('Y'),
  sellable: yesNo.default('Y'),
  purchasePrice: decimalString.nullable().default(null),
  sellPrice: decimalString.nullable().default(null),
  standardPrice: decimalString.nullable().default(null),
  weight: unsignedDecimal.nullable().default(null),
  length: unsignedDecimal.nullable().default(null),
  width: unsignedDecimal.nullable().default(null),
  height: unsignedDecimal.nullable().default(null),
  keywords: z.string().trim().max(500).nullable().default(null),
  warrantyMonths: z.number().int().min(0).max(1200).nullable().default(null),
  conversions: z.array(uomConversion).max(20).default([]),
});
export type ProductInput = z.output<typeof productInput>;

/** The columns of the product xlsx, export and import alike (re-importing an export changes nothing). */
export const PRODUCT_SHEET_COLUMNS = [
  'productCode',
  'productName',
  'productType',
  'baseUomCode',
  'brandCode',
  'categoryCode',
  'subCategoryCode',
  'minQuantity',
  'maxQuantity',
  'buyable',
  'sellable',
  'purchasePrice',
  'sellPrice',
  'standardPrice',
  'weight',
  'length',
  'width',
  'height',
  'keywords',
  'warrantyMonths',
  'active',
] as const;
export type ProductSheetColumn = (typeof PRODUCT_SHEET_COLUMNS)[number];

/** The product import answers the report every master-record import answers (one renderer on the web). */
export const productImportReport = sheetImportReport;
export type ProductImportReport = SheetImportReport;
export const PRODUCT_IMPORT_MAX_BYTES = SHEET_IMPORT_MAX_BYTES;
/** At most this many bad rows are listed; the counts stay exact. */
export const PRODUCT_IMPORT_MAX_ERRORS = SHEET_IMPORT_MAX_ERRORS;

/** Sort fields of the units, brands and categories lists. */
export const CATALOG_SORT = ['code', 'name', 'active'] as const;
export const SUB_CATEGORY_SORT = ['code', 'name', 'category', 'active'] as const;
/** The product list's sort fields (its table's columns; category is the category code). */
export const PRODUCT_SORT = ['code', 'name', 'type', 'baseUom', 'category', 'brand', 'purchasePrice', 'sellPrice', 'active'] as const;

const uoms = masterEndpoints({
  path: '/v1/erp/uoms',
  label: 'unit of measure',
  idName: 'uomId',
  item: uom,
  input: uomInput,
  filters: {},
  sort: CATALOG_SORT,
  access,
});
const brands = masterEndpoints({
  path: '/v1/erp/brands',
  label: 'brand',
  idName: 'brandId',
  item: brand,
  input: brandInput,
  filters: {},
  sort: CATALOG_SORT,
  access,
});
const categories = masterEndpoints({
  path: '/v1/erp/product-categories',
  label: 'product category',
  idName: 'categoryId',
  item: productCategory,
  input: productCategoryInput,
  filters: {},
  sort: CATALOG_SORT,
  access,
});
const subCategories = masterEndpoints({
  path: '/v1/erp/product-sub-categories',
  label: 'product sub-category',
  idName: 'subCategoryId',
  item: productSubCategory,
  input: productSubCategoryInput,
  filters: { categoryId: z.uuid().optional() },
  sort: SUB_CATEGORY_SORT,
  access,
});
const products = masterEndpoints({
  path: '/v1/erp/products',
  label: 'product',
  idName: 'productId',
  item: product,
  input: productInput,
  filters: {
    type: z.enum(PRODUCT_TYPES).optional(),
    brandId: z.uuid().optional(),
    categoryId: z.uuid().optional(),
    subCategoryId: z.uuid().optional(),
    buyable: yesNo.optional(),
    sellable: yesNo.optional(),
  },
  sort: PRODUCT_SORT,
  access,
});

export const productEndpoints = {
  listUoms: uoms.list,
  getUom: uoms.get,
  createUom: uoms.create,
  updateUom: uoms.update,
  setUomActive: uoms.setActive,
  deleteUom: uoms.remove,
  exportUoms: uoms.export,
  importUoms: uoms.import,
  listBrands: brands.list,
  getBrand: brands.get,
  createBrand: brands.create,
  updateBrand: brands.update,
  setBrandActive: brands.setActive,
  deleteBrand: brands.remove,
  exportBrands: brands.export,
  importBrands: brands.import,
  listProductCategories: categories.list,
  getProductCategory: categories.get,
  createProductCategory: categories.create,
  updateProductCategory: categories.update,
  setProductCategoryActive: categories.setActive,
  deleteProductCategory: categories.remove,
  exportProductCategories: categories.export,
  importProductCategories: categories.import,
  listProductSubCategories: subCategories.list,
  getProductSubCategory: subCategories.get,
  createProductSubCategory: subCategories.create,
  updateProductSubCategory: subCategories.update,
  setProductSubCategoryActive: subCategories.setActive,
  deleteProductSubCategory: subCategories.remove,
  exportProductSubCategories: subCategories.export,
  importProductSubCategories: subCategories.import,
  listProducts: products.list,
  getProduct: products.get,
  createProduct: products.create,
  updateProduct: products.update,
  setProductActive: products.setActive,
  deleteProduct: products.remove,
  exportProducts: products.export,
  importProducts: defineEndpoint({
    method: 'POST',
    path: '/v1/erp/products/import',
    access: access.edit,
    summary:
      'Start importing products from an xlsx file sent as the raw body (content type application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, ' +
      'at most 50 MB); upsert by code, each row all-or-nothing. A column left out of the header keeps that field of an existing product as stored; ' +
      "a blank cell in a present column clears it; new products get the field's default. Answers the queued run; GET /v1/erp/imports/{importId} follows it to its report",
    response: importRun,
  }),
};
