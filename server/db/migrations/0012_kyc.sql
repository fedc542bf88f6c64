CREATE TABLE "kyc_face_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"transaction_id" text,
	"event" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_images" (
	"key" text PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"verification_id" bigint,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"data" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_profiles" (
	"customer_id" bigint PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"province" text,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"address" text,
	"occupation" text NOT NULL,
	"source_of_income" text NOT NULL,
	"first_id_type" smallint NOT NULL,
	"first_id_no" text NOT NULL,
	"first_id_scan" text NOT NULL,
	"face_id" text NOT NULL,
	"second_id_type" smallint,
	"second_id_no" text,
	"second_id_scan" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_states" (
	"customer_id" bigint PRIMARY KEY NOT NULL,
	"ekyc_status" smallint DEFAULT -1 NOT NULL,
	"old_kyc_status" smallint DEFAULT -1 NOT NULL,
	"reject_code" text,
	"reject_type" text,
	"reject_reason" text DEFAULT '' NOT NULL,
	"refuse_init" boolean DEFAULT false NOT NULL,
	"verification_id" bigint,
	"last_face_match_at" timestamp with time zone,
	"last_event_at_ms" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_states_status" CHECK ("kyc_states"."ekyc_status" BETWEEN -1 AND 4)
);
--> statement-breakpoint
CREATE TABLE "kyc_verifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"biz_id" text NOT NULL,
	"kind" text NOT NULL,
	"transaction_id" text NOT NULL,
	"doc_type" smallint NOT NULL,
	"state" text DEFAULT 'started' NOT NULL,
	"id_type" smallint,
	"id_no_hash" text,
	"fields" text,
	"ocr" text,
	"face_score" integer,
	"face_passed" boolean,
	"reject_code" text,
	"reject_type" text,
	"staff_comment" text,
	"expires_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kyc_face_logs" ADD CONSTRAINT "kyc_face_logs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_images" ADD CONSTRAINT "kyc_images_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_images" ADD CONSTRAINT "kyc_images_verification_id_kyc_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."kyc_verifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_profiles" ADD CONSTRAINT "kyc_profiles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_states" ADD CONSTRAINT "kyc_states_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD CONSTRAINT "kyc_verifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_face_logs_customer" ON "kyc_face_logs" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "kyc_images_customer" ON "kyc_images" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "kyc_images_verification" ON "kyc_images" USING btree ("verification_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_verifications_biz_id" ON "kyc_verifications" USING btree ("biz_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_verifications_transaction" ON "kyc_verifications" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "kyc_verifications_customer" ON "kyc_verifications" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "kyc_verifications_id_no" ON "kyc_verifications" USING btree ("id_type","id_no_hash") WHERE "kyc_verifications"."id_no_hash" IS NOT NULL;