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
ALTER TABLE "casino_rounds" ADD CONSTRAINT "casino_rounds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_sessions" ADD CONSTRAINT "casino_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_transactions" ADD CONSTRAINT "casino_transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_transactions" ADD CONSTRAINT "casino_transactions_session_id_casino_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."casino_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_transactions" ADD CONSTRAINT "casino_transactions_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_transfers" ADD CONSTRAINT "casino_transfers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_transfers" ADD CONSTRAINT "casino_transfers_movement_id_pending_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."pending_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "casino_rounds_customer_round" ON "casino_rounds" USING btree ("customer_id","round_id");--> statement-breakpoint
CREATE INDEX "casino_rounds_customer_started" ON "casino_rounds" USING btree ("customer_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "casino_sessions_token" ON "casino_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "casino_sessions_customer" ON "casino_sessions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "casino_transactions_reference" ON "casino_transactions" USING btree ("reference_uuid");--> statement-breakpoint
CREATE INDEX "casino_transactions_round" ON "casino_transactions" USING btree ("customer_id","round_id");--> statement-breakpoint
CREATE INDEX "casino_transfers_pending" ON "casino_transfers" USING btree ("status") WHERE "casino_transfers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "casino_transfers_customer" ON "casino_transfers" USING btree ("customer_id","created_at");