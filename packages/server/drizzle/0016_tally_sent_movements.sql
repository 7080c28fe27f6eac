ALTER TABLE "tally_sent_vouchers" ADD COLUMN "day" text;--> statement-breakpoint
ALTER TABLE "tally_sent_vouchers" ADD COLUMN "side" text;--> statement-breakpoint
ALTER TABLE "tally_sent_vouchers" ADD COLUMN "paise" bigint;--> statement-breakpoint
-- Each ledger's record is read by day range before a push (decision 037, round 3f). Rows recorded
-- before this migration keep NULL: their movement is not known (the exports that held them expire).
CREATE INDEX "tally_sent_vouchers_day" ON "tally_sent_vouchers" USING btree ("user_id","ledger_key","day");
