CREATE TABLE "masskara_entries" (
	"customer_id" bigint PRIMARY KEY NOT NULL REFERENCES "customers"("id"),
	"joined_at" timestamp with time zone NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"exchanged_at" timestamp with time zone,
	"grant_id" bigint REFERENCES "bonus_grants"("id"),
	CONSTRAINT "masskara_entries_exchanged" CHECK (("exchanged_at" IS NULL) = ("grant_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "masskara_masks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL REFERENCES "customers"("id"),
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"stake" bigint NOT NULL,
	"earned_at" timestamp with time zone NOT NULL,
	"roll" bigint NOT NULL,
	"mask_id" text NOT NULL,
	"mask_label" text NOT NULL,
	"exchanged" boolean DEFAULT false NOT NULL,
	CONSTRAINT "masskara_masks_kind" CHECK ("kind" IN ('bet', 'round')),
	CONSTRAINT "masskara_masks_stake" CHECK ("stake" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "masskara_masks_once" ON "masskara_masks" USING btree ("customer_id","source");
--> statement-breakpoint
CREATE TABLE "raffles" (
	"id" text PRIMARY KEY NOT NULL,
	"definition" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "raffle_draws" (
	"raffle_id" text PRIMARY KEY NOT NULL REFERENCES "raffles"("id"),
	"drawn_at" timestamp with time zone NOT NULL,
	"entries" jsonb NOT NULL,
	"winners" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "raffle_draws_drawn" ON "raffle_draws" USING btree ("drawn_at");
