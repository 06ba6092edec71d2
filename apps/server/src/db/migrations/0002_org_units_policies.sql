CREATE TABLE "org_unit_logos" (
	"tenant_id" uuid NOT NULL,
	"ou_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_unit_logos_tenant_id_ou_id_pk" PRIMARY KEY("tenant_id","ou_id")
);
--> statement-breakpoint
ALTER TABLE "org_unit_logos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "org_units" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type_code" text NOT NULL,
	"parent_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"address" text,
	"tax_name" text,
	"tax_number" text,
	"tax_date" date,
	"phone" text,
	"fax" text,
	"taxable_entrepreneur" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_units_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "org_units" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "document_prohibitions" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"document_type_id" integer NOT NULL,
	CONSTRAINT "document_prohibitions_tenant_id_user_id_document_type_id_pk" PRIMARY KEY("tenant_id","user_id","document_type_id")
);
--> statement-breakpoint
ALTER TABLE "document_prohibitions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ou_policy_entries" (
	"tenant_id" uuid NOT NULL,
	"ou_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "ou_policy_entries_tenant_id_ou_id_kind_value_pk" PRIMARY KEY("tenant_id","ou_id","kind","value")
);
--> statement-breakpoint
ALTER TABLE "ou_policy_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ou_policy_members" (
	"tenant_id" uuid NOT NULL,
	"ou_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "ou_policy_members_tenant_id_ou_id_user_id_pk" PRIMARY KEY("tenant_id","ou_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "ou_policy_members" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "org_unit_logos" ADD CONSTRAINT "org_unit_logos_tenant_id_ou_id_org_units_tenant_id_id_fk" FOREIGN KEY ("tenant_id","ou_id") REFERENCES "public"."org_units"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_units" ADD CONSTRAINT "org_units_tenant_id_parent_id_org_units_tenant_id_id_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."org_units"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "org_units_code_key" ON "org_units" USING btree ("tenant_id",lower("code"));--> statement-breakpoint
CREATE POLICY "org_unit_logos_tenant_isolation" ON "org_unit_logos" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "org_units_tenant_isolation" ON "org_units" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "document_prohibitions_tenant_isolation" ON "document_prohibitions" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "ou_policy_entries_tenant_isolation" ON "ou_policy_entries" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "ou_policy_members_tenant_isolation" ON "ou_policy_members" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);