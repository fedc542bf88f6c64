import { BillType } from '../../contract/billTypes';
import { searchObject, searchOneOf, searchText, searchWhere, type SearchOutput } from '../../lib/search';

/** /wallet/deposit?payType=…: the way to pay shown first (gcash, maya, bank, voucher, agent). */
export const PAY_TYPES = ['gcash', 'maya', 'bank', 'voucher', 'agent'] as const;
export const depositSearch = searchObject({ payType: searchOneOf(PAY_TYPES) });
export type DepositSearch = SearchOutput<typeof depositSearch>;

/**
 * /gpoorder?orderNo=…&result=…: the order the provider's checkout sends the player back with, and how
 * the checkout says it ended when it did not end paid (a hint only: the order's status decides).
 */
export const orderSearch = searchObject({
  orderNo: searchWhere((value) => value.length <= 64),
  result: searchOneOf(['failed', 'cancelled']),
});
export type OrderSearch = SearchOutput<typeof orderSearch>;

/** /bankorder?orderNo=…: an unfinished bank transfer to come back to (absent: start one). */
export const bankOrderSearch = searchObject({ orderNo: searchWhere((value) => value.length <= 64) });
export type BankOrderSearch = SearchOutput<typeof bankOrderSearch>;

/** /record?tab=…&type=…: the bills (of one BillType, 0 = all) or the deposit orders. */
export const RECORD_TABS = ['bills', 'depositOrders'] as const;
export type RecordTab = (typeof RECORD_TABS)[number];
const BILL_TYPES: readonly string[] = Object.values(BillType).map(String);
export const recordSearch = searchObject({ tab: searchOneOf(RECORD_TABS), type: searchWhere((value) => BILL_TYPES.includes(value)) });
export type RecordSearch = SearchOutput<typeof recordSearch>;

/** /recordDetail?billNo=… (an old ?transId=… link is a bet: it goes to /history-detail). */
export const recordDetailSearch = searchObject({ billNo: searchWhere((value) => value.length <= 64), transId: searchText });
export type RecordDetailSearch = SearchOutput<typeof recordDetailSearch>;
