-- The audit chain is made a moment after the writing transaction commits, many rows per run (docs/decisions/009).
-- 0028's deferred trigger chained each row at COMMIT by updating the tenant's head, so every audited COMMIT of a tenant
-- waited for the one before it to flush. Rows are now inserted unchained (audit_log_unchained, 0028, stays) and
-- audit_chain_pending gives them their places in one transaction per batch.
DROP TRIGGER audit_log_chain ON audit_log;--> statement-breakpoint
DROP FUNCTION audit_log_chain_at_commit();--> statement-breakpoint
-- Chains the unchained rows of the transaction's tenant (app.tenant_id), at most p_limit, in (at, id) order: at is
-- the writing transaction's start and ids are uuid v7, so a transaction's rows keep their insert order. The head's
-- lock makes runs of one tenant follow one another (each one's rows see the last one's head). Returns how many rows it
-- chained; fewer than p_limit means none were left when it looked. SECURITY DEFINER: its owner (secure-schema.ts) is
-- the only role besides the schema owner that may set the chain's columns, and only of unchained rows (trigger below).
CREATE FUNCTION audit_chain_pending(p_limit integer) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  tenant uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
  head_seq bigint;
  head_hash text;
  head_link text;
  r audit_log;
  ids uuid[] := '{}';
  seqs bigint[] := '{}';
  links text[] := '{}';
  hashes text[] := '{}';
BEGIN
  IF tenant IS NULL THEN
    RAISE EXCEPTION 'audit_chain_pending: app.tenant_id is not set' USING ERRCODE = '22023';
  END IF;
  SELECT h.seq, h.hash, h.prev_hash INTO head_seq, head_hash, head_link FROM audit_chain_heads h WHERE h.tenant_id = tenant FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO audit_chain_heads (tenant_id, seq, hash) VALUES (tenant, 0, NULL) ON CONFLICT (tenant_id) DO NOTHING;
    SELECT h.seq, h.hash, h.prev_hash INTO head_seq, head_hash, head_link FROM audit_chain_heads h WHERE h.tenant_id = tenant FOR UPDATE;
  END IF;
  FOR r IN SELECT * FROM audit_log a WHERE a.tenant_id = tenant AND a.seq IS NULL ORDER BY a.at, a.id LIMIT p_limit LOOP
    head_seq := head_seq + 1;
    head_link := head_hash;
    head_hash := audit_chain_hash(r, head_seq, head_link);
    ids := array_append(ids, r.id);
    seqs := array_append(seqs, head_seq);
    links := array_append(links, head_link);
    hashes := array_append(hashes, head_hash);
  END LOOP;
  IF cardinality(ids) = 0 THEN
    RETURN 0;
  END IF;
  UPDATE audit_log a SET seq = c.seq, prev_hash = c.link, hash = c.hash
    FROM unnest(ids, seqs, links, hashes) AS c(id, seq, link, hash)
   WHERE a.tenant_id = tenant AND a.id = c.id;
  UPDATE audit_chain_heads h SET seq = head_seq, hash = head_hash, prev_hash = head_link WHERE h.tenant_id = tenant;
  RETURN cardinality(ids);
END
$$;--> statement-breakpoint
-- The tenants with rows waiting to be chained (the sweep's list: rows of a writer that crashed between COMMIT and
-- chaining, of another instance, of raw SQL). Reads across tenants, so SECURITY DEFINER; it tells tenant ids only.
CREATE FUNCTION audit_chain_unchained_tenants() RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT DISTINCT a.tenant_id FROM audit_log a WHERE a.seq IS NULL
$$;--> statement-breakpoint
-- A chained row never changes but by the schema owner (table-wide UPDATE right; the verify tests tamper that way). The
-- app role has no UPDATE right at all; audit_chain_pending's owner may update only the chain's columns
-- (secure-schema.ts), and this refuses it any row that already has its place.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  IF OLD.seq IS NOT NULL AND NOT has_table_privilege(TG_RELID, 'UPDATE') THEN
    RAISE EXCEPTION 'audit rows are append-only' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END
$$;
