-- Cash-out (issue 38): quotes, cash-outs done and auto cash-out rules, and the rules the database keeps
-- whatever the code does: a settled or cashed-out ticket never changes again, only a running ticket is
-- cashed out (all of it, or part of its stake, which then only shrinks), never a bonus-funded one, and a
-- full cash-out leaves the ticket 'cashout' with exactly its value paid.
CREATE TABLE "bet_cashout_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"ticket_id" bigint NOT NULL REFERENCES "bet_tickets"("id"),
	"customer_id" bigint NOT NULL,
	"part" bigint NOT NULL,
	"stake" bigint NOT NULL,
	"value" bigint NOT NULL,
	"live" boolean NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bet_cashout_quotes_amounts" CHECK ("part" > 0 AND "part" <= "stake" AND "value" > 0)
);--> statement-breakpoint
CREATE INDEX "bet_cashout_quotes_expiry" ON "bet_cashout_quotes" USING btree ("expires_at");--> statement-breakpoint
CREATE TABLE "bet_cashouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" bigint NOT NULL REFERENCES "bet_tickets"("id"),
	"customer_id" bigint NOT NULL,
	"quote_id" text REFERENCES "bet_cashout_quotes"("id"),
	"kind" text NOT NULL,
	"stake_before" bigint NOT NULL,
	"part" bigint NOT NULL,
	"value" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bet_cashouts_kind" CHECK ("kind" IN ('full', 'partial', 'auto')),
	CONSTRAINT "bet_cashouts_amounts" CHECK ("part" > 0 AND "part" <= "stake_before" AND "value" > 0),
	CONSTRAINT "bet_cashouts_partial" CHECK (("kind" = 'partial') = ("part" < "stake_before"))
);--> statement-breakpoint
-- A quote pays once; a ticket is cashed out in full once.
CREATE UNIQUE INDEX "bet_cashouts_quote" ON "bet_cashouts" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bet_cashouts_full" ON "bet_cashouts" USING btree ("ticket_id") WHERE "kind" <> 'partial';--> statement-breakpoint
CREATE TABLE "bet_cashout_rules" (
	"ticket_id" bigint PRIMARY KEY NOT NULL REFERENCES "bet_tickets"("id"),
	"customer_id" bigint NOT NULL,
	"threshold" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bet_cashout_rules_threshold" CHECK ("threshold" > 0)
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION bet_ticket_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status NOT IN ('waiting', 'running') AND
     (NEW.status IS DISTINCT FROM OLD.status OR NEW.payout IS DISTINCT FROM OLD.payout OR NEW.stake IS DISTINCT FROM OLD.stake) THEN
    RAISE EXCEPTION 'bet ticket % is % and cannot change', OLD.trans_id, OLD.status USING ERRCODE = '23514';
  END IF;
  IF NEW.status = 'cashout' AND OLD.status <> 'cashout' AND OLD.status <> 'running' THEN
    RAISE EXCEPTION 'only a running ticket can be cashed out' USING ERRCODE = '23514';
  END IF;
  IF NEW.stake IS DISTINCT FROM OLD.stake AND (OLD.status <> 'running' OR NEW.stake > OLD.stake) THEN
    RAISE EXCEPTION 'a ticket''s stake only shrinks, by a partial cash-out of a running ticket' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "bet_tickets_guard" BEFORE UPDATE ON "bet_tickets" FOR EACH ROW EXECUTE FUNCTION bet_ticket_guard();--> statement-breakpoint
CREATE OR REPLACE FUNCTION bet_cashout_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t bet_tickets%ROWTYPE;
BEGIN
  SELECT * INTO t FROM bet_tickets WHERE id = NEW.ticket_id;
  IF t.status <> 'running' THEN
    RAISE EXCEPTION 'ticket % is % and cannot be cashed out', t.trans_id, t.status USING ERRCODE = '23514';
  END IF;
  IF t.customer_id <> NEW.customer_id OR t.stake <> NEW.stake_before THEN
    RAISE EXCEPTION 'a cash-out is of the ticket''s own player and whole stake as it stands' USING ERRCODE = '23514';
  END IF;
  IF EXISTS (SELECT 1 FROM bonus_stakes WHERE reference = 'bet:' || t.trans_id) THEN
    RAISE EXCEPTION 'a bonus-funded stake cannot be cashed out' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "bet_cashouts_check" BEFORE INSERT ON "bet_cashouts" FOR EACH ROW EXECUTE FUNCTION bet_cashout_check();--> statement-breakpoint
-- At commit: a full cash-out left its ticket cashed out with its value as the payout; a partial one left
-- the rest of the stake on.
CREATE OR REPLACE FUNCTION bet_cashout_done() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t bet_tickets%ROWTYPE;
BEGIN
  SELECT * INTO t FROM bet_tickets WHERE id = NEW.ticket_id;
  IF NEW.kind <> 'partial' AND (t.status <> 'cashout' OR t.payout <> NEW.value) THEN
    RAISE EXCEPTION 'a full cash-out leaves its ticket cashed out, paid its value' USING ERRCODE = '23514';
  END IF;
  IF NEW.kind = 'partial' AND t.stake > NEW.stake_before - NEW.part THEN
    RAISE EXCEPTION 'a partial cash-out takes its part off the ticket''s stake' USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "bet_cashouts_done" AFTER INSERT ON "bet_cashouts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bet_cashout_done();
