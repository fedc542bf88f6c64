CREATE TABLE "feed_state" (
	"feed" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"format" integer NOT NULL,
	"state" "bytea" NOT NULL,
	"writer" text NOT NULL,
	"saved_at" timestamp with time zone NOT NULL
);
