import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { seedDemoBookings } from './demo-bookings.ts';

let t: TestApp;
let tenantId: string;
let released: number;
let ms: number;

beforeAll(async () => {
  t = await createTestApp('demo_bookings');
  tenantId = await t.tenantId('demo');
  const start = performance.now();
  released = await seedDemoBookings(t.pools, tenantId, '2026-11-20');
  ms = performance.now() - start;
});
afterAll(() => t.close());

describe('the demo year of bookings', () => {
  it('releases a year of documents through the engine: balanced postings, every month, two drafts left', async () => {
    console.log(`seedDemoBookings: ${released} documents released in ${Math.round(ms)} ms`);
    const q = async (text: string) => (await t.pools.owner.query(text, [tenantId])).rows;
    const [docs] = await q(
      `SELECT count(*) FILTER (WHERE status = 'R')::int AS r, count(*) FILTER (WHERE status = 'D')::int AS d FROM documents WHERE tenant_id = $1`,
    );
    expect(docs).toEqual({ r: released, d: 2 });
    const months = await q(
      `SELECT period, sum(book_amount)::text AS net, count(DISTINCT document_type)::int AS types FROM ledger_entries WHERE tenant_id = $1 GROUP BY period ORDER BY period`,
    );
    expect(months.map((m) => m.period)).toEqual([202512, 202601, 202602, 202603, 202604, 202605, 202606, 202607, 202608, 202609, 202610, 202611]);
    expect(months.every((m) => Number(m.net) === 0 && m.types === 3)).toBe(true);
    const [cash] = await q(
      `SELECT sum(b.debit - b.credit)::text AS bank FROM period_balances b JOIN coa_accounts a ON a.id = b.coa_id AND a.tenant_id = b.tenant_id WHERE b.tenant_id = $1 AND a.code = '1201.01'`,
    );
    expect(Number(cash.bank)).toBeGreaterThan(0);
  });
});
