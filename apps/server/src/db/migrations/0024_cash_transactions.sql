CREATE TABLE "cash_transactions" (
	"tenant_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"payment_method" text NOT NULL,
	"payment_reference" text,
	CONSTRAINT "cash_transactions_tenant_id_document_id_pk" PRIMARY KEY("tenant_id","document_id")
);
--> statement-breakpoint
ALTER TABLE "cash_transactions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "cash_transactions_tenant_isolation" ON "cash_transactions" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);