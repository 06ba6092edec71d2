CREATE TABLE "ai_model_prices" (
	"tenant_id" uuid NOT NULL,
	"model" text NOT NULL,
	"input_per_million" numeric(20, 4) DEFAULT '0' NOT NULL,
	"output_per_million" numeric(20, 4) DEFAULT '0' NOT NULL,
	"per_image" numeric(20, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "ai_model_prices_tenant_id_model_pk" PRIMARY KEY("tenant_id","model")
);
--> statement-breakpoint
ALTER TABLE "ai_model_prices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ai_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'local' NOT NULL,
	"base_url" text DEFAULT '' NOT NULL,
	"api_key_sealed" text,
	"chat_model" text DEFAULT '' NOT NULL,
	"embedding_model" text DEFAULT '' NOT NULL,
	"structured_model" text DEFAULT '' NOT NULL,
	"image_model" text DEFAULT '' NOT NULL,
	"timeout_seconds" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "ai_model_prices_tenant_isolation" ON "ai_model_prices" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "ai_settings_tenant_isolation" ON "ai_settings" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);