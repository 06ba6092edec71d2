-- Keyword search of users under row-level security (issue 3: a 10,000-user tenant pages as fast as a small one).
-- ILIKE is not leakproof, so under the tenant policy PostgreSQL cannot use the trigram index users_search_trgm
-- and scans every user of the tenant. Like product_ids_matching (0008), this SECURITY DEFINER function finds the
-- matching ids through the index, restricted to the same app.tenant_id the policy reads; callers then select the
-- users by id under the policy, which still decides what comes back. The pattern is planned as a literal
-- (EXECUTE ... USING would give a generic plan that cannot pick the trigram index for a short keyword).
CREATE FUNCTION user_ids_matching(keyword text) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN QUERY EXECUTE format(
    'SELECT u.id FROM users u
      WHERE u.tenant_id = %L::uuid
        AND (u.username || '' '' || u.full_name || '' '' || coalesce(u.email, '''')) ILIKE %L',
    nullif(current_setting('app.tenant_id', true), ''),
    '%' || replace(replace(replace(keyword, '\', '\\'), '%', '\%'), '_', '\_') || '%');
END
$$;
