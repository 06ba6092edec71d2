CREATE TABLE "ai_usage_monthly" (
	"tenant_id" uuid NOT NULL,
	"month" date NOT NULL,
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
	CONSTRAINT "ai_usage_monthly_key" UNIQUE NULLS NOT DISTINCT("tenant_id","month","area","client_ou_id","model")
);
--> statement-breakpoint
ALTER TABLE "ai_usage_monthly" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "ai_usage_monthly_tenant_isolation" ON "ai_usage_monthly" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- Custom SQL (drizzle ignores it for drift): ai_usage_monthly follows every change of ai_usage_daily (its triggers
-- upsert rows: an INSERT .. ON CONFLICT DO UPDATE fires both statement triggers below, each with its own rows).
CREATE FUNCTION ai_usage_daily_to_month() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ai_usage_monthly AS m (tenant_id, month, area, client_ou_id, model, requests, failed, refused, chats, input_tokens, output_tokens,
                                     images, cost, image_cost, sessions, chat_ms, new_customers)
  SELECT tenant_id, month, area, client_ou_id, model, sum(requests), sum(failed), sum(refused), sum(chats), sum(input_tokens), sum(output_tokens),
         sum(images), sum(cost), sum(image_cost), sum(sessions), sum(chat_ms), sum(new_customers)
    FROM (
      SELECT tenant_id, date_trunc('month', day)::date AS month, area, client_ou_id, model, requests, failed, refused, chats, input_tokens, output_tokens,
             images, cost, image_cost, sessions, chat_ms, new_customers
        FROM now_rows
      UNION ALL
      SELECT tenant_id, date_trunc('month', day)::date, area, client_ou_id, model, -requests, -failed, -refused, -chats, -input_tokens, -output_tokens,
             -images, -cost, -image_cost, -sessions, -chat_ms, -new_customers
        FROM was_rows
    ) delta
   GROUP BY 1, 2, 3, 4, 5
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT ai_usage_monthly_key DO UPDATE SET
    requests = m.requests + excluded.requests, failed = m.failed + excluded.failed, refused = m.refused + excluded.refused,
    chats = m.chats + excluded.chats, input_tokens = m.input_tokens + excluded.input_tokens, output_tokens = m.output_tokens + excluded.output_tokens,
    images = m.images + excluded.images, cost = m.cost + excluded.cost, image_cost = m.image_cost + excluded.image_cost,
    sessions = m.sessions + excluded.sessions, chat_ms = m.chat_ms + excluded.chat_ms, new_customers = m.new_customers + excluded.new_customers;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An inserted daily row adds itself (this function); an updated one adds its new values less its old (the one above).
CREATE FUNCTION ai_usage_daily_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ai_usage_monthly AS m (tenant_id, month, area, client_ou_id, model, requests, failed, refused, chats, input_tokens, output_tokens,
                                     images, cost, image_cost, sessions, chat_ms, new_customers)
  SELECT tenant_id, date_trunc('month', day)::date, area, client_ou_id, model, sum(requests), sum(failed), sum(refused), sum(chats), sum(input_tokens),
         sum(output_tokens), sum(images), sum(cost), sum(image_cost), sum(sessions), sum(chat_ms), sum(new_customers)
    FROM now_rows
   GROUP BY 1, 2, 3, 4, 5
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT ai_usage_monthly_key DO UPDATE SET
    requests = m.requests + excluded.requests, failed = m.failed + excluded.failed, refused = m.refused + excluded.refused,
    chats = m.chats + excluded.chats, input_tokens = m.input_tokens + excluded.input_tokens, output_tokens = m.output_tokens + excluded.output_tokens,
    images = m.images + excluded.images, cost = m.cost + excluded.cost, image_cost = m.image_cost + excluded.image_cost,
    sessions = m.sessions + excluded.sessions, chat_ms = m.chat_ms + excluded.chat_ms, new_customers = m.new_customers + excluded.new_customers;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ai_usage_daily_inserted AFTER INSERT ON ai_usage_daily REFERENCING NEW TABLE AS now_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_usage_daily_inserted();
--> statement-breakpoint
CREATE TRIGGER ai_usage_daily_updated AFTER UPDATE ON ai_usage_daily REFERENCING OLD TABLE AS was_rows NEW TABLE AS now_rows FOR EACH STATEMENT EXECUTE FUNCTION ai_usage_daily_to_month();
--> statement-breakpoint
-- Months of the daily rows written before this migration.
INSERT INTO ai_usage_monthly (tenant_id, month, area, client_ou_id, model, requests, failed, refused, chats, input_tokens, output_tokens,
                              images, cost, image_cost, sessions, chat_ms, new_customers)
SELECT tenant_id, date_trunc('month', day)::date, area, client_ou_id, model, sum(requests), sum(failed), sum(refused), sum(chats), sum(input_tokens),
       sum(output_tokens), sum(images), sum(cost), sum(image_cost), sum(sessions), sum(chat_ms), sum(new_customers)
  FROM ai_usage_daily GROUP BY 1, 2, 3, 4, 5;
