ALTER TABLE "service_models" ADD COLUMN "engine" text;
--> statement-breakpoint
UPDATE "service_models" SET "engine" = "model"->>'engine' WHERE "model" IS NOT NULL;