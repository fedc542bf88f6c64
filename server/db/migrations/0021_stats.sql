CREATE TABLE "stat_assignments" (
	"experiment" text NOT NULL,
	"device_key" text NOT NULL,
	"group_name" text NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stat_assignments_experiment_device_key_pk" PRIMARY KEY("experiment","device_key")
);
--> statement-breakpoint
CREATE TABLE "stat_attributions" (
	"customer_id" bigint PRIMARY KEY NOT NULL,
	"session_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"first_touch" jsonb,
	"last_touch" jsonb,
	"partner" text DEFAULT '' NOT NULL,
	"visitor" text,
	"registered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_tracking_outbox" (
	"event_id" text PRIMARY KEY NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_sim_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_sim_ids" (
	"device_key" text PRIMARY KEY NOT NULL,
	"apps_flyer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stat_attributions" ADD CONSTRAINT "stat_attributions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stat_assignments_group" ON "stat_assignments" USING btree ("experiment","group_name");--> statement-breakpoint
CREATE INDEX "stat_attributions_registered" ON "stat_attributions" USING btree ("registered_at");--> statement-breakpoint
CREATE INDEX "stat_tracking_outbox_unsent" ON "stat_tracking_outbox" USING btree ("created_at") WHERE "stat_tracking_outbox"."sent_at" IS NULL;--> statement-breakpoint
-- Custom: the events, append-only, partitioned by class (each has its own retention) and then by Manila
-- day (a day past its retention is a partition dropped, not rows deleted). The daily partitions are made
-- ahead by the stats module's upkeep job and, for a late event, by the writer (server/modules/stats).
-- A primary key on a partitioned table must hold its partition keys: an event id is stored once per
-- class and day, and an event's class and day never change (its kind and its time).
CREATE TABLE "stat_events" (
	"class" text NOT NULL,
	"day" date NOT NULL,
	"id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"page" text,
	"route" text,
	"feature_id" text,
	"calendar_id" text,
	"stat_type" smallint,
	"experiment" text,
	"grp" text,
	"session_id" text,
	"visitor" text,
	"customer_id" bigint,
	"partner" text,
	"touches" jsonb,
	"push" jsonb,
	CONSTRAINT "stat_events_pk" PRIMARY KEY ("class", "day", "id"),
	CONSTRAINT "stat_events_class" CHECK ("class" IN ('analytics', 'necessary'))
) PARTITION BY LIST ("class");
--> statement-breakpoint
CREATE TABLE "stat_events_analytics" PARTITION OF "stat_events" FOR VALUES IN ('analytics') PARTITION BY RANGE ("day");
--> statement-breakpoint
CREATE TABLE "stat_events_necessary" PARTITION OF "stat_events" FOR VALUES IN ('necessary') PARTITION BY RANGE ("day");
--> statement-breakpoint
CREATE INDEX "stat_events_kind_day" ON "stat_events" ("kind", "day");
--> statement-breakpoint
-- Append-only: an event is never changed. Rows leave only with their partition (retention).
CREATE FUNCTION "stat_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'stat_events is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "stat_events_no_update" BEFORE UPDATE ON "stat_events" FOR EACH ROW EXECUTE FUNCTION "stat_events_append_only"();
