import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { KycRejectReason, KycRejectType } from '../../../src/contract/kyc';
import type { Database, Queryable } from '../../db';
import { kycSimWebhooks } from '../../db/schema';
import { payloadDigest } from './signing';
import { REJECT_LABELS, type ReviewWebhookBody } from './wire';

/**
 * The simulator's review webhooks as Sumsub sends them: an applicantReviewed body signed with
 * X-Payload-Digest (HMAC-SHA256 hex of the raw body), each event sent `copies` times at moments spread
 * over a window (so events of one transaction can arrive in any order), a copy not answered 2xx retried
 * after 5 min, 1 h, 5 h and 18 h. Kept in kyc_sim_webhooks: a restart or another instance carries on.
 */

/** Sumsub's retries of an unanswered webhook: after 5 min, 1 h, 5 h and 18 h; then it gives up. */
export const WEBHOOK_RETRY_MS = [5 * 60_000, 60 * 60_000, 5 * 60 * 60_000, 18 * 60 * 60_000];

export interface WebhookDelivery {
  /** How many times each review event is sent even when answered 2xx. */
  copies: number;
  /** The copies after the first go out at moments spread over this window after the decision. */
  spreadMs: number;
}

export const DEFAULT_WEBHOOK_DELIVERY: WebhookDelivery = { copies: 2, spreadMs: 30_000 };

/** Posts one webhook to our endpoint; answers the HTTP status (0 for no answer). */
export type ReviewWebhookSender = (headers: Record<string, string>, body: string) => Promise<number>;

/** Sumsub writes createdAtMs as "YYYY-MM-DD HH:mm:ss.SSS" (UTC). */
export const sumsubTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

/** A type, not an interface: it is stored in a jsonb column (an index signature). */
export type StoredReview = {
  answer: 'GREEN' | 'RED';
  rejectType?: KycRejectType;
  labels: KycRejectReason[];
  clientComment: string;
  moderationComment: string;
  createdAtMs: number;
};

export function reviewWebhookBody(transaction: { transactionId: string; bizId: string }, review: StoredReview): ReviewWebhookBody {
  return {
    type: 'applicantReviewed',
    correlationId: randomUUID(),
    applicantId: transaction.transactionId,
    inspectionId: createHash('sha256').update(transaction.transactionId).digest('hex').slice(0, 24),
    externalUserId: transaction.bizId,
    levelName: 'basic-kyc-level',
    sandboxMode: true,
    reviewStatus: 'completed',
    createdAtMs: sumsubTime(review.createdAtMs),
    reviewResult: {
      reviewAnswer: review.answer,
      ...(review.answer === 'RED'
        ? { reviewRejectType: review.rejectType ?? 'RETRY', rejectLabels: review.labels.map((label) => REJECT_LABELS[label]) }
        : {}),
      ...(review.clientComment ? { clientComment: review.clientComment } : {}),
      ...(review.moderationComment ? { moderationComment: review.moderationComment } : {}),
    },
  };
}

/** Queues an event's copies; call inside the transaction that made the decision. */
export async function queueReviewWebhook(tx: Queryable, body: ReviewWebhookBody, now: number, delivery: WebhookDelivery): Promise<void> {
  const raw = JSON.stringify(body);
  const copies = Math.max(1, delivery.copies);
  for (let copy = 0; copy < copies; copy++) {
    const id = `${body.correlationId}#${copy}`;
    // The first copy at once, the others spread by the id's hash (not a random state: the same after a restart).
    const spread = copy === 0 ? 0 : Math.floor((createHash('sha256').update(id).digest().readUInt32BE(0) / 2 ** 32) * delivery.spreadMs);
    await tx.insert(kycSimWebhooks).values({
      id,
      eventId: body.correlationId,
      transactionId: body.applicantId,
      body: raw,
      dueAt: new Date(now + spread),
      createdAt: new Date(now),
    });
  }
}

/** Sends every copy due at `now`; answers how many were answered 2xx. */
export async function deliverDueReviewWebhooks(
  db: Database,
  now: number,
  options: { webhookSecret: string; send: ReviewWebhookSender },
  limit = 100,
): Promise<number> {
  const due = await db
    .select()
    .from(kycSimWebhooks)
    .where(and(isNotNull(kycSimWebhooks.dueAt), lte(kycSimWebhooks.dueAt, new Date(now))))
    .orderBy(asc(kycSimWebhooks.dueAt))
    .limit(limit);
  let delivered = 0;
  for (const webhook of due) {
    const headers = {
      'content-type': 'application/json',
      'x-payload-digest': payloadDigest(options.webhookSecret, webhook.body),
      'x-payload-digest-alg': 'HMAC_SHA256_HEX',
    };
    const answer = await options.send(headers, webhook.body).catch(() => 0);
    const ok = answer >= 200 && answer < 300;
    const attempts = webhook.attempts + 1;
    const retry = WEBHOOK_RETRY_MS[attempts - 1];
    if (ok) delivered++;
    await db
      .update(kycSimWebhooks)
      .set({
        attempts,
        lastAnswer: answer,
        state: ok ? 'delivered' : retry === undefined ? 'gave-up' : 'waiting',
        dueAt: ok || retry === undefined ? null : new Date(now + retry),
      })
      .where(eq(kycSimWebhooks.id, webhook.id));
  }
  return delivered;
}
