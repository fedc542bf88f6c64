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
CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text,
	"kind" text,
	"verdict" text NOT NULL,
	"payload" text NOT NULL,
	"event" jsonb,
	"copies" integer DEFAULT 1 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD CONSTRAINT "deposit_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD CONSTRAINT "deposit_orders_movement_id_pending_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."pending_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD CONSTRAINT "deposit_orders_credit_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("credit_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_order_no" ON "deposit_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_checkout" ON "deposit_orders" USING btree ("provider","provider_checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_credit" ON "deposit_orders" USING btree ("credit_transaction_id");--> statement-breakpoint
CREATE INDEX "deposit_orders_customer" ON "deposit_orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "deposit_orders_open" ON "deposit_orders" USING btree ("expires_at") WHERE "deposit_orders"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_webhook_events_event" ON "payment_webhook_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_webhook_events_unhandled" ON "payment_webhook_events" USING btree ("received_at") WHERE "payment_webhook_events"."handled_at" IS NULL AND "payment_webhook_events"."verdict" = 'accepted';