-- The payment simulators' store (server/providers/payments/postgresStore.ts):
-- checkouts, payouts, webhook deliveries and outage switches, shared by every instance and kept across restarts.
CREATE TABLE IF NOT EXISTS payment_sim_records (
  kind text NOT NULL,
  id text NOT NULL,
  idempotency_key text,
  due_at timestamptz,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, id)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS payment_sim_records_idempotency ON payment_sim_records (kind, idempotency_key) WHERE idempotency_key IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS payment_sim_records_due ON payment_sim_records (kind, due_at) WHERE due_at IS NOT NULL;
