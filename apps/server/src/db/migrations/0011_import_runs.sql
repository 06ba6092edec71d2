CREATE TABLE "import_runs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"created_by" uuid NOT NULL,
	"principal" jsonb NOT NULL,
	"status" text NOT NULL,
	"file" "bytea",
	"file_bytes" integer NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"report" jsonb,
	"error_code" text,
	"error_args" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_runs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "import_runs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "import_runs_created_by_idx" ON "import_runs" USING btree ("tenant_id","created_by","created_at");--> statement-breakpoint
CREATE POLICY "import_runs_tenant_isolation" ON "import_runs" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);