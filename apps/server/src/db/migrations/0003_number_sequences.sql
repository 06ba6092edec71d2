CREATE TABLE "number_sequences" (
	"tenant_id" uuid NOT NULL,
	"sequence_key" text NOT NULL,
	"period" text NOT NULL,
	"last_value" bigint NOT NULL,
	CONSTRAINT "number_sequences_tenant_id_sequence_key_period_pk" PRIMARY KEY("tenant_id","sequence_key","period")
);
--> statement-breakpoint
ALTER TABLE "number_sequences" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "number_sequences_tenant_isolation" ON "number_sequences" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);