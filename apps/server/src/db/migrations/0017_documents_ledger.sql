CREATE TABLE "document_history" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"approval_level" integer,
	"comment" text,
	CONSTRAINT "document_history_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "document_history" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "document_lines" (
	"tenant_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"coa_id" uuid,
	"ou_id" uuid,
	"segment_id" uuid,
	"partner_id" uuid,
	"product_id" uuid,
	"quantity" numeric(20, 4),
	"unit_price" numeric(20, 4),
	"discount_percent" numeric(9, 4),
	"discount_amount" numeric(20, 4),
	"tax_code" text,
	"debit" numeric(20, 4) DEFAULT '0' NOT NULL,
	"credit" numeric(20, 4) DEFAULT '0' NOT NULL,
	"book_debit" numeric(20, 4) DEFAULT '0' NOT NULL,
	"book_credit" numeric(20, 4) DEFAULT '0' NOT NULL,
	"memo" text,
	CONSTRAINT "document_lines_tenant_id_document_id_line_no_pk" PRIMARY KEY("tenant_id","document_id","line_no")
);
--> statement-breakpoint
ALTER TABLE "document_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "documents" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"type" text NOT NULL,
	"number" text NOT NULL,
	"document_date" date NOT NULL,
	"due_date" date,
	"reference" text,
	"external_number" text,
	"external_date" date,
	"remarks" text,
	"currency_id" uuid NOT NULL,
	"rate" numeric(24, 10) NOT NULL,
	"ou_id" uuid,
	"partner_id" uuid,
	"cash_bank_id" uuid,
	"status" text DEFAULT 'D' NOT NULL,
	"sub_status" text,
	"approval_flow_id" uuid,
	"approval_level" integer,
	"tax_amount" numeric(20, 4) DEFAULT '0' NOT NULL,
	"total_amount" numeric(20, 4) DEFAULT '0' NOT NULL,
	"total_book_amount" numeric(20, 4) DEFAULT '0' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"released_by" uuid,
	CONSTRAINT "documents_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "documents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"tenant_id" uuid NOT NULL,
	"id" bigserial NOT NULL,
	"posting_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"document_number" text NOT NULL,
	"entry_date" date NOT NULL,
	"period" integer NOT NULL,
	"coa_id" uuid NOT NULL,
	"ou_id" uuid,
	"segment_id" uuid,
	"partner_id" uuid,
	"cash_bank_id" uuid,
	"currency_id" uuid NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"book_amount" numeric(20, 4) NOT NULL,
	"memo" text,
	"reversal" boolean DEFAULT false NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ledger_periods" (
	"tenant_id" uuid NOT NULL,
	"period" integer NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"note" text,
	CONSTRAINT "ledger_periods_tenant_id_period_pk" PRIMARY KEY("tenant_id","period")
);
--> statement-breakpoint
ALTER TABLE "ledger_periods" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "period_balances" (
	"tenant_id" uuid NOT NULL,
	"period" integer NOT NULL,
	"coa_id" uuid NOT NULL,
	"ou_key" uuid NOT NULL,
	"debit" numeric(20, 4) DEFAULT '0' NOT NULL,
	"credit" numeric(20, 4) DEFAULT '0' NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "period_balances_tenant_id_period_coa_id_ou_key_pk" PRIMARY KEY("tenant_id","period","coa_id","ou_key")
);
--> statement-breakpoint
ALTER TABLE "period_balances" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "document_history_document_idx" ON "document_history" USING btree ("tenant_id","document_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_type_number_key" ON "documents" USING btree ("tenant_id","type","number");--> statement-breakpoint
CREATE INDEX "documents_type_date_idx" ON "documents" USING btree ("tenant_id","type","document_date");--> statement-breakpoint
CREATE INDEX "documents_status_idx" ON "documents" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "ledger_entries_coa_date_idx" ON "ledger_entries" USING btree ("tenant_id","coa_id","entry_date");--> statement-breakpoint
CREATE INDEX "ledger_entries_period_idx" ON "ledger_entries" USING btree ("tenant_id","period");--> statement-breakpoint
CREATE INDEX "ledger_entries_document_idx" ON "ledger_entries" USING btree ("tenant_id","document_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_posting_idx" ON "ledger_entries" USING btree ("tenant_id","posting_id");--> statement-breakpoint
CREATE POLICY "document_history_tenant_isolation" ON "document_history" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "document_lines_tenant_isolation" ON "document_lines" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "documents_tenant_isolation" ON "documents" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "ledger_entries_tenant_isolation" ON "ledger_entries" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "ledger_periods_tenant_isolation" ON "ledger_periods" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "period_balances_tenant_isolation" ON "period_balances" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint-- The ledger is append-only: posted lines are never changed or removed; a void writes a reversal.
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only (% refused)', TG_OP USING ERRCODE = 'P0001';
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_change BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();--> statement-breakpoint
-- Every posting balances in the book currency: checked at commit, so a posting may be written in several statements.
CREATE FUNCTION ledger_posting_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE difference numeric;
BEGIN
  SELECT sum(book_amount) INTO difference FROM ledger_entries WHERE tenant_id = NEW.tenant_id AND posting_id = NEW.posting_id;
  IF difference <> 0 THEN
    RAISE EXCEPTION 'ledger posting % is unbalanced by %', NEW.posting_id, difference USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_posting_balanced();--> statement-breakpoint
-- Period balances follow the ledger in the posting's transaction (one upsert per statement, not per line).
CREATE FUNCTION ledger_entries_roll_up() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO period_balances (tenant_id, period, coa_id, ou_key, debit, credit, lines)
  SELECT tenant_id, period, coa_id, coalesce(ou_id, '00000000-0000-0000-0000-000000000000'::uuid),
         sum(greatest(book_amount, 0)), sum(greatest(-book_amount, 0)), count(*)
  FROM new_entries GROUP BY 1, 2, 3, 4
  ON CONFLICT (tenant_id, period, coa_id, ou_key) DO UPDATE
    SET debit = period_balances.debit + excluded.debit,
        credit = period_balances.credit + excluded.credit,
        lines = period_balances.lines + excluded.lines;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_period_balances AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_roll_up();
