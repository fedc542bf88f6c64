CREATE TABLE "bonus_contributions" (
	"grant_id" bigint NOT NULL,
	"reference" text NOT NULL,
	"stake" bigint NOT NULL,
	"percent" integer NOT NULL,
	"weighted" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_contributions_grant_id_reference_pk" PRIMARY KEY("grant_id","reference")
);
--> statement-breakpoint
CREATE TABLE "bonus_grants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"offer_id" text NOT NULL,
	"kind" text NOT NULL,
	"account_id" bigint NOT NULL,
	"vertical" text NOT NULL,
	"amount" bigint NOT NULL,
	"multiple" integer NOT NULL,
	"wagering_required" bigint NOT NULL,
	"wagered" bigint DEFAULT 0 NOT NULL,
	"contribution" jsonb NOT NULL,
	"max_bet" bigint NOT NULL,
	"max_win" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"end_reason" text,
	"converted" bigint DEFAULT 0 NOT NULL,
	"forfeited" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "bonus_grants_multiple" CHECK ("bonus_grants"."multiple" BETWEEN 0 AND 10),
	CONSTRAINT "bonus_grants_amounts" CHECK ("bonus_grants"."amount" > 0 AND "bonus_grants"."max_bet" > 0 AND "bonus_grants"."max_win" > 0 AND "bonus_grants"."wagered" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bonus_stakes" (
	"reference" text NOT NULL,
	"grant_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"stake" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_stakes_reference_grant_id_pk" PRIMARY KEY("reference","grant_id"),
	CONSTRAINT "bonus_stakes_amount" CHECK ("bonus_stakes"."amount" > 0 AND "bonus_stakes"."amount" <= "bonus_stakes"."stake")
);
--> statement-breakpoint
CREATE TABLE "promo_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"terms" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bonus_contributions" ADD CONSTRAINT "bonus_contributions_grant_id_bonus_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."bonus_grants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD CONSTRAINT "bonus_grants_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD CONSTRAINT "bonus_grants_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bonus_stakes" ADD CONSTRAINT "bonus_stakes_grant_id_bonus_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."bonus_grants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "bonus_grants_customer" ON "bonus_grants" USING btree ("customer_id","status");
--> statement-breakpoint
CREATE INDEX "bonus_grants_expiry" ON "bonus_grants" USING btree ("status","expires_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_grants_offer" ON "bonus_grants" USING btree ("customer_id","offer_id");
--> statement-breakpoint
CREATE TABLE "rebate_days" (
	"day" text PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rebates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"day" text NOT NULL,
	"vertical" text NOT NULL,
	"turnover" bigint NOT NULL,
	"basis_points" integer NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "rebates_amount" CHECK ("rebates"."amount" > 0 AND "rebates"."turnover" > 0)
);
--> statement-breakpoint
ALTER TABLE "rebates" ADD CONSTRAINT "rebates_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "rebates_once" ON "rebates" USING btree ("customer_id","day","vertical");
--> statement-breakpoint
CREATE INDEX "rebates_player" ON "rebates" USING btree ("customer_id","status");
