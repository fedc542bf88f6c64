import { WITHDRAW_PRESETS } from '../../../src/contract/constants';
import { INSTAPAY_MAX_CENTAVOS, PESONET_MAX_CENTAVOS, PaymentAccountType } from '../../../src/contract/payments';
import { formatCentavos, pesosToCentavos } from '../../../src/lib/money';
import { AGENT_CASH_MAX } from '../../providers/agents/cashOut';

/**
 * The withdrawal amount rules as pure functions (unit-tested in tests/unit/withdrawLimits.test.ts):
 * the operator's min/max, what one payout of each way carries, and the split plan offered for an
 * amount above a way's one-payout limit. Amounts are whole centavos.
 */

export type WithdrawWay = 'gcash' | 'maya' | 'bank' | 'agent';

export interface WithdrawLimits {
  minAmount: number;
  maxAmount: number;
}

/** ₱10,000.00: the most cash a partner store hands out in one claim. */
export const AGENT_MAX_CENTAVOS = AGENT_CASH_MAX;
/** A split offers at most this many withdrawals; above it the player is pointed at a bank account. */
export const MAX_SPLIT_PARTS = 10;

export const WAY_NAME: Record<WithdrawWay, string> = { gcash: 'GCash', maya: 'Maya', bank: 'bank accounts', agent: 'store cash-out' };

export function wayOfAccountType(accountType: number): WithdrawWay {
  if (accountType === PaymentAccountType.GCash) return 'gcash';
  if (accountType === PaymentAccountType.Maya) return 'maya';
  return 'bank';
}

/**
 * The most one payout carries on a way: e-wallets receive through InstaPay only (₱50,000); a bank
 * takes InstaPay up to ₱50,000 and PESONet above it up to PESONet's limit; a store hands out ₱10,000.
 * Never more than the operator's maximum.
 */
export function channelMax(way: WithdrawWay, limits: WithdrawLimits): number {
  const one = { gcash: INSTAPAY_MAX_CENTAVOS, maya: INSTAPAY_MAX_CENTAVOS, bank: PESONET_MAX_CENTAVOS, agent: AGENT_MAX_CENTAVOS }[way];
  return Math.min(one, limits.maxAmount);
}

/** The presets of spec §9 in centavos, those the operator's limits allow. */
export function withdrawPresets(limits: WithdrawLimits): number[] {
  return WITHDRAW_PRESETS.map(pesosToCentavos).filter((amount) => amount >= limits.minAmount && amount <= limits.maxAmount);
}

/**
 * Splits `amount` into payouts of at most `max`, none below `min`: full payouts first, the rest last;
 * a rest below `min` takes what it lacks from the payout before it. Empty when no plan exists (more
 * than MAX_SPLIT_PARTS payouts, or an amount below `min`).
 */
export function splitPlan(amount: number, max: number, min: number): number[] {
  if (!Number.isSafeInteger(amount) || amount < min || max < min) return [];
  const parts: number[] = [];
  let rest = amount;
  while (rest > max) {
    parts.push(max);
    rest -= max;
  }
  parts.push(rest);
  const last = parts.length - 1;
  if (parts.length > 1 && parts[last]! < min) {
    const lacking = min - parts[last]!;
    parts[last - 1] = parts[last - 1]! - lacking;
    parts[last] = min;
  }
  return parts.length > MAX_SPLIT_PARTS || parts.some((part) => part < min) ? [] : parts;
}

export interface QuotaVerdict {
  allowed: boolean;
  channelMax: number;
  splits: number[];
  message?: string;
  /** Why it is refused, for the GW_ code a create answers. */
  reason?: 'below-min' | 'above-max' | 'balance' | 'split';
}

/**
 * Whether `amount` can go out in one withdrawal on `way`, and what to offer otherwise. `withdrawable`
 * is what the player may take out now (balance less turnover still owed).
 */
export function checkQuota(amount: number, way: WithdrawWay, limits: WithdrawLimits, withdrawable: number): QuotaVerdict {
  const max = channelMax(way, limits);
  const refuse = (reason: QuotaVerdict['reason'], message: string, splits: number[] = []): QuotaVerdict => ({
    allowed: false,
    channelMax: max,
    splits,
    message,
    reason,
  });
  if (amount < limits.minAmount) return refuse('below-min', `The smallest withdrawal is ${formatCentavos(limits.minAmount)}.`);
  if (amount > limits.maxAmount) return refuse('above-max', `The largest withdrawal is ${formatCentavos(limits.maxAmount)}.`);
  if (amount > withdrawable) {
    return refuse(
      'balance',
      withdrawable >= limits.minAmount
        ? `You can withdraw up to ${formatCentavos(withdrawable)} now.`
        : `You have less than ${formatCentavos(limits.minAmount)} that can be withdrawn now.`,
    );
  }
  if (amount <= max) return { allowed: true, channelMax: max, splits: [] };
  const plan = splitPlan(amount, max, limits.minAmount);
  if (plan.length === 0) {
    return refuse(
      'above-max',
      `${WAY_NAME[way]} takes at most ${formatCentavos(max * MAX_SPLIT_PARTS)} at once. Please choose a bank account or a smaller amount.`,
    );
  }
  return refuse(
    'split',
    `${WAY_NAME[way]} takes at most ${formatCentavos(max)} per withdrawal: we can send it as ${plan.length} withdrawals (${plan.map(formatCentavos).join(' + ')}).`,
    plan,
  );
}
