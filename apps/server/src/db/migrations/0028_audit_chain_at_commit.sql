-- The chain is made when the writing transaction commits (0019 and 0026 made it at the INSERT, which locked the
-- tenant's head from the first audited write to COMMIT: a long import held up every audited write of its tenant, and a
-- transaction that audited early and locked other rows afterwards could deadlock with one that did the reverse). Until
-- then a row's seq and hashes are null; only its own transaction sees it.
ALTER TABLE "audit_log" ALTER COLUMN "seq" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "hash" DROP NOT NULL;--> statement-breakpoint
DROP TRIGGER audit_log_chain ON audit_log;--> statement-breakpoint
DROP FUNCTION audit_log_chain();--> statement-breakpoint
-- An INSERT cannot choose its place in the chain.
CREATE FUNCTION audit_log_unchained() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  NEW.seq := NULL;
  NEW.prev_hash := NULL;
  NEW.hash := NULL;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_unchained BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_unchained();--> statement-breakpoint
-- At COMMIT, for each row the transaction inserted, in insert order: one UPDATE of the tenant's head locks it (a
-- second committing writer of the tenant waits for this COMMIT), moves it and gives the row's seq, link and hash.
-- The lock is taken after every other lock of the transaction, so it never waits on anything but this commit.
CREATE FUNCTION audit_log_chain_at_commit() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  next_seq bigint;
  link text;
  own text;
BEGIN
  UPDATE audit_chain_heads h SET seq = h.seq + 1, prev_hash = h.hash, hash = audit_chain_hash(NEW, h.seq + 1, h.hash)
   WHERE h.tenant_id = NEW.tenant_id RETURNING h.seq, h.prev_hash, h.hash INTO next_seq, link, own;
  IF NOT FOUND THEN
    INSERT INTO audit_chain_heads (tenant_id, seq, hash) VALUES (NEW.tenant_id, 0, NULL) ON CONFLICT (tenant_id) DO NOTHING;
    UPDATE audit_chain_heads h SET seq = h.seq + 1, prev_hash = h.hash, hash = audit_chain_hash(NEW, h.seq + 1, h.hash)
     WHERE h.tenant_id = NEW.tenant_id RETURNING h.seq, h.prev_hash, h.hash INTO next_seq, link, own;
  END IF;
  UPDATE audit_log SET seq = next_seq, prev_hash = link, hash = own WHERE tenant_id = NEW.tenant_id AND id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER audit_log_chain AFTER INSERT ON audit_log DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION audit_log_chain_at_commit();--> statement-breakpoint
-- The app role may update the chain's three columns (secure-schema.ts) only through the trigger above: a direct
-- UPDATE by a role without the table-wide UPDATE right (the owner has it) is refused.
CREATE FUNCTION audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  IF pg_trigger_depth() < 2 AND NOT has_table_privilege(TG_RELID, 'UPDATE') THEN
    RAISE EXCEPTION 'audit rows are append-only' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
