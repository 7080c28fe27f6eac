-- Sheet mappings per client (issue 35 round five, decision 057): the columns of a bank file marked
-- for a client are kept with it. A mapping with a client is tried first on that client's files, then
-- the office's mappings of no client, then other clients' (a bank's export reused across clients).
-- NULL: the office's, for every client (every mapping and PDF layout saved before).
ALTER TABLE "taught_layouts" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "taught_layouts" ADD CONSTRAINT "taught_layouts_client_id_office_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."office_clients"("id") ON DELETE cascade ON UPDATE no action;
