-- Who may do what is cached in each server's memory (platform/access/principal-cache.ts). Any committed change
-- to what a session resolves to — its end, the user's name, activity, role or password, the role's activity, flag
-- or default page, a role's or a user's granted tasks, a user's extra roles — tells every instance through
-- NOTIFY nusa_access_changed (payload: the tenant id), and tells the committing connection itself through the
-- transaction-local setting nusa.access_changed, which withTenant reads with its COMMIT so that the instance that
-- made the change forgets at once, before it answers.
CREATE FUNCTION notify_access_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM set_config('nusa.access_changed', 'on', true);
  PERFORM pg_notify('nusa_access_changed', (CASE WHEN TG_OP = 'DELETE' THEN OLD.tenant_id ELSE NEW.tenant_id END)::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_access_changed AFTER UPDATE OF ended_at, user_id OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_access_changed();--> statement-breakpoint
CREATE TRIGGER users_access_changed AFTER UPDATE OF username, full_name, active, role_id, password_hash OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_access_changed();--> statement-breakpoint
CREATE TRIGGER roles_access_changed AFTER UPDATE OF name, active, is_super_admin, default_page OR DELETE ON roles
  FOR EACH ROW EXECUTE FUNCTION notify_access_changed();--> statement-breakpoint
CREATE TRIGGER role_tasks_access_changed AFTER INSERT OR UPDATE OR DELETE ON role_tasks
  FOR EACH ROW EXECUTE FUNCTION notify_access_changed();--> statement-breakpoint
CREATE TRIGGER user_tasks_access_changed AFTER INSERT OR UPDATE OR DELETE ON user_tasks
  FOR EACH ROW EXECUTE FUNCTION notify_access_changed();--> statement-breakpoint
CREATE TRIGGER user_roles_access_changed AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION notify_access_changed();
