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
CREATE INDEX "game_sim_rounds_session" ON "game_sim_rounds" USING btree ("session_id","started_at");--> statement-breakpoint
CREATE INDEX "game_sim_sessions_user" ON "game_sim_sessions" USING btree ("user","created_at");