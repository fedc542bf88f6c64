import { and, asc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable, Transaction } from '../../db';
import { paymentWebhookEvents } from '../../db/schema';
import { controlCharacterAt, storableText } from '../../lib/text';
import type { PaymentEvent, WebhookVerifier } from '../../providers/payments/types';

/**
 * The webhook inbox. Every request to a webhook route is verified over its raw body first; a refused one
 * (no or bad signature, stale, malformed) is stored as refused and goes no further. A verified event is
 * stored once per (provider, event id), however many copies arrive, and handled exactly once: its
 * handlers run in one database transaction with the row locked, which also marks it handled. A handler
 * that throws rolls everything back and the row stays unhandled, so the provider's next copy or retry
 * (we answer 5xx) or the inbox job handles it again.
 */

export type DepositEvent = Extract<PaymentEvent, { kind: 'deposit' }>;
export type PayoutEvent = Extract<PaymentEvent, { kind: 'payout' }>;

/** What to do once the handling transaction committed (tell the player, publish a balance change). */
export type AfterCommit = () => void | Promise<void>;

/** Applies a verified event inside the inbox's transaction; must be idempotent in its own right too. */
export type EventHandler<E extends PaymentEvent> = (tx: Transaction, event: E) => Promise<AfterCommit | void>;

/** A refused body is kept for the record, but not all of a large one (anyone can post to a webhook route). */
const REFUSED_PAYLOAD_MAX = 8_192;
/** The inbox job stops trying an event after this many failed handlings; it stays on record for support. */
export const MAX_HANDLING_FAILURES = 50;

export interface Receipt {
  /** The HTTP status to answer: 200 handled (now or before), 401 refused, 503 to be retried. */
  status: number;
  verdict: string;
  duplicate?: boolean;
}

export class WebhookInbox {
  private readonly handlers: { deposit: EventHandler<DepositEvent>[]; payout: EventHandler<PayoutEvent>[] } = { deposit: [], payout: [] };

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  on<K extends PaymentEvent['kind']>(kind: K, handler: EventHandler<Extract<PaymentEvent, { kind: K }>>): void {
    (this.handlers[kind] as EventHandler<PaymentEvent>[]).push(handler as EventHandler<PaymentEvent>);
  }

  /** One webhook request: verify, store, handle. */
  async receive(verifier: WebhookVerifier, headers: Record<string, string | undefined>, raw: Buffer, now: number): Promise<Receipt> {
    const checked = verifier.verify(headers, raw, now);
    // A signed event whose ids or statuses hold a control character (NUL: PostgreSQL refuses it) is
    // nothing a provider sends: refused as malformed, never half stored.
    const verdict = checked.ok && controlCharacterAt(checked.event) !== undefined ? { ok: false as const, reason: 'malformed' } : checked;
    if (!verdict.ok) {
      await this.db.insert(paymentWebhookEvents).values({
        provider: verifier.provider,
        verdict: verdict.reason,
        payload: storableText(raw.subarray(0, REFUSED_PAYLOAD_MAX).toString('utf8')),
      });
      this.log.warn({ provider: verifier.provider, reason: verdict.reason }, 'payment webhook refused');
      return { status: 401, verdict: verdict.reason };
    }
    const { event } = verdict;
    const [row] = await this.db
      .insert(paymentWebhookEvents)
      .values({
        provider: event.provider,
        eventId: event.eventId,
        kind: event.kind,
        verdict: 'accepted',
        payload: raw.toString('utf8'),
        event: event as unknown as Record<string, unknown>,
      })
      .onConflictDoUpdate({
        target: [paymentWebhookEvents.provider, paymentWebhookEvents.eventId],
        set: { copies: sql`${paymentWebhookEvents.copies} + 1`, lastReceivedAt: sql`now()` },
      })
      .returning({ id: paymentWebhookEvents.id, handledAt: paymentWebhookEvents.handledAt, copies: paymentWebhookEvents.copies });
    if (row!.handledAt) return { status: 200, verdict: 'accepted', duplicate: true };
    const handled = await this.handle(row!.id, event);
    return { status: handled ? 200 : 503, verdict: 'accepted', duplicate: row!.copies > 1 };
  }

  /** Handles a stored event unless it already was; false when a handler failed (it stays unhandled). */
  async handle(rowId: number, event: PaymentEvent): Promise<boolean> {
    const handlers = this.handlers[event.kind] as EventHandler<PaymentEvent>[];
    const after: AfterCommit[] = [];
    try {
      // Nobody listening yet for this kind: keep it unhandled rather than lose it.
      if (handlers.length === 0) throw new Error(`no handler for ${event.kind} events`);
      await this.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ handledAt: paymentWebhookEvents.handledAt })
          .from(paymentWebhookEvents)
          .where(eq(paymentWebhookEvents.id, rowId))
          .for('update');
        if (!row || row.handledAt) return;
        for (const handler of handlers) {
          const then = await handler(tx, event);
          if (then) after.push(then);
        }
        await tx
          .update(paymentWebhookEvents)
          .set({ handledAt: sql`now()` })
          .where(eq(paymentWebhookEvents.id, rowId));
      });
    } catch (error) {
      this.log.error(
        { err: error, provider: event.provider, eventId: event.eventId },
        'payment event not handled; it will be handled again',
      );
      await this.db
        .update(paymentWebhookEvents)
        .set({ failures: sql`${paymentWebhookEvents.failures} + 1`, lastError: String((error as Error).message ?? error).slice(0, 500) })
        .where(eq(paymentWebhookEvents.id, rowId))
        .catch(() => undefined);
      return false;
    }
    for (const then of after) {
      try {
        await then();
      } catch (error) {
        this.log.error({ err: error, eventId: event.eventId }, 'after-commit step of a payment event failed');
      }
    }
    return true;
  }

  /**
   * The inbox job: verified events left unhandled (a handler failed, the process stopped mid-way) for
   * longer than `olderThanMs` are handled again, oldest first.
   */
  async retryUnhandled(now: number, olderThanMs = 30_000, limit = 100): Promise<number> {
    // The table also holds the KYC vendor's review events, which their own inbox handles (modules/kyc).
    const rows = await unhandledEvents(this.db, inArray(paymentWebhookEvents.kind, ['deposit', 'payout']), now - olderThanMs, limit);
    let handled = 0;
    for (const row of rows) if (row.event && (await this.handle(row.id, row.event as unknown as PaymentEvent))) handled++;
    return handled;
  }
}

/**
 * Verified events of the inbox table still unhandled (a handler failed, the process stopped mid-way),
 * last received before `receivedBefore` and not given up on, oldest first: what an inbox job retries.
 * `which` picks the events of one inbox (payments: deposits and payouts; KYC: the vendor's reviews).
 */
export function unhandledEvents(db: Queryable, which: SQL, receivedBefore: number, limit: number) {
  return db
    .select({ id: paymentWebhookEvents.id, event: paymentWebhookEvents.event })
    .from(paymentWebhookEvents)
    .where(
      and(
        which,
        isNull(paymentWebhookEvents.handledAt),
        eq(paymentWebhookEvents.verdict, 'accepted'),
        lt(paymentWebhookEvents.lastReceivedAt, new Date(receivedBefore)),
        lt(paymentWebhookEvents.failures, MAX_HANDLING_FAILURES),
      ),
    )
    .orderBy(asc(paymentWebhookEvents.receivedAt))
    .limit(limit);
}
