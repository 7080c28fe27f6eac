-- GST and TDS split of a bank row (issue 35, decision 055): the split set on a book row or carried by
-- a client's rule, as core's TaxSplit ({ kind: 'gst', ratePercent, interstate } or
-- { kind: 'tds', ratePercent, section }). NULL: the whole amount to the row's ledger, as before.
ALTER TABLE "book_rows" ADD COLUMN "tax_split" jsonb;--> statement-breakpoint
ALTER TABLE "client_rules" ADD COLUMN "tax_split" jsonb;
