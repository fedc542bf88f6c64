ALTER TABLE "promo_offers" ADD COLUMN "claimed" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "promo_offers" ADD CONSTRAINT "promo_offers_claimed" CHECK ("promo_offers"."claimed" >= 0);
