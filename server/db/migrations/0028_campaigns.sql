CREATE TABLE "campaign_missions" (
	"id" text PRIMARY KEY NOT NULL,
	"definition" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mission_id" text NOT NULL REFERENCES "campaign_missions"("id"),
	"customer_id" bigint NOT NULL REFERENCES "customers"("id"),
	"joined_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'joined' NOT NULL,
	"claimed_at" timestamp with time zone,
	"grant_id" bigint REFERENCES "bonus_grants"("id"),
	CONSTRAINT "mission_entries_status" CHECK ("status" IN ('joined', 'claimed')),
	CONSTRAINT "mission_entries_claimed" CHECK (("status" = 'claimed') = ("claimed_at" IS NOT NULL AND "grant_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mission_entries_once" ON "mission_entries" USING btree ("mission_id","customer_id");
--> statement-breakpoint
CREATE INDEX "mission_entries_player" ON "mission_entries" USING btree ("customer_id");
--> statement-breakpoint
CREATE TABLE "campaign_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lucky_spins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL REFERENCES "customers"("id"),
	"source" text NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"spun_at" timestamp with time zone,
	"roll" bigint,
	"odds" jsonb,
	"prize_id" text,
	"prize_label" text,
	"amount" bigint,
	"grant_id" bigint REFERENCES "bonus_grants"("id"),
	CONSTRAINT "lucky_spins_amount" CHECK ("amount" IS NULL OR "amount" >= 0),
	CONSTRAINT "lucky_spins_spun" CHECK (("spun_at" IS NULL) = ("prize_id" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lucky_spins_once" ON "lucky_spins" USING btree ("customer_id","source");
--> statement-breakpoint
CREATE INDEX "lucky_spins_open" ON "lucky_spins" USING btree ("customer_id","spun_at");
--> statement-breakpoint
CREATE TABLE "campaign_tournaments" (
	"id" text PRIMARY KEY NOT NULL,
	"definition" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournament_payouts" (
	"tournament_id" text PRIMARY KEY NOT NULL REFERENCES "campaign_tournaments"("id"),
	"paid_at" timestamp with time zone NOT NULL,
	"standings" jsonb NOT NULL
);
