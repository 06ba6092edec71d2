import { sql, type SQL } from 'drizzle-orm';
import { isStopWord, normalise } from './text.ts';

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
  /** How many rows each index may propose before scoring (default 50). */
  candidates?: number;
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

const FUZZY_WORDS = 3;

const identifier = (name: string) =>
  sql.join(
    name.split('.').map((part) => sql.identifier(part)),
    sql`.`,
  );

/**
 * The ranked top-k query. Candidates come from the two GIN indexes, each bounded (`candidates`, default 50): the rows
 * whose search vector matches any of the question's topic words (stop words of text.ts left out; the AND of
 * plainto_tsquery turned into OR, so "berapa harga kopi susu kak" finds "Kopi Susu"), best full-text rank first, and
 * for a question of at most three topic words the rows trigram-similar to them (`%`, for misspelt names), most similar
 * first. Only those are scored with the costlier word similarities, so common words do not score the whole table.
 * Runs under the caller's transaction, so RLS applies.
 */
export function buildRetrievalQuery(source: RetrievalSource, question: string, options: RetrievalOptions = {}): SQL {
  const limit = options.limit ?? 5;
  const minScore = options.minScore ?? 0;
  const candidates = options.candidates ?? 50;
  // The question's topic words: its stop words ("berapa", "kak", "the", "me") would match half of any table.
  const words = normalise(question);
  const topic = words.filter((w) => !isStopWord(w));
  const terms = (topic.length ? topic : words).join(' ');
  const anyWord = (config: string) => sql`to_tsquery(${config}::regconfig, replace(plainto_tsquery(${config}::regconfig, ${terms})::text, ' & ', ' | '))`;
  const tsq = sql`(${anyWord('indonesian')} || ${anyWord('english')})`;
  const raw = sql`${question}::text`;
  const termsText = sql`${terms}::text`;
  // Trigram candidates only for short questions ("kopi sussu"): the whole-text similarity of a long question to a
  // short fact is low anyway, and it is computed over the whole table (about 20 ms per 1,000 rows).
  const fuzzy = (topic.length ? topic : words).length <= FUZZY_WORDS;
  const id = sql.identifier(source.idColumn);
  const text = sql.identifier(source.textColumn);
  const search = sql.identifier(source.searchColumn);
  const table = identifier(source.table);
  const where = source.where ? sql`AND (${source.where})` : sql``;
  return sql`
    WITH candidates AS (
      (SELECT r.${id} AS id FROM ${table} r WHERE r.${search} @@ ${tsq} ${where}
        ORDER BY ts_rank(r.${search}, ${tsq}, 32) DESC LIMIT ${candidates})
      ${
        fuzzy
          ? sql`UNION
      (SELECT r.${id} AS id FROM ${table} r WHERE r.${text} % ${termsText} ${where}
        ORDER BY similarity(r.${text}, ${termsText}) DESC LIMIT ${candidates})`
          : sql``
      }
    ),
    ranked AS (
      SELECT r.${id}::text AS id, r.${text} AS text,
        ts_rank(r.${search}, ${tsq}, 32) AS text_rank,
        greatest(similarity(r.${text}, ${raw}), word_similarity(${raw}, r.${text}), word_similarity(r.${text}, ${raw})) AS similarity
      FROM ${table} r JOIN candidates c ON c.id = r.${id}
    )
    SELECT id, text, 0.6 * text_rank + 0.4 * similarity AS score, text_rank, similarity FROM ranked
    WHERE 0.6 * text_rank + 0.4 * similarity >= ${minScore}
    ORDER BY score DESC, id
    LIMIT ${limit}`;
}
