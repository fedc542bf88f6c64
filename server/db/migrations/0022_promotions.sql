ALTER TABLE "promo_offers" ADD COLUMN "claimed" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "promo_offers" ADD CONSTRAINT "promo_offers_claimed" CHECK ("promo_offers"."claimed" >= 0);
--> statement-breakpoint
CREATE TABLE "free_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"source" text NOT NULL,
	"title" text NOT NULL,
	"amount" bigint NOT NULL,
	"min_odds_hundredths" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"reference" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"won" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "free_bets_amount" CHECK ("free_bets"."amount" > 0 AND "free_bets"."min_odds_hundredths" > 100 AND "free_bets"."won" >= 0),
	CONSTRAINT "free_bets_status" CHECK ("free_bets"."status" IN ('active', 'used', 'settled'))
);
--> statement-breakpoint
ALTER TABLE "free_bets" ADD CONSTRAINT "free_bets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "free_bets_once" ON "free_bets" USING btree ("customer_id","source");
--> statement-breakpoint
CREATE UNIQUE INDEX "free_bets_reference" ON "free_bets" USING btree ("reference");
--> statement-breakpoint
CREATE INDEX "free_bets_player" ON "free_bets" USING btree ("customer_id","status");
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"customer_id" bigint NOT NULL,
	"day" text NOT NULL,
	"streak" integer NOT NULL,
	"free_bet_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_ins_customer_id_day_pk" PRIMARY KEY("customer_id","day"),
	CONSTRAINT "check_ins_streak" CHECK ("check_ins"."streak" >= 1)
);
--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_free_bet_id_free_bets_id_fk" FOREIGN KEY ("free_bet_id") REFERENCES "public"."free_bets"("id") ON DELETE no action ON UPDATE no action;
