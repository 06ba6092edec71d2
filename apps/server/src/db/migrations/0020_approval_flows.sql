CREATE TABLE "approval_flow_approvers" (
	"tenant_id" uuid NOT NULL,
	"flow_id" uuid NOT NULL,
	"level_no" integer NOT NULL,
	"kind" text NOT NULL,
	"approver_id" uuid NOT NULL,
	CONSTRAINT "approval_flow_approvers_tenant_id_flow_id_level_no_kind_approver_id_pk" PRIMARY KEY("tenant_id","flow_id","level_no","kind","approver_id")
);
--> statement-breakpoint
ALTER TABLE "approval_flow_approvers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "approval_flow_levels" (
	"tenant_id" uuid NOT NULL,
	"flow_id" uuid NOT NULL,
	"level_no" integer NOT NULL,
	"mode" text NOT NULL,
	"amount_above" numeric(20, 4),
	"amount_up_to" numeric(20, 4),
	CONSTRAINT "approval_flow_levels_tenant_id_flow_id_level_no_pk" PRIMARY KEY("tenant_id","flow_id","level_no")
);
--> statement-breakpoint
ALTER TABLE "approval_flow_levels" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "approval_flows" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"document_type_id" integer NOT NULL,
	"ou_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_flows_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "approval_flows" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "document_approvals" (
	"tenant_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"level_no" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_approvals_tenant_id_document_id_level_no_user_id_pk" PRIMARY KEY("tenant_id","document_id","level_no","user_id")
);
--> statement-breakpoint
ALTER TABLE "document_approvals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_flows_type_ou_key" ON "approval_flows" USING btree ("tenant_id","document_type_id",coalesce("ou_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE POLICY "approval_flow_approvers_tenant_isolation" ON "approval_flow_approvers" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "approval_flow_levels_tenant_isolation" ON "approval_flow_levels" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "approval_flows_tenant_isolation" ON "approval_flows" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "document_approvals_tenant_isolation" ON "document_approvals" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);