-- The bet builder (same-game parlay, issue 38): a ticket of its own mode whose price is the feed's price of the
-- combination (price_h, whole hundredths), not the product of its legs' prices.
ALTER TABLE "bet_tickets" ADD COLUMN "price_h" integer;--> statement-breakpoint
ALTER TABLE "bet_tickets" DROP CONSTRAINT "bet_tickets_mode";--> statement-breakpoint
ALTER TABLE "bet_tickets" ADD CONSTRAINT "bet_tickets_mode" CHECK ("bet_tickets"."mode" IN ('single', 'parlay', 'endingGame', 'outright', 'player', 'builder'));--> statement-breakpoint
ALTER TABLE "bet_tickets" ADD CONSTRAINT "bet_tickets_builder_price" CHECK (("bet_tickets"."mode" = 'builder') = ("bet_tickets"."price_h" IS NOT NULL) AND ("bet_tickets"."price_h" IS NULL OR "bet_tickets"."price_h" > 100));
--> statement-breakpoint
-- The placement write (0015) writes a builder's price too.
CREATE OR REPLACE FUNCTION bet_placement_write(p_keys json, p_tickets json, p_legs json, p_combos json) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  result json;
BEGIN
  WITH k AS (
    INSERT INTO idempotency_keys (customer_id, key, call, request_hash, response)
      SELECT x.customer_id, x.key, x.call, x.request_hash, x.response
        FROM json_to_recordset(p_keys) AS x(customer_id bigint, key text, call text, request_hash text, response json)
      ON CONFLICT DO NOTHING
      RETURNING customer_id, key
  ), input AS (
    SELECT x.*
      FROM json_to_recordset(p_tickets) AS x(
        n integer, customer_id bigint, key text, trans_id text, mode text, status text, wallet text, stake bigint,
        potential_return bigint, odds_type smallint, accept_odds text, accept_at timestamptz, wallet_account bigint, stake_account bigint,
        price_h integer)
      JOIN k ON k.customer_id = x.customer_id AND k.key = x.key
  ), t AS (
    INSERT INTO bet_tickets (trans_id, customer_id, mode, status, wallet, stake, potential_return, odds_type, accept_odds, accept_at, stake_account_id,
                             price_h)
      SELECT trans_id, customer_id, mode, status, wallet, stake, potential_return, odds_type, accept_odds, accept_at, stake_account, price_h
        FROM input ORDER BY n
      RETURNING id, trans_id
  ), legs AS (
    INSERT INTO bet_legs (ticket_id, leg_no, market_id, match_id, sport_type_id, league_id, league_name, home_name, away_name, kickoff,
                          key, key_en, bet_type, bet_type_name, period_name, point, point2, price_h, player_id, player_name, team_id, team_name)
      SELECT t.id, l.leg_no, l.market_id, l.match_id, l.sport_type_id, l.league_id, l.league_name, l.home_name, l.away_name, l.kickoff,
             l.key, l.key_en, l.bet_type, l.bet_type_name, l.period_name, l.point, l.point2, l.price_h, l.player_id, l.player_name,
             l.team_id, l.team_name
        FROM json_to_recordset(p_legs) AS l(
          trans_id text, leg_no smallint, market_id text, match_id text, sport_type_id text, league_id text, league_name text,
          home_name text, away_name text, kickoff text, key text, key_en text, bet_type integer, bet_type_name text, period_name text,
          point double precision, point2 double precision, price_h integer, player_id text, player_name text, team_id text, team_name text)
        JOIN t ON t.trans_id = l.trans_id
  ), combos AS (
    INSERT INTO bet_combos (ticket_id, combo_type, size, stake, bets)
      SELECT t.id, c.combo_type, c.size, c.stake, c.bets
        FROM json_to_recordset(p_combos) AS c(trans_id text, combo_type text, size smallint, stake bigint, bets integer)
        JOIN t ON t.trans_id = c.trans_id
  ), postings AS (
    INSERT INTO ledger_transactions (kind, customer_id, reference, metadata)
      SELECT 'bet', customer_id, 'bet:' || trans_id, jsonb_build_object('mode', mode) FROM input ORDER BY n
      RETURNING id, reference
  ), entries AS (
    INSERT INTO ledger_entries (transaction_id, account_id, amount)
      SELECT p.id, e.account_id, e.amount
        FROM input
        JOIN postings p ON p.reference = 'bet:' || input.trans_id
        CROSS JOIN LATERAL (VALUES (1, input.wallet_account, -input.stake), (2, input.stake_account, input.stake)) AS e(side, account_id, amount)
        ORDER BY input.n, e.side
  )
  SELECT json_build_object(
    'keys', (SELECT coalesce(json_agg(json_build_array(customer_id, key)), '[]') FROM k),
    'tickets', (SELECT coalesce(json_agg(json_build_array(trans_id, id)), '[]') FROM t)
  ) INTO result;
  RETURN result;
END
$$;
