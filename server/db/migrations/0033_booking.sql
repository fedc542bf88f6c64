-- Booking codes (issue 38): a shared slip's selections under a short random code. The unique index is
-- what makes a code one slip's (a collision on insert is retried with a new code); the checks keep the
-- code's form (no 0/O, 1/I/L, U) and a slip's size whatever the code does. No prices are stored.
CREATE TABLE "booking_codes" (
	"code" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"selections" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_codes_code_form" CHECK ("code" ~ '^[2-9A-HJKMNP-TV-Z]{8}$'),
	CONSTRAINT "booking_codes_selections" CHECK (jsonb_typeof("selections") = 'array' AND jsonb_array_length("selections") BETWEEN 1 AND 30)
);--> statement-breakpoint
CREATE UNIQUE INDEX "booking_codes_code" ON "booking_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "booking_codes_expiry" ON "booking_codes" USING btree ("expires_at");
