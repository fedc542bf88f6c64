import { randomUUID } from 'node:crypto';
import type { PayoutStatus } from '../../../src/contract/payments';
import { isChannelDown } from './channels';
import { magicFailure } from './magicAmounts';
import { pesosText } from './maya';
import { railFor, settlesAt } from './rails';
import type { SimPayout, SimPayoutStatus } from './records';
import { checkCallbackToken } from './signatures';
import type { SimulatorStore, StoredRecord } from './store';
import { PaymentProviderError, type Payout, type PayoutProvider, type PayoutRequest, type WebhookVerifier } from './types';
import { queueWebhook, type DeliveryOptions, type WebhookSigner } from './webhooks';

/**
 * Payouts shaped like Xendit's (POST /v2/payouts with an Idempotency-key; docs.xendit.co/docs/payout-status-lifecycle):
 * ACCEPTED → REQUESTED (our "pending"; sends nothing) → SUCCEEDED | FAILED, and now and then a SUCCEEDED
 * payout REVERSED later. Webhooks payout.succeeded / failed / reversed carry x-callback-token.
 */

export const PAYOUT_ACCEPT_MS = 10_000;
/** How long after success a magic-amount payout is reversed. */
export const REVERSAL_AFTER_MS = 24 * 3_600_000;
/** While a channel is down, a pending payout waits and looks again this much later. */
const OUTAGE_RETRY_MS = 60_000;

const OUR_STATUS: Record<SimPayoutStatus, PayoutStatus> = {
  ACCEPTED: 'accepted',
  REQUESTED: 'pending',
  SUCCEEDED: 'succeeded',
  FAILED: 'failed',
  REVERSED: 'reversed',
};

const CHANNEL_CODE = { gcash: 'PH_GCASH', maya: 'PH_PAYMAYA' } as const;
const channelCode = (payout: SimPayout) =>
  payout.destination.channel === 'bank' ? `PH_${payout.destination.bankCode ?? 'BANK'}` : CHANNEL_CODE[payout.destination.channel];

export interface PayoutSimulator extends PayoutProvider {
  /** Test control: the bank takes back a succeeded payout now. */
  reverse(payoutId: string, now?: number): Promise<void>;
  /** Moves payouts due at `now` one step along their life. */
  tick(now: number): Promise<void>;
}

