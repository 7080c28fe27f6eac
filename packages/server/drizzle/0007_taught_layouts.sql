CREATE TABLE "taught_layouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"bank" text NOT NULL,
	"shape_key" text NOT NULL,
	"layout" jsonb NOT NULL,
	"signature" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "taught_layouts" ADD CONSTRAINT "taught_layouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "taught_layouts_user_shape" ON "taught_layouts" USING btree ("user_id","bank","shape_key");
