ALTER TABLE "app_settings" ALTER COLUMN "password_min_length" SET DEFAULT 4;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "vendor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The demo tenant is the vendor's own (it sells Nusa: its public site takes the demo requests).
UPDATE "tenants" SET "vendor" = true WHERE "code" = 'demo';--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "reference" text;--> statement-breakpoint
-- Requests made before references existed get one from their id (eight hex digits: readable, memo-safe).
UPDATE "leads" SET "reference" = 'NUSA-' || upper(substr(md5("id"::text), 1, 8)) WHERE "reference" IS NULL;--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_reference_key" ON "leads" USING btree ("tenant_id","reference");
