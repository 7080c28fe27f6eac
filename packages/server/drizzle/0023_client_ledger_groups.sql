-- The group chosen for a client's new ledger at a push (issue 34 round four, decision 053): the next
-- push needing that ledger takes it unasked; the last chosen is offered first for another.
CREATE TABLE "client_ledger_groups" (
	"client_id" uuid NOT NULL,
	"ledger_key" text NOT NULL,
	"ledger" text NOT NULL,
	"group_name" text NOT NULL,
	"chosen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_ledger_groups_pk" PRIMARY KEY("client_id","ledger_key")
);--> statement-breakpoint
ALTER TABLE "client_ledger_groups" ADD CONSTRAINT "client_ledger_groups_client_id_office_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."office_clients"("id") ON DELETE cascade ON UPDATE no action;
