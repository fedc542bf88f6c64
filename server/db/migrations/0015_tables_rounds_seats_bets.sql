CREATE TABLE "game_table_bets" (
	"id" text PRIMARY KEY NOT NULL,
	"round_id" text NOT NULL,
	"game_code" text NOT NULL,
	"session_id" text NOT NULL,
	"user_id" text NOT NULL,
	"spot" jsonb NOT NULL,
	"label" text NOT NULL,
	"amount" bigint NOT NULL,
	"card_index" integer,
	"state" text NOT NULL,
	"refusal" text,
	"win" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "game_table_rounds" (
	"id" text PRIMARY KEY NOT NULL,
	"game_code" text NOT NULL,
	"engine" text NOT NULL,
	"seq" integer NOT NULL,
	"phase" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"result_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"called" integer DEFAULT 0 NOT NULL,
	"cards" integer DEFAULT 0 NOT NULL,
	"pocket" integer,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "game_table_seats" (
	"game_code" text NOT NULL,
	"session_id" text NOT NULL,
	"user_id" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_table_seats_game_code_session_id_pk" PRIMARY KEY("game_code","session_id")
);
--> statement-breakpoint
CREATE INDEX "game_table_bets_round" ON "game_table_bets" USING btree ("round_id","state");--> statement-breakpoint
CREATE INDEX "game_table_bets_session" ON "game_table_bets" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_table_bets_card" ON "game_table_bets" USING btree ("round_id","card_index");--> statement-breakpoint
CREATE UNIQUE INDEX "game_table_rounds_seq" ON "game_table_rounds" USING btree ("game_code","seq");--> statement-breakpoint
CREATE INDEX "game_table_seats_seen" ON "game_table_seats" USING btree ("game_code","seen_at");