import { DEPOSIT_PRESETS, DEPOSIT_PRESETS_MAX_SHOWN, DEPOSIT_RECORDS } from '../../contract/constants';
import type { DepositStatus } from '../../contract/money';
import { manilaDay } from '../../lib/dates';
import { parsePesos, pesosToCentavos } from '../../lib/money';

/**
 * The pure rules of the money-in pages: what an amount typed by the player means against a channel's
 * limits, which presets to offer, what an order's status tells the player, and the date windows of the
 * records. No React, no calls: the unit tests read them directly.
 */

export type AmountCheck =
  { ok: true; centavos: number } | { ok: false; reason: 'empty' | 'invalid' | 'belowMin' | 'aboveMax'; centavos?: number };

/** An amount as typed ('1,000', '₱500.50') against the channel's min/max, all in centavos. */
export function checkAmount(input: string, limits: { minAmount: number; maxAmount: number }): AmountCheck {
  if (input.trim() === '') return { ok: false, reason: 'empty' };
  const centavos = parsePesos(input);
  if (centavos === undefined || centavos <= 0) return { ok: false, reason: 'invalid' };
  if (centavos < limits.minAmount) return { ok: false, reason: 'belowMin', centavos };
  if (limits.maxAmount > 0 && centavos > limits.maxAmount) return { ok: false, reason: 'aboveMax', centavos };
  return { ok: true, centavos };
}

/**
 * When to say what is wrong: after a tap on Deposit, or at once for what typing further cannot fix (not a
 * number, above the maximum). '5' on the way to '500' is not yet an error.
 */
export function showAmountError(tried: boolean, check: AmountCheck): boolean {
  if (check.ok) return false;
  return tried || check.reason === 'invalid' || check.reason === 'aboveMax';
}

/**
 * The preset buttons (spec §9): the first-deposit list for a player who has not deposited yet when the
 * operator set one, otherwise the usual list, otherwise the spec's defaults; only amounts the channel
 * accepts, at most 6.
 */
export function depositPresets(
  payType: { amountList: readonly number[]; firstAmountList: readonly number[] },
  limits: { minAmount: number; maxAmount: number },
  firstDeposit: boolean,
): number[] {
  const chosen =
    firstDeposit && payType.firstAmountList.length > 0
      ? payType.firstAmountList
      : payType.amountList.length > 0
        ? payType.amountList
        : DEPOSIT_PRESETS.map(pesosToCentavos);
  const fits = (amount: number) => amount >= limits.minAmount && (limits.maxAmount <= 0 || amount <= limits.maxAmount);
  return [...new Set(chosen.filter(fits))].slice(0, DEPOSIT_PRESETS_MAX_SHOWN);
}

/** Centavos → the text put in the amount field when a preset is tapped ('500', '1250.50'). */
export function amountText(centavos: number): string {
  return centavos % 100 === 0 ? String(centavos / 100) : (centavos / 100).toFixed(2);
}

export type StatusTone = 'waiting' | 'good' | 'bad';

/** What each deposit status means to the player: still on its way, money in, or nothing moved. */
export const DEPOSIT_STATUS_TONE: Record<DepositStatus, StatusTone> = {
  pending: 'waiting',
  reviewing: 'waiting',
  paid: 'good',
  failed: 'bad',
  expired: 'bad',
  cancelled: 'bad',
  rejected: 'bad',
};

/** An order whose status will not change any more. */
export function isFinalDeposit(status: DepositStatus): boolean {
  return DEPOSIT_STATUS_TONE[status] !== 'waiting';
}

/** The turnover rule in hundredths (100 = the deposit staked once) → the times, as the player reads it ('1', '1.5'). */
export function turnoverTimes(turnoverPercent: number): string | undefined {
  if (turnoverPercent <= 0) return undefined;
  return String(Math.round(turnoverPercent) / 100);
}

const DAY_MS = 86_400_000;

/** The periods of /record: today, the last 7 days, the last 30 days (today included), in Manila days. */
export const RECORD_PERIODS = { today: 1, week: 7, month: 30 } as const;
export type RecordPeriod = keyof typeof RECORD_PERIODS;

export function recordWindow(period: RecordPeriod, now: Date | number): { beginDate: string; endDate: string } {
  const at = typeof now === 'number' ? now : now.getTime();
  return { beginDate: manilaDay(at - (RECORD_PERIODS[period] - 1) * DAY_MS), endDate: manilaDay(at) };
}

/** Deposit records (spec §7): a 30-day window ending today, in Manila days. */
export function depositRecordsWindow(now: Date | number): { beginDate: string; endDate: string } {
  const at = typeof now === 'number' ? now : now.getTime();
  return { beginDate: manilaDay(at - (DEPOSIT_RECORDS.windowDays - 1) * DAY_MS), endDate: manilaDay(at) };
}

export interface StatusMessage {
  tone: StatusTone;
  /** i18n key of the title (wallet.status.<status>.title). */
  titleKey: `wallet.status.${DepositStatus}.title`;
  /** The provider's or operator's own words when the order ended without money, else the key of ours. */
  text?: string;
  bodyKey: `wallet.status.${DepositStatus}.body`;
}

/**
 * What an order's status tells the player: the title and what to do now. An order that ended without
 * money carries its own message ('The checkout expired. Please try again.'), which wins over ours.
 */
export function depositStatusMessage(order: { status: DepositStatus; message?: string | undefined }): StatusMessage {
  const tone = DEPOSIT_STATUS_TONE[order.status];
  const own = tone === 'bad' && order.message?.trim() ? order.message.trim() : undefined;
  return {
    tone,
    titleKey: `wallet.status.${order.status}.title`,
    bodyKey: `wallet.status.${order.status}.body`,
    ...(own ? { text: own } : {}),
  };
}

/** Money in and money out of the bills shown, each a positive sum of centavos. */
export function billTotals(bills: readonly { amount: number }[]): { in: number; out: number } {
  let moneyIn = 0;
  let moneyOut = 0;
  for (const { amount } of bills) {
    if (amount > 0) moneyIn += amount;
    else moneyOut -= amount;
  }
  return { in: moneyIn, out: moneyOut };
}
