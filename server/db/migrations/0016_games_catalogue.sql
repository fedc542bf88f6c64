CREATE TABLE "game_catalogue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"platform_code" text NOT NULL,
	"game_code" text NOT NULL,
	"data" jsonb NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_history" (
	"customer_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"last_played_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_history_customer_id_game_id_pk" PRIMARY KEY("customer_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_jackpot" (
	"name" text PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_likes" (
	"customer_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_likes_customer_id_game_id_pk" PRIMARY KEY("customer_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_platforms" (
	"platform_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"wallet" text NOT NULL,
	"position" integer NOT NULL,
	"listed" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_history" ADD CONSTRAINT "game_history_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_history" ADD CONSTRAINT "game_history_game_id_game_catalogue_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game_catalogue"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_likes" ADD CONSTRAINT "game_likes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_likes" ADD CONSTRAINT "game_likes_game_id_game_catalogue_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game_catalogue"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_catalogue_code" ON "game_catalogue" USING btree ("platform_code","game_code");--> statement-breakpoint
CREATE INDEX "game_history_newest" ON "game_history" USING btree ("customer_id","last_played_at");--> statement-breakpoint
CREATE INDEX "game_likes_newest" ON "game_likes" USING btree ("customer_id","created_at");