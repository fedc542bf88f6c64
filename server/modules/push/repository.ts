import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { PushKind, PushLang, PushPayload, PushSettings } from '../../../src/contract/pushKinds';
import { type Database, prepared } from '../../db';
import { pushDeliveries, pushSettings, pushSubscriptions } from '../../db/schema';

/** Web Push's tables (migration 0034): subscriptions, per-kind switches, deliveries. */

export interface SubscriptionRow {
  id: number;
  customerId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: PushLang;
}

/** A delivery due, with where it goes. */
export interface DueDelivery {
  id: number;
  attempts: number;
  payload: PushPayload;
  subscription: SubscriptionRow;
}

/** The endpoint becomes the player's (a browser shared by two players sends to whoever subscribed last). */
export async function upsertSubscription(
  db: Database,
  row: { customerId: number; endpoint: string; p256dh: string; auth: string; lang: PushLang },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { customerId: row.customerId, p256dh: row.p256dh, auth: row.auth, lang: row.lang },
    });
}

/** Deletes the player's own subscription of that endpoint; true when there was one. */
export async function deleteSubscription(db: Database, customerId: number, endpoint: string): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.customerId, customerId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

/** A subscription the push service no longer knows (404/410): gone, with its deliveries (cascade). */
export async function pruneSubscription(db: Database, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function countSubscriptions(db: Database, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.customerId, customerId));
  return row?.n ?? 0;
}

export async function readSettings(db: Database, customerId: number): Promise<PushSettings> {
  const [row] = await db.select().from(pushSettings).where(eq(pushSettings.customerId, customerId));
  return {
    betSettled: row?.betSettled ?? true,
    cashout: row?.cashout ?? true,
    withdrawal: row?.withdrawal ?? true,
    kyc: row?.kyc ?? true,
    depositLimit: row?.depositLimit ?? true,
  };
}

export async function saveSettings(db: Database, customerId: number, kinds: Partial<PushSettings>): Promise<void> {
  const set = { ...kinds, updatedAt: new Date() };
  await db
    .insert(pushSettings)
    .values({ customerId, ...kinds })
    .onConflictDoUpdate({ target: pushSettings.customerId, set });
}

/**
 * The player's subscriptions with the kind switched on (no settings row: every kind on), in one
 * prepared lookup: every settled ticket asks it and most players have no subscription, for whom it is
 * one probe of push_subscriptions_customer finding nothing (it replaced a settings lookup and a
 * subscriptions lookup; tests/bench/pushFiling.ts measures both).
 */
const subscriptionsWithKindOn = prepared('push_subscriptions_kind_on', (db) =>
  db
    .select({ subscription: pushSubscriptions })
    .from(pushSubscriptions)
    .leftJoin(pushSettings, eq(pushSettings.customerId, pushSubscriptions.customerId))
    .where(
      and(
        eq(pushSubscriptions.customerId, sql.placeholder('customerId')),
        sql`coalesce(case ${sql.placeholder('kind')}::text
          when 'betSettled' then ${pushSettings.betSettled} when 'cashout' then ${pushSettings.cashout}
          when 'withdrawal' then ${pushSettings.withdrawal} when 'kyc' then ${pushSettings.kyc}
          when 'depositLimit' then ${pushSettings.depositLimit} end, true)`,
      ),
    ),
);

/**
 * Files one event for each of the player's subscriptions whose player has the kind on, with the payload
 * in each subscription's language. The unique (subscription, event) index makes a second instance's
 * filing of the same event a no-op: only the rows this call inserted come back, leased to it for
 * `leaseMs` (the retry job takes them over if this instance fails to send them).
 */
