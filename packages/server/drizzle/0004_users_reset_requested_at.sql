ALTER TABLE "users" ADD COLUMN "reset_requested_at" timestamp with time zone;
