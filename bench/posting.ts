/**
 * Posting throughput (issue 11), two comparisons in one run on one database:
 *
 * (a) balanced 10-line journals released per second through the HTTP API, saved and submitted in one request
 *     (POST /v1/erp/journals/submit, the form's save and submit) and in two (POST /v1/erp/journals, then
 *     POST /v1/erp/documents/{id}/actions/submit, which releases: no approval flow) at BENCH_CLIENTS concurrent
 *     clients, against the same ledger INSERTs (one 10-row INSERT per posting in its own transaction, under the same
 *     balance and period-balance triggers) through a bare `pg` Pool at the same concurrency. Aim: ratio ≥ 0.3.
 * (b) journals created per second through the journal service (one tenant transaction each) with gap-free numbers
 *     from the JV document template, against the same creation with a number taken from a bare sequence (nextval).
 *
 *   npx tsx bench/posting.ts
 *
 * BENCH_SECONDS (measured seconds per path and round, default 5), BENCH_ROUNDS (default 2), BENCH_CLIENTS (default 20),
 * BENCH_PROFILE=<dir> (writes a CPU profile of this process during the first round of save and submit and prints
 * where its time goes), BENCH_PATHS=one,two,bare,numbered,sequenced (the paths to run, default all; for A/B runs of
 * one path against the bare INSERT).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { DEFAULT_TENANT, type Task } from '@nusa/contracts';
import { withTenant } from '../apps/server/src/platform/db/tenant.ts';
import { createOfType, type DocumentUser } from '../apps/server/src/modules/accounting/documents/index.ts';
import { journalType } from '../apps/server/src/modules/accounting/journals/index.ts';
import { cpuOf, fmt, machine, median, table, tempDir, within } from './lib/common.ts';
import { logIn, startBenchServer, type BenchServer } from './lib/server.ts';
import { startProfile } from './lib/profile.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const LINES = 10;
const DATE = '2026-06-15';
const PROFILE_DIR = process.env.BENCH_PROFILE;
const PATHS = new Set((process.env.BENCH_PATHS ?? 'one,two,bare,numbered,sequenced').split(','));
const CODES = ['6101', '6102', '6103', '6104', '6105', '6106', '6107', '6108', '6109', '1101'];

/** CPU seconds of this process (server, clients) and of PostgreSQL, to print CPU per journal: steadier than rates on a busy machine. */
let cpuDir: string | undefined;

async function run(work: () => Promise<void>): Promise<Run> {
  const cpuBefore = cpuDir ? cpuOf(cpuDir) : undefined;
  let done = 0;
  let errors = 0;
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        try {
          await work();
          done++;
        } catch (err) {
          if (errors++ === 0) console.error('  first error:', err);
        }
      }
    }),
  );
  const cpuAfter = cpuDir ? cpuOf(cpuDir) : undefined;
  const split =
    cpuBefore && cpuAfter && done ? { node: ((cpuAfter.node - cpuBefore.node) * 1000) / done, pg: ((cpuAfter.pg - cpuBefore.pg) * 1000) / done } : undefined;
  return { perSecond: done / ((performance.now() - started) / 1000), done, errors, cpuMs: split && split.node + split.pg, split };
}

interface Run {
  perSecond: number;
  done: number;
  errors: number;
  cpuMs?: number;
  split?: { node: number; pg: number };
}
const skipped: Run = { perSecond: NaN, done: 0, errors: 0 };

/** Ten lines: nine debits of random whole Rupiah and one credit of their sum (a 10-line balanced journal). */
function tenLines(coa: string[]) {
  const debits = Array.from({ length: LINES - 1 }, () => 10_000 + Math.floor(Math.random() * 5_000_000));
  const total = debits.reduce((s, d) => s + d, 0);
  return [
    ...debits.map((d, i) => ({ coaId: coa[i]!, debit: String(d), credit: '0', memo: `baris ${i + 1}` })),
    { coaId: coa[LINES - 1]!, debit: '0', credit: String(total), memo: 'kas' },
  ];
}

