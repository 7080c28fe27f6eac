CREATE TABLE "office_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid,
	"drop_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"pages_done" integer DEFAULT 0 NOT NULL,
	"pages_total" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"bank" text,
	"account_number" text,
	"period_from" text,
	"period_to" text,
	"rows" integer,
	"reconciled" boolean,
	"pages_charged" integer DEFAULT 0 NOT NULL,
	"reason_code" text,
	"reason" text,
	"statement_id" uuid,
	"account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "office_jobs_state_known" CHECK ("state" IN ('queued', 'reading', 'needs_password', 'read', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "office_uploads" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"bytes" bytea NOT NULL
);
--> statement-breakpoint
ALTER TABLE "office_jobs" ADD CONSTRAINT "office_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_uploads" ADD CONSTRAINT "office_uploads_job_id_office_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."office_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "office_jobs_user_client_created" ON "office_jobs" USING btree ("user_id","client_id","created_at");--> statement-breakpoint
CREATE INDEX "office_jobs_user_state" ON "office_jobs" USING btree ("user_id","state");
