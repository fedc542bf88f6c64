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
CREATE TABLE "reconciliation_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"window_from" timestamp with time zone NOT NULL,
	"window_to" timestamp with time zone NOT NULL,
	"checked" integer NOT NULL,
	"mismatch_count" integer NOT NULL,
	"mismatches" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_redemptions" (
	"voucher_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"transaction_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_redemptions_voucher_id_customer_id_pk" PRIMARY KEY("voucher_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"code_tail" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"customer_id" bigint,
	"max_uses" integer DEFAULT 1 NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"issued_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_kind" CHECK ("vouchers"."kind" IN ('deposit', 'promo', 'giftcard')),
	CONSTRAINT "vouchers_amount_positive" CHECK ("vouchers"."amount" > 0),
	CONSTRAINT "vouchers_uses" CHECK ("vouchers"."uses" >= 0 AND "vouchers"."uses" <= "vouchers"."max_uses")
);
--> statement-breakpoint
ALTER TABLE "deposit_receipts" ADD CONSTRAINT "deposit_receipts_order_id_deposit_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."deposit_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_cash_ins_code" ON "agent_cash_ins" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_cash_ins_reference" ON "agent_cash_ins" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "agent_cash_ins_callback_due" ON "agent_cash_ins" USING btree ("callback_due_at") WHERE "agent_cash_ins"."callback_due_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reconciliation_reports_ran_at" ON "reconciliation_reports" USING btree ("ran_at");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_redemptions_transaction" ON "voucher_redemptions" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "voucher_redemptions_customer" ON "voucher_redemptions" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_hash" ON "vouchers" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "vouchers_customer" ON "vouchers" USING btree ("customer_id");