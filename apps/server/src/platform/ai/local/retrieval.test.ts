import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cloneTemplate } from '../../../../test/test-database.ts';
import { buildRetrievalQuery, RETRIEVAL_COLUMN_SQL, type RetrievedRow } from './retrieval.ts';

/** The retrieval query on a table of its own made by the documented recipe, in the real PostgreSQL of the tests. */
describe('retrieval query (indonesian + english full text, pg_trgm)', () => {
  let database: Awaited<ReturnType<typeof cloneTemplate>>;
  let client: pg.Client;
  let db: NodePgDatabase;
  const source = { table: 'retrieval_items', idColumn: 'id', textColumn: 'body', searchColumn: 'search' };
  const ask = async (question: string, options?: Parameters<typeof buildRetrievalQuery>[2], where?: ReturnType<typeof sql>) =>
    (await db.execute<Record<string, unknown>>(buildRetrievalQuery({ ...source, where }, question, options))).rows.map((r) => ({
      ...r,
      score: Number(r.score),
    })) as unknown as RetrievedRow[];

  beforeAll(async () => {
    database = await cloneTemplate(inject('pgServerUrl'), 'retrieval');
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    db = drizzle({ client });
    await client.query('CREATE TABLE retrieval_items (id text PRIMARY KEY, shelf int NOT NULL, body text NOT NULL)');
    for (const statement of RETRIEVAL_COLUMN_SQL('retrieval_items', 'body')) await client.query(statement);
    const items: [string, number, string][] = [
      ['kopi', 1, 'Kopi Susu Gula Aren, harga Rp 25.000 per gelas'],
      ['teh', 1, 'Teh Tarik dingin, harga Rp 18.000'],
      ['jam', 1, 'Jam buka toko: Senin sampai Sabtu pukul 08.00 sampai 21.00'],
      ['pengiriman', 1, 'Pengiriman ke seluruh Indonesia dengan JNE dan SiCepat, ongkos kirim dihitung saat checkout'],
      ['returns', 1, 'Returns are accepted within 7 days when the item arrives damaged'],
      ['kopi-rak2', 2, 'Kopi Hitam Tubruk, harga Rp 15.000'],
    ];
    for (const [id, shelf, body] of items) await client.query('INSERT INTO retrieval_items (id, shelf, body) VALUES ($1, $2, $3)', [id, shelf, body]);
  });
  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  it('finds an item by any of the question words, stemmed in Indonesian, best first', async () => {
    const rows = await ask('berapa harga kopi susu kak?');
    expect(rows[0]).toMatchObject({ id: 'kopi', text: expect.stringContaining('Kopi Susu') });
    expect(rows[0].score).toBeGreaterThan(rows[1]?.score ?? 0);
    const shipping = await ask('biaya pengirimannya berapa');
    expect(shipping[0].id).toBe('pengiriman'); // "pengirimannya" stems to the same lexeme as "Pengiriman"
  });

  it('finds English text with the english configuration', async () => {
    const rows = await ask('can I return a damaged item?');
    expect(rows[0].id).toBe('returns');
  });

  it('finds a misspelt word by trigram similarity', async () => {
    const rows = await ask('teh tarrik');
    expect(rows[0].id).toBe('teh');
    expect(Number(rows[0].similarity)).toBeGreaterThan(0.3);
  });

  it('keeps to the caller filter, the limit and the minimum score, and finds nothing for unrelated text', async () => {
    const shelf2 = await ask('harga kopi', { limit: 5 }, sql`r.shelf = ${2}`);
    expect(shelf2.map((r) => r.id)).toEqual(['kopi-rak2']);
    expect(await ask('harga', { limit: 2 })).toHaveLength(2);
    const all = await ask('harga kopi susu');
    expect(all.length).toBeGreaterThan(1);
    const strict = await ask('harga kopi susu', { minScore: all[0].score });
    expect(strict.map((r) => r.id)).toEqual([all[0].id]);
    expect(await ask('presiden pertama republik')).toEqual([]);
    expect(await ask('')).toEqual([]);
  });

  it('uses the GIN indexes of the recipe', async () => {
    await client.query('SET enable_seqscan = off');
    const query = buildRetrievalQuery(source, 'kopi susu');
    const { sql: text, params } = new PgDialect().sqlToQuery(query);
    const plan = (await client.query(`EXPLAIN ${text}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n');
    await client.query('RESET enable_seqscan');
    expect(plan).toMatch(/retrieval_items_search|retrieval_items_text_trgm/);
  });
});
