import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { resources } from '../../../i18n/resources.ts';
import { ApiError } from '../../../api/api-error.ts';
import { productErrorField, productServerError, refusedRowsCsv, sheetColumnLabel } from './product-errors.ts';
import type { TextKey } from '../../../i18n/keys.ts';

const translator = async (lng: 'id' | 'en') => {
  const i18n = i18next.createInstance();
  await i18n.init({ resources, lng, interpolation: { escapeValue: false }, showSupportNotice: false });
  return { t: (k: TextKey, v?: Record<string, unknown>) => i18n.t(k, v), exists: (k: string) => i18n.exists(k) };
};

describe('product rule refusals', async () => {
  const id = await translator('id');
  const en = await translator('en');

  it('puts a price refusal under the price it names, with the price named in the reader language', () => {
    expect(productServerError(new ApiError(422, 'price_must_be_positive', ['sell']), id.t, id.exists)).toEqual({
      field: 'sellPrice',
      message: 'Harga jual harus lebih dari 0',
    });
    expect(productServerError(new ApiError(422, 'price_must_be_positive', ['purchase']), en.t, en.exists)).toEqual({
      field: 'purchasePrice',
      message: 'The purchase price must be more than 0',
    });
  });

  it('maps the other product rules onto their fields', () => {
    expect(productErrorField('min_quantity_exceeds_max', [])).toBe('minQuantity');
    expect(productErrorField('product_sub_category_not_in_category', ['MNM-KOPI', 'MKN'])).toBe('subCategoryId');
    expect(productErrorField('price_must_be_positive', ['other'])).toBeUndefined();
    expect(productServerError(new ApiError(422, 'min_quantity_exceeds_max', []), id.t, id.exists)?.message).toBe(
      'Kuantitas minimum tidak boleh melebihi maksimum',
    );
  });

  it('leaves other refusals to the kit', () => {
    expect(productServerError(new ApiError(409, 'product_code_already_exists', ['X']), id.t, id.exists)).toBeUndefined();
    expect(productServerError(new Error('boom'), id.t, id.exists)).toBeUndefined();
  });

  it('labels sheet columns in both languages and passes unknown ones through', () => {
    expect(sheetColumnLabel('baseUomCode', id.t)).toBe('Satuan dasar');
    expect(sheetColumnLabel('sellPrice', en.t)).toBe('Sell price');
    expect(sheetColumnLabel('mystery', en.t)).toBe('mystery');
  });
});

describe('refusedRowsCsv', () => {
  it('quotes cells with separators, quotes or line breaks and starts with a BOM', () => {
    const csv = refusedRowsCsv(
      ['Baris', 'Kolom', 'Alasan'],
      [
        [4, 'Harga jual', 'Harga jual harus lebih dari 0'],
        [5, 'Nama', 'Kode "X", baris 2\nlagi'],
      ],
    );
    expect(csv).toBe('\uFEFFBaris,Kolom,Alasan\r\n4,Harga jual,Harga jual harus lebih dari 0\r\n5,Nama,"Kode ""X"", baris 2\nlagi"\r\n');
  });
});
