import { GatewayCode, SpecCode } from '../../../src/contract/errorCodes';
import { CallError } from '../../lib/errors';
import { PaymentProviderError } from '../../providers/payments/types';

/** GW_801104: the catalogued "a payment provider issue is being resolved" (the app shows it with Okay). */
export const providerIssue = () =>
  new CallError(
    SpecCode.PaymentProviderIssue,
    'Our payment provider is resolving an issue right now. Your money is safe; please try again in a few minutes.',
    503,
  );

/**
 * A provider's refusal in the player's words. An outage is GW_801104; the other known failures say
 * what the player can do. Anything else is not a provider refusal and is thrown on as it is.
 */
export function playerRefusal(error: unknown, brand: string): unknown {
  if (!(error instanceof PaymentProviderError)) return error;
  switch (error.code) {
    case 'PROVIDER_DOWN':
      return providerIssue();
    case 'CHANNEL_UNAVAILABLE':
      return new CallError(
        GatewayCode.ChannelClosed,
        `${brand} is not taking payments right now. Please choose another way to pay or try again later.`,
        503,
      );
    case 'ACCOUNT_BLOCKED':
      return new CallError(
        GatewayCode.PaymentAccountRefused,
        `Your ${brand} account cannot pay right now. Please contact ${brand}, or choose another way to pay.`,
        400,
      );
    case 'TIMEOUT':
      return new CallError(
        GatewayCode.ChannelClosed,
        `${brand} did not answer in time. Please try again; you will not be charged twice.`,
        503,
      );
    case 'AMOUNT_ABOVE_LIMIT':
    case 'INVALID_AMOUNT':
      return new CallError(GatewayCode.InvalidAmount, `${brand} does not accept this amount. Please enter another amount.`, 400);
    case 'DUPLICATE_TRANSACTION':
      return new CallError(
        GatewayCode.IdempotencyConflict,
        'This request was already made with different details. Please start again.',
        409,
      );
    case 'NOT_FOUND':
      return new CallError(GatewayCode.OrderNotFound, 'We could not find this payment. Please start again.', 404);
  }
}
