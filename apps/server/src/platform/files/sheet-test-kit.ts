import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { XLSX_CONTENT_TYPE, type ImportRun, type SheetImportReport } from '@nusa/contracts';
import type { TestApp } from '../../../test/test-app.ts';

/** Test helpers for the xlsx imports of the master records (used by each module's import test). */

export type CellInput = string | number | null;

/** A one-sheet workbook: a header row, then the rows. */
export async function workbook(header: string[], rows: CellInput[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Data');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export { handMadeXlsx, zipOf } from './xlsx-fixtures.ts';

/** The workbook with `change` applied to its first sheet (e.g. one cell of an export edited). */
export async function edited(file: Buffer, change: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  change(book.worksheets[0]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Sends the file to the record's import endpoint (e.g. path v1/erp/warehouses): the answer is the queued run or a refusal. */
export const upload = (t: TestApp, path: string, file: Buffer, token: string) =>
  t.request({ method: 'POST', url: `/api/${path.replace(/^\//, '')}/import`, token, payload: file, headers: { 'content-type': XLSX_CONTENT_TYPE } });

/** Asks for the run until it has ended (done or failed), as the web does. */
export async function followRun(t: TestApp, importId: string, token: string, timeoutMs = 150_000): Promise<ImportRun> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.request({ method: 'GET', url: `/api/v1/erp/imports/${importId}`, token });
    if (res.statusCode !== 200) throw new Error(`import run ${importId}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    const run = res.json<ImportRun>();
    if (run.status === 'done' || run.status === 'failed') return run;
    if (Date.now() > until) throw new Error(`import run ${importId} still ${run.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Uploads and follows the run to its end; the upload must have been taken (200, a queued run). */
export async function importRun(t: TestApp, path: string, file: Buffer, token: string): Promise<ImportRun> {
  const res = await upload(t, path, file, token);
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  const queued = res.json<ImportRun>();
  expect(queued).toMatchObject({ status: 'queued', rowsRead: 0, report: null });
  return followRun(t, queued.importId, token);
}

/** The report of an import that must end done. */
export async function importReport(t: TestApp, path: string, file: Buffer, token: string): Promise<SheetImportReport> {
  const run = await importRun(t, path, file, token);
  expect(run, JSON.stringify(run)).toMatchObject({ status: 'done', errorCode: null });
  return run.report!;
}

const otherTenants = new WeakMap<TestApp, Promise<string>>();
/** A second tenant ('acme') seeded once per test app. */
export const otherTenant = (t: TestApp) => {
  if (!otherTenants.has(t)) otherTenants.set(t, t.seedTenant('acme'));
  return otherTenants.get(t)!;
};

export interface ImportSuite {
  app: () => TestApp;
  /** Admin's token. */
  admin: () => string;
  /** e.g. v1/erp/warehouses */
  path: string;
  header: string[];
  /** The entries of `header` that are the import's required columns (a sheet of only these must keep the rest). */
  required: string[];
  /** Rows that are all created; together they fill at least one optional column. */
  good: CellInput[][];
  /** A bad row (it goes between the good rows) and where it fails. */
  bad: { row: CellInput[]; column: string; errorCode: string; errorArgs: (string | number)[] };
  /** A list keyword matching the good rows and the bad one (they share a prefix). */
  keyword: string;
  /** Users without an edit task of the record. */
  forbidden: string[];
}

/**
 * The checks every record's import passes: good rows saved and the bad one reported and saved not at all; the same
 * file again changes nothing; the export in both languages re-imports without a change; users without the edit
 * task get 403; another tenant sees none of it. Runs inside the caller's describe (sequential: later tests use
 * what the first one saved).
 */
export function importSuite(s: ImportSuite) {
  const list = async (token = s.admin(), keyword = s.keyword) =>
    (await s.app().request({ method: 'GET', url: `/api/${s.path}?keyword=${encodeURIComponent(keyword)}&limit=100`, token })).json();
  let file: Buffer;

  it('saves the good rows and reports the bad one by row, column and reason without saving any of it', async () => {
    const half = Math.ceil(s.good.length / 2);
    file = await workbook(s.header, [...s.good.slice(0, half), s.bad.row, [], ...s.good.slice(half)]);
    expect(await importReport(s.app(), s.path, file, s.admin())).toEqual({
      rows: s.good.length + 1,
      created: s.good.length,
      updated: 0,
      unchanged: 0,
      errors: [{ row: half + 2, column: s.bad.column, errorCode: s.bad.errorCode, errorArgs: s.bad.errorArgs }],
    });
    expect((await list()).total).toBe(s.good.length);
  });

  it('changes nothing when the same file comes again', async () => {
    const res = await importReport(s.app(), s.path, file, s.admin());
    expect(res).toMatchObject({ rows: s.good.length + 1, created: 0, updated: 0, unchanged: s.good.length });
  });

  it('keeps every field a sheet of only the required columns leaves out', async () => {
    const at = s.required.map((h) => s.header.indexOf(h));
    expect(at, 'required columns are in the header').not.toContain(-1);
    expect(
      s.good.some((r) => r.some((cell, i) => !at.includes(i) && cell !== null && cell !== '')),
      'good rows fill an optional column',
    ).toBe(true);
    const before = await list();
    const report = await importReport(
      s.app(),
      s.path,
      await workbook(
        s.required,
        s.good.map((r) => at.map((i) => r[i])),
      ),
      s.admin(),
    );
    expect(report).toEqual({ rows: s.good.length, created: 0, updated: 0, unchanged: s.good.length, errors: [] });
    expect(await list()).toEqual(before);
  });

  it('re-imports its own export (Indonesian and English headings) without changing anything', async () => {
    const before = (await s.app().request({ method: 'GET', url: `/api/${s.path}?limit=100`, token: s.admin() })).json();
    for (const lang of ['id', 'en']) {
      const exported = await s.app().request({ method: 'GET', url: `/api/${s.path}/export?lang=${lang}`, token: s.admin() });
      expect(exported.statusCode).toBe(200);
      const report = await importReport(s.app(), s.path, exported.rawPayload, s.admin());
      expect(report, lang).toEqual({ rows: report.rows, created: 0, updated: 0, unchanged: report.rows, errors: [] });
      expect(report.rows).toBeGreaterThanOrEqual(s.good.length);
    }
    expect((await s.app().request({ method: 'GET', url: `/api/${s.path}?limit=100`, token: s.admin() })).json()).toEqual(before);
  });

  it('refuses users without the edit task, and another tenant sees none of the imported records', async () => {
    for (const user of s.forbidden) {
      const res = await upload(s.app(), s.path, file, await s.app().login(user));
      expect(res.statusCode, user).toBe(403);
      expect(res.json().errorCode).toBe('forbidden_action');
    }
    await otherTenant(s.app());
    expect((await list(await s.app().login('admin', 'acme'))).total).toBe(0);
  });
}
