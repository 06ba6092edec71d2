CREATE TABLE "analysis_saved_graphs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"dataset_id" uuid NOT NULL,
	"name" text NOT NULL,
	"plan" jsonb NOT NULL,
	"language" text NOT NULL,
	"position" integer NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_saved_graphs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "analysis_saved_graphs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "analysis_saved_graphs_position_idx" ON "analysis_saved_graphs" USING btree ("tenant_id","position");--> statement-breakpoint
CREATE POLICY "analysis_saved_graphs_tenant_isolation" ON "analysis_saved_graphs" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);