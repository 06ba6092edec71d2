import type { Readable } from 'node:stream';
import { brandInput, productCategoryInput, productSubCategoryInput, uomInput } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import type { Actor } from '../../../platform/audit/write.ts';
import { sameFields, validated } from '../../../platform/files/sheet-import.ts';
import { importSheet } from '../../../platform/records/import.ts';
import type { RecordSheetSpec, SheetField } from '../../../platform/records/sheet.ts';
import {
  CODE_NAME_KEYS,
  CODE_NAME_SHEETS,
  codeNamesByCode,
  createCodeName,
  createSubCategory,
  findCodeNameByCode,
  findSubCategoryByCode,
  setCodeNameActive,
  setSubCategoryActive,
  SUB_CATEGORY_SHEET,
  updateCodeName,
  updateSubCategory,
  type CodeName,
  type Kind,
} from './catalog.ts';

const SCHEMAS = { uom: uomInput, brand: brandInput, category: productCategoryInput };

/** Units of measure, brands or product categories from xlsx: upsert by code through the catalog service. */
export function importCodeNames(tx: Tx, actor: Actor, kind: Kind, file: Readable) {
  const [codeKey, nameKey] = CODE_NAME_KEYS[kind];
  // One of three sheets whose keys differ only by name: read through their common shape.
  const sheet: RecordSheetSpec<CodeName, Record<string, SheetField<CodeName>>> = CODE_NAME_SHEETS[kind];
  return importSheet(tx, file, sheet, {
    required: [codeKey, nameKey],
    keyColumn: codeKey,
    find: (code) => findCodeNameByCode(tx, kind, code),
    parse: (row) => {
      const input = validated(SCHEMAS[kind], { [codeKey]: row.text(codeKey), [nameKey]: row.text(nameKey) }) as Record<string, string>;
      return { input: { code: input[codeKey], name: input[nameKey] }, active: row.flag('active') };
    },
    codeOf: (input) => input.code,
    same: (r, input) => sameFields(r, input),
    create: (input) => createCodeName(tx, actor, kind, input),
    update: (r, input) => updateCodeName(tx, actor, kind, r.id, input),
    setActive: (r, a) => setCodeNameActive(tx, actor, kind, r.id, a),
  });
}

/** Product sub-categories from xlsx: upsert by code, the category by its code. */
export async function importSubCategories(tx: Tx, actor: Actor, file: Readable) {
  const categories = await codeNamesByCode(tx, 'category');
  return importSheet(tx, file, SUB_CATEGORY_SHEET, {
    required: ['subCategoryCode', 'subCategoryName', 'categoryCode'],
    keyColumn: 'subCategoryCode',
    find: (code) => findSubCategoryByCode(tx, code),
    columnOf: { product_category_not_found: 'categoryCode', used_by_another_table: 'categoryCode' },
    parse: (row) => ({
      input: validated(
        productSubCategoryInput,
        {
          subCategoryCode: row.text('subCategoryCode'),
          subCategoryName: row.text('subCategoryName'),
          categoryId: row.ref('categoryCode', categories, 'product_category_not_found')?.id,
        },
        (f) => (f === 'categoryId' ? 'categoryCode' : f),
      ),
      active: row.flag('active'),
    }),
    codeOf: (input) => input.subCategoryCode,
    same: (r, input) => sameFields(r, input),
    create: (input) => createSubCategory(tx, actor, input),
    update: (r, input) => updateSubCategory(tx, actor, r.subCategoryId, input),
    setActive: (r, a) => setSubCategoryActive(tx, actor, r.subCategoryId, a),
  });
}
