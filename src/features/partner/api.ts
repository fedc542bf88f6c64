import { api } from '../../api/instance';
import type * as z from 'zod/mini';
import type { depositOrderAnswer } from '../../contract/answers/money';
import { PartnerCall } from '../../contract/partners';

export type DepositOrder = z.infer<typeof depositOrderAnswer>;

/** The host payment calls (src/contract/partners.ts). */
export function hostPayOrder(body: { host: 'gcash'; amount: number }, idempotencyKey: string): Promise<DepositOrder> {
  return api.call<DepositOrder>('main', PartnerCall.hostPayOrder, body, { idempotencyKey });
}

export function hostPayResult(orderNo: string, resultCode: string): Promise<DepositOrder> {
  return api.call<DepositOrder>('main', PartnerCall.hostPayResult, { orderNo, resultCode });
}
