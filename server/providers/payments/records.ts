import type { DepositOutcome, PaymentChannel, PayoutRail } from '../../../src/contract/payments';
import type { PayoutDestination, ReturnUrls } from './types';

/** The simulators' records as stored (plain JSON, times in epoch milliseconds). */

/** Where a simulated checkout stands; each provider names these stages with its own status words. */
export type CheckoutStage = 'open' | 'processing' | 'attempt-failed' | DepositOutcome;

export interface SimCheckout {
  provider: 'paymongo' | 'maya';
  channel: PaymentChannel;
  amount: number;
  reference: string;
  description: string;
  returnUrls: ReturnUrls;
  stage: CheckoutStage;
  createdAt: number;
  expiresAt: number;
  /** When the attempt in processing ends (then the webhook goes out). */
  processingUntil: number | null;
  attempts: number;
  /** Test control: the player's wallet refuses the next attempt (insufficient balance). */
  declineNext: boolean;
  failureCode: string | null;
}

/** Xendit's payout statuses, which the simulator speaks. */
export type SimPayoutStatus = 'ACCEPTED' | 'REQUESTED' | 'SUCCEEDED' | 'FAILED' | 'REVERSED';

export interface SimPayout {
  amount: number;
  reference: string;
  destination: PayoutDestination;
  rail: PayoutRail;
  status: SimPayoutStatus;
  failureCode: string | null;
  createdAt: number;
  expectedBy: number;
  /** A succeeded payout that the bank will take back at this time (rare, but real). */
  reverseAt: number | null;
}

export interface WebhookDelivery {
  provider: string;
  eventId: string;
  /** The exact bytes sent, signed afresh at each attempt. */
  body: string;
  /** Which copy of the event this is: providers send the same event more than once. */
  copy: number;
  attempts: number;
  state: 'waiting' | 'delivered' | 'gave-up';
  lastAnswer: number | null;
}

/** The outage switch of one channel. */
export interface ChannelSwitch {
  down: boolean;
  changedAt: number;
}
