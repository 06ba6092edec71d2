import type { Readable } from 'node:stream';
import type { SheetImportReport } from '@nusa/contracts';
import type { Principal } from '../../../platform/access/principal.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { tenantLimits } from '../../../platform/limits/limits.ts';
import { count, emptyReport, readSheet, reportError, type SheetColumns } from '../../../platform/files/sheet-import.ts';
import { typedValues } from './items.ts';
import { auditDataset, datasetRow, insertItems, ITEM_ID_HEADING, itemIdsOf, updateItemValues } from './service.ts';
import { itemLimitReached, itemRoom } from './quota.ts';
import type { ItemValues } from './schema.ts';

/**
 * The items import: the header names the dataset's attributes (any case; the first attribute is required) and
 * optionally the ID column the export writes. A row with an ID of the dataset's items updates it, any other row
 * makes an item. A row with a bad cell is reported by row and attribute and saved not at all.
 */
export async function importItems(tx: Tx, principal: Principal, meta: { datasetId: string }, file: Readable): Promise<SheetImportReport> {
  const dataset = await datasetRow(tx, meta.datasetId);
  const columns: SheetColumns<string> = Object.fromEntries([
    ...dataset.attributes.map((a, i) => [`a${i + 1}`, { id: a.name, en: a.name }]),
    ['itemId', { id: ITEM_ID_HEADING, en: ITEM_ID_HEADING }],
  ]);
  const existing = await itemIdsOf(tx, dataset.id);
  // New items stop at the dataset's limit: the run fails and keeps none of the file's items.
  const limits = await tenantLimits(tx);
  const room = await itemRoom(tx, limits, dataset.id);
  const report = emptyReport();
  let batch: ItemValues[] = [];
  const flush = async () => {
    await insertItems(tx, principal.tenantId, dataset, batch);
    batch = [];
  };
  await readSheet(file, {
    columns,
    required: dataset.attributes.length ? ['a1'] : [],
    onRow: async (row, get, has) => {
      report.rows++;
      const input: Record<string, string> = {};
      dataset.attributes.forEach((a, i) => {
        if (has(`a${i + 1}`)) input[a.name] = get(`a${i + 1}`);
      });
      const { values, problems } = typedValues(dataset.attributes, input);
      if (problems.length) {
        for (const p of problems) {
          const column = `a${dataset.attributes.findIndex((a) => a.name === p.attribute) + 1}`;
          reportError(report, row, column, p.code, p.code === 'service_item_value_not_number' ? [p.attribute, p.value] : [p.attribute]);
        }
        return;
      }
      if (Object.keys(values).length === 0) {
        reportError(report, row, 'a1', 'service_item_empty', []);
        return;
      }
      const id = get('itemId');
      if (id && existing.has(id)) {
        await updateItemValues(tx, dataset, id, values);
        count(report, 'updated');
        return;
      }
      if (report.created >= room) throw itemLimitReached(limits);
      batch.push(values);
      count(report, 'created');
      if (batch.length >= 500) await flush();
    },
  });
  await flush();
  await auditDataset(tx, principal, 'service-dataset-item', 'import', dataset.id, undefined, {
    created: report.created,
    updated: report.updated,
    errors: report.errors.length,
  });
  return report;
}
