-- An office with a team (issue 35, decision 054): members and roles, invitations, clients assigned
-- to accountants, months approved by a reviewer, and the audit trail of every change to a book.
CREATE TABLE "book_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"account_id" uuid,
	"month" text,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_assignments" (
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_assignments_pk" PRIMARY KEY("client_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "month_approvals" (
	"client_id" uuid NOT NULL,
	"month" text NOT NULL,
	"approved_by" uuid,
	"approved_by_name" text NOT NULL,
	"approved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "month_approvals_pk" PRIMARY KEY("client_id","month")
);
--> statement-breakpoint
CREATE TABLE "office_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"code_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "office_members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"office_id" uuid NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "book_rows" ADD COLUMN "changed_by_name" text;--> statement-breakpoint
ALTER TABLE "book_rows" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "book_changes" ADD CONSTRAINT "book_changes_client_id_office_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."office_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_changes" ADD CONSTRAINT "book_changes_account_id_office_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."office_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_changes" ADD CONSTRAINT "book_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_assignments" ADD CONSTRAINT "client_assignments_client_id_office_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."office_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_assignments" ADD CONSTRAINT "client_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_approvals" ADD CONSTRAINT "month_approvals_client_id_office_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."office_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_approvals" ADD CONSTRAINT "month_approvals_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_invitations" ADD CONSTRAINT "office_invitations_office_id_users_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_members" ADD CONSTRAINT "office_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_members" ADD CONSTRAINT "office_members_office_id_users_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_changes_client_at" ON "book_changes" USING btree ("client_id","at");--> statement-breakpoint
CREATE INDEX "client_assignments_user" ON "client_assignments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "office_invitations_email" ON "office_invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "office_invitations_office" ON "office_invitations" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "office_members_office" ON "office_members" USING btree ("office_id");
