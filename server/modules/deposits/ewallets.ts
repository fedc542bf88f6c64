import type { DepositOutcome } from '../../../src/contract/payments';
import { pesos } from '../../providers/payments/checkoutPage';
import type { ChannelLimits, PaymentConfig } from '../../config';
import type { PayTypeEntry } from '../payments';

/**
 * The e-wallet deposit channels (GCash through PayMongo, Maya Checkout) and their rules as pure
 * functions: limits, presets, the player's messages. The service applies them.
 */
export interface EwalletChannel {
  payType: 'gcash' | 'maya';
  channelId: string;
  provider: 'paymongo' | 'maya';
  name: string;
  logo: string;
}

export const EWALLETS: readonly EwalletChannel[] = [
  { payType: 'gcash', channelId: 'paymongo-gcash', provider: 'paymongo', name: 'GCash', logo: '/payments/gcash.svg' },
  { payType: 'maya', channelId: 'maya-checkout', provider: 'maya', name: 'Maya', logo: '/payments/maya.svg' },
];

/** The terminal of the Maya mini-app (spec §7): Maya is listed first there. */
export const MAYA_MINI_APP = 'MAYAMINIAPP_AP';

export function ewalletChannel(payType: string, channelId: string): EwalletChannel | undefined {
  return EWALLETS.find((channel) => channel.payType === payType && channel.channelId === channelId);
}

/** Presets the channel can take (within its limits), at most 6. */
export function presetsWithin(presets: readonly number[], limits: ChannelLimits): number[] {
  return presets.filter((amount) => amount >= limits.min && amount <= limits.max).slice(0, 6);
}

/** Why an amount is refused, in the player's words; undefined when the channel takes it. */
export function amountProblem(amount: number, limits: ChannelLimits, name: string): string | undefined {
  if (!Number.isSafeInteger(amount) || amount <= 0) return 'Please enter a valid amount.';
  if (amount < limits.min) return `The smallest ${name} deposit is ${pesos(limits.min)}.`;
  if (amount > limits.max) return `The largest ${name} deposit is ${pesos(limits.max)}. Please enter a smaller amount.`;
  return undefined;
}

export function payTypeEntries(config: PaymentConfig, available: Record<'gcash' | 'maya', boolean>, terminal?: string): PayTypeEntry[] {
  const channels = terminal === MAYA_MINI_APP ? [...EWALLETS].reverse() : EWALLETS;
  return channels.map((channel) => {
    const limits = config.deposit[channel.payType];
    return {
      payType: channel.payType,
      name: channel.name,
      logo: channel.logo,
      channels: [
        {
          channelId: channel.channelId,
          name: channel.name,
          provider: channel.provider,
          logo: channel.logo,
          minAmount: limits.min,
          maxAmount: limits.max,
          feeText: 'No fee',
          available: available[channel.payType],
        },
      ],
      minAmount: limits.min,
      maxAmount: limits.max,
      amountList: presetsWithin(config.depositPresets, limits),
      firstAmountList: presetsWithin(config.firstDepositPresets, limits),
    };
  });
}

/** What the player reads when an e-wallet checkout ended without money, by outcome and provider code. */
export function outcomeMessage(outcome: Exclude<DepositOutcome, 'paid'>, name: string, failureCode?: string): string {
  if (outcome === 'expired') return `The ${name} checkout expired before it was paid. Nothing was taken; please start a new deposit.`;
  if (outcome === 'cancelled') return `You cancelled the ${name} payment. Nothing was taken; you can start a new deposit any time.`;
  if (failureCode === 'ACCOUNT_BLOCKED')
    return `${name} refused the payment: your account cannot pay right now. Please contact ${name} or choose another way to pay.`;
  if (failureCode === 'INSUFFICIENT_BALANCE')
    return `${name} declined the payment: not enough balance. Top up your ${name} wallet and try again.`;
  return `The ${name} payment did not go through. Nothing was taken; please try again or choose another way to pay.`;
}

/** A failed attempt that leaves the checkout payable (PayMongo): said on the order while it stays pending. */
export function attemptFailedMessage(name: string, failureCode?: string): string {
  return `${outcomeMessage('failed', name, failureCode)} You can try again on the same checkout until it expires.`;
}
