import type { DepositOutcome, PaymentChannel, PayoutRail, PayoutStatus } from '../../../src/contract/payments';

/**
 * What our wallet code uses of the outside payment parties. A real PayMongo, Maya or Xendit adapter
 * implements the same interfaces as the simulators, so replacing one changes no code of ours. Amounts are
 * integer centavos on this side of the interface; an adapter converts to the provider's own format.
 */

/** Why a provider refused a call. PROVIDER_DOWN is the outage the player sees as GW_801104. */
export type PaymentErrorCode =
  | 'PROVIDER_DOWN'
  | 'CHANNEL_UNAVAILABLE'
  | 'ACCOUNT_BLOCKED'
  | 'TIMEOUT'
  | 'AMOUNT_ABOVE_LIMIT'
  | 'INVALID_AMOUNT'
  | 'DUPLICATE_TRANSACTION'
  | 'NOT_FOUND';

export class PaymentProviderError extends Error {
  constructor(
    readonly code: PaymentErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export interface ReturnUrls {
  success: string;
  failure: string;
  cancel: string;
}

export interface CheckoutRequest {
  /** Integer centavos, > 0. */
  amount: number;
  /** Our deposit order number; it comes back in every webhook. */
  reference: string;
  /** The same key answers the first result, however often a create is retried. */
  idempotencyKey: string;
  returnUrls: ReturnUrls;
  description?: string;
}

export interface Checkout {
  /** The provider's id of the checkout (payment intent, Maya checkoutId). */
  checkoutId: string;
  reference: string;
  amount: number;
  /** Where to send the player: the provider's hosted checkout page. */
  checkoutUrl: string;
  /** The provider's own status word, for logs and support. */
  providerStatus: string;
  /** Set once the checkout is over; until then the player may still pay. */
  outcome: DepositOutcome | null;
  expiresAt: number;
}

/** An e-wallet acquirer (GCash through PayMongo, Maya Checkout). */
export interface EwalletAcquirer {
  readonly provider: string;
  readonly channel: PaymentChannel;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** A poll: informative only. Money is credited on the verified webhook, never on this or on a redirect. */
  queryCheckout(checkoutId: string): Promise<Checkout>;
}

export interface PayoutDestination {
  channel: PaymentChannel;
  accountNumber: string;
  accountName: string;
  /** The bank's code when channel is bank. */
  bankCode?: string;
}

export interface PayoutRequest {
  amount: number;
  reference: string;
  idempotencyKey: string;
  destination: PayoutDestination;
}

export interface Payout {
  payoutId: string;
  reference: string;
  amount: number;
  rail: PayoutRail;
  status: PayoutStatus;
  providerStatus: string;
  failureCode?: string;
  /** When the money should arrive: minutes for InstaPay, the next PESONet cycle otherwise. */
  expectedBy: number;
  /** A store cash-out's code, shown to the player for the cashier (agent payouts only). */
  claimCode?: string;
}

/** A payout rail (withdrawals to GCash, Maya and bank accounts). */
export interface PayoutProvider {
  readonly provider: string;
  createPayout(request: PayoutRequest): Promise<Payout>;
  queryPayout(payoutId: string): Promise<Payout>;
}

/** A verified final status, as our consumer handles it (idempotent on eventId). */
export type PaymentEvent =
  | {
      kind: 'deposit';
      provider: string;
      /** Unique per provider event: the consumer ignores an id it has seen. */
      eventId: string;
      checkoutId: string;
      reference: string;
      amount: number;
      outcome: DepositOutcome;
      /** False when the player may still pay this checkout (a failed attempt of a PayMongo intent). */
      final: boolean;
      failureCode?: string;
      occurredAt: number;
    }
  | {
      kind: 'payout';
      provider: string;
      eventId: string;
      payoutId: string;
      reference: string;
      amount: number;
      status: PayoutStatus;
      failureCode?: string;
      occurredAt: number;
    };

export type WebhookVerdict =
  { ok: true; event: PaymentEvent } | { ok: false; reason: 'no-signature' | 'bad-signature' | 'stale' | 'malformed' };

/** One per provider: checks the signature over the raw body first, and only then parses it. */
export interface WebhookVerifier {
  readonly provider: string;
  verify(headers: Record<string, string | undefined>, rawBody: string | Buffer, now: number): WebhookVerdict;
}
