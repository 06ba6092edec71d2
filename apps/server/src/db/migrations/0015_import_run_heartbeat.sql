ALTER TABLE "import_runs" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "worker_id" uuid;--> statement-breakpoint
CREATE INDEX "import_runs_open_idx" ON "import_runs" USING btree ("created_at") WHERE "import_runs"."status" in ('queued', 'running');