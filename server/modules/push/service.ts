import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { PushLang, PushSettings } from '../../../src/contract/pushKinds';
import type { Database } from '../../db';
import type { PlayerEvent } from '../../realtime/bus';
import * as repo from './repository';
import type { DueDelivery } from './repository';
import { accountNotification, betNotification, type Notification, partCashoutNotification } from './texts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushServiceOptions {
  db: Database;
  clock: () => number;
  vapid: VapidKeys;
  /** The VAPID subject: a mailto: or https: contact the push services can reach. */
  subject: string;
  /** Whether an endpoint may be sent to (production: https on the push services' hosts). */
  endpointAllowed: (url: URL) => boolean;
  log?: FastifyBaseLogger;
  /** How long a push service may take to answer one send. */
  timeoutMs?: number;
}

/** Tries after the first (then given up), waiting this long before each. */
export const RETRY_AFTER_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
/** How long a delivery being sent is kept from the retry job (a crashed sender's lapses). */
const LEASE_MS = 60_000;
/** How long a notification waits at the push service for an offline browser (seconds). */
const TTL_S = 24 * 60 * 60;

export type SendOutcome = 'sent' | 'pruned' | 'retry' | 'failed';

/**
 * Web Push (issue 38). Player events (a ticket settled or cashed out, a withdrawal paid or failed, a KYC
 * decision, a deposit limit reached) become deliveries in Postgres, one per subscription and event,
 * filed when the event is heard and sent right after, off the request that caused the event. Every
 * instance hears every event (the bus crosses them): the unique (subscription, event) row decides which
 * instance sends. A send that fails is retried by the shared job with growing waits; a subscription the
 * push service answers 404 or 410 (unsubscribed, expired) is deleted.
 */
export class PushService {
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly options: PushServiceOptions) {}

  get publicKey(): string {
    return this.options.vapid.publicKey;
  }

  /** An endpoint this server will send to (checked when subscribing, so the server posts nowhere else). */
  allowed(endpoint: string): boolean {
    try {
      return this.options.endpointAllowed(new URL(endpoint));
    } catch {
      return false;
    }
  }

  async subscribe(
    customerId: number,
    body: { endpoint: string; keys: { p256dh: string; auth: string }; lang?: PushLang | undefined },
  ): Promise<void> {
    await repo.upsertSubscription(this.options.db, {
      customerId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      lang: body.lang ?? 'en',
    });
  }

  async unsubscribe(customerId: number, endpoint: string): Promise<void> {
    await repo.deleteSubscription(this.options.db, customerId, endpoint);
  }

  async settings(customerId: number): Promise<{ kinds: PushSettings; subscriptions: number }> {
    const [kinds, subscriptions] = await Promise.all([
      repo.readSettings(this.options.db, customerId),
      repo.countSubscriptions(this.options.db, customerId),
    ]);
    return { kinds, subscriptions };
  }

  async saveSettings(customerId: number, kinds: Partial<PushSettings>): Promise<{ kinds: PushSettings; subscriptions: number }> {
    await repo.saveSettings(this.options.db, customerId, kinds);
    return this.settings(customerId);
  }

  /** The bus listener: never throws, never holds up the publisher (the filing and sending run after). */
  hear(event: PlayerEvent): void {
    let notification: Notification | undefined;
    let customerId: number;
    if (event.type === 'bet') {
      notification = event.cashout ? partCashoutNotification(event.push, event.cashout) : betNotification(event.push);
      customerId = event.customerId;
    } else if (event.type === 'notice') {
      notification = accountNotification(event.notice);
      customerId = event.customerId;
    } else return;
    if (!notification) return;
    const filing = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.notify(customerId, notification))
      .catch((error: unknown) => this.options.log?.error({ err: error, customerId }, 'push: filing a notification failed'));
    this.track(filing);
  }

  /** Files the notification for the player's subscriptions and sends those this instance filed. */
  async notify(customerId: number, notification: Notification): Promise<number> {
    const now = this.options.clock();
    const filed = await repo.fileDeliveries(this.options.db, {
      customerId,
      kind: notification.kind,
      eventKey: notification.eventKey,
      payloads: notification.payloads,
      leaseUntil: new Date(now + LEASE_MS),
    });
    await Promise.all(filed.map((delivery) => this.send(delivery)));
    return filed.length;
  }

  /** The retry job: deliveries whose wait is over (or whose sender's lease lapsed), sent again. */
  async retryDue(now: number, limit = 100): Promise<number> {
    const due = await repo.claimDue(this.options.db, new Date(now), new Date(now + LEASE_MS), limit);
    await Promise.all(due.map((delivery) => this.send(delivery)));
    return due.length;
  }

  /** Sent and given-up deliveries kept a week (a late copy of an event meets its row and stays unsent). */
  sweep(now: number): Promise<number> {
    return repo.sweepDeliveries(this.options.db, new Date(now - 7 * 24 * 60 * 60_000));
  }

  /** Waits for this instance's filings and sends under way (tests; a closing server). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private track(work: Promise<unknown>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  async send(delivery: DueDelivery): Promise<SendOutcome> {
    const { db, vapid, subject } = this.options;
    const { subscription } = delivery;
    const now = () => new Date(this.options.clock());
    if (!this.allowed(subscription.endpoint)) {
      await repo.pruneSubscription(db, subscription.id);
      return 'pruned';
    }
    // web-push encrypts (aes128gcm) and signs (VAPID); fetch sends, so the timeout and the answer are ours.
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(delivery.payload),
      {
        vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: TTL_S,
        urgency: 'normal',
        topic: topicOf(delivery.payload.tag),
        contentEncoding: 'aes128gcm',
      },
    );
    let status: number | null = null;
    let retryAfter: number | undefined;
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'error',
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      status = response.status;
      retryAfter = retryAfterMs(response.headers.get('retry-after'));
    } catch (error) {
      this.options.log?.warn({ err: error, subscriptionId: subscription.id }, 'push: no answer from the push service');
    }
    if (status !== null && status >= 200 && status < 300) {
      await repo.markSent(db, delivery, now(), status);
      return 'sent';
    }
    if (status === 404 || status === 410) {
      this.options.log?.info({ subscriptionId: subscription.id, status }, 'push: subscription gone; deleted');
      await repo.pruneSubscription(db, subscription.id);
      return 'pruned';
    }
    // 429, 5xx and no answer are worth another try; other answers (a payload or key refused) are not.
    const retriable = status === null || status === 429 || status >= 500;
    const wait = retriable ? RETRY_AFTER_MS[delivery.attempts] : undefined;
    const retryAt = wait === undefined ? null : new Date(this.options.clock() + Math.max(wait, retryAfter ?? 0));
    if (status !== null)
      this.options.log?.warn({ subscriptionId: subscription.id, status, attempts: delivery.attempts + 1 }, 'push: send refused');
    await repo.markFailed(db, delivery, status, retryAt, now());
    return retryAt ? 'retry' : 'failed';
  }
}

/** A push service's Topic header: at most 32 URL-safe characters (a newer message with it replaces an undelivered older). */
function topicOf(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, '').slice(-32) || 'panalo';
}

function retryAfterMs(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.min(seconds, 6 * 60 * 60) * 1000;
  return undefined;
}
