CREATE TABLE "analysis_api_keys" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"dataset_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"principal" jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "analysis_api_keys_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "analysis_api_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "analysis_api_posts" (
	"tenant_id" uuid NOT NULL,
	"dataset_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"body_hash" text NOT NULL,
	"import_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_api_posts_tenant_id_dataset_id_idempotency_key_pk" PRIMARY KEY("tenant_id","dataset_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "analysis_api_posts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "analysis_google_accounts" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"client_email" text NOT NULL,
	"key_sealed" text NOT NULL,
	"updated_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analysis_google_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "analysis_sheet_sources" (
	"tenant_id" uuid NOT NULL,
	"dataset_id" uuid NOT NULL,
	"spreadsheet_id" text NOT NULL,
	"sheet_title" text NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "analysis_sheet_sources_tenant_id_dataset_id_pk" PRIMARY KEY("tenant_id","dataset_id")
);
--> statement-breakpoint
ALTER TABLE "analysis_sheet_sources" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "analysis_api_keys_dataset_idx" ON "analysis_api_keys" USING btree ("tenant_id","dataset_id");--> statement-breakpoint
CREATE POLICY "analysis_api_keys_tenant_isolation" ON "analysis_api_keys" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "analysis_api_posts_tenant_isolation" ON "analysis_api_posts" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "analysis_google_accounts_tenant_isolation" ON "analysis_google_accounts" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "analysis_sheet_sources_tenant_isolation" ON "analysis_sheet_sources" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);