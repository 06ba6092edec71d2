CREATE TABLE "cash_banks" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"coa_id" uuid NOT NULL,
	"currency_id" uuid NOT NULL,
	"ou_id" uuid,
	"account_number" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_banks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "cash_banks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "coa_accounts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sign" text NOT NULL,
	"type" text NOT NULL,
	"group_id" uuid NOT NULL,
	"main_account_id" uuid,
	"is_detail" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"activity_gl_code" text,
	"activity_gl_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coa_accounts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "coa_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "coa_groups" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"sign" text NOT NULL,
	"purpose" text DEFAULT 'general' NOT NULL,
	"system_predefined" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coa_groups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "coa_groups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "coa_segment_groups" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coa_segment_groups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "coa_segment_groups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "coa_accounts" ADD CONSTRAINT "coa_accounts_tenant_id_group_id_coa_groups_tenant_id_id_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."coa_groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coa_accounts" ADD CONSTRAINT "coa_accounts_tenant_id_main_account_id_coa_accounts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","main_account_id") REFERENCES "public"."coa_accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_banks_code_key" ON "cash_banks" USING btree ("tenant_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "cash_banks_coa_key" ON "cash_banks" USING btree ("tenant_id","coa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coa_accounts_code_key" ON "coa_accounts" USING btree ("tenant_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "coa_accounts_one_detail_per_group" ON "coa_accounts" USING btree ("tenant_id","group_id") WHERE "coa_accounts"."is_detail";--> statement-breakpoint
CREATE UNIQUE INDEX "coa_groups_code_key" ON "coa_groups" USING btree ("tenant_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "coa_segment_groups_code_key" ON "coa_segment_groups" USING btree ("tenant_id",lower("code"));--> statement-breakpoint
CREATE POLICY "cash_banks_tenant_isolation" ON "cash_banks" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "coa_accounts_tenant_isolation" ON "coa_accounts" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "coa_groups_tenant_isolation" ON "coa_groups" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "coa_segment_groups_tenant_isolation" ON "coa_segment_groups" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);