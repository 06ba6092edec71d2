CREATE TABLE "ai_chat_sessions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"area" text NOT NULL,
	"client_ou_id" uuid,
	"customer_key" text NOT NULL,
	"model" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "ai_chat_sessions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "ai_chat_sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ai_customers" (
	"tenant_id" uuid NOT NULL,
	"client_ou_id" uuid,
	"customer_key" text NOT NULL,
	"first_session_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ai_customers_key" UNIQUE NULLS NOT DISTINCT("tenant_id","client_ou_id","customer_key")
);
--> statement-breakpoint
ALTER TABLE "ai_customers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ai_quota_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"monthly_requests" integer NOT NULL,
	"monthly_images" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_quota_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ai_quotas" (
	"tenant_id" uuid NOT NULL,
	"month" date NOT NULL,
	"request_limit" integer NOT NULL,
	"requests_used" integer DEFAULT 0 NOT NULL,
	"image_limit" integer NOT NULL,
	"images_used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_quotas_tenant_id_month_pk" PRIMARY KEY("tenant_id","month")
);
--> statement-breakpoint
ALTER TABLE "ai_quotas" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ai_usage" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"area" text NOT NULL,
	"client_ou_id" uuid,
	"chat_session_id" uuid,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"purpose" text NOT NULL,
	"kind" text NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"images" integer DEFAULT 0 NOT NULL,
	"cost" numeric(20, 4) DEFAULT '0' NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"outcome" text NOT NULL,
	CONSTRAINT "ai_usage_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "ai_usage" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ai_usage_daily" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"area" text NOT NULL,
	"client_ou_id" uuid,
	"model" text NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"chats" integer DEFAULT 0 NOT NULL,
	"input_tokens" bigint DEFAULT 0 NOT NULL,
	"output_tokens" bigint DEFAULT 0 NOT NULL,
	"images" integer DEFAULT 0 NOT NULL,
	"cost" numeric(20, 4) DEFAULT '0' NOT NULL,
	"image_cost" numeric(20, 4) DEFAULT '0' NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"chat_ms" bigint DEFAULT 0 NOT NULL,
	"new_customers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_usage_daily_key" UNIQUE NULLS NOT DISTINCT("tenant_id","day","area","client_ou_id","model")
);
--> statement-breakpoint
ALTER TABLE "ai_usage_daily" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "ai_chat_sessions_started_idx" ON "ai_chat_sessions" USING btree ("tenant_id","started_at");--> statement-breakpoint
CREATE INDEX "ai_usage_at_idx" ON "ai_usage" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE POLICY "ai_chat_sessions_tenant_isolation" ON "ai_chat_sessions" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "ai_customers_tenant_isolation" ON "ai_customers" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "ai_quota_settings_tenant_isolation" ON "ai_quota_settings" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "ai_quotas_tenant_isolation" ON "ai_quotas" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "ai_usage_tenant_isolation" ON "ai_usage" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "ai_usage_daily_tenant_isolation" ON "ai_usage_daily" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- Custom SQL (drizzle ignores it for drift): ai_usage_daily kept in the writing transaction by statement triggers,
-- so a call through meteredCall and a bulk INSERT of usage rows keep it alike. Days are Asia/Jakarta's.
CREATE FUNCTION ai_usage_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ai_usage_daily AS d (tenant_id, day, area, client_ou_id, model, requests, failed, refused, chats, input_tokens, output_tokens, images, cost, image_cost)
  SELECT tenant_id, (at AT TIME ZONE 'Asia/Jakarta')::date, area, client_ou_id, model,
         count(*) FILTER (WHERE outcome = 'ok'), count(*) FILTER (WHERE outcome = 'failed'), count(*) FILTER (WHERE outcome = 'refused_quota'),
         count(*) FILTER (WHERE outcome = 'ok' AND purpose = 'chat'),
         sum(input_tokens), sum(output_tokens), sum(images), sum(cost), coalesce(sum(cost) FILTER (WHERE kind = 'image'), 0)
    FROM inserted
   GROUP BY 1, 2, 3, 4, 5
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT ai_usage_daily_key DO UPDATE SET
    requests = d.requests + excluded.requests, failed = d.failed + excluded.failed, refused = d.refused + excluded.refused,
    chats = d.chats + excluded.chats, input_tokens = d.input_tokens + excluded.input_tokens,
    output_tokens = d.output_tokens + excluded.output_tokens, images = d.images + excluded.images,
    cost = d.cost + excluded.cost, image_cost = d.image_cost + excluded.image_cost;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ai_usage_rollup AFTER INSERT ON ai_usage REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION ai_usage_rollup();
