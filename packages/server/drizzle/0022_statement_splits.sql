-- The statement screen's GST/TDS split per row (issue 35, decision 057): like `ledgers`, one entry
-- per row of `rows` (a core TaxSplit, or null); NULL: no row has a split.
ALTER TABLE "statement_results" ADD COLUMN "splits" jsonb;
--> statement-breakpoint
-- What the office's members read and taught on their own before joining (a Tally company, taught
-- layouts and sheet mappings; the office reads them under its own id since decision 057) is copied
-- into their office once; joining copies them from now on (office/team.ts carryReadingTools). The
-- office's own win (a company of the same name, a layout of the same bank and shape); the person's
-- stay theirs.
INSERT INTO "tally_companies" ("user_id", "name", "name_key", "source", "snapshot", "read_at")
SELECT m."office_id", c."name", c."name_key", c."source", c."snapshot", c."read_at"
FROM "tally_companies" c JOIN "office_members" m ON m."user_id" = c."user_id"
ORDER BY c."read_at" DESC
ON CONFLICT ("user_id", "name_key") DO NOTHING;--> statement-breakpoint
INSERT INTO "taught_layouts" ("user_id", "name", "bank", "shape_key", "layout", "signature", "created_at", "updated_at")
SELECT DISTINCT ON (m."office_id", l."bank", l."shape_key")
  m."office_id", l."name", l."bank", l."shape_key", l."layout", l."signature", l."created_at", l."updated_at"
FROM "taught_layouts" l JOIN "office_members" m ON m."user_id" = l."user_id"
WHERE NOT EXISTS (SELECT 1 FROM "taught_layouts" o
  WHERE o."user_id" = m."office_id" AND o."bank" = l."bank" AND o."shape_key" = l."shape_key")
ORDER BY m."office_id", l."bank", l."shape_key", l."updated_at" DESC;
