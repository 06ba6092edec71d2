CREATE TABLE "ledger_account_totals" (
	"tenant_id" uuid NOT NULL,
	"coa_id" uuid NOT NULL,
	"ou_key" uuid NOT NULL,
	"balance" numeric(20, 4) DEFAULT '0' NOT NULL,
	"first_year" integer NOT NULL,
	"last_year" integer NOT NULL,
	CONSTRAINT "ledger_account_totals_tenant_id_coa_id_ou_key_pk" PRIMARY KEY("tenant_id","coa_id","ou_key")
);
--> statement-breakpoint
ALTER TABLE "ledger_account_totals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ledger_year_balances" (
	"tenant_id" uuid NOT NULL,
	"coa_id" uuid NOT NULL,
	"ou_key" uuid NOT NULL,
	"year" integer NOT NULL,
	"balance" numeric(20, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "ledger_year_balances_tenant_id_coa_id_ou_key_year_pk" PRIMARY KEY("tenant_id","coa_id","ou_key","year")
);
--> statement-breakpoint
ALTER TABLE "ledger_year_balances" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "ledger_account_totals_last_year_idx" ON "ledger_account_totals" USING btree ("tenant_id","last_year");--> statement-breakpoint
CREATE INDEX "ledger_year_balances_year_idx" ON "ledger_year_balances" USING btree ("tenant_id","year");--> statement-breakpoint
CREATE POLICY "ledger_account_totals_tenant_isolation" ON "ledger_account_totals" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "ledger_year_balances_tenant_isolation" ON "ledger_year_balances" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- Year balances follow the ledger in the posting's transaction. Per account and OU (in a fixed order, so two postings
-- lock them alike) the totals row is locked, the span of year rows extended to the posted year when it lies outside
-- it, and the amount added to the posted year and every later one: a back-dated posting touches a few year rows.
CREATE FUNCTION ledger_entries_year_roll_up() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  g record;
  total record;
BEGIN
  FOR g IN
    SELECT tenant_id, coa_id, coalesce(ou_id, '00000000-0000-0000-0000-000000000000'::uuid) AS ou_key, period / 100 AS year,
           sum(book_amount) AS amount
    FROM new_entries GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  LOOP
    INSERT INTO ledger_account_totals (tenant_id, coa_id, ou_key, balance, first_year, last_year)
    VALUES (g.tenant_id, g.coa_id, g.ou_key, 0, g.year, g.year) ON CONFLICT DO NOTHING;
    SELECT balance, first_year, last_year INTO total FROM ledger_account_totals
     WHERE tenant_id = g.tenant_id AND coa_id = g.coa_id AND ou_key = g.ou_key FOR UPDATE;
    INSERT INTO ledger_year_balances (tenant_id, coa_id, ou_key, year, balance)
    SELECT g.tenant_id, g.coa_id, g.ou_key, y, CASE WHEN y < total.first_year THEN 0 ELSE total.balance END
      FROM generate_series(least(g.year, total.first_year), greatest(g.year, total.last_year)) AS y
    ON CONFLICT DO NOTHING;
    UPDATE ledger_year_balances SET balance = balance + g.amount
     WHERE tenant_id = g.tenant_id AND coa_id = g.coa_id AND ou_key = g.ou_key AND year >= g.year;
    UPDATE ledger_account_totals
       SET balance = balance + g.amount, first_year = least(first_year, g.year), last_year = greatest(last_year, g.year)
     WHERE tenant_id = g.tenant_id AND coa_id = g.coa_id AND ou_key = g.ou_key;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_year_balances AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_year_roll_up();--> statement-breakpoint
-- Lines posted before this migration (the owner reads past the forced policy for the backfill only).
ALTER TABLE ledger_entries NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO ledger_account_totals (tenant_id, coa_id, ou_key, balance, first_year, last_year)
SELECT tenant_id, coa_id, coalesce(ou_id, '00000000-0000-0000-0000-000000000000'::uuid), sum(book_amount), min(period / 100), max(period / 100)
  FROM ledger_entries GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO ledger_year_balances (tenant_id, coa_id, ou_key, year, balance)
SELECT t.tenant_id, t.coa_id, t.ou_key, y,
       (SELECT coalesce(sum(e.book_amount), 0) FROM ledger_entries e
         WHERE e.tenant_id = t.tenant_id AND e.coa_id = t.coa_id
           AND coalesce(e.ou_id, '00000000-0000-0000-0000-000000000000'::uuid) = t.ou_key AND e.period / 100 <= y)
  FROM ledger_account_totals t, generate_series(t.first_year, t.last_year) AS y;--> statement-breakpoint
ALTER TABLE ledger_entries FORCE ROW LEVEL SECURITY;
