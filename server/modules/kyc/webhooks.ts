import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db';
import { paymentWebhookEvents } from '../../db/schema';
import { controlCharacterAt, storableText } from '../../lib/text';
import type { KycReviewEvent, KycVendor } from '../../providers/kyc/types';
import { unhandledEvents } from '../payments';
import type { Decision } from './notify';
import * as repo from './repository';
import { afterReview } from './status';

/**
 * The vendor's review results (Sumsub-style applicantReviewed webhooks) at POST /webhooks/kyc. They share
 * the payments' inbox table (provider 'kyc', kind 'review'): verified over the raw body before anything is
 * parsed, stored once per event id however many copies arrive, handled exactly once in one transaction;
 * a forged one is stored as refused (401) and moves nothing; a failure answers 503 so the vendor's retry
 * (or the inbox job) handles it again. Events arrive out of order: one is applied only when it is newer
 * than the last applied for the player's current verification (createdAtMs), so an old GREEN never
 * undoes a later RED.
 */

const PROVIDER = 'kyc';
const REFUSED_PAYLOAD_MAX = 8_192;

export type TellPlayer = (customerId: number, decision: Decision, reason: string) => Promise<void>;

export class KycReviewInbox {
  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly tell: TellPlayer,
  ) {}

  async receive(vendor: KycVendor, raw: string, headers: Record<string, string | string[] | undefined>): Promise<number> {
    let event: KycReviewEvent | null;
    try {
      event = vendor.verifyReviewWebhook(raw, headers);
    } catch {
      event = null;
    }
    // (A signed event holding a control character, which PostgreSQL may refuse, is refused the same way.)
    if (!event || controlCharacterAt(event) !== undefined) {
      await this.db
        .insert(paymentWebhookEvents)
        .values({ provider: PROVIDER, verdict: 'bad-signature', payload: storableText(raw.slice(0, REFUSED_PAYLOAD_MAX)) });
      this.log.warn({ provider: PROVIDER }, 'KYC webhook refused');
      return 401;
    }
    const [row] = await this.db
      .insert(paymentWebhookEvents)
      .values({
        provider: PROVIDER,
        eventId: event.eventId,
        kind: 'review',
        verdict: 'accepted',
        payload: raw,
        event: event as unknown as Record<string, unknown>,
      })
      .onConflictDoUpdate({
        target: [paymentWebhookEvents.provider, paymentWebhookEvents.eventId],
        set: { copies: sql`${paymentWebhookEvents.copies} + 1`, lastReceivedAt: sql`now()` },
      })
      .returning({ id: paymentWebhookEvents.id, handledAt: paymentWebhookEvents.handledAt });
    if (row!.handledAt) return 200;
    return (await this.handle(row!.id, event)) ? 200 : 503;
  }

  /** Applies one stored event unless it already was; false when it failed (it stays unhandled). */
  async handle(rowId: number, event: KycReviewEvent): Promise<boolean> {
    let told: Parameters<TellPlayer> | undefined;
    try {
      await this.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ handledAt: paymentWebhookEvents.handledAt })
          .from(paymentWebhookEvents)
          .where(eq(paymentWebhookEvents.id, rowId))
          .for('update');
        if (!row || row.handledAt) return;
        told = await this.apply(tx, event);
        await tx
          .update(paymentWebhookEvents)
          .set({ handledAt: sql`now()` })
          .where(eq(paymentWebhookEvents.id, rowId));
      });
    } catch (error) {
      this.log.error({ err: error, eventId: event.eventId }, 'KYC review event not handled; it will be handled again');
      await this.db
        .update(paymentWebhookEvents)
        .set({ failures: sql`${paymentWebhookEvents.failures} + 1`, lastError: String((error as Error).message ?? error).slice(0, 500) })
        .where(eq(paymentWebhookEvents.id, rowId))
        .catch(() => undefined);
      return false;
    }
    if (told) await this.tell(...told);
    return true;
  }

  /** The decision on the player's state, when it is about their current verification and newer than the last applied. */
  private async apply(tx: Queryable, event: KycReviewEvent): Promise<Parameters<TellPlayer> | undefined> {
    const verification = await repo.verificationByBizId(tx, event.externalId);
    if (!verification || verification.kind !== 'kyc') {
      this.log.warn({ eventId: event.eventId, externalId: event.externalId }, 'KYC review event for no verification of ours');
      return undefined;
    }
    const state = await repo.lockState(tx, verification.customerId);
    if (state.verificationId !== verification.id) return undefined; // superseded by a later submission
    if (state.lastEventAtMs !== null && event.createdAtMs <= state.lastEventAtMs) return undefined; // older than what we applied
    const decidedAt = new Date(event.createdAtMs);
    const next = afterReview(
      state,
      { answer: event.reviewAnswer, rejectType: event.reviewRejectType, code: event.rejectLabels[0], clientComment: event.clientComment },
      decidedAt,
    );
    await repo.saveState(tx, verification.customerId, { ...next, lastEventAtMs: event.createdAtMs });
    await repo.updateVerification(tx, verification.id, {
      state: event.reviewAnswer === 'GREEN' ? 'approved' : 'rejected',
      rejectCode: next.rejectCode,
      rejectType: next.rejectType,
      staffComment: event.moderationComment || null,
      endedAt: decidedAt,
    });
    const decision: Decision = event.reviewAnswer === 'GREEN' ? 'approved' : next.refuseInit ? 'refused' : 'rejected';
    return [verification.customerId, decision, next.rejectReason];
  }

  /** The inbox job: review events left unhandled (a failure, a stop mid-way) are handled again, oldest first. */
  async retryUnhandled(now: number, olderThanMs = 30_000, limit = 100): Promise<number> {
    const rows = await unhandledEvents(this.db, eq(paymentWebhookEvents.provider, PROVIDER), now - olderThanMs, limit);
    let handled = 0;
    for (const row of rows) if (row.event && (await this.handle(row.id, row.event as unknown as KycReviewEvent))) handled++;
    return handled;
  }
}
