-- Campaign turnover counts the cash part of a settled stake (issue 35): one view, the source of the Masskara masks and the raffles.
-- A settled sports ticket (won, lost, half; a void, a rejected ticket and a full cash-out are not settled stakes, a partial
-- cash-out has already shrunk the stake) counts its stake less what bonus grants paid of it, and nothing when a free bet paid it;
-- a settled casino round counts its stake less what bonus grants paid of its bet transactions.
CREATE VIEW "settled_stakes" AS
SELECT t.customer_id, 'bet:' || t.id AS source, 'bet' AS kind, t.trans_id AS reference, t.id AS ticket_id, t.stake,
	CASE WHEN EXISTS (SELECT 1 FROM free_bets f WHERE f.reference = 'bet:' || t.trans_id) THEN 0
		ELSE GREATEST(0, t.stake - COALESCE((SELECT sum(s.amount) FROM bonus_stakes s WHERE s.reference = 'bet:' || t.trans_id), 0))
	END::bigint AS cash,
	t.settled_at
FROM bet_tickets t
WHERE t.status IN ('won', 'lost', 'halfWon', 'halfLost')
UNION ALL
SELECT r.customer_id, 'round:' || r.id AS source, 'round' AS kind, r.game_name AS reference, NULL::bigint AS ticket_id, r.bet AS stake,
	GREATEST(0, r.bet - COALESCE((
		SELECT sum(s.amount) FROM casino_transactions c JOIN bonus_stakes s ON s.reference = 'casino:' || c.transaction_uuid
		WHERE c.customer_id = r.customer_id AND c.round_id = r.round_id AND c.kind = 'bet'), 0))::bigint AS cash,
	r.last_at AS settled_at
FROM casino_rounds r
WHERE r.status = 'settled';
--> statement-breakpoint
-- Masskara's editions (issue 35): a player joins each edition once; the masks of an edition are its own (editions never overlap,
-- so a settled stake still draws at most one mask). What was there before belongs to the first edition, "2026".
ALTER TABLE "masskara_entries" ADD COLUMN "edition" text DEFAULT '2026' NOT NULL;--> statement-breakpoint
ALTER TABLE "masskara_entries" ALTER COLUMN "edition" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "masskara_entries" DROP CONSTRAINT "masskara_entries_pkey";--> statement-breakpoint
ALTER TABLE "masskara_entries" ADD CONSTRAINT "masskara_entries_pkey" PRIMARY KEY ("customer_id", "edition");--> statement-breakpoint
ALTER TABLE "masskara_masks" ADD COLUMN "edition" text DEFAULT '2026' NOT NULL;--> statement-breakpoint
ALTER TABLE "masskara_masks" ALTER COLUMN "edition" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "masskara_masks_edition" ON "masskara_masks" USING btree ("customer_id", "edition");
