import { ApiError } from '../../api/client';
import { GatewayCode, SpecCode } from '../../contract/errorCodes';
import { i18next } from '../../i18n';

/**
 * What a refused money-out request means to the player. The requests are sent quietly (api.ts), so the
 * pages say it here: a wrong password inside the password sheet, a missing one by sending the player to
 * set it, the rest in one line that says what to do.
 */
export type MoneyOutRefusal =
  { kind: 'wrongPassword'; text: string } | { kind: 'noPassword' } | { kind: 'split' } | { kind: 'message'; text: string };

export function moneyOutRefusal(error: unknown): MoneyOutRefusal {
  const t = i18next.t;
  if (!(error instanceof ApiError)) return { kind: 'message', text: t('withdraw.errors.unknown') };
  switch (error.code) {
    case GatewayCode.WithdrawPasswordWrong:
      // The server's words say how many tries are left, or how long withdrawals are paused.
      return {
        kind: 'wrongPassword',
        text: error.message ? t('withdraw.errors.wrongPasswordWith', { message: error.message }) : t('withdraw.errors.wrongPassword'),
      };
    case GatewayCode.WithdrawPasswordMissing:
      return { kind: 'noPassword' };
    case GatewayCode.SplitNeeded:
      return { kind: 'split' };
    case GatewayCode.TurnoverNotMet:
      return { kind: 'message', text: t('withdraw.errors.turnover') };
    case GatewayCode.InsufficientBalance:
      return { kind: 'message', text: t('withdraw.errors.balance') };
    // The bonus to forfeit changed since it was shown: the server's words name the amount now.
    case GatewayCode.BonusForfeitConfirm:
      return { kind: 'message', text: error.message };
    case GatewayCode.ChannelClosed:
      return { kind: 'message', text: t('withdraw.errors.channelClosed') };
    case SpecCode.PaymentProviderIssue:
      return { kind: 'message', text: t('errors.paymentProviderIssue') };
    case 'timeout':
    case 'network':
      return { kind: 'message', text: t('withdraw.errors.lost') };
    default:
      return {
        kind: 'message',
        text: error.message ? t('errors.withCode', { message: error.message, code: error.code }) : t('withdraw.errors.unknown'),
      };
  }
}
