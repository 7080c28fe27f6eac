-- GST/TDS splits on book rows and rules; the office rule set (issue 35, decision 055).
-- GST and TDS split of a bank row (issue 35, decision 055): the split set on a book row or carried by
-- a client's rule, as core's TaxSplit ({ kind: 'gst', ratePercent, interstate } or
-- { kind: 'tds', ratePercent, section }). NULL: the whole amount to the row's ledger, as before.
ALTER TABLE "book_rows" ADD COLUMN "tax_split" jsonb;--> statement-breakpoint
ALTER TABLE "client_rules" ADD COLUMN "tax_split" jsonb;
--> statement-breakpoint
-- The office's own rule set (issue 35): rules each client can take, copied into its own rules.
CREATE TABLE "office_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"words" jsonb NOT NULL,
	"match" text NOT NULL,
	"direction" text NOT NULL,
	"min_paise" bigint,
	"max_paise" bigint,
	"ledger" text NOT NULL,
	"voucher_type" text,
	"tax_split" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "office_rules" ADD CONSTRAINT "office_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "office_rules_user_position" ON "office_rules" USING btree ("user_id","position");
