CREATE TABLE "chat_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"match_id" text NOT NULL,
	"customer_id" bigint,
	"nick_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_match" ON "chat_messages" USING btree ("match_id","created_at");