-- An office push kept a part at a time (issue 33, decision 059): the parts of an export, each a
-- complete import; tally_exports.parts says how many (NULL: the file is tally_exports.xml, whole).
ALTER TABLE "tally_exports" ADD COLUMN "parts" integer;--> statement-breakpoint
CREATE TABLE "tally_export_parts" (
	"export_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"xml" text NOT NULL,
	"vouchers" integer NOT NULL,
	CONSTRAINT "tally_export_parts_export_id_part_pk" PRIMARY KEY("export_id","part")
);--> statement-breakpoint
ALTER TABLE "tally_export_parts" ADD CONSTRAINT "tally_export_parts_export_id_tally_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."tally_exports"("id") ON DELETE cascade ON UPDATE no action;
