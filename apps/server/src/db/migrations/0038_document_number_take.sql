-- The next gap-free number of a document type, taken inside the statement that writes the new document
-- (modules/accounting/documents/write.ts), so that the counter's row, which every creator of the type queues on
-- until COMMIT, is held for that statement and the COMMIT only. Steps the (key, period) counter as
-- platform/numbering/allocate.ts does and forms the number as contracts formatNumber does (head, the counter padded
-- to p_digits, tail); a number already used by a document of the type (typed by hand) is skipped and used up, as
-- nextCode skips it. Its unique key is locked as lockUniqueKey locks a typed one (p_lock_prefix: 'document-number:JV:')
-- before the check, which runs on a snapshot taken after the lock. SECURITY INVOKER: row-level security applies.
CREATE FUNCTION document_number_take(p_key text, p_period text, p_head text, p_digits integer, p_tail text, p_type text, p_lock_prefix text)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  tenant uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
  counter bigint;
  candidate text;
BEGIN
  FOR attempt IN 1..1000 LOOP
    INSERT INTO number_sequences (tenant_id, sequence_key, period, last_value) VALUES (tenant, p_key, p_period, 1)
    ON CONFLICT (tenant_id, sequence_key, period) DO UPDATE SET last_value = number_sequences.last_value + 1
    RETURNING last_value INTO counter;
    candidate := p_head || lpad(counter::text, greatest(p_digits, length(counter::text)), '0') || p_tail;
    PERFORM pg_advisory_xact_lock(hashtextextended(current_setting('app.tenant_id', true) || ':' || p_lock_prefix || candidate, 0));
    IF NOT EXISTS (SELECT 1 FROM documents d WHERE d.type = p_type AND d.number = candidate) THEN
      RETURN candidate;
    END IF;
  END LOOP;
  RAISE EXCEPTION 'document_number_take: 1000 numbers of % in a row are taken', p_key USING ERRCODE = 'P0001', HINT = 'autonumber_code_already_exists';
END $$;
