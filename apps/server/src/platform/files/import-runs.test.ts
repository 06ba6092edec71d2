import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TENANT, XLSX_CONTENT_TYPE, type ImportRun } from '@nusa/contracts';
import { createTestApp, TEST_SECRET, type TestApp } from '../../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../db/seed/demo.ts';
import { followRun, importReport, importRun, otherTenant, upload, workbook } from './sheet-test-kit.ts';
import { resumeImportRuns, runImport, STALE_SECONDS, SWEEP_MS } from './import-runs.ts';

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
    // A run may still show running for a moment after its last row while it writes the report.
    for (const r of running) expect(r.rowsRead).toBeLessThanOrEqual(1500);
    expect(
      running.some((r) => r.rowsRead < 1500),
      JSON.stringify(seen.map((r) => [r.status, r.rowsRead])),
    ).toBe(true);
    for (let i = 1; i < seen.length; i++) expect(seen[i].rowsRead).toBeGreaterThanOrEqual(seen[i - 1].rowsRead);

    // The upload is dropped once the run has ended; starting it is audited.
    const stored = await t.pools.owner.query(`SELECT file IS NULL AS dropped, file_bytes, created_by FROM import_runs WHERE id = $1`, [queued.importId]);
    expect(stored.rows[0]).toMatchObject({ dropped: true, file_bytes: file.length });
    const audit = await t.pools.owner.query(`SELECT module, action, entity FROM audit_log WHERE entity_id = $1`, [queued.importId]);
    expect(audit.rows).toEqual([{ module: 'imports', action: 'create', entity: 'import_run' }]);
  });

  it("a run is its starter's alone: another user of the tenant and another tenant get 404, a user without import tasks 403", async () => {
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

    // A run found 'running' whose worker still beats is alive (a job delivered twice): it is left alone.
    const second = await upload(t, PATH, await workbook(['Kode', 'Nama', 'Tipe'], rows('ZRT', 5)), admin);
    const id = second.json<ImportRun>().importId;
    await followRun(t, id, admin);
    const file = await workbook(['Kode', 'Nama', 'Tipe'], rows('ZRU', 7));
    await t.pools.owner.query(
      `UPDATE import_runs SET status = 'running', file = $2, report = NULL, finished_at = NULL, rows_read = 3,
      heartbeat_at = now(), worker_id = $3 WHERE id = $1`,
      [id, file, ALIVE_WORKER],
    );
    await runImport(t.pools, t.app.sheetImports.importers, await tenantOf(t), id, () => {});
    expect((await t.pools.owner.query(`SELECT status, rows_read, worker_id FROM import_runs WHERE id = $1`, [id])).rows[0]).toEqual({
      status: 'running',
      rows_read: 3,
      worker_id: ALIVE_WORKER,
    });
    // Once its heartbeat is older than STALE_SECONDS its process is taken for dead: it starts over from the kept file.
    await t.pools.owner.query(`UPDATE import_runs SET heartbeat_at = now() - interval '1 minute' WHERE id = $1`, [id]);
    await runImport(t.pools, t.app.sheetImports.importers, await tenantOf(t), id, () => {});
    expect(await followRun(t, id, admin)).toMatchObject({ status: 'done', rowsRead: 7, report: { rows: 7, created: 7 } });
  });

  it(
    'a run left running with a stopped heartbeat is not shown as running with its last count, and is resumed within seconds',
    { timeout: 60_000 },
    async () => {
      const res = await upload(t, PATH, await workbook(['Kode', 'Nama', 'Tipe'], rows('ZRH', 2)), admin);
      const id = res.json<ImportRun>().importId;
      await followRun(t, id, admin);
      await t.pools.owner.query(
        `UPDATE import_runs SET status = 'running', file = $2, report = NULL, finished_at = NULL, rows_read = 123,
      heartbeat_at = now() - interval '1 minute', worker_id = $3 WHERE id = $1`,
        [id, await workbook(['Kode', 'Nama', 'Tipe'], rows('ZRI', 9)), ALIVE_WORKER],
      );
      const left = Date.now();
      const seen: ImportRun[] = [];
      for (;;) {
        const run = (await t.request({ method: 'GET', url: `/api/v1/erp/imports/${id}`, token: admin })).json<ImportRun>();
        seen.push(run);
        if (run.status === 'done' || run.status === 'failed') break;
        expect(Date.now() - left, JSON.stringify(seen.map((r) => [r.status, r.rowsRead]))).toBeLessThan(SWEEP_MS + 10_000);
        await new Promise((r) => setTimeout(r, 50));
      }
      // Nobody is told the dead worker's 123 rows are still being read: until this instance's sweep claims it (within
      // one SWEEP_MS) it is shown waiting to start over (queued, 0 rows), then running from its first row.
      expect(seen.filter((r) => r.rowsRead === 123)).toEqual([]);
      for (const r of seen) expect(r.status === 'queued' ? r.rowsRead : 0).toBe(0);
      expect(seen.at(-1)).toMatchObject({ status: 'done', report: { rows: 9, created: 9 } });
    },
  );

  it(
    'a server killed with kill -9 mid-import: another instance on the same database resumes the run from its file within seconds',
    { timeout: 240_000 },
    async () => {
      const other = await serverProcess(t.databaseUrl, 'false');
      try {
        const token = await other.login('admin');
        const n = 1500;
        const res = await fetch(`${other.url}/api/v1/erp/warehouses/import`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': XLSX_CONTENT_TYPE },
          body: await workbook(['Kode', 'Nama', 'Tipe'], rows('ZRK', n)),
        });
        expect(res.status).toBe(200);
        const id = ((await res.json()) as ImportRun).importId;
        // Wait until the other process's worker has read some rows, then kill the process as a crash would.
        let before: ImportRun;
        for (;;) {
          before = (await t.request({ method: 'GET', url: `/api/v1/erp/imports/${id}`, token: admin })).json<ImportRun>();
          if (before.status === 'running' && before.rowsRead > 0) break;
          expect(before.status, 'the other process ran the whole file before it could be killed').not.toBe('done');
          await new Promise((r) => setTimeout(r, 20));
        }
        const worker = (await t.pools.owner.query(`SELECT worker_id FROM import_runs WHERE id = $1`, [id])).rows[0].worker_id;
        other.kill();
        const killed = Date.now();
        // This instance's sweep finds the stopped heartbeat and claims the run within STALE_SECONDS plus one sweep.
        for (;;) {
          const row = (await t.pools.owner.query(`SELECT worker_id FROM import_runs WHERE id = $1`, [id])).rows[0];
          if (row.worker_id !== worker) break;
          expect(Date.now() - killed).toBeLessThan((STALE_SECONDS + 5) * 1000 + SWEEP_MS);
          await new Promise((r) => setTimeout(r, 100));
        }
        const resumedAfter = Date.now() - killed;
        const run = await followRun(t, id, admin);
        // Nothing of the killed worker's transaction was kept: the resumed run creates every row, once.
        expect(run, `resumed ${resumedAfter} ms after the kill`).toMatchObject({
          status: 'done',
          rowsRead: n,
          report: { rows: n, created: n, updated: 0, errors: [] },
        });
        const saved = await t.pools.owner.query(`SELECT count(*)::int AS n FROM warehouses WHERE code LIKE 'ZRK-%'`);
        expect(saved.rows[0].n).toBe(n);
      } finally {
        other.kill();
      }
    },
  );

  it('runs left by a stopped process without the queue start over when the server starts again', async () => {
    const res = await upload(t, PATH, await workbook(['Kode', 'Nama', 'Tipe'], rows('ZRV', 2)), admin);
    const id = res.json<ImportRun>().importId;
    await followRun(t, id, admin);
    await t.pools.owner.query(`UPDATE import_runs SET status = 'queued', file = $2, report = NULL, finished_at = NULL WHERE id = $1`, [
      id,
      await workbook(['Kode', 'Nama', 'Tipe'], rows('ZRW', 3)),
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
    // pg-boss marks the job completed right after the handler wrote the run's end.
    await expect
      .poll(async () => (await t.pools.owner.query(`SELECT state FROM pgboss.job WHERE name = 'sheet-import'`)).rows.map((r) => r.state))
      .toEqual(['completed']);
  });

  it(
    "a run whose worker died (its job still active, its heartbeat stopped) goes back on the queue within seconds, not at the job's expiry",
    { timeout: 60_000 },
    async () => {
      const admin = await t.login('admin');
      const res = await upload(t, PATH, await workbook(['Kode', 'Nama', 'Tipe'], rows('ZRD', 3)), admin);
      const id = res.json<ImportRun>().importId;
      await followRun(t, id, admin);
      await t.pools.owner.query(
        `UPDATE import_runs SET status = 'running', file = $2, report = NULL, finished_at = NULL, rows_read = 50,
      heartbeat_at = now() - interval '1 minute', worker_id = $3 WHERE id = $1`,
        [id, await workbook(['Kode', 'Nama', 'Tipe'], rows('ZRE', 11)), ALIVE_WORKER],
      );
      const left = Date.now();
      const run = await followRun(t, id, admin, SWEEP_MS + 15_000);
      expect(run, `ended after ${Date.now() - left} ms`).toMatchObject({ status: 'done', rowsRead: 11, report: { rows: 11, created: 11 } });
      // The run went back on the queue as a job of its own (one per run at a time), which completes once the run ended.
      await expect
        .poll(async () =>
          (await t.pools.owner.query(`SELECT state FROM pgboss.job WHERE name = 'sheet-import' AND singleton_key = $1`, [id])).rows.map((r) => r.state),
        )
        .toEqual(['completed']);
    },
  );
});

const ALIVE_WORKER = '0190a000-0000-7000-8000-0000000000aa';

/** A second server (`npm start` minus web and seed) on the same database in a child process, to be killed with SIGKILL. */
async function serverProcess(databaseUrl: string, jobs: 'true' | 'false') {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nusa-second-'));
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./test-server-process.ts', import.meta.url))], {
    env: { ...process.env, TEST_DATABASE_URL: databaseUrl, TEST_DATA_DIR: dataDir, TEST_AUTH_SECRET: TEST_SECRET, TEST_JOBS: jobs },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /READY (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`the second server exited (${code}) before it listened`)));
  });
  return {
    url,
    async login(username: string) {
      const pre = (await (await fetch(`${url}/api/v1/auth/pre-login`, { method: 'POST' })).json()) as { token: string };
      const res = await fetch(`${url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { authorization: `Bearer ${pre.token}`, 'x-tenant': DEFAULT_TENANT, 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: DEMO_PASSWORD }),
      });
      const token = res.headers.get('x-auth-token');
      if (!token) throw new Error(`login through the second server: ${res.status} ${await res.text()}`);
      return token;
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      void fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
