import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentEndpoints, journalEndpoints as ep } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { call } from '../../../../test/call.ts';
import { APP_ROLE } from '../../../../test/test-database.ts';

let t: TestApp;
let admin: string;
const ref: Record<string, string> = {};
let recording: string[] | undefined;
const CREATE_ROUND_TRIPS = 11;
const RELEASE_ROUND_TRIPS = 10;
const SAVE_AND_SUBMIT_ROUND_TRIPS = 12;
const original = pg.Client.prototype.query;

beforeAll(async () => {
  t = await createTestApp('journal-statements');
  admin = await t.login('admin');
  const tenantId = await t.tenantId('demo');
  for (const a of (await t.pools.owner.query<{ code: string; id: string }>(`SELECT code, id FROM coa_accounts WHERE tenant_id = $1`, [tenantId])).rows)
    ref[a.code] = a.id;
  (pg.Client.prototype as { query: unknown }).query = function (this: pg.Client, ...args: unknown[]) {
    const q = args[0] as string | { text: string; name?: string };
    // The request's own connection only: the job sweeps and the LISTEN connection's pings run as the owner.
    if ((this as unknown as { connectionParameters: { user: string } }).connectionParameters.user === APP_ROLE)
      recording?.push(typeof q === 'string' ? q : `${q.name ? `[${q.name}] ` : ''}${q.text}`);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
});
afterAll(async () => {
  (pg.Client.prototype as { query: unknown }).query = original;
  await t.close();
});

const journal = () => ({
  documentDate: '2026-03-10',
  remarks: 'statement count',
  // As bench/posting.ts: nine debits to nine accounts, one credit of their sum.
  lines: ['6101', '6102', '6103', '6104', '6105', '6106', '6107', '6108', '6109', '1101'].map((code, i) => ({
    coaId: ref[code]!,
    debit: i < 9 ? '100' : '0',
    credit: i < 9 ? '0' : '900',
    memo: null,
  })),
});

async function recorded<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  recording = [];
  try {
    return { result: await fn(), statements: recording };
  } finally {
    recording = undefined;
  }
}

describe('round trips of a journal created and released (bench/posting.ts)', () => {
  it('stay within the counted number: checks batched, nothing re-read', async () => {
    await call(t, ep.createJournal, { token: admin, body: journal() }); // warm caches (principal)
    const created = await recorded(() => call(t, ep.createJournal, { token: admin, body: journal() }));
    expect(created.result.statusCode, created.result.body).toBe(200);
    const id = created.result.json().documentId;
    const released = await recorded(() => call(t, documentEndpoints.actOnDocument, { token: admin, params: { documentId: id, action: 'submit' }, body: {} }));
    expect(released.result.statusCode, released.result.body).toBe(200);
    expect(released.result.json().status).toBe('R');
    const both = await recorded(() => call(t, ep.createAndSubmitJournal, { token: admin, body: journal() }));
    expect(both.result.statusCode, both.result.body).toBe(200);
    expect(both.result.json().status).toBe('R');
    if (process.env.STATEMENTS_OUT) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(
        process.env.STATEMENTS_OUT,
        [
          `CREATE ${created.statements.length}`,
          ...created.statements,
          '',
          `RELEASE ${released.statements.length}`,
          ...released.statements,
          '',
          `SAVE AND SUBMIT ${both.statements.length}`,
          ...both.statements,
        ].join('\n---\n'),
      );
    }
    // Round trips to PostgreSQL on the request's connection (BEGIN, each query, COMMIT) for a 10-line journal over 10 accounts; was 35 and 16.
    expect(created.statements.length, created.statements.join('\n')).toBeLessThanOrEqual(CREATE_ROUND_TRIPS);
    expect(released.statements.length, released.statements.join('\n')).toBeLessThanOrEqual(RELEASE_ROUND_TRIPS);
    // Save and submit in one request: the create's and the release's work in one transaction, nothing read twice.
    expect(both.statements.length, both.statements.join('\n')).toBeLessThanOrEqual(SAVE_AND_SUBMIT_ROUND_TRIPS);
  });
});
