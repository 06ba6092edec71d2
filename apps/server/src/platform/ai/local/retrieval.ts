import { sql, type SQL } from 'drizzle-orm';

/**
 * Retrieval of a caller's texts in PostgreSQL (no table of its own): full-text rank in Indonesian and English beside
 * trigram similarity, so that a question finds a fact by its words ("harga kopi susu" → "Kopi Susu") and despite
 * typos ("kopi sus"). The caller's table needs, for its text column:
 *
 *   search tsvector GENERATED ALWAYS AS (
 *     to_tsvector('indonesian'::regconfig, coalesce(<text>, '')) || to_tsvector('english'::regconfig, coalesce(<text>, ''))
 *   ) STORED
 *   CREATE INDEX <table>_search ON <table> USING gin (search);
 *   CREATE INDEX <table>_text_trgm ON <table> USING gin (<text> gin_trgm_ops);   -- pg_trgm, installed by migrate.ts
 *
 * In a Drizzle schema: `search: tsvector('search').generatedAlwaysAs(retrievalSearchExpression(sql`text`))`, and the
 * indexes `index().using('gin', t.search)` and `index().using('gin', sql`${t.text} gin_trgm_ops`)`.
 */
export interface RetrievalSource {
  /** Table name, optionally schema-qualified ('public.items'). */
  table: string;
  idColumn: string;
  textColumn: string;
  /** The generated tsvector column above. */
  searchColumn: string;
  /** Narrows the rows (for example to one dataset); refer to columns unqualified or as `r.<column>`. */
  where?: SQL;
}

export interface RetrievalOptions {
  limit?: number;
  /** Rows scoring below this are left out (score 0..1). */
  minScore?: number;
}

/** One row of the query: `score` = 0.6 × full-text rank (normalised to 0..1) + 0.4 × best trigram similarity. */
export interface RetrievedRow {
  id: string;
  text: string;
  score: number;
  text_rank: number;
  similarity: number;
}

export function retrievalSearchExpression(text: SQL): SQL {
  return sql`to_tsvector('indonesian'::regconfig, coalesce(${text}, '')) || to_tsvector('english'::regconfig, coalesce(${text}, ''))`;
}

/** The recipe above as SQL text, for a migration that adds retrieval to a table. */
export function RETRIEVAL_COLUMN_SQL(table: string, textColumn: string): string[] {
  const t = `"${table}"`;
  const c = `"${textColumn}"`;
  return [
    `ALTER TABLE ${t} ADD COLUMN "search" tsvector GENERATED ALWAYS AS (to_tsvector('indonesian'::regconfig, coalesce(${c}, '')) || to_tsvector('english'::regconfig, coalesce(${c}, ''))) STORED`,
    `CREATE INDEX "${table}_search" ON ${t} USING gin ("search")`,
    `CREATE INDEX "${table}_text_trgm" ON ${t} USING gin (${c} gin_trgm_ops)`,
  ];
}

const identifier = (name: string) => sql.join(name.split('.').map((part) => sql.identifier(part)), sql`.`);

/**
 * The ranked top-k query (its conditions are the ones the two GIN indexes serve). Any of the question's words may match (the AND of websearch_to_tsquery turned into OR, so
 * "berapa harga kopi susu kak" finds "Kopi Susu"; quoted phrases stay phrases), and trigram similarity in both
 * directions of word_similarity finds misspelt words. Runs under the caller's transaction, so RLS applies.
 */
export function buildRetrievalQuery(source: RetrievalSource, question: string, options: RetrievalOptions = {}): SQL {
  const limit = options.limit ?? 5;
  const minScore = options.minScore ?? 0;
  const anyWord = (config: string) =>
    sql`to_tsquery(${config}::regconfig, replace(websearch_to_tsquery(${config}::regconfig, ${question})::text, ' & ', ' | '))`;
  const id = sql.identifier(source.idColumn);
  const text = sql.identifier(source.textColumn);
  const search = sql.identifier(source.searchColumn);
  return sql`
    WITH q AS (SELECT ${anyWord('indonesian')} || ${anyWord('english')} AS tsq, ${question}::text AS raw)
    SELECT id, text, score, text_rank, similarity FROM (
      SELECT r.${id}::text AS id, r.${text} AS text,
        ts_rank(r.${search}, q.tsq, 32) AS text_rank,
        greatest(similarity(r.${text}, q.raw), word_similarity(q.raw, r.${text}), word_similarity(r.${text}, q.raw)) AS similarity
      FROM ${identifier(source.table)} r, q
      WHERE (r.${search} @@ q.tsq OR r.${text} % q.raw OR q.raw <% r.${text})
        ${source.where ? sql`AND (${source.where})` : sql``}
    ) ranked
    CROSS JOIN LATERAL (SELECT 0.6 * ranked.text_rank + 0.4 * ranked.similarity AS score) s
    WHERE score >= ${minScore}
    ORDER BY score DESC, id
    LIMIT ${limit}`;
}
