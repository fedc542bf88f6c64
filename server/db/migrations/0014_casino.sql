CREATE TABLE "casino_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"round_id" text NOT NULL,
	"game_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"game_name" text NOT NULL,
	"platform_code" text NOT NULL,
	"category" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"bet" bigint DEFAULT 0 NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "casino_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"user_name" text NOT NULL,
	"game_id" integer DEFAULT 0 NOT NULL,
	"game_code" text NOT NULL,
	"game_name" text DEFAULT '' NOT NULL,
	"platform_code" text NOT NULL,
	"category" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"max_expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "casino_transactions" (
	"transaction_uuid" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"session_id" bigint,
	"round_id" text NOT NULL,
	"reference_uuid" text,
	"supplier_transaction_id" text DEFAULT '' NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"ledger_transaction_id" bigint,
	"answer" json NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "casino_transfers" (
	"transfer_id" text PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"user_name" text NOT NULL,
	"platform_code" text NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"platform_balance" bigint,
	"movement_id" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_catalogue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"platform_code" text NOT NULL,
	"game_code" text NOT NULL,
	"data" jsonb NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_history" (
	"customer_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"last_played_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_history_customer_id_game_id_pk" PRIMARY KEY("customer_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_jackpot" (
	"name" text PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_likes" (
	"customer_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_likes_customer_id_game_id_pk" PRIMARY KEY("customer_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_platforms" (
	"platform_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"wallet" text NOT NULL,
	"position" integer NOT NULL,
	"listed" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_sim_pending_calls" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"body" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_sim_rounds" (
	"round_id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"game_code" text NOT NULL,
	"bet" bigint NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"draws" integer DEFAULT 0 NOT NULL,
	"state" jsonb,
	"view" jsonb,
	"outcome" text DEFAULT '' NOT NULL,
	"actions" jsonb NOT NULL,
	"jackpot_win" bigint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "game_sim_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"user" text NOT NULL,
	"token" text,
	"game_code" text NOT NULL,
	"platform_code" text NOT NULL,
	"currency" text NOT NULL,
	"mode" text NOT NULL,
	"client_seed" text NOT NULL,
	"next_server_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"lobby_url" text NOT NULL,
	"lang" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_sim_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_sim_wallet_moves" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"balance" bigint NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_sim_wallets" (
	"account" text PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "casino_rounds" ADD CONSTRAINT "casino_rounds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_sessions" ADD CONSTRAINT "casino_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_transactions" ADD CONSTRAINT "casino_transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_transactions" ADD CONSTRAINT "casino_transactions_session_id_casino_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."casino_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_transactions" ADD CONSTRAINT "casino_transactions_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_transfers" ADD CONSTRAINT "casino_transfers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_transfers" ADD CONSTRAINT "casino_transfers_movement_id_pending_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."pending_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_history" ADD CONSTRAINT "game_history_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_history" ADD CONSTRAINT "game_history_game_id_game_catalogue_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game_catalogue"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_likes" ADD CONSTRAINT "game_likes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_likes" ADD CONSTRAINT "game_likes_game_id_game_catalogue_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game_catalogue"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "casino_rounds_customer_round" ON "casino_rounds" USING btree ("customer_id","round_id");--> statement-breakpoint
CREATE INDEX "casino_rounds_customer_started" ON "casino_rounds" USING btree ("customer_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "casino_sessions_token" ON "casino_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "casino_sessions_customer" ON "casino_sessions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "casino_transactions_reference" ON "casino_transactions" USING btree ("reference_uuid");--> statement-breakpoint
CREATE INDEX "casino_transactions_round" ON "casino_transactions" USING btree ("customer_id","round_id");--> statement-breakpoint
CREATE INDEX "casino_transfers_pending" ON "casino_transfers" USING btree ("status") WHERE "casino_transfers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "casino_transfers_customer" ON "casino_transfers" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_catalogue_code" ON "game_catalogue" USING btree ("platform_code","game_code");--> statement-breakpoint
CREATE INDEX "game_history_newest" ON "game_history" USING btree ("customer_id","last_played_at");--> statement-breakpoint
CREATE INDEX "game_likes_newest" ON "game_likes" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "game_sim_rounds_session" ON "game_sim_rounds" USING btree ("session_id","started_at");--> statement-breakpoint
CREATE INDEX "game_sim_rounds_unfinished" ON "game_sim_rounds" USING btree ("started_at") WHERE "game_sim_rounds"."status" IN ('open', 'betting');--> statement-breakpoint
CREATE INDEX "game_sim_sessions_user" ON "game_sim_sessions" USING btree ("user","created_at");--> statement-breakpoint
CREATE INDEX "game_table_bets_round" ON "game_table_bets" USING btree ("round_id","state");--> statement-breakpoint
CREATE INDEX "game_table_bets_session" ON "game_table_bets" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_table_bets_card" ON "game_table_bets" USING btree ("round_id","card_index");--> statement-breakpoint
CREATE UNIQUE INDEX "game_table_rounds_seq" ON "game_table_rounds" USING btree ("game_code","seq");--> statement-breakpoint
CREATE INDEX "game_table_seats_seen" ON "game_table_seats" USING btree ("game_code","seen_at");