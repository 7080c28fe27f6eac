-- The statement screen's GST/TDS split per row (issue 35, decision 057): like `ledgers`, one entry
-- per row of `rows` (a core TaxSplit, or null); NULL: no row has a split.
ALTER TABLE "statement_results" ADD COLUMN "splits" jsonb;
