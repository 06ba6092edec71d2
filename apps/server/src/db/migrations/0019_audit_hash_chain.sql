CREATE TABLE "audit_chain_heads" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text
);
--> statement-breakpoint
ALTER TABLE "audit_chain_heads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
-- seq and hash become NOT NULL once the rows already written are chained (below).
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_seq_key" ON "audit_log" USING btree ("tenant_id","seq");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("tenant_id","at","seq");--> statement-breakpoint
CREATE POLICY "audit_chain_heads_tenant_isolation" ON "audit_chain_heads" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- The tamper-evident audit chain (issue 11). A row's hash is sha256 over a canonical text of the row (its tenant,
-- seq, id, time in UTC to the microsecond, actor, module, action, record, before, after and the previous row's
-- hash). jsonb's text form is canonical (keys sorted, one spacing), so the text is the same on every server and in
-- every session time zone. sha256() is built into PostgreSQL (11+): no extension needed.
CREATE FUNCTION audit_row_hash(r audit_log) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE SET search_path = public, pg_temp AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    r.tenant_id, r.seq, r.id, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), r.user_id, r.session_id,
    r.module, r.action, r.entity, r.entity_id, r.before, r.after, r.prev_hash
  )::text, 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- Every INSERT, by the app or by raw SQL, takes the tenant's chain head FOR UPDATE (a second writer of the tenant
-- waits for the first to commit or roll back), so no two rows ever chain to the same parent and seq has no gaps.
CREATE FUNCTION audit_log_chain() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  head audit_chain_heads%ROWTYPE;
BEGIN
  SELECT * INTO head FROM audit_chain_heads WHERE tenant_id = NEW.tenant_id FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO audit_chain_heads (tenant_id, seq, hash) VALUES (NEW.tenant_id, 0, NULL) ON CONFLICT (tenant_id) DO NOTHING;
    SELECT * INTO head FROM audit_chain_heads WHERE tenant_id = NEW.tenant_id FOR UPDATE;
  END IF;
  NEW.seq := head.seq + 1;
  NEW.prev_hash := head.hash;
  NEW.hash := audit_row_hash(NEW);
  UPDATE audit_chain_heads SET seq = NEW.seq, hash = NEW.hash WHERE tenant_id = NEW.tenant_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Rows written before the chain are chained in the order they were written (time, then their time-ordered id).
-- Row-level security is lifted for the owner while it backfills (secureSchema forces it again at every start).
ALTER TABLE "audit_log" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "audit_chain_heads" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DO $$
DECLARE
  r record;
  tenant uuid;
  n bigint;
  previous text;
BEGIN
  FOR r IN SELECT tenant_id, id FROM audit_log ORDER BY tenant_id, at, id LOOP
    IF tenant IS DISTINCT FROM r.tenant_id THEN
      IF tenant IS NOT NULL THEN INSERT INTO audit_chain_heads VALUES (tenant, n, previous); END IF;
      tenant := r.tenant_id; n := 0; previous := NULL;
    END IF;
    n := n + 1;
    UPDATE audit_log SET seq = n, prev_hash = previous WHERE tenant_id = r.tenant_id AND id = r.id;
    UPDATE audit_log a SET hash = audit_row_hash(a) WHERE a.tenant_id = r.tenant_id AND a.id = r.id RETURNING a.hash INTO previous;
  END LOOP;
  IF tenant IS NOT NULL THEN INSERT INTO audit_chain_heads VALUES (tenant, n, previous); END IF;
END
$$;--> statement-breakpoint
ALTER TABLE "audit_log" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "audit_chain_heads" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "hash" SET NOT NULL;--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
