CREATE TABLE "partner_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"host_user_id" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_links_host" CHECK ("partner_links"."host" ~ '^[a-z][a-z0-9-]{1,31}$'),
	CONSTRAINT "partner_links_host_user_length" CHECK (length("partner_links"."host_user_id") BETWEEN 1 AND 128)
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "host" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_links" ADD CONSTRAINT "partner_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_links_host_user" ON "partner_links" USING btree ("host","host_user_id");--> statement-breakpoint
CREATE INDEX "partner_links_customer" ON "partner_links" USING btree ("customer_id");
