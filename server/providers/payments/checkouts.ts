import type { PaymentChannel } from '../../../src/contract/payments';
import { isChannelDown } from './channels';
import { magicFailure } from './magicAmounts';
import type { CheckoutStage, SimCheckout } from './records';
import type { SimulatorStore, StoredRecord } from './store';
import { PaymentProviderError, type Checkout, type CheckoutRequest, type EwalletAcquirer } from './types';
import { queueWebhook, type DeliveryOptions } from './webhooks';

/**
 * The life of a simulated e-wallet checkout, common to the PayMongo-style and Maya-style simulators:
 * open → (the player taps Pay) processing → paid, or a failed attempt; cancelled by the player; expired
 * when nobody paid in time. A profile gives each provider its status words, expiry and webhook shape.
 */
export interface CheckoutProfile {
  provider: 'paymongo' | 'maya';
  channel: PaymentChannel;
  /** The wallet's name on the hosted page. */
  brand: string;
  expiresInMs: number;
  newId(): string;
  statusWord(stage: CheckoutStage): string;
  /** Maya ends a checkout on a failed payment; a PayMongo intent waits for another attempt. */
  attemptFailureEnds: boolean;
  /** The webhook a stage sends: nothing for open and processing (pending states send nothing). */
  webhook(id: string, checkout: SimCheckout, now: number): { eventId: string; body: string } | undefined;
}

export interface CheckoutSimulatorOptions {
  store: SimulatorStore;
  clock: () => number;
  /** Origin of the simulator's hosted pages, e.g. http://localhost:8080. */
  baseUrl: string;
  delivery: DeliveryOptions;
  /** How long an authorised payment stays in processing before its final status. */
  processingMs?: number;
}

/** The acquirer our code uses, plus what the hosted page, tests and the leader job drive. */
export interface CheckoutSimulator extends EwalletAcquirer {
  readonly profile: CheckoutProfile;
  pay(checkoutId: string, now?: number): Promise<StoredRecord<'checkout'>>;
  cancel(checkoutId: string, now?: number): Promise<StoredRecord<'checkout'>>;
  declineNextAttempt(checkoutId: string): Promise<void>;
  find(checkoutId: string): Promise<StoredRecord<'checkout'> | undefined>;
  /** Ends the processing attempt or expires the checkout, if due at `now` (the leader job's step). */
  advance(checkoutId: string, now: number): Promise<void>;
}

const OUTCOMES = new Set<CheckoutStage>(['paid', 'failed', 'expired', 'cancelled']);
const canPay = (stage: CheckoutStage) => stage === 'open' || stage === 'attempt-failed';

