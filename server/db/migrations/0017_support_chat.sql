CREATE TABLE "support_attachments" (
	"key" text PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"customer_id" bigint,
	"visitor_session_id" bigint,
	"status" text DEFAULT 'open' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"context_summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"desk_conversation_id" text,
	"attributes_due" boolean DEFAULT false NOT NULL,
	"desk_updated_at" timestamp with time zone,
	"agent_name" text,
	"agent_seen_at" timestamp with time zone,
	"player_read_at" timestamp with time zone,
	"out_of_hours_at" timestamp with time zone,
	"rating" smallint,
	"rating_comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "support_conversations_status" CHECK ("support_conversations"."status" IN ('open', 'assigned', 'closed')),
	CONSTRAINT "support_conversations_owner" CHECK ("support_conversations"."customer_id" IS NOT NULL OR "support_conversations"."visitor_session_id" IS NOT NULL),
	CONSTRAINT "support_conversations_rating" CHECK ("support_conversations"."rating" IS NULL OR "support_conversations"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "support_desk_conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"assignee" text,
	"contact" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"contact_last_seen_at" timestamp with time zone,
	"agent_last_seen_at" timestamp with time zone,
	"contact_typing_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_desk_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"message_type" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"sender_name" text,
	"source_id" text,
	"attachment_type" text,
	"attachment" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_desk_webhooks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" text NOT NULL,
	"event" text NOT NULL,
	"body" text NOT NULL,
	"due_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"author" text NOT NULL,
	"client_message_id" text,
	"desk_message_id" text,
	"body" text DEFAULT '' NOT NULL,
	"image_key" text,
	"articles" jsonb,
	"agent_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"forwarded_at" timestamp with time zone,
	"forward_failures" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "support_messages_author" CHECK ("support_messages"."author" IN ('player', 'agent', 'system'))
);
--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_visitor_session_id_sessions_id_fk" FOREIGN KEY ("visitor_session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_desk_messages" ADD CONSTRAINT "support_desk_messages_conversation_id_support_desk_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_desk_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_attachments_conversation" ON "support_attachments" USING btree ("conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_public_id" ON "support_conversations" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_desk" ON "support_conversations" USING btree ("desk_conversation_id");--> statement-breakpoint
CREATE INDEX "support_conversations_customer" ON "support_conversations" USING btree ("customer_id","updated_at");--> statement-breakpoint
CREATE INDEX "support_conversations_visitor" ON "support_conversations" USING btree ("visitor_session_id","updated_at");--> statement-breakpoint
CREATE INDEX "support_conversations_desk_due" ON "support_conversations" USING btree ("id") WHERE "support_conversations"."desk_conversation_id" IS NULL OR "support_conversations"."attributes_due";--> statement-breakpoint
CREATE UNIQUE INDEX "support_desk_conversations_source" ON "support_desk_conversations" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "support_desk_conversations_status" ON "support_desk_conversations" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "support_desk_messages_source" ON "support_desk_messages" USING btree ("conversation_id","source_id");--> statement-breakpoint
CREATE INDEX "support_desk_messages_conversation" ON "support_desk_messages" USING btree ("conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_desk_webhooks_delivery" ON "support_desk_webhooks" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "support_desk_webhooks_due" ON "support_desk_webhooks" USING btree ("due_at") WHERE "support_desk_webhooks"."due_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "support_messages_client" ON "support_messages" USING btree ("conversation_id","client_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_messages_desk" ON "support_messages" USING btree ("conversation_id","desk_message_id");--> statement-breakpoint
CREATE INDEX "support_messages_client_id" ON "support_messages" USING btree ("client_message_id");--> statement-breakpoint
CREATE INDEX "support_messages_conversation" ON "support_messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "support_messages_forward_due" ON "support_messages" USING btree ("id") WHERE "support_messages"."author" = 'player' AND "support_messages"."forwarded_at" IS NULL;