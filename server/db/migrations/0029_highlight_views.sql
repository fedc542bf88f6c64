CREATE TABLE "highlight_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL REFERENCES "customers"("id"),
	"clip_id" text NOT NULL,
	"sport_type_id" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"watched_at" timestamp with time zone,
	CONSTRAINT "highlight_views_duration" CHECK ("duration_seconds" > 0),
	CONSTRAINT "highlight_views_whole" CHECK ("watched_at" IS NULL OR "watched_at" >= "opened_at" + "duration_seconds" * interval '1 second')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "highlight_views_once" ON "highlight_views" USING btree ("customer_id","clip_id");
