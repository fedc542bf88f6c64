-- Social login (issue 36): a Google or Apple identity bound to an account keeps what the provider said
-- (its e-mail and name: Apple sends the name only at the first sign-in), and a player binds at most one
-- identity per provider.
ALTER TABLE "partner_links" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_links" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_links" ADD CONSTRAINT "partner_links_email_length" CHECK (length("partner_links"."email") <= 320);--> statement-breakpoint
ALTER TABLE "partner_links" ADD CONSTRAINT "partner_links_name_length" CHECK (length("partner_links"."name") <= 120);--> statement-breakpoint
CREATE UNIQUE INDEX "partner_links_social_customer" ON "partner_links" USING btree ("host","customer_id") WHERE "host" IN ('google', 'apple');
