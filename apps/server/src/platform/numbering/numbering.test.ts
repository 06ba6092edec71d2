import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NumberFormat } from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { APP_ROLE, testSecrets } from '../../../test/test-database.ts';
import { databaseUrlAs, ignoreIdleErrors } from '../db/pools.ts';
import { withTenant } from '../db/tenant.ts';
import { allocateNumber, peekNumber } from './allocate.ts';

let t: TestApp;
let wide: pg.Pool;
let demo: string;

beforeAll(async () => {
  t = await createTestApp('numbering');
  demo = await t.tenantId('demo');
  // One connection per creator, so 50 transactions really run at once and contend for the same row.
  wide = new pg.Pool({ connectionString: databaseUrlAs(t.databaseUrl, APP_ROLE, (await testSecrets()).databasePassword), max: 50 });
  // Dropping the test database terminates connections the pool has already let go.
  ignoreIdleErrors(wide);
});
afterAll(async () => {
  await wide.end();
  await t.close();
});

const monthly: NumberFormat = { prefix: 'INV/', suffix: '', separator: '/', yearDigits: 4, month: true, day: false, counterDigits: 4, reset: 'year-month' };

class Rollback extends Error {}

describe('allocateNumber (issue 4: unique and gapless under concurrency)', () => {
  it('gives 50 concurrent creators 50 distinct consecutive numbers', async () => {
    const numbers = await Promise.all(
      Array.from({ length: 50 }, () =>
        withTenant(wide, demo, async (tx) => {
          const n = await allocateNumber(tx, demo, { key: 'conc-test', format: monthly, date: '2026-11-21' });
          // Hold the number a moment, as a real creation would while it writes its record.
          await tx.execute('SELECT pg_sleep(0.002)');
          return n;
        }),
      ),
    );
    expect(new Set(numbers).size).toBe(50);
    expect([...numbers].sort()).toEqual(Array.from({ length: 50 }, (_, i) => `INV/202611/${String(i + 1).padStart(4, '0')}`));
  });

  it('hands a rolled-back number to the next creator, also when creators fail concurrently', async () => {
    await expect(
      withTenant(t.pools.app, demo, async (tx) => {
        expect(await allocateNumber(tx, demo, { key: 'rollback-test', format: monthly, date: '2026-11-21' })).toBe('INV/202611/0001');
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await withTenant(t.pools.app, demo, (tx) => allocateNumber(tx, demo, { key: 'rollback-test', format: monthly, date: '2026-11-21' }))).toBe(
      'INV/202611/0001',
    );

    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        withTenant(wide, demo, async (tx) => {
          const n = await allocateNumber(tx, demo, { key: 'rollback-test', format: monthly, date: '2026-11-21' });
          if (i % 5 === 0) throw new Rollback();
          return n;
        }),
      ),
    );
    const committed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(10);
    expect(committed.sort()).toEqual(Array.from({ length: 40 }, (_, i) => `INV/202611/${String(i + 2).padStart(4, '0')}`));
  });

  it('restarts per period: per year-month, per year, never', async () => {
    const take = (format: NumberFormat, date: string) =>
      withTenant(t.pools.app, demo, (tx) => allocateNumber(tx, demo, { key: `period-${format.reset}`, format, date }));
    expect(await take(monthly, '2026-11-30')).toBe('INV/202611/0001');
    expect(await take(monthly, '2026-12-01')).toBe('INV/202612/0001');
    expect(await take(monthly, '2026-11-02')).toBe('INV/202611/0002');
    const yearly: NumberFormat = { ...monthly, prefix: 'SO-', separator: '-', yearDigits: 2, month: false, reset: 'year' };
    expect(await take(yearly, '2026-01-01')).toBe('SO-26-0001');
    expect(await take(yearly, '2026-12-31')).toBe('SO-26-0002');
    expect(await take(yearly, '2027-01-01')).toBe('SO-27-0001');
    const never: NumberFormat = { ...monthly, prefix: 'CB', separator: '', yearDigits: 0, month: false, counterDigits: 2, reset: 'never' };
    for (let i = 1; i <= 99; i++) await take(never, i % 2 ? '2026-01-01' : '2031-06-30');
    // A counter that outgrows its width is written in full.
    expect(await take(never, '2026-01-01')).toBe('CB100');
  });

  it('previews without consuming', async () => {
    const format = { ...monthly, prefix: 'PV/' };
    await withTenant(t.pools.app, demo, async (tx) => {
      expect(await peekNumber(tx, { key: 'preview-test', format, date: '2026-11-21' })).toBe('PV/202611/0001');
      expect(await peekNumber(tx, { key: 'preview-test', format, date: '2026-11-21' })).toBe('PV/202611/0001');
      expect(await allocateNumber(tx, demo, { key: 'preview-test', format, date: '2026-11-21' })).toBe('PV/202611/0001');
      expect(await peekNumber(tx, { key: 'preview-test', format, date: '2026-11-21' })).toBe('PV/202611/0002');
    });
  });

  it('keeps counters per tenant: a second tenant starts at 1 and sees none of the first', async () => {
    const acme = await t.seedTenant('acme');
    expect(await withTenant(t.pools.app, acme, (tx) => allocateNumber(tx, acme, { key: 'conc-test', format: monthly, date: '2026-11-21' }))).toBe(
      'INV/202611/0001',
    );
    const seen = await withTenant(t.pools.app, acme, (tx) =>
      tx.execute<{ n: number }>(`SELECT count(*)::int AS n FROM number_sequences WHERE sequence_key LIKE '%-test'`),
    );
    expect(seen.rows[0].n).toBe(1);
    // Row-level security refuses a row written for another tenant.
    // (The counter is a prepared statement run on the connection itself, so the database's error is not wrapped.)
    await expect(withTenant(t.pools.app, acme, (tx) => allocateNumber(tx, demo, { key: 'x', format: monthly, date: '2026-11-21' }))).rejects.toThrow(
      /row-level security/,
    );
  });
});
