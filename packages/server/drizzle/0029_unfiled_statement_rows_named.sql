-- An unfiled statement of a dropped file names its rows instead of copying them (issue 38, decision
-- 052 round thirteen). The queue staged the rows in statement_row_chunks before the read's end; the
-- end then wrote every one of them again as one JSONB into unfiled_statements, inside the
-- transaction that holds the embedded database (5.5 ms at the median, 79 ms at most, at load 11).
-- Now "rows" is null when the rows are the chunks of its statement_id, and the lists of unfiled
-- statements read their count and first and last dates from columns of their own rather than the
-- rows. Statements kept before keep their rows, and their count and dates are filled in here.
ALTER TABLE "unfiled_statements" ALTER COLUMN "rows" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "unfiled_statements" ADD COLUMN "row_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "unfiled_statements" ADD COLUMN "first_date" text;--> statement-breakpoint
ALTER TABLE "unfiled_statements" ADD COLUMN "last_date" text;--> statement-breakpoint
UPDATE "unfiled_statements" u SET
  "row_count" = jsonb_array_length(u."rows"),
  "first_date" = (SELECT min(r->>'date') FROM jsonb_array_elements(u."rows") r),
  "last_date" = (SELECT max(r->>'date') FROM jsonb_array_elements(u."rows") r);
