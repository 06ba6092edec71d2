import { sql } from 'drizzle-orm';
import type { AuditChainVerification } from '@nusa/contracts';
import type { Tx } from '../db/tenant.ts';
import { chainAllPending } from './chain.ts';

/** Rows read per query while walking the chain: the walk holds one batch in memory, never the whole trail. */
export const VERIFY_BATCH = 1000;

type Link = {
  seq: number;
  at: Date;
  prev_hash: string | null;
  hash: string;
  /** The hash the row's content gives now (audit_row_hash, the function the insert trigger used). */
  expected: string;
};

/**
 * Chains the tenant's rows still waiting for their place, then walks the tenant's chain from seq 1 to the head (rows
 * committed during the walk are left for the next one) and stops at the first broken link: a row whose content no
 * longer gives its hash, that does not point at the row before it, that follows missing rows, or a head that is
 * ahead of the rows.
 */
export async function verifyAuditChain(tx: Tx, batch = VERIFY_BATCH): Promise<AuditChainVerification> {
  await chainAllPending(tx);
  const head = (await tx.execute<{ seq: string; hash: string | null }>(sql`SELECT seq, hash FROM audit_chain_heads`)).rows[0];
  const headSeq = head ? Number(head.seq) : 0;
  let checked = 0;
  let previous: { seq: number; hash: string | null; at?: Date } = { seq: 0, hash: null };
  const broken = (link: { seq: number; at?: Date }, reason: NonNullable<AuditChainVerification['reason']>): AuditChainVerification => ({
    ok: false,
    checked,
    firstBrokenSeq: link.seq,
    ...(link.at ? { firstBrokenAt: link.at.toISOString() } : {}),
    reason,
  });
  for (;;) {
    const rows = (
      await tx.execute<Link>(sql`
        SELECT a.seq::float8 AS seq, a.at, a.prev_hash, a.hash, audit_row_hash(a) AS expected
          FROM audit_log a WHERE a.seq > ${previous.seq} AND a.seq <= ${headSeq} ORDER BY a.seq LIMIT ${batch}`)
    ).rows;
    for (const row of rows) {
      const at = new Date(row.at);
      if (row.seq !== previous.seq + 1) return broken({ seq: row.seq, at }, 'gap');
      if (row.prev_hash !== previous.hash) return broken({ seq: row.seq, at }, 'link');
      if (row.hash !== row.expected) return broken({ seq: row.seq, at }, 'hash');
      checked++;
      previous = { seq: row.seq, hash: row.hash, at };
    }
    if (rows.length < batch) break;
  }
  // The head names the newest row: rows cut off the end of the chain leave it pointing past them.
  if (previous.seq !== headSeq || previous.hash !== (head?.hash ?? null)) return broken({ seq: previous.seq + 1 }, 'missing');
  return { ok: true, checked };
}
