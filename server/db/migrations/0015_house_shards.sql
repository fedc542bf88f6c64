ALTER TABLE "bet_tickets" ADD COLUMN "stake_account_id" bigint;--> statement-breakpoint
ALTER TABLE "bet_tickets" ADD CONSTRAINT "bet_tickets_stake_account_id_ledger_accounts_id_fk" FOREIGN KEY ("stake_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Placements no longer queue up on one house row (issue 31): house:open-bets is split into 16 shards,
-- each a house account of its own (the first keeps the old name). A placement takes whichever shard no
-- other transaction holds (SKIP LOCKED), records it on the ticket, and the ticket's refund or settlement
-- takes the stake back out of that same shard: each shard's balance is the stakes of its open tickets,
-- and the shards' sum is house:open-bets as before. The ledger's rules are untouched: every entry still
-- goes through ledger_apply_entry (player balances never below zero) and every transaction must balance.
INSERT INTO "ledger_accounts" ("customer_id", "kind")
  SELECT NULL, CASE WHEN n = 0 THEN 'house:open-bets' ELSE 'house:open-bets:' || n END FROM generate_series(0, 15) AS n
  ON CONFLICT ("kind") WHERE "customer_id" IS NULL DO NOTHING;
--> statement-breakpoint
-- The lock step of a batch of placements (server/modules/bets/repository.ts): in one round trip, the
-- players' wallets locked in the order of their ids (wallets a player lacks are opened first), the
-- answers already stored under the calls' idempotency keys, a free shard of house:open-bets (waiting for
-- one only when all are held), and the transaction's time, which every row the batch writes carries.
-- NO KEY UPDATE is the lock an UPDATE of the balance takes, so foreign-key checks of others still pass.
CREATE FUNCTION bet_placement_lock(p_wallets json, p_keys json, p_shards text[]) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  wanted integer;
  wallets json;
  got integer;
  stored json;
  shard bigint;
BEGIN
  SELECT count(*) INTO wanted FROM (SELECT DISTINCT customer_id, kind FROM json_to_recordset(p_wallets) AS w(customer_id bigint, kind text)) w;
  FOR attempt IN 1..2 LOOP
    SELECT json_agg(json_build_array(a.id, a.customer_id, a.kind, a.balance)), count(*) INTO wallets, got
      FROM (
        SELECT a.id, a.customer_id, a.kind, a.balance
          FROM ledger_accounts a
          -- Looked up one by one by index (LIMIT keeps the planner from hashing the whole table for what it
          -- takes to be 100 rows).
          WHERE a.id = ANY (ARRAY(
            SELECT l.id
              FROM (SELECT DISTINCT customer_id, kind FROM json_to_recordset(p_wallets) AS w(customer_id bigint, kind text)) w
              CROSS JOIN LATERAL (SELECT id FROM ledger_accounts WHERE customer_id = w.customer_id AND kind = w.kind LIMIT 1) l))
          ORDER BY a.id
          FOR NO KEY UPDATE
      ) a;
    EXIT WHEN got = wanted;
    INSERT INTO ledger_accounts (customer_id, kind)
      SELECT DISTINCT customer_id, kind FROM json_to_recordset(p_wallets) AS w(customer_id bigint, kind text)
      ON CONFLICT DO NOTHING;
  END LOOP;
  SELECT json_agg(json_build_array(k.customer_id, k.key, k.call, k.request_hash, k.response)) INTO stored
    FROM json_to_recordset(p_keys) AS x(customer_id bigint, key text)
    CROSS JOIN LATERAL (SELECT * FROM idempotency_keys k WHERE k.customer_id = x.customer_id AND k.key = x.key LIMIT 1) k;
  SELECT a.id INTO shard FROM ledger_accounts a
    WHERE a.customer_id IS NULL AND a.kind = ANY (p_shards) ORDER BY random() LIMIT 1 FOR NO KEY UPDATE SKIP LOCKED;
  IF shard IS NULL THEN
    SELECT a.id INTO shard FROM ledger_accounts a
      WHERE a.customer_id IS NULL AND a.kind = ANY (p_shards) ORDER BY random() LIMIT 1 FOR NO KEY UPDATE;
  END IF;
  IF shard IS NULL THEN
    RAISE EXCEPTION 'no house:open-bets shard (migration 0015)';
  END IF;
  RETURN json_build_object(
    'now', floor(extract(epoch FROM now()) * 1000),
    'wallets', coalesce(wallets, '[]'),
    'stored', coalesce(stored, '[]'),
    'shard', shard
  );
END
$$;
--> statement-breakpoint
-- The write step of a batch of placements, in one statement: each call's idempotency key with its
-- answer, and for the keys that were not there yet (a key inserted meanwhile by another call is left
-- alone, with its tickets), the tickets, legs, combos and one balanced ledger transaction per ticket
-- (the player's wallet to the ticket's shard). Triggers apply the entries and check the balances as for
-- any other posting. Answers are json, not jsonb: a retry gets the first answer byte for byte.
CREATE FUNCTION bet_placement_write(p_keys json, p_tickets json, p_legs json, p_combos json) RETURNS json LANGUAGE plpgsql AS $$
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
        potential_return bigint, odds_type smallint, accept_odds text, accept_at timestamptz, wallet_account bigint, stake_account bigint)
      JOIN k ON k.customer_id = x.customer_id AND k.key = x.key
  ), t AS (
    INSERT INTO bet_tickets (trans_id, customer_id, mode, status, wallet, stake, potential_return, odds_type, accept_odds, accept_at, stake_account_id)
      SELECT trans_id, customer_id, mode, status, wallet, stake, potential_return, odds_type, accept_odds, accept_at, stake_account
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
