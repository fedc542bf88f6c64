import { proxy } from 'valtio/vanilla';
import { MAX_WITHDRAW_AMOUNT, MIN_WITHDRAW_AMOUNT } from '../contract/constants';

/** pay of spec §3. Amounts are integer centavos; the withdraw limits come from server config. */
export const pay = proxy({
  /** null until the first balance answer. */
  balance: null as number | null,
  bonusBalance: null as number | null,
  /** 0 while a movement is pending, 1 when the balance is ready (spec §4 "Balance refresh"). */
  balanceFlag: 1 as 0 | 1,
  minWithdrawAmount: MIN_WITHDRAW_AMOUNT * 100,
  maxWithdrawAmount: MAX_WITHDRAW_AMOUNT * 100,
});

export function clearPay(): void {
  pay.balance = null;
  pay.bonusBalance = null;
  pay.balanceFlag = 1;
}
