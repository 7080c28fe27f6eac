CREATE TABLE "tally_sent_vouchers" (
	"user_id" uuid NOT NULL,
	"company_key" text NOT NULL,
	"ledger_key" text NOT NULL,
	"remote_id" text NOT NULL,
	"how" text NOT NULL,
	"export_id" uuid,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "tally_sent_vouchers_user_id_ledger_key_remote_id_company_key_pk" PRIMARY KEY("user_id","ledger_key","remote_id","company_key")
);
--> statement-breakpoint
ALTER TABLE "tally_sent_vouchers" ADD CONSTRAINT "tally_sent_vouchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
