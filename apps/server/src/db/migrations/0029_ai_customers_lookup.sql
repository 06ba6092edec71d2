CREATE INDEX "ai_customers_lookup" ON "ai_customers" USING btree ("tenant_id",coalesce("client_ou_id", '00000000-0000-0000-0000-000000000000'::uuid),"customer_key");--> statement-breakpoint
-- Custom SQL (drizzle ignores it for drift): the sessions trigger of 0023 matched customers with IS NOT DISTINCT FROM,
-- which no index serves (each start scanned the tenant's customers), and joined the new customers back to the sessions
-- through a CTE the planner loops over (50,000 sessions in one INSERT took minutes). Now the lookup is an equality on
-- coalesce(client, zero uuid), served by ai_customers_lookup, and a new customer's row already holds its first session.
CREATE OR REPLACE FUNCTION ai_chat_sessions_started() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH earliest AS (
    SELECT DISTINCT ON (tenant_id, client_ou_id, customer_key) tenant_id, client_ou_id, customer_key, started_at, area, model,
           coalesce(client_ou_id, '00000000-0000-0000-0000-000000000000'::uuid) AS client_key
      FROM started ORDER BY tenant_id, client_ou_id, customer_key, started_at
  ), moved AS (
    SELECT c.tenant_id, c.client_ou_id, c.customer_key, c.first_session_at, c.first_area, c.first_model
      FROM earliest e JOIN ai_customers c
        ON c.tenant_id = e.tenant_id AND coalesce(c.client_ou_id, '00000000-0000-0000-0000-000000000000'::uuid) = e.client_key AND c.customer_key = e.customer_key
     WHERE e.started_at < c.first_session_at
  ), firsts AS (
    INSERT INTO ai_customers AS c (tenant_id, client_ou_id, customer_key, first_session_at, first_area, first_model)
    SELECT tenant_id, client_ou_id, customer_key, started_at, area, model FROM earliest
    ON CONFLICT ON CONSTRAINT ai_customers_key DO UPDATE
       SET first_session_at = excluded.first_session_at, first_area = excluded.first_area, first_model = excluded.first_model
     WHERE excluded.first_session_at < c.first_session_at
    RETURNING c.tenant_id, c.client_ou_id, c.first_session_at, c.first_area, c.first_model
  ), parts AS (
    SELECT tenant_id, started_at, area, client_ou_id, model, 1 AS sessions, 0 AS new_customers,
           coalesce((extract(epoch FROM ended_at - started_at) * 1000)::bigint, 0) AS chat_ms
      FROM started
    UNION ALL
    SELECT tenant_id, first_session_at, first_area, client_ou_id, first_model, 0, 1, 0 FROM firsts
    UNION ALL
    SELECT tenant_id, first_session_at, first_area, client_ou_id, first_model, 0, -1, 0 FROM moved
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
