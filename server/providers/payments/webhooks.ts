import { createHash } from 'node:crypto';
import type { SimulatorStore } from './store';

/**
 * Webhook delivery as providers do it: every event goes out several times (copies), each copy at its own
 * moment within a spread (so events of one payment can arrive in any order), and a copy that is not
 * answered 2xx is tried again with backoff, up to 12 attempts as PayMongo does. Nothing here keeps time:
 * a job calls deliverDueWebhooks(now), so a leader runs it on a server and tests fast-forward.
 */

/** Wait after the 1st, 2nd… failed attempt; 12 attempts in all, the last about 16 h after the first. */
export const RETRY_DELAYS_MS = [30, 60, 120, 300, 600, 1200, 2400, 3600, 7200, 14_400, 28_800].map((s) => s * 1000);
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

export interface DeliveryOptions {
  /** How many times each event is sent even when every attempt is answered 2xx (1 = once). */
  copies: number;
  /** Copies go out at moments spread over this window after the event. */
  spreadMs: number;
}

/** Sends one webhook to our endpoint; answers the HTTP status (0 for no answer). */
export type WebhookSender = (request: { provider: string; headers: Record<string, string>; body: string }) => Promise<number>;

/** Signs a body at the moment of sending, as the provider would (a retry carries a fresh timestamp). */
export type WebhookSigner = (body: string, now: number) => Record<string, string>;

/** A fraction in [0, 1) fixed by the text: the spread is the same after a restart, without a random state. */
function fraction(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) / 2 ** 32;
}

/** Queues an event's copies; queuing it again (same event id) adds nothing. Call inside the store transaction that made the event. */
export async function queueWebhook(
  store: SimulatorStore,
  event: { provider: string; eventId: string; body: string },
  now: number,
  options: DeliveryOptions,
): Promise<void> {
  for (let copy = 0; copy < Math.max(1, options.copies); copy++) {
    const id = `${event.provider}:${event.eventId}#${copy}`;
    const dueAt = now + Math.floor(fraction(id) * options.spreadMs);
    await store.insert('delivery', {
      id,
      dueAt,
      data: { ...event, copy, attempts: 0, state: 'waiting', lastAnswer: null },
    });
  }
}

/** Attempts every delivery due at `now`; answers how many were accepted. */
export async function deliverDueWebhooks(
  store: SimulatorStore,
  now: number,
  send: WebhookSender,
  signers: Record<string, WebhookSigner>,
  limit = 200,
): Promise<number> {
  let accepted = 0;
  for (const delivery of await store.due('delivery', now, limit)) {
    const { provider, body } = delivery.data;
    const sign = signers[provider];
    const answer = sign ? await send({ provider, headers: sign(body, now), body }).catch(() => 0) : 0;
    const attempts = delivery.data.attempts + 1;
    const ok = answer >= 200 && answer < 300;
    if (ok) accepted++;
    const gaveUp = !ok && attempts >= MAX_ATTEMPTS;
    await store.put('delivery', {
      id: delivery.id,
      dueAt: ok || gaveUp ? null : now + RETRY_DELAYS_MS[attempts - 1]!,
      data: { ...delivery.data, attempts, lastAnswer: answer, state: ok ? 'delivered' : gaveUp ? 'gave-up' : 'waiting' },
    });
  }
  return accepted;
}

/**
 * Delivers over HTTP to our own webhook routes, one per provider (on a server the leader job uses this).
 * PayMongo waits 30 s for an answer; we give up sooner, and the delivery is retried.
 */
export function httpWebhookSender(endpoints: Record<string, string>, timeoutMs = 10_000): WebhookSender {
  return async ({ provider, headers, body }) => {
    const url = endpoints[provider];
    if (!url) return 0;
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await answer.body?.cancel();
    return answer.status;
  };
}
