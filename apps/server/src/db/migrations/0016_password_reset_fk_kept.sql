-- The foreign key password_reset_tokens (tenant_id, user_id) → users (tenant_id, id) ON DELETE CASCADE of 0004 stays.
-- The password-reset schema no longer declares it (a module does not import another module's schema.ts), so
-- drizzle-kit's snapshot drops it and generate wrote a DROP CONSTRAINT here; the database keeps the constraint.
SELECT 1;
