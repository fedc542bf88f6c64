import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Web Push (server/modules/push, issue 38, migration 0034): browsers' subscriptions (each the player's
 * who subscribed it last), a player's per-kind switches, and the deliveries (one per subscription and
 * event, retried until sent). Re-exported by schema.ts.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (base64url), what a payload is encrypted to. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    lang: text('lang').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint').on(t.endpoint),
    index('push_subscriptions_customer').on(t.customerId),
    check('push_subscriptions_lang', sql`${t.lang} IN ('en', 'cn')`),
    check('push_subscriptions_endpoint_form', sql`${t.endpoint} ~ '^https?://' AND length(${t.endpoint}) <= 1000`),
  ],
);

export const pushSettings = pgTable('push_settings', {
  customerId: bigint('customer_id', { mode: 'number' }).primaryKey(),
  betSettled: boolean('bet_settled').notNull().default(true),
  cashout: boolean('cashout').notNull().default(true),
  withdrawal: boolean('withdrawal').notNull().default(true),
  kyc: boolean('kyc').notNull().default(true),
  depositLimit: boolean('deposit_limit').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** The event's own key (a ticket and its status, a withdrawal and its outcome…): sent once per subscription. */
    eventKey: text('event_key').notNull(),
    /** PushPayload (src/contract/pushKinds.ts), in the subscription's language. */
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** The push service's last HTTP status (null: no answer). */
    lastStatus: integer('last_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_deliveries_event').on(t.subscriptionId, t.eventKey),
    index('push_deliveries_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
    check('push_deliveries_attempts', sql`${t.attempts} >= 0`),
  ],
);