export function payoutSimulator(options: { store: SimulatorStore; clock: () => number; delivery: DeliveryOptions }): PayoutSimulator {
  const { store, clock, delivery } = options;

  const view = ({ id, data }: StoredRecord<'payout'>): Payout => ({
    payoutId: id,
    reference: data.reference,
    amount: data.amount,
    rail: data.rail,
    status: OUR_STATUS[data.status],
    providerStatus: data.status,
    ...(data.failureCode ? { failureCode: data.failureCode } : {}),
    expectedBy: data.expectedBy,
  });

  async function moveTo(
    tx: SimulatorStore,
    record: StoredRecord<'payout'>,
    changes: Partial<SimPayout>,
    dueAt: number | null,
    now: number,
  ) {
    const data = { ...record.data, ...changes };
    await tx.put('payout', { id: record.id, dueAt, data });
    if (data.status === 'ACCEPTED' || data.status === 'REQUESTED') return;
    const body = {
      event: `payout.${data.status.toLowerCase()}`,
      business_id: 'panalo-sim',
      created: new Date(now).toISOString(),
      data: {
        id: record.id,
        amount: Number(pesosText(data.amount)),
        currency: 'PHP',
        channel_code: channelCode(data),
        reference_id: data.reference,
        status: data.status,
        ...(data.failureCode ? { failure_code: data.failureCode } : {}),
        estimated_arrival_time: new Date(data.expectedBy).toISOString(),
        updated: new Date(now).toISOString(),
      },
    };
    await queueWebhook(tx, { provider: 'xendit', eventId: `${record.id}:${data.status}`, body: JSON.stringify(body) }, now, delivery);
  }

  async function step(tx: SimulatorStore, record: StoredRecord<'payout'>, now: number) {
    const { status, rail, amount, destination, reverseAt } = record.data;
    // The transfer starts when acceptance was due, not when a tick got round to it: a late tick (a leader
    // taking over, a test stepping ahead) does not push the settling out, and expectedBy stays true.
    if (status === 'ACCEPTED') return moveTo(tx, record, { status: 'REQUESTED' }, settlesAt(rail, record.dueAt ?? now), now);
    if (status === 'REQUESTED') {
      if (await isChannelDown(tx, destination.channel)) return tx.put('payout', { ...record, dueAt: now + OUTAGE_RETRY_MS });
      if (magicFailure(amount) === 'ACCOUNT_BLOCKED')
        return moveTo(tx, record, { status: 'FAILED', failureCode: 'REJECTED_BY_CHANNEL' }, null, now);
      const reverseLater = magicFailure(amount) === 'REVERSED' ? now + REVERSAL_AFTER_MS : null;
      return moveTo(tx, record, { status: 'SUCCEEDED', reverseAt: reverseLater }, reverseLater, now);
    }
    if (status === 'SUCCEEDED' && reverseAt !== null && reverseAt <= now) {
      return moveTo(tx, record, { status: 'REVERSED', failureCode: 'REVERSED_BY_BANK', reverseAt: null }, null, now);
    }
  }

  return {
    provider: 'xendit',

    async createPayout(request: PayoutRequest) {
      const { amount, destination } = request;
      if (!Number.isSafeInteger(amount) || amount <= 0) {
        throw new PaymentProviderError('INVALID_AMOUNT', 'The amount must be a whole number of centavos above zero.');
      }
      const rail = railFor(destination.channel, amount);
      if (!rail) throw new PaymentProviderError('AMOUNT_ABOVE_LIMIT', 'No transfer carries this amount to this account.');
      if (await isChannelDown(store, destination.channel))
        throw new PaymentProviderError('PROVIDER_DOWN', 'The payout channel is not answering.');
      const magic = magicFailure(amount);
      if (magic === 'CHANNEL_UNAVAILABLE') throw new PaymentProviderError('CHANNEL_UNAVAILABLE', 'The payout channel is unavailable.');
      const now = clock();
      const { record, created } = await store.insert('payout', {
        id: `disb-${randomUUID()}`,
        idempotencyKey: `xendit:${request.idempotencyKey}`,
        dueAt: now + PAYOUT_ACCEPT_MS,
        data: {
          amount,
          reference: request.reference,
          destination,
          rail,
          status: 'ACCEPTED',
          failureCode: null,
          createdAt: now,
          expectedBy: settlesAt(rail, now + PAYOUT_ACCEPT_MS),
          reverseAt: null,
        },
      });
      if (!created && (record.data.amount !== amount || record.data.reference !== request.reference)) {
        throw new PaymentProviderError('DUPLICATE_TRANSACTION', 'This idempotency key was used for another payout.');
      }
      if (created && magic === 'TIMEOUT') throw new PaymentProviderError('TIMEOUT', 'The payout channel did not answer in time.');
      return view(record);
    },

    async queryPayout(payoutId) {
      const record = await store.get('payout', payoutId);
      if (!record) throw new PaymentProviderError('NOT_FOUND', 'No such payout.');
      return view(record);
    },

    async reverse(payoutId, now = clock()) {
      await store.transaction(async (tx) => {
        const record = await tx.get('payout', payoutId);
        if (record?.data.status === 'SUCCEEDED') await step(tx, { ...record, data: { ...record.data, reverseAt: now } }, now);
      });
    },

    async tick(now) {
      for (const due of await store.due('payout', now, 200)) {
        await store.transaction(async (tx) => {
          const record = await tx.get('payout', due.id);
          if (record && record.dueAt !== null && record.dueAt <= now) await step(tx, record, now);
        });
      }
    },
  };
}

export function xenditSigner(callbackToken: string): WebhookSigner {
  return () => ({ 'x-callback-token': callbackToken });
}

const WEBHOOK_STATUS: Record<string, PayoutStatus> = { SUCCEEDED: 'succeeded', FAILED: 'failed', REVERSED: 'reversed' };

/** Our side: the static callback token first (Xendit signs nothing else), then the body. */
export function xenditPayoutVerifier(callbackToken: string): WebhookVerifier {
  return {
    provider: 'xendit',
    verify(headers, rawBody) {
      const check = checkCallbackToken(headers['x-callback-token'], callbackToken);
      if (check !== 'ok') return { ok: false, reason: check };
      try {
        const { data } = JSON.parse(rawBody.toString());
        const status = WEBHOOK_STATUS[data.status];
        const amount = Math.round(Number(data.amount) * 100);
        if (!status || !Number.isSafeInteger(amount) || typeof data.id !== 'string') return { ok: false, reason: 'malformed' };
        return {
          ok: true,
          event: {
            kind: 'payout',
            provider: 'xendit',
            eventId: `${data.id}:${data.status}`,
            payoutId: data.id,
            reference: String(data.reference_id ?? ''),
            amount,
            status,
            ...(data.failure_code ? { failureCode: String(data.failure_code) } : {}),
            occurredAt: Date.parse(data.updated) || 0,
          },
        };
      } catch {
        return { ok: false, reason: 'malformed' };
      }
    },
  };
}
