-- Issue 39: the keyed hash of the device fingerprint token a registration carried (spec §7, §9).
ALTER TABLE "stat_attributions" ADD COLUMN "fingerprint" text;
--> statement-breakpoint
CREATE INDEX "stat_attributions_fingerprint" ON "stat_attributions" USING btree ("fingerprint");
