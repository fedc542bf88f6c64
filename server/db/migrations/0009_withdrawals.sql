CREATE TABLE "payment_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"account_type" smallint NOT NULL,
	"account_no_encrypted" text NOT NULL,
	"account_no_last4" text NOT NULL,
	"account_no_hash" text NOT NULL,
	"account_name" text NOT NULL,
	"bank_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "payment_accounts_type" CHECK ("payment_accounts"."account_type" IN (0, 11, 12))
);
--> statement-breakpoint
CREATE TABLE "withdrawal_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"payment_account_id" bigint,
	"channel" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"destination" text NOT NULL,
	"provider" text NOT NULL,
	"payout_key" text NOT NULL,
	"payout_id" text,
	"rail" text,
	"claim_code" text,
	"failure_code" text,
	"message" text,
	"split_group" text,
	"hold_transaction_id" bigint,
	"settle_transaction_id" bigint,
	"return_transaction_id" bigint,
	"pending_movement_id" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"expected_by" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "withdrawal_orders_amount" CHECK ("withdrawal_orders"."amount" > 0),
	CONSTRAINT "withdrawal_orders_status" CHECK ("withdrawal_orders"."status" IN ('pending', 'processing', 'paid', 'failed', 'reversed')),
	CONSTRAINT "withdrawal_orders_channel" CHECK ("withdrawal_orders"."channel" IN ('gcash', 'maya', 'bank', 'agent'))
);
--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_orders" ADD CONSTRAINT "withdrawal_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_orders" ADD CONSTRAINT "withdrawal_orders_payment_account_id_payment_accounts_id_fk" FOREIGN KEY ("payment_account_id") REFERENCES "public"."payment_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_orders" ADD CONSTRAINT "withdrawal_orders_hold_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("hold_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_orders" ADD CONSTRAINT "withdrawal_orders_settle_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("settle_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_orders" ADD CONSTRAINT "withdrawal_orders_return_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("return_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_orders" ADD CONSTRAINT "withdrawal_orders_pending_movement_id_pending_movements_id_fk" FOREIGN KEY ("pending_movement_id") REFERENCES "public"."pending_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_accounts_owner" ON "payment_accounts" USING btree ("customer_id","account_type");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_one_number" ON "payment_accounts" USING btree ("customer_id","account_type","account_no_hash") WHERE "payment_accounts"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_orders_order_no" ON "withdrawal_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_orders_payout_key" ON "withdrawal_orders" USING btree ("payout_key");--> statement-breakpoint
CREATE INDEX "withdrawal_orders_customer" ON "withdrawal_orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawal_orders_account" ON "withdrawal_orders" USING btree ("payment_account_id","status");--> statement-breakpoint
CREATE INDEX "withdrawal_orders_due" ON "withdrawal_orders" USING btree ("next_attempt_at") WHERE "withdrawal_orders"."next_attempt_at" IS NOT NULL;