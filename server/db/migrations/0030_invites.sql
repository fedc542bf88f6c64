CREATE TABLE "invite_codes" (
	"customer_id" bigint PRIMARY KEY NOT NULL REFERENCES "customers"("id"),
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_codes_code" CHECK ("code" ~ '^[A-HJ-NP-Z2-9]{8}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invite_codes_by_code" ON "invite_codes" USING btree ("code");
--> statement-breakpoint
CREATE TABLE "invitations" (
	"invitee_id" bigint PRIMARY KEY NOT NULL REFERENCES "customers"("id"),
	"inviter_id" bigint NOT NULL REFERENCES "customers"("id"),
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"free_bet_id" bigint REFERENCES "free_bets"("id"),
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "invitations_status" CHECK ("status" IN ('pending', 'rewarded', 'refused')),
	CONSTRAINT "invitations_reason" CHECK (("status" = 'refused') = ("reason" IS NOT NULL) AND ("reason" IS NULL OR "reason" IN ('self', 'device', 'idNumber', 'payoutAccount'))),
	CONSTRAINT "invitations_rewarded" CHECK (("status" = 'rewarded') = ("free_bet_id" IS NOT NULL)),
	CONSTRAINT "invitations_decided" CHECK (("status" = 'pending') = ("decided_at" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "invitations_inviter" ON "invitations" USING btree ("inviter_id","created_at");
--> statement-breakpoint
CREATE INDEX "invitations_pending" ON "invitations" USING btree ("created_at") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_free_bet" ON "invitations" USING btree ("free_bet_id");
