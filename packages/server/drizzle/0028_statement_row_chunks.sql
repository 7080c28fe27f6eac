-- A statement's rows in chunks (issue 38, decision 052 round seven): one 3 MB JSONB insert of a
-- 500-page statement held the embedded database (one connection) ~100 ms, and every request's query
-- waited behind it. Rows are now written ~1,000 to a chunk, each chunk committed by itself before
-- the statement's own row (which alone makes them seen). Statements kept before move whole into a
-- chunk 0 of their own.
CREATE TABLE "statement_row_chunks" (
	"statement_id" uuid NOT NULL,
	"n" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"row_count" integer NOT NULL,
	"rows" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_row_chunks_statement_id_n_pk" PRIMARY KEY("statement_id","n")
);--> statement-breakpoint
ALTER TABLE "statement_row_chunks" ADD CONSTRAINT "statement_row_chunks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "statement_row_chunks" ("statement_id", "n", "user_id", "row_count", "rows", "created_at")
  SELECT "id", 0, "user_id", jsonb_array_length("rows"), "rows", "created_at" FROM "statement_results";--> statement-breakpoint
ALTER TABLE "statement_results" DROP COLUMN "rows";