export function checkoutSimulator(profile: CheckoutProfile, options: CheckoutSimulatorOptions): CheckoutSimulator {
  const { store, clock, delivery } = options;
  const processingMs = options.processingMs ?? 5_000;

  const view = ({ id, data }: StoredRecord<'checkout'>): Checkout => ({
    checkoutId: id,
    reference: data.reference,
    amount: data.amount,
    checkoutUrl: `${options.baseUrl}/sim/${profile.provider}/checkout/${id}`,
    providerStatus: profile.statusWord(data.stage),
    outcome: OUTCOMES.has(data.stage) ? (data.stage as Checkout['outcome']) : null,
    expiresAt: data.expiresAt,
  });

  /** Moves a checkout to a stage and queues its webhook, in one transaction with the caller's read. */
  async function moveTo(tx: SimulatorStore, record: StoredRecord<'checkout'>, changes: Partial<SimCheckout>, now: number) {
    const data = { ...record.data, ...changes };
    const dueAt = data.stage === 'processing' ? data.processingUntil : canPay(data.stage) ? data.expiresAt : null;
    const moved = { id: record.id, dueAt, data };
    await tx.put('checkout', moved);
    const hook = profile.webhook(record.id, data, now);
    if (hook) await queueWebhook(tx, { provider: profile.provider, ...hook }, now, delivery);
    return moved;
  }

  async function change(id: string, step: (tx: SimulatorStore, record: StoredRecord<'checkout'>) => Promise<StoredRecord<'checkout'>>) {
    return store.transaction(async (tx) => {
      const record = await tx.get('checkout', id);
      if (!record) throw new PaymentProviderError('NOT_FOUND', 'No such checkout.');
      return step(tx, record);
    });
  }

  /** The end of an attempt: paid, unless the account is blocked (magic amount) or the wallet declines. */
  function endAttempt(tx: SimulatorStore, record: StoredRecord<'checkout'>, now: number) {
    const blocked = magicFailure(record.data.amount) === 'ACCOUNT_BLOCKED';
    if (!blocked && !record.data.declineNext) return moveTo(tx, record, { stage: 'paid', processingUntil: null }, now);
    const stage = profile.attemptFailureEnds ? 'failed' : 'attempt-failed';
    const failureCode = blocked ? 'ACCOUNT_BLOCKED' : 'INSUFFICIENT_BALANCE';
    return moveTo(tx, record, { stage, failureCode, declineNext: false, processingUntil: null }, now);
  }

  return {
    provider: profile.provider,
    channel: profile.channel,
    profile,

    async createCheckout(request: CheckoutRequest) {
      if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
        throw new PaymentProviderError('INVALID_AMOUNT', 'The amount must be a whole number of centavos above zero.');
      }
      if (await isChannelDown(store, profile.channel)) {
        throw new PaymentProviderError('PROVIDER_DOWN', `${profile.brand} is not answering.`);
      }
      const magic = magicFailure(request.amount);
      if (magic === 'CHANNEL_UNAVAILABLE') {
        throw new PaymentProviderError('CHANNEL_UNAVAILABLE', `${profile.brand} is unavailable right now.`);
      }
      const now = clock();
      const { record, created } = await store.insert('checkout', {
        id: profile.newId(),
        idempotencyKey: `${profile.provider}:${request.idempotencyKey}`,
        dueAt: now + profile.expiresInMs,
        data: {
          provider: profile.provider,
          channel: profile.channel,
          amount: request.amount,
          reference: request.reference,
          description: request.description ?? `Deposit ${request.reference}`,
          returnUrls: request.returnUrls,
          stage: 'open',
          createdAt: now,
          expiresAt: now + profile.expiresInMs,
          processingUntil: null,
          attempts: 0,
          declineNext: false,
          failureCode: null,
        },
      });
      if (!created && (record.data.amount !== request.amount || record.data.reference !== request.reference)) {
        throw new PaymentProviderError('DUPLICATE_TRANSACTION', 'This idempotency key was used for another checkout.');
      }
      // The unpleasant timeout: the provider made the checkout but our call never heard back.
      if (created && magic === 'TIMEOUT') throw new PaymentProviderError('TIMEOUT', `${profile.brand} did not answer in time.`);
      return view(record);
    },

    async queryCheckout(checkoutId) {
      const record = await store.get('checkout', checkoutId);
      if (!record) throw new PaymentProviderError('NOT_FOUND', 'No such checkout.');
      return view(record);
    },

    find: (checkoutId) => store.get('checkout', checkoutId),

    pay: (id, now = clock()) =>
      change(id, async (tx, record) => {
        if (!canPay(record.data.stage)) return record;
        if (now >= record.data.expiresAt) return moveTo(tx, record, { stage: 'expired', failureCode: 'EXPIRED' }, now);
        const attempts = record.data.attempts + 1;
        return moveTo(tx, record, { stage: 'processing', processingUntil: now + processingMs, attempts }, now);
      }),

    cancel: (id, now = clock()) =>
      change(id, async (tx, record) =>
        canPay(record.data.stage) ? moveTo(tx, record, { stage: 'cancelled', failureCode: 'CANCELLED' }, now) : record,
      ),

    async declineNextAttempt(id) {
      await change(id, async (tx, record) => {
        const declined = { ...record, data: { ...record.data, declineNext: true } };
        await tx.put('checkout', declined);
        return declined;
      });
    },

    async advance(id, now) {
      await change(id, async (tx, record) => {
        const { stage, processingUntil, expiresAt } = record.data;
        if (stage === 'processing' && processingUntil !== null && processingUntil <= now) return endAttempt(tx, record, now);
        if (canPay(stage) && expiresAt <= now) return moveTo(tx, record, { stage: 'expired', failureCode: 'EXPIRED' }, now);
        return record;
      });
    },
  };
}
