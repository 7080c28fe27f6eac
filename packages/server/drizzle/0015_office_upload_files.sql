-- A dropped file's bytes are kept as a file under the data directory, named here (issue 33).
ALTER TABLE "office_uploads" ADD COLUMN "file" text;--> statement-breakpoint
ALTER TABLE "office_uploads" ALTER COLUMN "bytes" DROP NOT NULL;