--> statement-breakpoint
-- Usage rows are evidence the rollups were added from: never changed or removed one by one.
CREATE FUNCTION ai_usage_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ai_usage rows are append-only' USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER ai_usage_append_only BEFORE UPDATE OR DELETE ON ai_usage FOR EACH ROW EXECUTE FUNCTION ai_usage_append_only();
--> statement-breakpoint
-- A session counts on the day it started: its start (sessions, new customers) and, once ended, its length.
CREATE FUNCTION ai_chat_sessions_started() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH firsts AS (
    INSERT INTO ai_customers (tenant_id, client_ou_id, customer_key, first_session_at)
    SELECT DISTINCT ON (tenant_id, client_ou_id, customer_key) tenant_id, client_ou_id, customer_key, started_at
      FROM started ORDER BY tenant_id, client_ou_id, customer_key, started_at
    ON CONFLICT ON CONSTRAINT ai_customers_key DO NOTHING
    RETURNING tenant_id, client_ou_id, customer_key
  ), first_sessions AS (
    SELECT DISTINCT ON (s.tenant_id, s.client_ou_id, s.customer_key) s.*
      FROM started s JOIN firsts f ON f.tenant_id = s.tenant_id AND f.client_ou_id IS NOT DISTINCT FROM s.client_ou_id AND f.customer_key = s.customer_key
     ORDER BY s.tenant_id, s.client_ou_id, s.customer_key, s.started_at
  ), parts AS (
    SELECT tenant_id, started_at, area, client_ou_id, model, 1 AS sessions, 0 AS new_customers,
           coalesce((extract(epoch FROM ended_at - started_at) * 1000)::bigint, 0) AS chat_ms
      FROM started
    UNION ALL
    SELECT tenant_id, started_at, area, client_ou_id, model, 0, 1, 0 FROM first_sessions
  )
  INSERT INTO ai_usage_daily AS d (tenant_id, day, area, client_ou_id, model, sessions, new_customers, chat_ms)
  SELECT tenant_id, (started_at AT TIME ZONE 'Asia/Jakarta')::date, area, client_ou_id, model, sum(sessions), sum(new_customers), sum(chat_ms)
    FROM parts
   GROUP BY 1, 2, 3, 4, 5
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT ai_usage_daily_key DO UPDATE SET
    sessions = d.sessions + excluded.sessions, new_customers = d.new_customers + excluded.new_customers, chat_ms = d.chat_ms + excluded.chat_ms;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ai_chat_sessions_started AFTER INSERT ON ai_chat_sessions REFERENCING NEW TABLE AS started FOR EACH STATEMENT EXECUTE FUNCTION ai_chat_sessions_started();
--> statement-breakpoint
CREATE FUNCTION ai_chat_sessions_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ai_usage_daily AS d (tenant_id, day, area, client_ou_id, model, chat_ms)
  SELECT n.tenant_id, (n.started_at AT TIME ZONE 'Asia/Jakarta')::date, n.area, n.client_ou_id, n.model,
         sum(coalesce((extract(epoch FROM n.ended_at - n.started_at) * 1000)::bigint, 0) - coalesce((extract(epoch FROM o.ended_at - o.started_at) * 1000)::bigint, 0))
    FROM ended n JOIN before_end o ON o.tenant_id = n.tenant_id AND o.id = n.id
   WHERE n.ended_at IS DISTINCT FROM o.ended_at
   GROUP BY 1, 2, 3, 4, 5
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT ai_usage_daily_key DO UPDATE SET chat_ms = d.chat_ms + excluded.chat_ms;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ai_chat_sessions_ended AFTER UPDATE ON ai_chat_sessions REFERENCING OLD TABLE AS before_end NEW TABLE AS ended FOR EACH STATEMENT EXECUTE FUNCTION ai_chat_sessions_ended();
--> statement-breakpoint
-- Only the end of a session may change: what it was counted under stays, and it is never removed.
CREATE FUNCTION ai_chat_sessions_only_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (NEW.tenant_id, NEW.id, NEW.area, NEW.client_ou_id, NEW.customer_key, NEW.model, NEW.started_at)
     IS DISTINCT FROM (OLD.tenant_id, OLD.id, OLD.area, OLD.client_ou_id, OLD.customer_key, OLD.model, OLD.started_at) THEN
    RAISE EXCEPTION 'ai_chat_sessions: only ended_at may change' USING ERRCODE = 'check_violation';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
--> statement-breakpoint
CREATE TRIGGER ai_chat_sessions_only_end BEFORE UPDATE OR DELETE ON ai_chat_sessions FOR EACH ROW EXECUTE FUNCTION ai_chat_sessions_only_end();
