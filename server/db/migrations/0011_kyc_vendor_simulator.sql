CREATE TABLE "kyc_sim_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_sim_transactions" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"biz_id" text NOT NULL,
	"user_id" text NOT NULL,
	"doc_type" integer NOT NULL,
	"doc_code" text NOT NULL,
	"flow_type" text NOT NULL,
	"state" text DEFAULT 'INIT' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"doc_image" "bytea",
	"face_image" "bytea",
	"ocr" jsonb,
	"face_score" integer,
	"confirmed" jsonb,
	"decision" jsonb,
	"review" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "kyc_sim_webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_answer" integer,
	"state" text DEFAULT 'waiting' NOT NULL,
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "kyc_sim_transactions_state" ON "kyc_sim_transactions" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "kyc_sim_webhooks_due" ON "kyc_sim_webhooks" USING btree ("due_at") WHERE "kyc_sim_webhooks"."due_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "kyc_sim_webhooks_transaction" ON "kyc_sim_webhooks" USING btree ("transaction_id");