export async function fileDeliveries(
  db: Database,
  options: { customerId: number; kind: PushKind; eventKey: string; payloads: Record<PushLang, PushPayload>; leaseUntil: Date },
): Promise<DueDelivery[]> {
  const { customerId, kind, eventKey, payloads, leaseUntil } = options;
  const subscriptions = (await subscriptionsWithKindOn(db, { customerId, kind })).map((row) => row.subscription);
  if (subscriptions.length === 0) return [];
  const inserted = await db
    .insert(pushDeliveries)
    .values(
      subscriptions.map((s) => ({
        subscriptionId: s.id,
        eventKey,
        payload: payloads[s.lang as PushLang] ?? payloads.en,
        nextAttemptAt: leaseUntil,
      })),
    )
    .onConflictDoNothing({ target: [pushDeliveries.subscriptionId, pushDeliveries.eventKey] })
    .returning({
      id: pushDeliveries.id,
      subscriptionId: pushDeliveries.subscriptionId,
      payload: pushDeliveries.payload,
      attempts: pushDeliveries.attempts,
    });
  return inserted.map((row) => ({
    id: row.id,
    attempts: row.attempts,
    payload: row.payload as PushPayload,
    subscription: toSubscription(subscriptions.find((s) => s.id === row.subscriptionId)!),
  }));
}

/**
 * Deliveries due now (never sent, not given up, their lease or back-off over), leased for `leaseMs` to
 * the caller: the retry job's work, one instance at a time, but the lease keeps two from sending one.
 */
export async function claimDue(db: Database, now: Date, leaseUntil: Date, limit: number): Promise<DueDelivery[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: pushDeliveries.id })
      .from(pushDeliveries)
      .where(and(isNull(pushDeliveries.sentAt), isNull(pushDeliveries.failedAt), lte(pushDeliveries.nextAttemptAt, now)))
      .orderBy(pushDeliveries.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((d) => d.id);
    await tx.update(pushDeliveries).set({ nextAttemptAt: leaseUntil }).where(inArray(pushDeliveries.id, ids));
    const rows = await tx
      .select({ delivery: pushDeliveries, subscription: pushSubscriptions })
      .from(pushDeliveries)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushDeliveries.subscriptionId))
      .where(inArray(pushDeliveries.id, ids));
    return rows.map(({ delivery, subscription }) => ({
      id: delivery.id,
      attempts: delivery.attempts,
      payload: delivery.payload as PushPayload,
      subscription: toSubscription(subscription),
    }));
  });
}

export async function markSent(db: Database, delivery: DueDelivery, now: Date, status: number): Promise<void> {
  await db
    .update(pushDeliveries)
    .set({ sentAt: now, attempts: delivery.attempts + 1, lastStatus: status })
    .where(eq(pushDeliveries.id, delivery.id));
  await db.update(pushSubscriptions).set({ lastSentAt: now }).where(eq(pushSubscriptions.id, delivery.subscription.id));
}

/** A failed attempt: tried again at `retryAt`, or given up (retryAt null). */
export async function markFailed(
  db: Database,
  delivery: DueDelivery,
  status: number | null,
  retryAt: Date | null,
  now: Date,
): Promise<void> {
  await db
    .update(pushDeliveries)
    .set({
      attempts: delivery.attempts + 1,
      lastStatus: status,
      ...(retryAt ? { nextAttemptAt: retryAt } : { failedAt: now }),
    })
    .where(eq(pushDeliveries.id, delivery.id));
}

/** Sent and given-up deliveries older than `before` (kept a while so a late copy of an event stays a no-op). */
export async function sweepDeliveries(db: Database, before: Date): Promise<number> {
  const deleted = await db
    .delete(pushDeliveries)
    .where(
      and(lt(pushDeliveries.createdAt, before), or(sql`${pushDeliveries.sentAt} IS NOT NULL`, sql`${pushDeliveries.failedAt} IS NOT NULL`)),
    )
    .returning({ id: pushDeliveries.id });
  return deleted.length;
}

function toSubscription(row: typeof pushSubscriptions.$inferSelect): SubscriptionRow {
  return { id: row.id, customerId: row.customerId, endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth, lang: row.lang as PushLang };
}
