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
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_redemptions_transaction" ON "voucher_redemptions" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "voucher_redemptions_customer" ON "voucher_redemptions" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_hash" ON "vouchers" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "vouchers_customer" ON "vouchers" USING btree ("customer_id");