ALTER TABLE "avatars" ADD COLUMN "media_key" text DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "public_id" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_public_id" ON "customers" USING btree ("public_id");--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_media_key" UNIQUE("media_key");--> statement-breakpoint
-- Avatars uploaded before this change move to their new, unguessable address.
UPDATE "customers" SET "avatar" = '/media/avatar/' || "avatars"."media_key" FROM "avatars" WHERE "avatars"."customer_id" = "customers"."id";
