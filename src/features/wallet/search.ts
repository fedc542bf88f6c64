import * as z from 'zod/mini';
import { BillType } from '../../contract/money';
import { searchOneOf, searchText, searchWhere } from '../../lib/search';

/** /wallet/deposit?payType=…: the way to pay shown first (gcash, maya, bank, voucher, agent). */
export const PAY_TYPES = ['gcash', 'maya', 'bank', 'voucher', 'agent'] as const;
export const depositSearch = z.object({ payType: searchOneOf(PAY_TYPES) });
export type DepositSearch = z.output<typeof depositSearch>;

/**
 * /gpoorder?orderNo=…&result=…: the order the provider's checkout sends the player back with, and how
 * the checkout says it ended when it did not end paid (a hint only: the order's status decides).
 */
export const orderSearch = z.object({ orderNo: searchWhere((value) => value.length <= 64), result: searchOneOf(['failed', 'cancelled']) });
export type OrderSearch = z.output<typeof orderSearch>;

/** /bankorder?orderNo=…: an unfinished bank transfer to come back to (absent: start one). */
export const bankOrderSearch = z.object({ orderNo: searchWhere((value) => value.length <= 64) });
export type BankOrderSearch = z.output<typeof bankOrderSearch>;

/** /record?tab=…&type=…: the bills (of one BillType, 0 = all) or the deposit orders. */
export const RECORD_TABS = ['bills', 'depositOrders'] as const;
export type RecordTab = (typeof RECORD_TABS)[number];
const BILL_TYPES: readonly string[] = Object.values(BillType).map(String);
export const recordSearch = z.object({ tab: searchOneOf(RECORD_TABS), type: searchWhere((value) => BILL_TYPES.includes(value)) });
export type RecordSearch = z.output<typeof recordSearch>;

/** /recordDetail?billNo=… (an old ?transId=… link is a bet: it goes to /history-detail). */
export const recordDetailSearch = z.object({ billNo: searchWhere((value) => value.length <= 64), transId: searchText });
export type RecordDetailSearch = z.output<typeof recordDetailSearch>;
