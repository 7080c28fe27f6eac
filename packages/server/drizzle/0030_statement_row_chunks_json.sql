-- A statement's rows are kept as JSON text, not JSONB (issue 38, decision 052 round sixteen). Each
-- chunk was parsed into JSONB's binary form on its insert: about half the embedded database's thread
-- for a chunk of 250 rows, and a 500-page statement is ~100 chunks, on the path of its answer. No
-- query looks inside a chunk (its rows are read whole, in order), so the text is kept as sent.
ALTER TABLE "statement_row_chunks" ALTER COLUMN "rows" SET DATA TYPE json USING "rows"::json;
