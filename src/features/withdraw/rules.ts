import { WITHDRAW_PASSWORD_PATTERN, type WithdrawalStatus } from '../../contract/money';
import { PaymentAccountType } from '../../contract/payments';
import { formatCentavos, parsePesos } from '../../lib/money';

/**
 * The rules of the money-out forms, pure so the unit tests read them line by line. The server checks
 * everything again; these only let the player hear the problem before anything is sent. Messages are
 * keys under `withdraw.errors` (i18n) with their values.
 */

/** The three ways a payout can go, and the account type each one keeps (spec §3 Accounts). */
export const WAYS = ['gcash', 'maya', 'bank'] as const;
export type Way = (typeof WAYS)[number];
export const ACCOUNT_TYPE_OF: Record<Way, PaymentAccountType> = {
  gcash: PaymentAccountType.GCash,
  maya: PaymentAccountType.Maya,
  bank: PaymentAccountType.Bank,
};

export interface AmountLimits {
  /** Centavos. */
  min: number;
  max: number;
  /** What can be taken out now (the balance less turnover still owed). */
  withdrawable: number;
}

export type AmountProblem =
  | { key: 'amountMissing' }
  | { key: 'amountInvalid' }
  | { key: 'amountTooSmall'; min: string }
  | { key: 'amountTooLarge'; max: string }
  | { key: 'amountOverWithdrawable'; withdrawable: string };

/** What is wrong with the amount typed (in pesos), or undefined when it can be asked for. */
export function amountProblem(input: string, limits: AmountLimits): AmountProblem | undefined {
  if (input.trim() === '') return { key: 'amountMissing' };
  const centavos = parsePesos(input);
  if (centavos === undefined || centavos <= 0) return { key: 'amountInvalid' };
  if (centavos < limits.min) return { key: 'amountTooSmall', min: formatCentavos(limits.min) };
  if (centavos > limits.max) return { key: 'amountTooLarge', max: formatCentavos(limits.max) };
  if (centavos > limits.withdrawable) return { key: 'amountOverWithdrawable', withdrawable: formatCentavos(limits.withdrawable) };
  return undefined;
}

export type PasswordProblem = 'passwordDigits' | 'passwordSimple' | 'passwordMismatch' | 'passwordSameAsOld';

/** 6 digits (contract), and not one digit six times nor a straight run (123456, 654321): the first guesses. */
export function passwordProblem(password: string): PasswordProblem | undefined {
  if (!WITHDRAW_PASSWORD_PATTERN.test(password)) return 'passwordDigits';
  const digits = [...password].map(Number);
  const steps = new Set(digits.slice(1).map((digit, i) => digit - digits[i]!));
  if (steps.size === 1 && [0, 1, -1].includes([...steps][0]!)) return 'passwordSimple';
  return undefined;
}

/** A new password typed twice (and, when changing it, different from the old one). */
export function newPasswordProblems(form: { password: string; confirm: string; old?: string }): {
  password?: PasswordProblem;
  confirm?: PasswordProblem;
} {
  const password =
    passwordProblem(form.password) ?? (form.old !== undefined && form.old === form.password ? 'passwordSameAsOld' : undefined);
  const confirm = form.confirm !== form.password ? 'passwordMismatch' : undefined;
  return { ...(password ? { password } : {}), ...(confirm ? { confirm } : {}) };
}

/** A Philippine mobile number as GCash and Maya know it: 09XXXXXXXXX (also taken as +63 9… or 63 9…). */
export function walletNumber(input: string): string | undefined {
  const digits = input.replace(/[\s()-]/g, '');
  const match = /^(?:\+?63|0)(9\d{9})$/.exec(digits);
  return match ? `0${match[1]}` : undefined;
}

/** A bank account number: 6 to 20 digits once spaces and dashes are taken out. */
export function bankAccountNumber(input: string): string | undefined {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d{6,20}$/.test(digits) ? digits : undefined;
}

/** The name on the account: 2 to 80 letters, spaces, dots, commas, apostrophes or dashes. */
export function accountName(input: string): string | undefined {
  const name = input.trim().replace(/\s+/g, ' ');
  return /^[\p{L} .,'-]{2,80}$/u.test(name) ? name : undefined;
}

/**
 * A split withdrawal: `amount` in parts no larger than `channelMax`, the largest first. The server's
 * checkOrderQuota answer decides; this is the same plan, for the player to read before asking.
 */
export function planSplit(amount: number, channelMax: number): number[] {
  if (channelMax <= 0 || amount <= 0) return [];
  const parts: number[] = [];
  let left = amount;
  while (left > 0) {
    const part = Math.min(left, channelMax);
    parts.push(part);
    left -= part;
  }
  return parts;
}

/** "2 × ₱50,000.00 + ₱20,000.00": the plan in one line, equal parts grouped. */
export function describeSplit(parts: readonly number[]): string {
  const groups: { amount: number; count: number }[] = [];
  for (const amount of parts) {
    const last = groups.at(-1);
    if (last?.amount === amount) last.count += 1;
    else groups.push({ amount, count: 1 });
  }
  return groups.map(({ amount, count }) => (count > 1 ? `${count} × ${formatCentavos(amount)}` : formatCentavos(amount))).join(' + ');
}

export interface StatusView {
  /** Key under withdraw.status. */
  key: WithdrawalStatus;
  tone: 'progress' | 'success' | 'returned';
  /** No more changes expected (the page stops asking). A paid one can still be reversed, rarely. */
  settled: boolean;
  /** How far along the pending → processing → paid line (0, 1, 2), for the steps drawn. */
  step: 0 | 1 | 2;
  /** Whether the money is back in the wallet. */
  returned: boolean;
}

/** What each withdrawal status means to the player. */
export function statusView(status: WithdrawalStatus): StatusView {
  switch (status) {
    case 'pending':
      return { key: status, tone: 'progress', settled: false, step: 0, returned: false };
    case 'processing':
      return { key: status, tone: 'progress', settled: false, step: 1, returned: false };
    case 'paid':
      return { key: status, tone: 'success', settled: true, step: 2, returned: false };
    case 'failed':
      return { key: status, tone: 'returned', settled: true, step: 1, returned: true };
    case 'reversed':
      return { key: status, tone: 'returned', settled: true, step: 2, returned: true };
  }
}

/** Labels a player may come back to after setting a withdrawal password (/setWithdrawPwd/:label). */
const RETURN_PATHS: Record<string, string> = {
  withdraw: '/withdraw',
  wallet: '/wallet/withdraw',
  store: '/withdraw/store',
  app: '/wallet-withdraw-app',
  security: '/security',
};

/** Where to go after the password is set: the page named by `label`, else the security centre. */
export function returnPath(label: string | undefined): string {
  return (label && Object.hasOwn(RETURN_PATHS, label) ? RETURN_PATHS[label] : undefined) ?? '/security';
}
