CREATE TABLE "countries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "countries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "countries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "currencies" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"decimals" integer NOT NULL,
	"is_book" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currencies_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "currencies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"from_currency_id" uuid NOT NULL,
	"to_currency_id" uuid NOT NULL,
	"rate_date" date NOT NULL,
	"rate" numeric(24, 10) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "exchange_rates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "employees" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"birth_place" text,
	"birth_date" date,
	"identity_number" text,
	"join_date" date NOT NULL,
	"resign_date" date,
	"pension_date" date,
	"job_title" text NOT NULL,
	"status" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employees_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "employees" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lead_payments" (
	"tenant_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"order_id" text NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"gateway_token" text,
	"redirect_url" text,
	"bank_account" text,
	"proof_content_type" text,
	"proof_file_name" text,
	"proof" "bytea",
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_payments_tenant_id_lead_id_pk" PRIMARY KEY("tenant_id","lead_id")
);
--> statement-breakpoint
ALTER TABLE "lead_payments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "leads" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"company" text NOT NULL,
	"requirements" text DEFAULT '' NOT NULL,
	"company_size" text NOT NULL,
	"product" text NOT NULL,
	"package_code" text NOT NULL,
	"promo_code" text,
	"channel" text DEFAULT 'web' NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"price" numeric(20, 4) NOT NULL,
	"discount" numeric(20, 4) NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "leads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"channels" text[] DEFAULT '{}'::text[] NOT NULL,
	"segments" text[] DEFAULT '{}'::text[] NOT NULL,
	"discount_percent" numeric(20, 4),
	"discount_amount" numeric(20, 4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "promo_codes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "account_preparations" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"steps_done" text[] DEFAULT '{}'::text[] NOT NULL,
	"error" text,
	"admin_user_id" uuid NOT NULL,
	"admin_email" text NOT NULL,
	"company_name" text NOT NULL,
	"tax_id" text,
	"language" text DEFAULT 'id' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_preparations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "free_transactions" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"trial" boolean DEFAULT false NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"package_paid" boolean DEFAULT false NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "free_transactions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "trial_registrations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email_key" text NOT NULL,
	"company_key" text NOT NULL,
	"tax_id_key" text,
	"registered_tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_addresses" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"address" text NOT NULL,
	"city" text,
	"postal_code" text,
	"roles" text[] NOT NULL,
	"latitude" numeric(10, 7),
	"longitude" numeric(10, 7),
	CONSTRAINT "partner_addresses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "partner_addresses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "partners" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"type" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"alias" text,
	"line_of_business" text,
	"rank" smallint DEFAULT 1 NOT NULL,
	"phones" text[] DEFAULT '{}'::text[] NOT NULL,
	"fax" text,
	"email" text,
	"credit_limit" numeric(20, 4),
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "partners" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "warehouses" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"address" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "warehouses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_tenant_id_from_currency_id_currencies_tenant_id_id_fk" FOREIGN KEY ("tenant_id","from_currency_id") REFERENCES "public"."currencies"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_tenant_id_to_currency_id_currencies_tenant_id_id_fk" FOREIGN KEY ("tenant_id","to_currency_id") REFERENCES "public"."currencies"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_payments" ADD CONSTRAINT "lead_payments_tenant_id_lead_id_leads_tenant_id_id_fk" FOREIGN KEY ("tenant_id","lead_id") REFERENCES "public"."leads"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_addresses" ADD CONSTRAINT "partner_addresses_tenant_id_partner_id_partners_tenant_id_id_fk" FOREIGN KEY ("tenant_id","partner_id") REFERENCES "public"."partners"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "countries_code_key" ON "countries" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_code_key" ON "currencies" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_book_key" ON "currencies" USING btree ("tenant_id") WHERE "currencies"."is_book";--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_pair_date_key" ON "exchange_rates" USING btree ("tenant_id","from_currency_id","to_currency_id","rate_date");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_code_key" ON "employees" USING btree ("tenant_id",lower("code"));--> statement-breakpoint
CREATE INDEX "employees_name_trgm" ON "employees" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "lead_payments_order_key" ON "lead_payments" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "leads_created" ON "leads" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_search_trgm" ON "leads" USING gin (("contact_name" || ' ' || "email" || ' ' || "company" || ' ' || "phone") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_key" ON "promo_codes" USING btree ("tenant_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "trial_registrations_email_key" ON "trial_registrations" USING btree ("email_key");--> statement-breakpoint
CREATE UNIQUE INDEX "trial_registrations_company_key" ON "trial_registrations" USING btree ("company_key");--> statement-breakpoint
CREATE UNIQUE INDEX "trial_registrations_tax_id_key" ON "trial_registrations" USING btree ("tax_id_key");--> statement-breakpoint
CREATE INDEX "partner_addresses_partner_idx" ON "partner_addresses" USING btree ("tenant_id","partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partners_type_code_key" ON "partners" USING btree ("tenant_id","type",lower("code"));--> statement-breakpoint
CREATE INDEX "partners_name_trgm" ON "partners" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_code_key" ON "warehouses" USING btree ("tenant_id",lower("code"));--> statement-breakpoint
CREATE INDEX "warehouses_name_trgm" ON "warehouses" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE POLICY "countries_tenant_isolation" ON "countries" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "currencies_tenant_isolation" ON "currencies" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "exchange_rates_tenant_isolation" ON "exchange_rates" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "employees_tenant_isolation" ON "employees" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "lead_payments_tenant_isolation" ON "lead_payments" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "leads_tenant_isolation" ON "leads" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "promo_codes_tenant_isolation" ON "promo_codes" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "account_preparations_tenant_isolation" ON "account_preparations" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "free_transactions_tenant_isolation" ON "free_transactions" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "partner_addresses_tenant_isolation" ON "partner_addresses" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "partners_tenant_isolation" ON "partners" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "warehouses_tenant_isolation" ON "warehouses" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);