CREATE TABLE "service_fine_tunes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"base_model" text,
	"file_id" text,
	"job_id" text,
	"fine_tuned_model" text,
	"chat_examples" integer DEFAULT 0 NOT NULL,
	"classifier_examples" integer DEFAULT 0 NOT NULL,
	"accuracy_before" numeric(5, 4),
	"accuracy_after" numeric(5, 4),
	"held_out" integer,
	"answer_index" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_code" text,
	"error" text,
	"last_event" text,
	"requested_by" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "service_fine_tunes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "service_fine_tunes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "service_fine_tunes" ADD CONSTRAINT "service_fine_tunes_tenant_id_client_id_service_clients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","client_id") REFERENCES "public"."service_clients"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_fine_tunes_client_idx" ON "service_fine_tunes" USING btree ("tenant_id","client_id","requested_at");--> statement-breakpoint
CREATE POLICY "service_fine_tunes_tenant_isolation" ON "service_fine_tunes" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);