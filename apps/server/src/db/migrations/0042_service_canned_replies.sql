CREATE TABLE "service_canned_replies" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"client_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_canned_replies_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "service_canned_replies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "service_canned_replies" ADD CONSTRAINT "service_canned_replies_tenant_id_client_id_service_clients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","client_id") REFERENCES "public"."service_clients"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_canned_replies_code_key" ON "service_canned_replies" USING btree ("tenant_id",lower("code"));--> statement-breakpoint
CREATE POLICY "service_canned_replies_tenant_isolation" ON "service_canned_replies" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);