-- Two postings to the same accounts upserted their period_balances rows in no fixed order and could deadlock (40P01,
-- seen in bench/posting.ts at 20 clients). Upserting in key order (as ledger_entries_year_roll_up already does) makes
-- every posting take those row locks in one order.
CREATE OR REPLACE FUNCTION ledger_entries_roll_up() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO period_balances (tenant_id, period, coa_id, ou_key, debit, credit, lines)
  SELECT tenant_id, period, coa_id, coalesce(ou_id, '00000000-0000-0000-0000-000000000000'::uuid),
         sum(greatest(book_amount, 0)), sum(greatest(-book_amount, 0)), count(*)
  FROM new_entries GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (tenant_id, period, coa_id, ou_key) DO UPDATE
    SET debit = period_balances.debit + excluded.debit,
        credit = period_balances.credit + excluded.credit,
        lines = period_balances.lines + excluded.lines;
  RETURN NULL;
END $$;
