import { eq, sql } from 'drizzle-orm';
import type { SheetImportReport } from '@nusa/contracts';
import type { Principal } from '../../../../platform/access/principal.ts';
import type { Tx } from '../../../../platform/db/tenant.ts';
import { AppError } from '../../../../platform/errors/app-error.ts';
import { importProgress } from '../../../../platform/files/import-progress.ts';
import { tenantLimits } from '../../../../platform/limits/limits.ts';
import { freeSlot } from '../columns.ts';
import { insertRows, KEPT_VALUES, labelsOf, slotKindOf, TYPE_WORDS } from '../import.ts';
import { convertCell, inferColumnType, numberStyleOf } from '../infer.ts';
import { assertRowsFit } from '../quota.ts';
import { lockDataset } from '../rows.ts';
import { analysisDatasets, type StoredColumn } from '../schema.ts';

/** Data rows a new column's type (and each column's number style) is read from, as an import does. */
const TYPE_SAMPLE = 2000;
const BATCH = 5000;
/** Bad cells named in a refused refresh (the count says how many in all). */
const NAMED_BAD_CELLS = 10;
const MAX_KEY = 99;

const norm = (s: string) => s.trim().toLowerCase();
const blank = (c: string | undefined) => c === undefined || c.trim() === '';
const widthOf = (cells: string[]) => {
  let w = cells.length;
  while (w > 0 && blank(cells[w - 1])) w--;
  return w;
};

export interface RefreshOutcome {
  report: SheetImportReport;
  added: string[];
  removed: string[];
}

/**
 * Replaces a sheet dataset's rows with the sheet's, keeping the user's work on its columns: an incoming column is
 * matched to an existing one by the sheet header it was read from (or, for a dataset imported before that was kept,
 * its label), and keeps its key, label, type and slot; its cells are read as that type, and any that do not read
 * refuse the refresh naming their sheet rows and columns (the run fails, the old rows stay). A new header becomes a
 * new column (type inferred); a column whose header is gone is dropped and reported (a saved graph using it says it
 * is outdated, as after any removed column).
 */
export async function refreshSheetRows(tx: Tx, principal: Principal, datasetId: string, values: string[][], headerAt: number): Promise<RefreshOutcome> {
  const d = await lockDataset(tx, datasetId);
  // Each data row with its number in the sheet (1 = the sheet's first row), blank ones left out.
  const rows = values
    .map((cells, i) => ({ number: i + 1, cells }))
    .slice(headerAt + 1)
    .filter((r) => r.cells.some((c) => !blank(c)));
  const width = rows.reduce((w, r) => Math.max(w, widthOf(r.cells)), widthOf(values[headerAt]));
  const headers = labelsOf(values[headerAt], width);
  const sample = rows.slice(0, TYPE_SAMPLE).map((r) => r.cells);

  const unmatched = [...d.columns];
  const keyNumbers = new Set(d.columns.map((c) => Number(/^c(\d+)$/.exec(c.key)?.[1] ?? 0)));
  let lastKey = Math.max(0, ...keyNumbers);
  // A new column takes the next key; keys are c1..c99 (the contracts' pattern), so past c99 the first one unused.
  const nextKey = () => {
    let n = lastKey < MAX_KEY ? ++lastKey : 1;
    while (keyNumbers.has(n)) n++;
    keyNumbers.add(n);
    return `c${n}`;
  };
  /** Each column with the sheet column it reads. */
  const plan: { column: StoredColumn; at: number }[] = [];
  const added: string[] = [];
  for (const [at, header] of headers.entries()) {
    const i = unmatched.findIndex((c) => norm(c.source ?? c.label) === norm(header));
    if (i >= 0) {
      const [kept] = unmatched.splice(i, 1);
      plan.push({ column: { ...kept, source: header }, at });
      continue;
    }
    const type = inferColumnType(
      sample.map((r) => r[at] ?? null),
      header,
    );
    const columns = plan.map((p) => p.column);
    // A new header may be a label a kept column was renamed to: told apart.
    const label = [...columns, ...unmatched].some((c) => norm(c.label) === norm(header)) ? `${header} (${at + 1})` : header;
    plan.push({ column: { key: nextKey(), label, type, slot: freeSlot([...columns, ...unmatched], slotKindOf(type)), source: header }, at });
    added.push(label);
  }
  const removed = unmatched.map((c) => c.label);
  // The dataset's own order kept (the user's page), new columns after it.
  const place = new Map(d.columns.map((c, i) => [c.key, i]));
  plan.sort((a, b) => (place.get(a.column.key) ?? place.size + a.at) - (place.get(b.column.key) ?? place.size + b.at));
  const columns = plan.map((p) => p.column);

  const styles = plan.map(({ at }) => numberStyleOf(sample.map((r) => r[at] ?? null)));
  const bad: string[] = [];
  let badCount = 0;
  const converted = rows.map((r) =>
    plan.map(({ column: c, at }, i) => {
      const out = convertCell(r.cells[at] ?? null, c.type, styles[i]);
      if (!('bad' in out)) return out.value;
      badCount++;
      if (bad.length < NAMED_BAD_CELLS) bad.push(`${r.number}/${c.label}: "${String(r.cells[at]).slice(0, 40)}" (${TYPE_WORDS[c.type]})`);
      return null;
    }),
  );
  if (badCount) throw new AppError('analysis_sheet_refresh_cells_invalid', [badCount, bad.join('; ')]);
  await assertRowsFit(tx, await tenantLimits(tx), d.id, converted.length);

  await tx.execute(sql`DELETE FROM analysis_rows WHERE dataset_id = ${d.id}`);
  for (let i = 0; i < converted.length; i += BATCH) {
    await insertRows(tx, principal.tenantId, d.id, columns, i + 1, converted.slice(i, i + BATCH));
    importProgress.getStore()?.({ rowsRead: Math.min(i + BATCH, converted.length) });
  }
  columns.forEach((c, i) => {
    if (c.type !== 'text') return void delete c.values;
    const counts = new Map<string, number>();
    for (const r of converted) if (r[i] !== null) counts.set(r[i]!, (counts.get(r[i]!) ?? 0) + 1);
    c.values = [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, KEPT_VALUES)
      .map(([v]) => v);
  });
  await tx
    .update(analysisDatasets)
    .set({ columns, rowCount: converted.length, refreshedAt: sql`now()` })
    .where(eq(analysisDatasets.id, d.id));
  const report: SheetImportReport = {
    rows: converted.length,
    created: converted.length,
    updated: 0,
    unchanged: 0,
    errors: removed.map((label) => ({ row: headerAt + 1, column: label, errorCode: 'analysis_sheet_column_removed', errorArgs: [label] })),
  };
  return { report, added, removed };
}
