import { api } from '../../api/instance';
import type * as z from 'zod/mini';
import type { depositOrderAnswer } from '../../contract/answers/money';
import {
  type BotStatusAnswer,
  type DepositFlagAnswer,
  MayaCall,
  type MayaBindAnswer,
  PartnerCall,
  type SuperAppHostName,
} from '../../contract/partners';

export type DepositOrder = z.infer<typeof depositOrderAnswer>;

/** The host payment calls (src/contract/partners.ts). */
export function hostPayOrder(body: { host: SuperAppHostName; amount: number }, idempotencyKey: string): Promise<DepositOrder> {
  return api.call<DepositOrder>('main', PartnerCall.hostPayOrder, body, { idempotencyKey });
}

export function hostPayResult(orderNo: string, resultCode: string): Promise<DepositOrder> {
  return api.call<DepositOrder>('main', PartnerCall.hostPayResult, { orderNo, resultCode });
}

/** Whether deposits and withdrawals through a super-app host are open now (the operator's switches). */
export function hostSwitches(host: SuperAppHostName): Promise<DepositFlagAnswer> {
  return api.call<DepositFlagAnswer>('main', PartnerCall.hostSwitches, { host });
}

/** Inside Maya (maya/*): whether the account is bound, what is open, and a Maya deposit. */
export function mayaBind(): Promise<MayaBindAnswer> {
  return api.call<MayaBindAnswer>('main', MayaCall.checkBindV4, {});
}

export function mayaDepositFlag(): Promise<DepositFlagAnswer> {
  return api.call<DepositFlagAnswer>('main', MayaCall.checkDepositFlag, {});
}

export function mayaDeposit(amount: number, idempotencyKey: string): Promise<DepositOrder> {
  return api.call<DepositOrder>('main', MayaCall.createOnlineOrder, { amount }, { idempotencyKey });
}

/** The messaging bot's link with this account (/bobotSwitch). */
export function botStatus(): Promise<BotStatusAnswer> {
  return api.call<BotStatusAnswer>('main', PartnerCall.botStatus, {});
}

export function botUnlink(): Promise<BotStatusAnswer> {
  return api.call<BotStatusAnswer>('main', PartnerCall.botUnlink, {});
}
