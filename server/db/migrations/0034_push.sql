-- Web Push (issue 38). A browser's subscription belongs to the player who subscribed it last (the
-- endpoint is unique); a player's per-kind switches; and the deliveries, one row per subscription and
-- event (the unique key is what makes two instances hearing the same event send it once), retried until
-- sent or given up, a subscription answered 404/410 deleted with its deliveries.
CREATE TABLE "push_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_lang" CHECK ("lang" IN ('en', 'cn')),
	CONSTRAINT "push_subscriptions_endpoint_form" CHECK ("endpoint" ~ '^https?://' AND length("endpoint") <= 1000)
);--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_customer" ON "push_subscriptions" USING btree ("customer_id");--> statement-breakpoint
CREATE TABLE "push_settings" (
	"customer_id" bigint PRIMARY KEY NOT NULL,
	"bet_settled" boolean DEFAULT true NOT NULL,
	"cashout" boolean DEFAULT true NOT NULL,
	"withdrawal" boolean DEFAULT true NOT NULL,
	"kyc" boolean DEFAULT true NOT NULL,
	"deposit_limit" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "push_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" bigint NOT NULL REFERENCES "push_subscriptions"("id") ON DELETE CASCADE,
	"event_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_status" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_deliveries_attempts" CHECK ("attempts" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "push_deliveries_event" ON "push_deliveries" USING btree ("subscription_id", "event_key");--> statement-breakpoint
CREATE INDEX "push_deliveries_due" ON "push_deliveries" USING btree ("next_attempt_at") WHERE "sent_at" IS NULL AND "failed_at" IS NULL;
