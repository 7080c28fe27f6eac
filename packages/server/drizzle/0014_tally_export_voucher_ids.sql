ALTER TABLE "tally_exports" ADD COLUMN "voucher_ids" text[];--> statement-breakpoint
ALTER TABLE "tally_exports" ADD COLUMN "first_day" text;--> statement-breakpoint
ALTER TABLE "tally_exports" ADD COLUMN "last_day" text;--> statement-breakpoint
-- The exports kept before: their ids and days from their XML, once (issue 31).
UPDATE "tally_exports" SET
  "voucher_ids" = array(
    select m[1] from regexp_matches("xml", '<VOUCHER REMOTEID="([^"]*)"', 'g') with ordinality as t(m, n) order by n),
  "first_day" = (select to_char(to_date(min(d[1]), 'YYYYMMDD'), 'YYYY-MM-DD') from regexp_matches("xml", '<DATE>([0-9]{8})</DATE>', 'g') as d),
  "last_day" = (select to_char(to_date(max(d[1]), 'YYYYMMDD'), 'YYYY-MM-DD') from regexp_matches("xml", '<DATE>([0-9]{8})</DATE>', 'g') as d);
