CREATE TABLE "agent_cash_ins" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"store" text,
	"callback_attempts" integer DEFAULT 0 NOT NULL,
	"callback_due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"pay_type" text NOT NULL,
	"channel_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_checkout_id" text,
	"checkout_url" text,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text,
	"failure_code" text,
	"movement_id" bigint,
	"credit_transaction_id" bigint,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "deposit_orders_amount_positive" CHECK ("deposit_orders"."amount" > 0),
	CONSTRAINT "deposit_orders_order_no_length" CHECK (length("deposit_orders"."order_no") BETWEEN 8 AND 64),
	CONSTRAINT "deposit_orders_status" CHECK ("deposit_orders"."status" IN ('pending', 'paid', 'failed', 'expired', 'cancelled', 'reviewing', 'rejected')),
	CONSTRAINT "deposit_orders_pay_type" CHECK ("deposit_orders"."pay_type" IN ('gcash', 'maya', 'bank', 'voucher', 'agent'))
);
--> statement-breakpoint
CREATE TABLE "deposit_receipts" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"media_key" text NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "deposit_receipts_media_key" UNIQUE("media_key")
);
--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD CONSTRAINT "deposit_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD CONSTRAINT "deposit_orders_movement_id_pending_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."pending_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD CONSTRAINT "deposit_orders_credit_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("credit_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_receipts" ADD CONSTRAINT "deposit_receipts_order_id_deposit_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."deposit_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_cash_ins_code" ON "agent_cash_ins" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_cash_ins_reference" ON "agent_cash_ins" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "agent_cash_ins_callback_due" ON "agent_cash_ins" USING btree ("callback_due_at") WHERE "agent_cash_ins"."callback_due_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_order_no" ON "deposit_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_checkout" ON "deposit_orders" USING btree ("provider","provider_checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_credit" ON "deposit_orders" USING btree ("credit_transaction_id");--> statement-breakpoint
CREATE INDEX "deposit_orders_customer" ON "deposit_orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "deposit_orders_open" ON "deposit_orders" USING btree ("expires_at") WHERE "deposit_orders"."status" = 'pending';