import type * as z from 'zod/mini';
import type { depositOrderAnswer } from '../../../src/contract/answers/money';
import type { DepositStatus, PayType } from '../../../src/contract/money';
import type { DepositOrder } from './repository';

export type DepositOrderView = z.infer<typeof depositOrderAnswer>;

/** What a bank-transfer or agent order keeps in `details` for the player to see again (records, order pages). */
interface ShownDetails {
  bank?: { bankName: string; accountName: string; accountNo: string };
  agentCode?: string;
}

/**
 * An order as the calls answer it (depositOrderAnswer), wherever it is shown: a bank transfer with the
 * house account and the reference to write (its order number), an agent order with its payment code.
 */
export function orderView(order: DepositOrder, extra: Partial<DepositOrderView> = {}): DepositOrderView {
  const details = order.details as ShownDetails;
  return {
    orderNo: order.orderNo,
    payType: order.payType as PayType,
    amount: order.amount,
    status: order.status as DepositStatus,
    ...(order.checkoutUrl && order.status === 'pending' ? { checkoutUrl: order.checkoutUrl } : {}),
    ...(details.bank ? { bank: { ...details.bank, reference: order.orderNo } } : {}),
    ...(details.agentCode ? { agentCode: details.agentCode } : {}),
    ...(order.message ? { message: order.message } : {}),
    createdAt: order.createdAt.toISOString(),
    ...(order.expiresAt ? { expiresAt: order.expiresAt.toISOString() } : {}),
    ...(order.completedAt ? { completedAt: order.completedAt.toISOString() } : {}),
    ...extra,
  };
}
