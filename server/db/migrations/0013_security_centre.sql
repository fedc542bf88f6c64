ALTER TABLE "customers" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "delivery" text;