-- Statements kept on the server (issue 19), written by hand like 0002 and 0007: the result screen
-- loads a read statement by id instead of the browser's sessionStorage. Rows are one JSONB array per
-- statement ([date, description, withdrawal, deposit, balance] each) and ledger names a second array
-- beside it: 20,000 rows take ~0.6 MB on disk (TOAST-compressed) against ~9 MB as a row table, load
-- in ~40 ms on PGlite, and a ledger save rewrites only the small ledger array (docs/decisions/029).
CREATE TABLE "statement_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"requested_bank" text NOT NULL,
	"bank" text,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"account_number" text,
	"period_from" text,
	"period_to" text,
	"row_count" integer NOT NULL,
	"detail" jsonb NOT NULL,
	"rows" jsonb NOT NULL,
	"ledgers" jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"accepted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statement_results" ADD CONSTRAINT "statement_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statement_results_user_created" ON "statement_results" USING btree ("user_id","created_at");
