-- The three rollup tables had only a UNIQUE NULLS NOT DISTINCT key (client_ou_id is null for a call of no client); a
-- primary key column cannot be null, so client_key is client_ou_id with the zero uuid for none, which no org unit has.
-- The old unique key held every existing row apart, so the primary key holds them too: nothing to merge. It keeps the
-- constraint's name, which the rollup triggers' ON CONFLICT ON CONSTRAINT name.
ALTER TABLE "ai_customers" ADD COLUMN "client_key" uuid GENERATED ALWAYS AS (coalesce(client_ou_id, '00000000-0000-0000-0000-000000000000'::uuid)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_usage_daily" ADD COLUMN "client_key" uuid GENERATED ALWAYS AS (coalesce(client_ou_id, '00000000-0000-0000-0000-000000000000'::uuid)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_usage_monthly" ADD COLUMN "client_key" uuid GENERATED ALWAYS AS (coalesce(client_ou_id, '00000000-0000-0000-0000-000000000000'::uuid)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_customers" DROP CONSTRAINT "ai_customers_key";--> statement-breakpoint
ALTER TABLE "ai_usage_daily" DROP CONSTRAINT "ai_usage_daily_key";--> statement-breakpoint
ALTER TABLE "ai_usage_monthly" DROP CONSTRAINT "ai_usage_monthly_key";--> statement-breakpoint
ALTER TABLE "ai_customers" ADD CONSTRAINT "ai_customers_key" PRIMARY KEY("tenant_id","client_key","customer_key");--> statement-breakpoint
ALTER TABLE "ai_usage_daily" ADD CONSTRAINT "ai_usage_daily_key" PRIMARY KEY("tenant_id","day","area","client_key","model");--> statement-breakpoint
ALTER TABLE "ai_usage_monthly" ADD CONSTRAINT "ai_usage_monthly_key" PRIMARY KEY("tenant_id","month","area","client_key","model");
