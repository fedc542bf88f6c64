CREATE TABLE "ndrp_sim_listings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_no" text NOT NULL,
	"kind" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"name_key" text NOT NULL,
	"birthday" text NOT NULL,
	"mobile" text,
	"id_key" text,
	"relation" text,
	"reason" text DEFAULT '' NOT NULL,
	"listed_at" timestamp with time zone NOT NULL,
	"until" timestamp with time zone,
	"filed_by" text DEFAULT 'pagcor' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ndrp_sim_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_no" text NOT NULL,
	"relation" text NOT NULL,
	"requester_name" text NOT NULL,
	"requester_contact" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birthday" text NOT NULL,
	"mobile" text,
	"id_number" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operator_switches" (
	"key" text PRIMARY KEY NOT NULL,
	"withdraw_only" boolean NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rg_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"limit" text NOT NULL,
	"value" bigint,
	"requested_at" timestamp with time zone NOT NULL,
	"confirmable_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "rg_changes_status" CHECK ("rg_changes"."status" IN ('pending', 'applied', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "rg_declarations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"context" text NOT NULL,
	"barred" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"declared_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rg_declarations_context" CHECK ("rg_declarations"."context" IN ('registration', 'kyc'))
);
--> statement-breakpoint
CREATE TABLE "rg_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"limit" text,
	"value" bigint,
	"until" timestamp with time zone,
	"category" text,
	"period" text,
	"source" text DEFAULT 'player' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rg_players" (
	"customer_id" bigint PRIMARY KEY NOT NULL,
	"deposit_day" bigint,
	"deposit_week" bigint,
	"deposit_month" bigint,
	"loss_day" bigint,
	"loss_week" bigint,
	"loss_month" bigint,
	"session_minutes" integer,
	"reality_minutes" integer,
	"inactivity_minutes" integer,
	"play_started_at" timestamp with time zone,
	"reality_due_at" timestamp with time zone,
	"break_until" timestamp with time zone,
	"exclusion_started_at" timestamp with time zone,
	"exclusion_until" timestamp with time zone,
	"exclusion_locked_until" timestamp with time zone,
	"restricted_at" timestamp with time zone,
	"barred_at" timestamp with time zone,
	"categories_off" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"marketing_off_until" timestamp with time zone,
	"offer_registration_at" timestamp with time zone,
	"offer_first_deposit_at" timestamp with time zone,
	"exclusion_filed_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rg_players_deposit_day" CHECK ("rg_players"."deposit_day" IS NULL OR "rg_players"."deposit_day" BETWEEN 10000 AND 1000000000),
	CONSTRAINT "rg_players_deposit_week" CHECK ("rg_players"."deposit_week" IS NULL OR "rg_players"."deposit_week" BETWEEN 10000 AND 1000000000),
	CONSTRAINT "rg_players_deposit_month" CHECK ("rg_players"."deposit_month" IS NULL OR "rg_players"."deposit_month" BETWEEN 10000 AND 1000000000),
	CONSTRAINT "rg_players_loss_day" CHECK ("rg_players"."loss_day" IS NULL OR "rg_players"."loss_day" BETWEEN 10000 AND 1000000000),
	CONSTRAINT "rg_players_loss_week" CHECK ("rg_players"."loss_week" IS NULL OR "rg_players"."loss_week" BETWEEN 10000 AND 1000000000),
	CONSTRAINT "rg_players_loss_month" CHECK ("rg_players"."loss_month" IS NULL OR "rg_players"."loss_month" BETWEEN 10000 AND 1000000000),
	CONSTRAINT "rg_players_session_minutes" CHECK ("rg_players"."session_minutes" IS NULL OR "rg_players"."session_minutes" BETWEEN 15 AND 1440),
	CONSTRAINT "rg_players_reality_minutes" CHECK ("rg_players"."reality_minutes" IS NULL OR "rg_players"."reality_minutes" IN (15, 30, 60)),
	CONSTRAINT "rg_players_inactivity_minutes" CHECK ("rg_players"."inactivity_minutes" IS NULL OR "rg_players"."inactivity_minutes" IN (5, 15, 30, 60))
);
--> statement-breakpoint
CREATE TABLE "rg_restrictions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"source" text NOT NULL,
	"listing_no" text NOT NULL,
	"listing_kind" text NOT NULL,
	"matched_on" jsonb NOT NULL,
	"held_amount" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'review' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	CONSTRAINT "rg_restrictions_status" CHECK ("rg_restrictions"."status" IN ('review', 'released', 'forfeited')),
	CONSTRAINT "rg_restrictions_held" CHECK ("rg_restrictions"."held_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rg_screenings" (
	"day" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"screened" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "scope" text;--> statement-breakpoint
ALTER TABLE "rg_changes" ADD CONSTRAINT "rg_changes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_declarations" ADD CONSTRAINT "rg_declarations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_history" ADD CONSTRAINT "rg_history_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_players" ADD CONSTRAINT "rg_players_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_restrictions" ADD CONSTRAINT "rg_restrictions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ndrp_sim_listings_no" ON "ndrp_sim_listings" USING btree ("listing_no");--> statement-breakpoint
CREATE INDEX "ndrp_sim_listings_name" ON "ndrp_sim_listings" USING btree ("name_key","birthday");--> statement-breakpoint
CREATE INDEX "ndrp_sim_listings_mobile" ON "ndrp_sim_listings" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "ndrp_sim_listings_id" ON "ndrp_sim_listings" USING btree ("id_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ndrp_sim_requests_no" ON "ndrp_sim_requests" USING btree ("request_no");--> statement-breakpoint
CREATE UNIQUE INDEX "rg_changes_one_pending" ON "rg_changes" USING btree ("customer_id","limit") WHERE "rg_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "rg_declarations_player" ON "rg_declarations" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "rg_history_player" ON "rg_history" USING btree ("customer_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "rg_restrictions_listing" ON "rg_restrictions" USING btree ("customer_id","listing_no");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_scope" CHECK ("sessions"."scope" IS NULL OR "sessions"."scope" IN ('withdraw'));