async function main() {
  console.log(
    `\n== posting: ${LINES}-line journals released through the API vs bare ledger INSERTs; gap-free numbers vs a bare sequence (${CLIENTS} clients) ==`,
  );
  console.log(`machine: ${machine()}`);
  const data = await tempDir('posting');
  let bench: BenchServer | undefined;
  let raw: pg.Pool | undefined;
  try {
    bench = await startBenchServer({ database: 'bench_posting', dataDir: data.dir, env: { DATABASE_POOL_SIZE: String(Math.max(2, CLIENTS)) } });
    const { server, db } = bench;
    cpuDir = bench.pgDir;
    const baseUrl = server.url;
    const { token } = await logIn(baseUrl, 'admin');
    raw = new pg.Pool({ connectionString: db.url, max: CLIENTS, application_name: 'nusa-bench-raw' });
    const tenantId = (await raw.query<{ id: string }>(`SELECT id FROM tenants WHERE code = $1`, [DEFAULT_TENANT])).rows[0]!.id;
    const coaRows = (
      await raw.query<{ code: string; id: string }>(`SELECT code, id FROM coa_accounts WHERE tenant_id = $1 AND code = ANY($2)`, [tenantId, CODES])
    ).rows;
    const coa = CODES.map((c) => coaRows.find((r) => r.code === c)!.id);
    const idr = (await raw.query<{ id: string }>(`SELECT id FROM currencies WHERE tenant_id = $1 AND is_book`, [tenantId])).rows[0]!.id;
    const headers = { authorization: `Bearer ${token}`, 'x-tenant': DEFAULT_TENANT, 'content-type': 'application/json' };

    // (a) the whole path: HTTP, JWT, session, RLS transaction, checks, numbering, document, history, audit, then the release's posting.
    const apiRelease = async () => {
      const made = await fetch(`${baseUrl}/api/v1/erp/journals`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ documentDate: DATE, remarks: 'bench', lines: tenLines(coa) }),
      });
      const doc = (await made.json()) as { documentId: string };
      if (made.status !== 200) throw new Error(`create ${made.status} ${JSON.stringify(doc)}`);
      const act = await fetch(`${baseUrl}/api/v1/erp/documents/${doc.documentId}/actions/submit`, { method: 'POST', headers, body: '{}' });
      const body = (await act.json()) as { status: string };
      if (act.status !== 200 || body.status !== 'R') throw new Error(`release ${act.status} ${JSON.stringify(body)}`);
    };
    // (a) the same in one request: the journal form's save and submit (POST /v1/erp/journals/submit).
    const apiSaveSubmit = async () => {
      const res = await fetch(`${baseUrl}/api/v1/erp/journals/submit`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ documentDate: DATE, remarks: 'bench', lines: tenLines(coa) }),
      });
      const body = (await res.json()) as { status: string };
      if (res.status !== 200 || body.status !== 'R') throw new Error(`save and submit ${res.status} ${JSON.stringify(body)}`);
    };
    // The baseline: the same ten ledger rows of one posting in one INSERT and transaction (the triggers still run).
    const insertSql = `INSERT INTO ledger_entries (tenant_id, posting_id, document_id, document_type, document_number, entry_date, period, coa_id, currency_id, amount, book_amount, memo)
      SELECT $1, $2, $3, 'JV', 'BENCH', $4::date, 202606, c, $5, a, a, 'bench' FROM unnest($6::uuid[], $7::numeric[]) AS l(c, a)`;
    const bareInsert = async () => {
      const lines = tenLines(coa);
      const amounts = lines.map((l) => (l.debit !== '0' ? l.debit : `-${l.credit}`));
      const client = await raw!.connect();
      try {
        await client.query('BEGIN');
        await client.query(insertSql, [tenantId, randomUUID(), randomUUID(), DATE, idr, lines.map((l) => l.coaId), amounts]);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    };

    // (b) creation only, in the journal service: blank number (gap-free, the JV template) vs a number from nextval.
    const app = server.pools.app;
    const admin = (await raw.query<{ id: string; role_id: string }>(`SELECT id, role_id FROM users WHERE tenant_id = $1 AND username = 'admin'`, [tenantId]))
      .rows[0]!;
    const tasks = (await raw.query<{ task: Task }>(`SELECT task FROM role_tasks WHERE role_id = $1`, [admin.role_id])).rows.map((r) => r.task);
    const user: DocumentUser = { tenantId, userId: admin.id, roleId: admin.role_id, tasks };
    await raw.query('CREATE SEQUENCE bench_journal_numbers');
    const body = (number: string) => ({
      number,
      documentDate: DATE,
      dueDate: null,
      reference: null,
      externalNumber: null,
      externalDate: null,
      remarks: 'bench',
      currencyId: null,
      ouId: null,
      partnerId: null,
      lines: tenLines(coa).map((l) => ({ ...l, ouId: null, segmentId: null, partnerId: null })),
    });
    const createNumbered = () => withTenant(app, tenantId, (tx) => createOfType(tx, user, journalType, body(''))).then(() => undefined);
    const createSequenced = async () => {
      const n = (await raw!.query<{ n: string }>(`SELECT nextval('bench_journal_numbers') AS n`)).rows[0]!.n;
      await withTenant(app, tenantId, (tx) => createOfType(tx, user, journalType, body(`SEQ-${n}`)));
    };

    const paths = { one: apiSaveSubmit, two: apiRelease, bare: bareInsert, numbered: createNumbered, sequenced: createSequenced };
    for (const [name, warm] of Object.entries(paths)) if (PATHS.has(name)) await Promise.all(Array.from({ length: CLIENTS }, () => warm()));

    const cpu = { oneRequest: [] as number[], api: [] as number[], bare: [] as number[] };
    const results = { oneRequest: [] as number[], api: [] as number[], bare: [] as number[], numbered: [] as number[], sequenced: [] as number[] };
    let errors = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const stop = PROFILE_DIR && round === 1 && PATHS.has('one') ? await startProfile(PROFILE_DIR, 'posting', 30) : undefined;
      const one = PATHS.has('one') ? await run(apiSaveSubmit) : skipped;
      if (stop) {
        const { file, summary } = await stop();
        console.log(`  CPU profile of save and submit (round 1): ${file}\n${summary}`);
      }
      const a = PATHS.has('two') ? await run(apiRelease) : skipped;
      const b = PATHS.has('bare') ? await run(bareInsert) : skipped;
      const c = PATHS.has('numbered') ? await run(createNumbered) : skipped;
      const d = PATHS.has('sequenced') ? await run(createSequenced) : skipped;
      errors += one.errors + a.errors + b.errors + c.errors + d.errors;
      for (const [k, r] of [
        ['oneRequest', one],
        ['api', a],
        ['bare', b],
      ] as const)
        if (r.cpuMs !== undefined) cpu[k].push(r.cpuMs);
      const split = (r: Run) => (r.split ? `${fmt(r.split.node, 2)} + ${fmt(r.split.pg, 2)}` : '-');
      console.log(`  round ${round} CPU ms/journal (node + pg): save and submit ${split(one)}, two requests ${split(a)}, bare ${split(b)}`);
      results.oneRequest.push(one.perSecond);
      results.api.push(a.perSecond);
      results.bare.push(b.perSecond);
      results.numbered.push(c.perSecond);
      results.sequenced.push(d.perSecond);
      console.log(
        `  round ${round}: API save and submit ${fmt(one.perSecond, 1)}/s, API create + submit ${fmt(a.perSecond, 1)}/s, bare INSERT ${fmt(b.perSecond, 1)}/s, gap-free ${fmt(c.perSecond, 1)}/s, sequence ${fmt(d.perSecond, 1)}/s`,
      );
    }
    const oneRequest = median(results.oneRequest);
    const [api, bare, numbered, sequenced] = [median(results.api), median(results.bare), median(results.numbered), median(results.sequenced)];
    console.log('');
    const cpuMs = (k: keyof typeof cpu) => (cpu[k].length ? fmt(median(cpu[k]), 2) : '-');
    const cpuRatio = (k: keyof typeof cpu) => (cpu[k].length && cpu.bare.length ? `${(median(cpu.bare) / median(cpu[k])).toFixed(3)} ×` : '-');
    table([
      ['path (median of rounds)', 'per second', 'ratio', 'CPU ms/journal (node + pg)', 'CPU-cost ratio'],
      [
        `(a) ${LINES}-line journal saved and submitted (released) in one API request`,
        fmt(oneRequest, 1),
        `${(oneRequest / bare).toFixed(3)} × (aim ≥ 0.3)`,
        cpuMs('oneRequest'),
        cpuRatio('oneRequest'),
      ],
      [
        `(a) ${LINES}-line journal created + released through the API (two requests)`,
        fmt(api, 1),
        `${(api / bare).toFixed(3)} ×`,
        cpuMs('api'),
        cpuRatio('api'),
      ],
      [`(a) bare ${LINES}-row ledger INSERT + COMMIT (pg Pool)`, fmt(bare, 1), '1.000 ×', cpuMs('bare'), '1.000 ×'],
      ['(b) journal created, gap-free template number', fmt(numbered, 1), `${(numbered / sequenced).toFixed(3)} ×`, '', ''],
      ['(b) journal created, number from a bare sequence', fmt(sequenced, 1), '1.000 ×', '', ''],
    ]);
    console.log(
      '  CPU ms/journal: this process (server and its clients) and the PostgreSQL processes per journal (Linux); the CPU-cost ratio (bare ÷ path)\n' +
        '  is what the rate ratio tends to when the cores are the limit, and moves less with other load than the rates do.',
    );
    const unbalanced = (
      await raw.query(
        `SELECT count(*)::int AS n FROM (SELECT posting_id FROM ledger_entries WHERE tenant_id = $1 GROUP BY posting_id HAVING sum(book_amount) <> 0) x`,
        [tenantId],
      )
    ).rows[0].n;
    const numbers = (
      await raw.query(`SELECT count(*)::int AS n, count(DISTINCT number)::int AS d FROM documents WHERE tenant_id = $1 AND type = 'JV'`, [tenantId])
    ).rows[0];
    console.log(
      `\n  ${CLIENTS} clients, ${ROUNDS} rounds of ${SECONDS} s per path; errors: ${errors}; unbalanced postings: ${unbalanced}; JV numbers ${numbers.n} all distinct: ${numbers.n === numbers.d}`,
    );
    if (errors || unbalanced || numbers.n !== numbers.d) process.exitCode = 1;
  } finally {
    await within('raw pool end', 10_000, raw?.end() ?? Promise.resolve());
    await bench?.stop();
    await data.remove();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
