import { queryOptions } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { Attempt } from '../../api/attempt';
import { api } from '../../api/instance';
import type {
  bankAccountListAnswer,
  createBankAccountAnswer,
  mayaWithdrawalUrlAnswer,
  orderQuotaAnswer,
  withdrawalAnswer,
  withdrawBanksAnswer,
  withdrawSwitchAnswer,
} from '../../contract/answers/money';
import { MoneyCall, type MoneyBody } from '../../contract/money';
import type { PaymentAccountType } from '../../contract/payments';
import { statusView } from './rules';

/** The money-out calls of spec §7 as the withdraw pages use them. accountNo and the passwords are encrypted by the API client. */

export type WithdrawSwitch = z.infer<typeof withdrawSwitchAnswer>;
export type Withdrawal = z.infer<typeof withdrawalAnswer>;
export type AccountList = z.infer<typeof bankAccountListAnswer>;
export type PaymentAccount = AccountList['list'][number];
export type OrderQuota = z.infer<typeof orderQuotaAnswer>;

export const withdrawSwitchQuery = queryOptions({
  queryKey: ['main', MoneyCall.withdrawSwitch],
  queryFn: () => api.call<WithdrawSwitch>('main', MoneyCall.withdrawSwitch, {}),
});

export const accountsQuery = (accountType: PaymentAccountType) =>
  queryOptions({
    queryKey: ['main', MoneyCall.bankAccountList, accountType],
    queryFn: () => api.call<AccountList>('main', MoneyCall.bankAccountList, { accountType }),
  });

/** spec §7: the withdraw bank list uses type 99. */
export const withdrawBanksQuery = queryOptions({
  queryKey: ['main', MoneyCall.withdrawBanks],
  queryFn: () => api.call<z.infer<typeof withdrawBanksAnswer>>('main', MoneyCall.withdrawBanks, { type: 99 }),
  staleTime: 10 * 60_000,
});

/** A withdrawal's live status: asked again every few seconds until it settles (and on every balance push). */
export const withdrawalQuery = (orderNo: string) =>
  queryOptions({
    queryKey: ['main', MoneyCall.queryWithdrawalStatus, orderNo],
    queryFn: () => api.call<Withdrawal>('main', MoneyCall.queryWithdrawalStatus, { orderNo }),
    refetchInterval: (query) => (query.state.data && statusView(query.state.data.status).settled ? false : 4_000),
  });

export const mayaWithdrawalUrlQuery = queryOptions({
  queryKey: ['main', MoneyCall.queryMayaWithdrawalUrl],
  queryFn: () => api.call<z.infer<typeof mayaWithdrawalUrlAnswer>>('main', MoneyCall.queryMayaWithdrawalUrl, {}, { quiet: true }),
  retry: false,
});

export function checkOrderQuota(body: MoneyBody['checkOrderQuota']) {
  return api.call<OrderQuota>('main', MoneyCall.checkOrderQuota, body);
}

export function createAccount(body: MoneyBody['createBankAccount']) {
  return api.call<z.infer<typeof createBankAccountAnswer>>('main', MoneyCall.createBankAccount, body);
}

export function deleteAccount(bankAccountId: number) {
  return api.call('main', MoneyCall.deleteBankAccount, { bankAccountId });
}

/** The SMS code for setting or resetting the withdrawal password, sent to the player's own phone. */
export function sendWithdrawPwdCode() {
  const body: MoneyBody['sendVerificationCode'] = { purpose: 'withdrawPwd' };
  return api.call<{ waitSeconds: number }>('main', MoneyCall.sendVerificationCode, body);
}

export function setWithdrawPwd(body: MoneyBody['setWithdrawPwd']) {
  return api.call('main', MoneyCall.setWithdrawPwd, body);
}

export function modifyWithdrawPwd(body: MoneyBody['modifyWithdrawPwd']) {
  return api.call('main', MoneyCall.modifyWithdrawPwd, body);
}

export function forgetWithdrawPwd(body: MoneyBody['forgetWithdrawPwd']) {
  return api.call('main', MoneyCall.forgetWithdrawPwd, body);
}

type MoneyOut =
  | { call: typeof MoneyCall.createWithdrawalRequest; body: MoneyBody['createWithdrawalRequest'] }
  | { call: typeof MoneyCall.withdrawByAgent; body: MoneyBody['withdrawByAgent'] }
  | { call: typeof MoneyCall.createMayaWithdrawalRequest; body: MoneyBody['createMayaWithdrawalRequest'] };

/**
 * One request to take money out, with its idempotency key. A new attempt gets a new key; the same body
 * sent again after the answer was lost (timeout, network) keeps its key, so the server makes one order
 * of it however many times the player presses. `quiet`: the pages say what went wrong in their own words.
 */
export class MoneyOutAttempt {
  private readonly attempt = new Attempt();

  send(request: MoneyOut): Promise<Withdrawal> {
    return this.attempt.send(request, (idempotencyKey) =>
      api.call<Withdrawal>('main', request.call, request.body, { idempotencyKey, quiet: true }),
    );
  }
}
