CREATE TABLE "service_conversation_labels" (
	"tenant_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"label_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"added_by" uuid,
	CONSTRAINT "service_conversation_labels_tenant_id_conversation_id_label_id_pk" PRIMARY KEY("tenant_id","conversation_id","label_id")
);
--> statement-breakpoint
ALTER TABLE "service_conversation_labels" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "service_labels" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_labels_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "service_labels" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "service_messages" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('indonesian'::regconfig, coalesce(text, '')) || to_tsvector('english'::regconfig, coalesce(text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "service_conversation_labels" ADD CONSTRAINT "service_conversation_labels_tenant_id_conversation_id_service_conversations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","conversation_id") REFERENCES "public"."service_conversations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_conversation_labels" ADD CONSTRAINT "service_conversation_labels_tenant_id_label_id_service_labels_tenant_id_id_fk" FOREIGN KEY ("tenant_id","label_id") REFERENCES "public"."service_labels"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_conversation_labels_label_idx" ON "service_conversation_labels" USING btree ("tenant_id","label_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_labels_name_key" ON "service_labels" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "service_conversations_customer_name_trgm" ON "service_conversations" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_conversations_customer_key_trgm" ON "service_conversations" USING gin ("customer_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_messages_search" ON "service_messages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "service_messages_text_trgm" ON "service_messages" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
CREATE POLICY "service_conversation_labels_tenant_isolation" ON "service_conversation_labels" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "service_labels_tenant_isolation" ON "service_labels" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);