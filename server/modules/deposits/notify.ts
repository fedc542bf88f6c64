import type { Database } from '../../db';
import { pesos } from '../../providers/payments/checkoutPage';
import type { PlayerEvents } from '../../realtime/bus';
import { sendMessage } from '../messages';
import type { DepositOrder } from './repository';

/**
 * What the player is told after a deposit ends (called once the ending transaction committed): the
 * balance event (/user/queue/balance: the header and balances refresh, balanceFlag back to 1) and an
 * inbox message that says what happened and, for a failure, what to do.
 */
const WAYS: Record<string, string> = { gcash: 'GCash', maya: 'Maya', bank: 'bank transfer', voucher: 'voucher', agent: 'agent' };

export async function tellDepositCredited(db: Database, events: PlayerEvents, order: DepositOrder): Promise<void> {
  events.publish({ type: 'balance', customerId: order.customerId, cause: 'deposit' });
  await sendMessage(db, events, {
    customerId: order.customerId,
    type: 1,
    title: 'Deposit received',
    body: `Your ${WAYS[order.payType] ?? order.payType} deposit of ${pesos(order.amount)} is in your wallet (order ${order.orderNo}). Good luck!`,
  });
}

export async function tellDepositClosed(db: Database, events: PlayerEvents, order: DepositOrder, message: string): Promise<void> {
  events.publish({ type: 'balance', customerId: order.customerId });
  await sendMessage(db, events, {
    customerId: order.customerId,
    type: 1,
    title: 'Deposit not completed',
    body: `Your ${WAYS[order.payType] ?? order.payType} deposit of ${pesos(order.amount)} (order ${order.orderNo}) did not go through. ${message}`,
  });
}
