import type { FastifyInstance } from 'fastify';
import { productEndpoints as e } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { registerSheetImports } from '../../../platform/files/sheet-route.ts';
import { sendXlsx } from '../../../platform/records/xlsx-reply.ts';
import * as catalog from './catalog.ts';
import * as svc from './service.ts';
import { exportProducts, importProducts } from './sheet.ts';
import { importCodeNames, importSubCategories } from './catalog-import.ts';

export async function productRoutes(app: FastifyInstance) {
  const codeNames = [
    ['uom', 'uoms', 'uomId', 'uomCode', 'uomName', e.listUoms, e.getUom, e.createUom, e.updateUom, e.setUomActive, e.deleteUom, e.exportUoms],
    [
      'brand',
      'brands',
      'brandId',
      'brandCode',
      'brandName',
      e.listBrands,
      e.getBrand,
      e.createBrand,
      e.updateBrand,
      e.setBrandActive,
      e.deleteBrand,
      e.exportBrands,
    ],
    [
      'category',
      'product-categories',
      'categoryId',
      'categoryCode',
      'categoryName',
      e.listProductCategories,
      e.getProductCategory,
      e.createProductCategory,
      e.updateProductCategory,
      e.setProductCategoryActive,
      e.deleteProductCategory,
      e.exportProductCategories,
    ],
  ] as const;
  for (const [kind, file, idName, codeName, nameName, list, get, create, update, setActive, remove, exportFile] of codeNames) {
    const out = (r: catalog.CodeName) => ({ [idName]: r.id, [codeName]: r.code, [nameName]: r.name, active: r.active }) as never;
    const input = (b: Record<string, string>) => ({ code: b[codeName], name: b[nameName] });
    const id = (p: Record<string, string>) => p[idName];
    registerEndpoint(app, list, async ({ tx, query }) => {
      const page = await catalog.listCodeNames(tx, kind, query);
      return { items: page.items.map(out), total: page.total };
    });
    registerEndpoint(app, get, async ({ tx, params }) => out(await catalog.getCodeName(tx, kind, id(params))));
    registerEndpoint(app, create, async ({ tx, principal, body }) => out(await catalog.createCodeName(tx, principal, kind, input(body))));
    registerEndpoint(app, update, async ({ tx, principal, params, body }) => out(await catalog.updateCodeName(tx, principal, kind, id(params), input(body))));
    registerEndpoint(app, setActive, async ({ tx, principal, params, body }) =>
      out(await catalog.setCodeNameActive(tx, principal, kind, id(params), body.active)),
    );
    registerEndpoint(app, remove, async ({ tx, principal, params }) => {
      await catalog.deleteCodeName(tx, principal, kind, id(params));
      return { ok: true as const };
    });
    registerEndpoint(app, exportFile, async ({ tx, query, reply }) => sendXlsx(reply, file, await catalog.exportCodeNames(tx, kind, query, query.lang)));
  }

  registerEndpoint(app, e.listProductSubCategories, ({ tx, query }) => catalog.listSubCategories(tx, query));
  registerEndpoint(app, e.getProductSubCategory, ({ tx, params }) => catalog.getSubCategory(tx, params.subCategoryId));
  registerEndpoint(app, e.createProductSubCategory, ({ tx, principal, body }) => catalog.createSubCategory(tx, principal, body));
  registerEndpoint(app, e.updateProductSubCategory, ({ tx, principal, params, body }) => catalog.updateSubCategory(tx, principal, params.subCategoryId, body));
  registerEndpoint(app, e.setProductSubCategoryActive, ({ tx, principal, params, body }) =>
    catalog.setSubCategoryActive(tx, principal, params.subCategoryId, body.active),
  );
  registerEndpoint(app, e.deleteProductSubCategory, async ({ tx, principal, params }) => {
    await catalog.deleteSubCategory(tx, principal, params.subCategoryId);
    return { ok: true as const };
  });
  registerEndpoint(app, e.exportProductSubCategories, async ({ tx, query, reply }) =>
    sendXlsx(reply, 'product-sub-categories', await catalog.exportSubCategories(tx, query, query.lang)),
  );

  registerEndpoint(app, e.listProducts, ({ tx, principal, query }) => svc.listProducts(tx, principal.userId, query));
  registerEndpoint(app, e.getProduct, ({ tx, params }) => svc.getProduct(tx, params.productId));
  registerEndpoint(app, e.createProduct, ({ tx, principal, body }) => svc.createProduct(tx, principal, body));
  registerEndpoint(app, e.updateProduct, ({ tx, principal, params, body }) => svc.updateProduct(tx, principal, params.productId, body));
  registerEndpoint(app, e.setProductActive, ({ tx, principal, params, body }) => svc.setProductActive(tx, principal, params.productId, body.active));
  registerEndpoint(app, e.deleteProduct, async ({ tx, principal, params }) => {
    await svc.deleteProduct(tx, principal, params.productId);
    return { ok: true as const };
  });
  registerEndpoint(app, e.exportProducts, async ({ tx, query, reply }) => sendXlsx(reply, 'products', await exportProducts(tx, query, query.lang)));

  registerSheetImports(app, [
    [e.importProducts, importProducts, { fileInvalid: 'product_import_file_invalid' }],
    [e.importUoms, (tx, principal, file) => importCodeNames(tx, principal, 'uom', file)],
    [e.importBrands, (tx, principal, file) => importCodeNames(tx, principal, 'brand', file)],
    [e.importProductCategories, (tx, principal, file) => importCodeNames(tx, principal, 'category', file)],
    [e.importProductSubCategories, importSubCategories],
  ]);
}
