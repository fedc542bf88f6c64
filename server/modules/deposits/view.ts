import type * as z from 'zod/mini';
import type { depositOrderAnswer } from '../../../src/contract/answers/money';
import type { DepositStatus, PayType } from '../../../src/contract/money';
import type { DepositOrder } from './repository';

export type DepositOrderView = z.infer<typeof depositOrderAnswer>;

/** An order as the calls answer it (depositOrderAnswer); pay types add their own parts (bank, agentCode). */
export function orderView(order: DepositOrder, extra: Partial<DepositOrderView> = {}): DepositOrderView {
  return {
    orderNo: order.orderNo,
    payType: order.payType as PayType,
    amount: order.amount,
    status: order.status as DepositStatus,
    ...(order.checkoutUrl && order.status === 'pending' ? { checkoutUrl: order.checkoutUrl } : {}),
    ...(order.message ? { message: order.message } : {}),
    createdAt: order.createdAt.toISOString(),
    ...(order.expiresAt ? { expiresAt: order.expiresAt.toISOString() } : {}),
    ...(order.completedAt ? { completedAt: order.completedAt.toISOString() } : {}),
    ...extra,
  };
}
