CREATE TABLE "analysis_conversations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"dataset_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_conversations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "analysis_conversations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "analysis_datasets" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"columns" jsonb NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"import_id" uuid,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_datasets_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "analysis_datasets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "analysis_questions" (
	"tenant_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"turn" integer NOT NULL,
	"question" text NOT NULL,
	"language" text NOT NULL,
	"plan" jsonb NOT NULL,
	"engine" text NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_questions_tenant_id_conversation_id_turn_pk" PRIMARY KEY("tenant_id","conversation_id","turn")
);
--> statement-breakpoint
ALTER TABLE "analysis_questions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "analysis_rows" (
	"tenant_id" uuid NOT NULL,
	"dataset_id" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"num_1" numeric,
	"num_2" numeric,
	"num_3" numeric,
	"num_4" numeric,
	"num_5" numeric,
	"num_6" numeric,
	"num_7" numeric,
	"num_8" numeric,
	"num_9" numeric,
	"num_10" numeric,
	"num_11" numeric,
	"num_12" numeric,
	"num_13" numeric,
	"num_14" numeric,
	"num_15" numeric,
	"num_16" numeric,
	"num_17" numeric,
	"num_18" numeric,
	"num_19" numeric,
	"num_20" numeric,
	"num_21" numeric,
	"num_22" numeric,
	"num_23" numeric,
	"num_24" numeric,
	"text_1" text,
	"text_2" text,
	"text_3" text,
	"text_4" text,
	"text_5" text,
	"text_6" text,
	"text_7" text,
	"text_8" text,
	"text_9" text,
	"text_10" text,
	"text_11" text,
	"text_12" text,
	"text_13" text,
	"text_14" text,
	"text_15" text,
	"text_16" text,
	"text_17" text,
	"text_18" text,
	"text_19" text,
	"text_20" text,
	"text_21" text,
	"text_22" text,
	"text_23" text,
	"text_24" text,
	"date_1" date,
	"date_2" date,
	"date_3" date,
	"date_4" date,
	"date_5" date,
	"date_6" date,
	"date_7" date,
	"date_8" date,
	CONSTRAINT "analysis_rows_tenant_id_dataset_id_row_no_pk" PRIMARY KEY("tenant_id","dataset_id","row_no")
);
--> statement-breakpoint
ALTER TABLE "analysis_rows" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "analysis_conversations_user_idx" ON "analysis_conversations" USING btree ("tenant_id","user_id","updated_at");--> statement-breakpoint
CREATE INDEX "analysis_datasets_import_idx" ON "analysis_datasets" USING btree ("tenant_id","import_id");--> statement-breakpoint
CREATE POLICY "analysis_conversations_tenant_isolation" ON "analysis_conversations" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "analysis_datasets_tenant_isolation" ON "analysis_datasets" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "analysis_questions_tenant_isolation" ON "analysis_questions" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "analysis_rows_tenant_isolation" ON "analysis_rows" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);