CREATE TABLE "service_channels" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets_sealed" text,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_channels_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "service_channels" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "service_agents" (
	"tenant_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"max_concurrent_chats" integer,
	"status" text DEFAULT 'offline' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_agents_tenant_id_client_id_user_id_pk" PRIMARY KEY("tenant_id","client_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "service_agents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "service_clients" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"business_field" text DEFAULT '' NOT NULL,
	"ou_id" uuid,
	"system_instruction" text DEFAULT '' NOT NULL,
	"engine" text,
	"model" text,
	"confidence_threshold" numeric(5, 4) DEFAULT '0.5' NOT NULL,
	"handover_rules" jsonb NOT NULL,
	"greeting" text DEFAULT '' NOT NULL,
	"widget" jsonb NOT NULL,
	"working_hours" jsonb,
	"max_concurrent_chats" integer DEFAULT 5 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"setup_state" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_clients_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "service_clients" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "service_conversations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"channel_kind" text NOT NULL,
	"channel_id" uuid,
	"customer_key" text NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'bot' NOT NULL,
	"assigned_agent_id" uuid,
	"chat_session_id" uuid,
	"handover_reason" text,
	"handed_over_at" timestamp with time zone,
	"outcome" text,
	"last_intent" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "service_conversations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "service_conversations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "service_messages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"sender" text NOT NULL,
	"text" text NOT NULL,
	"intent" text,
	"confidence" numeric(5, 4),
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"handed_over" boolean DEFAULT false NOT NULL,
	"corrected_intent" text,
	"channel_id" uuid,
	"external_id" text,
	"delivery_status" text,
	"agent_id" uuid,
	CONSTRAINT "service_messages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "service_messages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "service_dataset_items" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"dataset_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"values" jsonb NOT NULL,
	"text" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('indonesian'::regconfig, coalesce(text, '')) || to_tsvector('english'::regconfig, coalesce(text, ''))) STORED,
	"embedding" real[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_dataset_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "service_dataset_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "service_datasets" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"attributes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_datasets_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "service_datasets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "service_intent_phrases" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"intent_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"text" text NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_intent_phrases_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "service_intent_phrases" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "service_intents" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"action" text DEFAULT 'answer' NOT NULL,
	"response_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_intents_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "service_intents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "service_models" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"model" jsonb,
	"metrics" jsonb,
	"intents" integer DEFAULT 0 NOT NULL,
	"examples" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"requested_by" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"trained_at" timestamp with time zone,
	CONSTRAINT "service_models_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "service_models" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "service_channels" ADD CONSTRAINT "service_channels_tenant_id_client_id_service_clients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","client_id") REFERENCES "public"."service_clients"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_agents" ADD CONSTRAINT "service_agents_tenant_id_client_id_service_clients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","client_id") REFERENCES "public"."service_clients"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_conversations" ADD CONSTRAINT "service_conversations_tenant_id_client_id_service_clients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","client_id") REFERENCES "public"."service_clients"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_messages" ADD CONSTRAINT "service_messages_tenant_id_conversation_id_service_conversations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","conversation_id") REFERENCES "public"."service_conversations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_dataset_items" ADD CONSTRAINT "service_dataset_items_tenant_id_dataset_id_service_datasets_tenant_id_id_fk" FOREIGN KEY ("tenant_id","dataset_id") REFERENCES "public"."service_datasets"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_datasets" ADD CONSTRAINT "service_datasets_tenant_id_client_id_service_clients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","client_id") REFERENCES "public"."service_clients"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_intent_phrases" ADD CONSTRAINT "service_intent_phrases_tenant_id_intent_id_service_intents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","intent_id") REFERENCES "public"."service_intents"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_intents" ADD CONSTRAINT "service_intents_tenant_id_client_id_service_clients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","client_id") REFERENCES "public"."service_clients"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_models" ADD CONSTRAINT "service_models_tenant_id_client_id_service_clients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","client_id") REFERENCES "public"."service_clients"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_channels_client_idx" ON "service_channels" USING btree ("tenant_id","client_id");--> statement-breakpoint
CREATE INDEX "service_agents_user_idx" ON "service_agents" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_clients_code_key" ON "service_clients" USING btree ("tenant_id",lower("code"));--> statement-breakpoint
CREATE INDEX "service_conversations_client_idx" ON "service_conversations" USING btree ("tenant_id","client_id","last_message_at");--> statement-breakpoint
CREATE INDEX "service_conversations_status_idx" ON "service_conversations" USING btree ("tenant_id","status","last_message_at");--> statement-breakpoint
CREATE INDEX "service_conversations_customer_idx" ON "service_conversations" USING btree ("tenant_id","client_id","customer_key");--> statement-breakpoint
CREATE INDEX "service_conversations_agent_idx" ON "service_conversations" USING btree ("tenant_id","assigned_agent_id");--> statement-breakpoint
CREATE INDEX "service_messages_conversation_idx" ON "service_messages" USING btree ("tenant_id","conversation_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_messages_external_key" ON "service_messages" USING btree ("tenant_id","channel_id","external_id") WHERE "service_messages"."external_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "service_dataset_items_dataset_idx" ON "service_dataset_items" USING btree ("tenant_id","dataset_id","created_at");--> statement-breakpoint
CREATE INDEX "service_dataset_items_client_idx" ON "service_dataset_items" USING btree ("tenant_id","client_id");--> statement-breakpoint
CREATE INDEX "service_dataset_items_search" ON "service_dataset_items" USING gin ("search");--> statement-breakpoint
CREATE INDEX "service_dataset_items_text_trgm" ON "service_dataset_items" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "service_datasets_name_key" ON "service_datasets" USING btree ("tenant_id","client_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "service_intent_phrases_text_key" ON "service_intent_phrases" USING btree ("tenant_id","intent_id",lower("text"));--> statement-breakpoint
CREATE INDEX "service_intent_phrases_client_idx" ON "service_intent_phrases" USING btree ("tenant_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_intents_name_key" ON "service_intents" USING btree ("tenant_id","client_id",lower("name"));--> statement-breakpoint
CREATE INDEX "service_models_client_idx" ON "service_models" USING btree ("tenant_id","client_id","requested_at");--> statement-breakpoint
CREATE POLICY "service_channels_tenant_isolation" ON "service_channels" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "service_agents_tenant_isolation" ON "service_agents" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "service_clients_tenant_isolation" ON "service_clients" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "service_conversations_tenant_isolation" ON "service_conversations" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "service_messages_tenant_isolation" ON "service_messages" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "service_dataset_items_tenant_isolation" ON "service_dataset_items" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "service_datasets_tenant_isolation" ON "service_datasets" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "service_intent_phrases_tenant_isolation" ON "service_intent_phrases" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "service_intents_tenant_isolation" ON "service_intents" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "service_models_tenant_isolation" ON "service_models" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);