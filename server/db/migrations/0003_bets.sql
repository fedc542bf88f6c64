CREATE TABLE "bet_combos" (
	"ticket_id" bigint NOT NULL,
	"combo_type" text NOT NULL,
	"size" smallint NOT NULL,
	"stake" bigint NOT NULL,
	"bets" integer NOT NULL,
	CONSTRAINT "bet_combos_ticket_id_combo_type_pk" PRIMARY KEY("ticket_id","combo_type"),
	CONSTRAINT "bet_combos_positive" CHECK ("bet_combos"."stake" > 0 AND "bet_combos"."bets" > 0)
);
--> statement-breakpoint
CREATE TABLE "bet_legs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" bigint NOT NULL,
	"leg_no" smallint NOT NULL,
	"market_id" text NOT NULL,
	"match_id" text NOT NULL,
	"sport_type_id" text NOT NULL,
	"league_id" text DEFAULT '' NOT NULL,
	"league_name" text DEFAULT '' NOT NULL,
	"home_name" text DEFAULT '' NOT NULL,
	"away_name" text DEFAULT '' NOT NULL,
	"kickoff" text NOT NULL,
	"key" text NOT NULL,
	"key_en" text NOT NULL,
	"bet_type" integer NOT NULL,
	"bet_type_name" text NOT NULL,
	"period_name" text DEFAULT '' NOT NULL,
	"point" double precision,
	"point2" double precision,
	"price_h" integer NOT NULL,
	"outcome" text DEFAULT 'running' NOT NULL,
	"score" text,
	"player_id" text,
	"player_name" text,
	"team_id" text,
	"team_name" text,
	"settled_at" timestamp with time zone,
	CONSTRAINT "bet_legs_outcome" CHECK ("bet_legs"."outcome" IN ('running', 'won', 'lost', 'void', 'halfWon', 'halfLost')),
	CONSTRAINT "bet_legs_price" CHECK ("bet_legs"."price_h" > 100)
);
--> statement-breakpoint
CREATE TABLE "bet_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"trans_id" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"wallet" text NOT NULL,
	"stake" bigint NOT NULL,
	"potential_return" bigint NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"odds_type" smallint NOT NULL,
	"accept_odds" text DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accept_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"reason" text,
	CONSTRAINT "bet_tickets_mode" CHECK ("bet_tickets"."mode" IN ('single', 'parlay', 'endingGame', 'outright', 'player')),
	CONSTRAINT "bet_tickets_status" CHECK ("bet_tickets"."status" IN ('waiting', 'running', 'reject', 'won', 'lost', 'void', 'halfWon', 'halfLost', 'cashout')),
	CONSTRAINT "bet_tickets_wallet" CHECK ("bet_tickets"."wallet" IN ('main', 'saba')),
	CONSTRAINT "bet_tickets_amounts" CHECK ("bet_tickets"."stake" > 0 AND "bet_tickets"."potential_return" >= 0 AND "bet_tickets"."payout" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bet_combos" ADD CONSTRAINT "bet_combos_ticket_id_bet_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."bet_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_legs" ADD CONSTRAINT "bet_legs_ticket_id_bet_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."bet_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_tickets" ADD CONSTRAINT "bet_tickets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bet_legs_ticket" ON "bet_legs" USING btree ("ticket_id","leg_no");--> statement-breakpoint
CREATE INDEX "bet_legs_match" ON "bet_legs" USING btree ("match_id","outcome");--> statement-breakpoint
CREATE INDEX "bet_legs_market" ON "bet_legs" USING btree ("market_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bet_tickets_trans_id" ON "bet_tickets" USING btree ("trans_id");--> statement-breakpoint
CREATE INDEX "bet_tickets_records" ON "bet_tickets" USING btree ("customer_id","status","created_at");--> statement-breakpoint
CREATE INDEX "bet_tickets_waiting" ON "bet_tickets" USING btree ("accept_at") WHERE "bet_tickets"."status" = 'waiting';