import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportRun } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { followRun, importReport, importRun, otherTenant, upload, workbook } from './sheet-test-kit.ts';
import { resumeImportRuns, runImport } from './import-runs.ts';

/** Imports run as jobs: the upload answers the queued run, the run shows its progress and ends with its report. */

const PATH = 'v1/erp/warehouses';
const rows = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => [`${prefix}-${String(i).padStart(5, '0')}`, `Gudang ${prefix} ${i}`, 'Gudang']);

describe('import runs (inline, JOBS=false)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp('import_runs');
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  it('answers the queued run at once, then shows the rows read while it runs, and ends done with the report', { timeout: 120_000 }, async () => {
    const file = await workbook(['Kode', 'Nama', 'Tipe'], rows('ZRP', 1500));
    const res = await upload(t, PATH, file, admin);
    expect(res.statusCode).toBe(200);
    const queued = res.json<ImportRun>();
    expect(queued).toMatchObject({ status: 'queued', rowsRead: 0, report: null, errorCode: null, finishedAt: null });

    const seen: ImportRun[] = [];
    for (;;) {
      const run = (await t.request({ method: 'GET', url: `/api/v1/erp/imports/${queued.importId}`, token: admin })).json<ImportRun>();
      seen.push(run);
      if (run.status === 'done' || run.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ status: 'done', rowsRead: 1500, report: { rows: 1500, created: 1500, updated: 0, unchanged: 0, errors: [] } });
    expect(Date.parse(last.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(last.createdAt));
    // Progress moved forward while it ran, never back, and stopped short of the whole until the end.
    const running = seen.filter((r) => r.status === 'running' && r.rowsRead > 0);
    expect(running.length, JSON.stringify(seen.map((r) => [r.status, r.rowsRead]))).toBeGreaterThan(0);
    for (const r of running) expect(r.rowsRead).toBeLessThan(1500);
    for (let i = 1; i < seen.length; i++) expect(seen[i].rowsRead).toBeGreaterThanOrEqual(seen[i - 1].rowsRead);

    // The upload is dropped once the run has ended; starting it is audited.
    const stored = await t.pools.owner.query(`SELECT file IS NULL AS dropped, file_bytes, created_by FROM import_runs WHERE id = $1`, [queued.importId]);
    expect(stored.rows[0]).toMatchObject({ dropped: true, file_bytes: file.length });
    const audit = await t.pools.owner.query(`SELECT module, action, entity FROM audit_log WHERE entity_id = $1`, [queued.importId]);
    expect(audit.rows).toEqual([{ module: 'imports', action: 'create', entity: 'import_run' }]);
  });

  it('a run is its starter\'s alone: another user of the tenant and another tenant get 404, a user without import tasks 403', async () => {
    const run = await importRun(t, PATH, await workbook(['Kode', 'Nama', 'Tipe'], rows('ZRQ', 3)), admin);
    const url = `/api/v1/erp/imports/${run.importId}`;
    const superadmin = await t.request({ method: 'GET', url, token: await t.login('superadmin') });
    expect(superadmin.statusCode).toBe(404);
    expect(superadmin.json().errorCode).toBe('param_not_found');
    const staff = await t.request({ method: 'GET', url, token: await t.login('staff') });
    expect(staff.statusCode).toBe(403);
    await otherTenant(t);
    const acme = await t.request({ method: 'GET', url, token: await t.login('admin', 'acme') });
    expect(acme.statusCode).toBe(404);
    const unknown = await t.request({ method: 'GET', url: '/api/v1/erp/imports/not-a-uuid', token: admin });
    expect(unknown.statusCode).toBe(400);
  });

  it('a run left running by a process that died starts over and ends done once; an ended run is left alone', async () => {
    const res = await upload(t, PATH, await workbook(['Kode', 'Nama', 'Tipe'], rows('ZRS', 5)), admin);
    const first = await followRun(t, res.json<ImportRun>().importId, admin);
    expect(first.report).toMatchObject({ created: 5 });
    // Running it again changes nothing: it has ended.
    await runImport(t.pools, t.app.sheetImports.importers, await tenantOf(t), first.importId, () => {});
    expect(await followRun(t, first.importId, admin)).toEqual(first);

    // A run found 'running' with its file still there is one whose process died mid-way: it starts over.
    const second = await upload(t, PATH, await workbook(['Kode', 'Nama', 'Tipe'], rows('ZRT', 5)), admin);
    const id = second.json<ImportRun>().importId;
    await followRun(t, id, admin);
    const file = await workbook(['Kode', 'Nama', 'Tipe'], rows('ZRU', 7));
    await t.pools.owner.query(`UPDATE import_runs SET status = 'running', file = $2, report = NULL, finished_at = NULL WHERE id = $1`, [id, file]);
    await runImport(t.pools, t.app.sheetImports.importers, await tenantOf(t), id, () => {});
    expect(await followRun(t, id, admin)).toMatchObject({ status: 'done', rowsRead: 7, report: { rows: 7, created: 7 } });
  });

  it('runs left by a stopped process without the queue start over when the server starts again', async () => {
    const res = await upload(t, PATH, await workbook(['Kode', 'Nama', 'Tipe'], rows('ZRV', 2)), admin);
    const id = res.json<ImportRun>().importId;
    await followRun(t, id, admin);
    await t.pools.owner.query(`UPDATE import_runs SET status = 'queued', file = $2, report = NULL, finished_at = NULL WHERE id = $1`, [
      id, await workbook(['Kode', 'Nama', 'Tipe'], rows('ZRW', 3)),
    ]);
    await resumeImportRuns(t.pools, t.app.sheetImports.importers, () => {});
    expect(await followRun(t, id, admin)).toMatchObject({ status: 'done', report: { rows: 3, created: 3 } });
  });

  async function tenantOf(app: TestApp) {
    return (await app.pools.owner.query(`SELECT id FROM tenants WHERE code = 'demo'`)).rows[0].id as string;
  }
});

describe('import runs on pg-boss (JOBS=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('import_runs_jobs', { JOBS: 'true' });
  });
  afterAll(() => t.close());

  it('runs an import through the job queue to its report', { timeout: 60_000 }, async () => {
    const admin = await t.login('admin');
    const report = await importReport(t, PATH, await workbook(['Kode', 'Nama', 'Tipe'], rows('ZRJ', 20)), admin);
    expect(report).toEqual({ rows: 20, created: 20, updated: 0, unchanged: 0, errors: [] });
    const jobs = await t.pools.owner.query(`SELECT state FROM pgboss.job WHERE name = 'sheet-import'`);
    expect(jobs.rows.map((r) => r.state)).toEqual(['completed']);
  });
});
