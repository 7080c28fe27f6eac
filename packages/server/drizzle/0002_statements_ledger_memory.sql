CREATE TABLE "ledger_memory" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"ledger" text NOT NULL,
	"uses" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_memory_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "tally_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"ledger_name" text NOT NULL,
	"company_name" text NOT NULL,
	"vouchers" integer NOT NULL,
	"xml" text NOT NULL,
	"tally_response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_memory" ADD CONSTRAINT "ledger_memory_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tally_exports" ADD CONSTRAINT "tally_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tally_exports_user_created" ON "tally_exports" USING btree ("user_id","created_at");
