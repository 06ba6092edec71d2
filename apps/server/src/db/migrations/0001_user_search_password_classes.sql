DROP INDEX "users_username_trgm";--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "password_required_classes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_trgm" ON "users" USING gin (("username" || ' ' || "full_name" || ' ' || coalesce("email", '')) gin_trgm_ops);