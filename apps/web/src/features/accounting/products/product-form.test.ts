import { describe, expect, it } from 'vitest';
import type { Product } from '@nusa/contracts';
import { decimalProblem, priceBelowMinimum, productBody, productFormValues } from './product-form.ts';

const product: Product = {
  productId: 'p1',
  productCode: 'PRD-0001',
  productName: 'Beras Premium',
  productType: 'PRODUCT',
  baseUomId: 'u-pcs',
  baseUomCode: 'PCS',
  brandId: 'b1',
  brandCode: 'NUSA',
  brandName: 'Nusa',
  categoryId: 'c1',
  categoryCode: 'MKN',
  categoryName: 'Makanan',
  subCategoryId: 's1',
  subCategoryCode: 'MKN-POKOK',
  subCategoryName: 'Makanan pokok',
  minQuantity: '10',
  maxQuantity: '500',
  buyable: 'Y',
  sellable: 'N',
  purchasePrice: '68000',
  sellPrice: '75000.5',
  standardPrice: null,
  weight: '5',
  length: null,
  width: null,
  height: null,
  keywords: 'beras',
  warrantyMonths: null,
  conversions: [{ uomId: 'u-krt', uomCode: 'KRT', factor: '24' }],
  active: 'Y',
};

describe('product form values ↔ body', () => {
  it('round-trips a stored product, keeping its conversions and decimal strings', () => {
    const body = productBody(productFormValues(product));
    expect(body).toMatchObject({
      productCode: 'PRD-0001',
      baseUomId: 'u-pcs',
      subCategoryId: 's1',
      sellable: 'N',
      buyable: 'Y',
      sellPrice: '75000.5',
      standardPrice: null,
      keywords: 'beras',
      conversions: [{ uomId: 'u-krt', factor: '24' }],
    });
  });

  it('sends blanks as null, drops an unfinished conversion and a sub-category without category', () => {
    const values = { ...productFormValues(), productName: ' Kopi ', baseUomId: 'u', purchasePrice: ' ', keywords: '  ', subCategoryId: 's9' };
    values.conversions = [
      { uomId: 'u2', factor: null },
      { uomId: null, factor: '3' },
    ];
    const body = productBody(values);
    expect(body.productName).toBe('Kopi');
    expect(body.purchasePrice).toBeNull();
    expect(body.keywords).toBeNull();
    expect(body.subCategoryId).toBeNull();
    expect(body.conversions).toEqual([]);
    expect(body.buyable).toBe('Y');
  });
});

describe('decimalProblem', () => {
  it.each([
    ['75000', false, undefined],
    ['0', false, undefined],
    ['12.5', false, undefined],
    ['abc', false, 'notANumber'],
    ['1.2.3', false, 'notANumber'],
    ['-5', false, 'notNegative'],
    ['-5', true, undefined],
    ['1.12345', true, 'tooManyDecimals'],
    ['12345678901234567', false, 'tooManyDecimals'],
    [null, false, undefined],
  ] as const)('%s (negative allowed: %s) → %s', (value, negative, problem) => {
    expect(decimalProblem(value, negative)).toBe(problem);
  });
});

describe("priceBelowMinimum (the contract's productPrice rule, checked in the form)", () => {
  it.each([
    ['0', true],
    ['0.0000', true],
    ['-5', true],
    ['-0.5', true],
    ['0.0001', false],
    ['15000', false],
    ['', false],
    [null, false],
    ['abc', false],
  ] as const)('%s below the minimum: %s', (value, below) => {
    expect(priceBelowMinimum(value)).toBe(below);
  });
});
