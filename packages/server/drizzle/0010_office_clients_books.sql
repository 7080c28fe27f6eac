-- The office's clients, their bank accounts, one continuous book per account, and per-client ledger
-- rules and memory (issue 13, clients part; docs/decisions/051). Written by hand like 0002 and 0007.
-- Every table carries user_id so each query is scoped by the signed-in user without a join.
-- statement_id columns name H3's statement_results rows without a foreign key on purpose: a book
-- row is the account's record and outlives the read result it came from (results may expire).
CREATE TABLE "office_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"tally_company" text DEFAULT '' NOT NULL,
	"state_code" text NOT NULL,
	"gstin" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "office_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"bank" text NOT NULL,
	"account_number" text NOT NULL,
	"account_digits" text NOT NULL,
	"tally_ledger" text NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_statements" (
	"account_id" uuid NOT NULL,
	"statement_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"period_from" text,
	"period_to" text,
	"rows" integer NOT NULL,
	"added" integer NOT NULL,
	"recognised" integer NOT NULL,
	"filed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_statements_pk" PRIMARY KEY("account_id","statement_id")
);
--> statement-breakpoint
CREATE TABLE "book_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"date" text NOT NULL,
	"description" text NOT NULL,
	"withdrawal" bigint NOT NULL,
	"deposit" bigint NOT NULL,
	"balance" bigint,
	"reference" text,
	"statement_id" uuid NOT NULL,
	"ledger" text DEFAULT '' NOT NULL,
	"ledger_source" text,
	"ledger_reason" text DEFAULT '' NOT NULL,
	"voucher_type" text,
	"pushed_at" timestamp with time zone,
	"push_id" uuid,
	CONSTRAINT "book_rows_ledger_source_known" CHECK ("ledger_source" IS NULL OR "ledger_source" IN ('rule', 'memory', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "book_pushes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"rows" integer NOT NULL,
	"vouchers" integer NOT NULL,
	"export_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"words" jsonb NOT NULL,
	"match" text NOT NULL,
	"direction" text NOT NULL,
	"min_paise" bigint,
	"max_paise" bigint,
	"ledger" text NOT NULL,
	"voucher_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_ledger_memory" (
	"client_id" uuid NOT NULL,
	"key" text NOT NULL,
	"ledger" text NOT NULL,
	"uses" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_ledger_memory_pk" PRIMARY KEY("client_id","key")
);
--> statement-breakpoint
CREATE TABLE "unfiled_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid,
	"statement_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"bank" text DEFAULT '' NOT NULL,
	"account_number" text DEFAULT '' NOT NULL,
	"rows" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "office_clients" ADD CONSTRAINT "office_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_accounts" ADD CONSTRAINT "office_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_accounts" ADD CONSTRAINT "office_accounts_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."office_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_statements" ADD CONSTRAINT "account_statements_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."office_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_statements" ADD CONSTRAINT "account_statements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_rows" ADD CONSTRAINT "book_rows_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."office_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_rows" ADD CONSTRAINT "book_rows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_pushes" ADD CONSTRAINT "book_pushes_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."office_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_pushes" ADD CONSTRAINT "book_pushes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_rules" ADD CONSTRAINT "client_rules_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."office_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_rules" ADD CONSTRAINT "client_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_ledger_memory" ADD CONSTRAINT "client_ledger_memory_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."office_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unfiled_statements" ADD CONSTRAINT "unfiled_statements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unfiled_statements" ADD CONSTRAINT "unfiled_statements_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."office_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "office_clients_user_name" ON "office_clients" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "office_accounts_user_digits" ON "office_accounts" USING btree ("user_id","account_digits");--> statement-breakpoint
CREATE UNIQUE INDEX "office_accounts_client_digits" ON "office_accounts" USING btree ("client_id","account_digits");--> statement-breakpoint
CREATE INDEX "book_rows_account_position" ON "book_rows" USING btree ("account_id","position");--> statement-breakpoint
CREATE INDEX "book_rows_account_unpushed" ON "book_rows" USING btree ("account_id") WHERE "pushed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "client_rules_client_position" ON "client_rules" USING btree ("client_id","position");--> statement-breakpoint
CREATE INDEX "unfiled_statements_user" ON "unfiled_statements" USING btree ("user_id","created_at");
