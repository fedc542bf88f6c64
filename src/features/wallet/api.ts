import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { api } from '../../api/instance';
import { DEPOSIT_RECORDS } from '../../contract/constants';
import type {
  billDetailAnswer,
  custBillAnswer,
  depositBankInfosAnswer,
  depositOrderAnswer,
  giftCardListAnswer,
  payWaysAnswer,
  subListAnswer,
  voucherAnswer,
} from '../../contract/answers/money';
import { MoneyCall, type MoneyBody } from '../../contract/money';

/** The money-in and records calls of spec §7, as queries and plain calls. Amounts are centavos. */

export type PayWays = z.infer<typeof payWaysAnswer>;
export type PayWay = PayWays['payTypes'][number];
export type PayChannel = PayWay['channels'][number];
export type DepositOrder = z.infer<typeof depositOrderAnswer>;
export type HouseBank = z.infer<typeof depositBankInfosAnswer>['list'][number];
export type CustBills = z.infer<typeof custBillAnswer>;
export type Bill = CustBills['list'][number];
export type BillDetail = z.infer<typeof billDetailAnswer>;
export type SubList = z.infer<typeof subListAnswer>;
export type VoucherResult = z.infer<typeof voucherAnswer>;

export const payWaysQuery = queryOptions({
  queryKey: ['main', MoneyCall.queryPayWays],
  queryFn: () => api.call<PayWays>('main', MoneyCall.queryPayWays, {}),
  // Channels go down and come back (GW_801104): a minute old at most.
  staleTime: 60_000,
});

export const houseBanksQuery = queryOptions({
  queryKey: ['main', MoneyCall.queryDepositBankInfos],
  queryFn: () => api.call<z.infer<typeof depositBankInfosAnswer>>('main', MoneyCall.queryDepositBankInfos, {}),
  staleTime: 5 * 60_000,
});

/** One order by its number (the provider's return page, a record's detail). Quiet: the page says what failed. */
export const orderQuery = (orderNo: string) =>
  queryOptions({
    queryKey: ['main', MoneyCall.billDetail, { orderNo }],
    queryFn: () => api.call<BillDetail>('main', MoneyCall.billDetail, { orderNo }, { quiet: true }),
    staleTime: 0,
  });

export const billQuery = (billNo: string) =>
  queryOptions({
    queryKey: ['main', MoneyCall.billDetail, { billNo }],
    queryFn: () => api.call<BillDetail>('main', MoneyCall.billDetail, { billNo }, { quiet: true }),
    staleTime: 10_000,
  });

export const RECORD_PAGE_SIZE = 20;

export const billsQuery = (filter: { beginDate: string; endDate: string; type: number; types?: readonly number[] }) =>
  infiniteQueryOptions({
    queryKey: ['main', MoneyCall.queryCustBill, filter],
    queryFn: ({ pageParam }) => {
      const body: MoneyBody['queryCustBill'] = {
        beginDate: filter.beginDate,
        endDate: filter.endDate,
        ...(filter.type ? { type: filter.type } : {}),
        ...(!filter.type && filter.types?.length ? { types: [...filter.types] } : {}),
        pageNo: pageParam,
        pageSize: RECORD_PAGE_SIZE,
      };
      return api.call<CustBills>('main', MoneyCall.queryCustBill, { ...body }, { quiet: true });
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * RECORD_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
    staleTime: 10_000,
  });

/** Deposit records (spec §7): beginDate, endDate, type 1, pageNo, pageSize 20. */
export const depositRecordsQuery = (window: { beginDate: string; endDate: string }) =>
  infiniteQueryOptions({
    queryKey: ['main', MoneyCall.querySubList, { ...window, type: 1 }],
    queryFn: ({ pageParam }) => {
      const body: MoneyBody['querySubList'] = { ...window, type: 1, pageNo: pageParam, pageSize: DEPOSIT_RECORDS.pageSize };
      return api.call<SubList>('main', MoneyCall.querySubList, { ...body }, { quiet: true });
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * DEPOSIT_RECORDS.pageSize < last.total ? pages.length + 1 : undefined),
    staleTime: 10_000,
  });

/** E-wallet deposit: the order with the provider's checkout address. The key makes a retried tap one order. */
export function createOnlineOrder(body: MoneyBody['createOnlineOrder'], idempotencyKey: string): Promise<DepositOrder> {
  return api.call<DepositOrder>('main', MoneyCall.createOnlineOrder, { ...body }, { idempotencyKey });
}

/** Bank transfer deposit: the order with the house account and the reference to write on the transfer. */
export function createBankDeposit(body: MoneyBody['createDeposit'], idempotencyKey: string): Promise<DepositOrder> {
  return api.call<DepositOrder>('main', MoneyCall.createDeposit, { ...body }, { idempotencyKey });
}

/** The transfer receipt, already resized in the browser (a JPEG data URL). */
export function uploadDepositReceipt(orderNo: string, image: string): Promise<DepositOrder> {
  return api.call<DepositOrder>('main', MoneyCall.uploadDepositReceipt, { orderNo, image });
}

/** The player gives up a pending order (a payment made anyway is still credited). */
export function cancelDeposit(orderNo: string): Promise<DepositOrder> {
  return api.call<DepositOrder>('main', MoneyCall.cancelDeposit, { orderNo });
}

/** Cash through an agent or store: the order carries the code the cashier enters. */
export function depositByAgent(body: MoneyBody['depositByAgent'], idempotencyKey: string): Promise<DepositOrder> {
  return api.call<DepositOrder>('main', MoneyCall.depositByAgent, { ...body }, { idempotencyKey });
}

export function depositByVoucher(voucherCode: string, idempotencyKey: string): Promise<VoucherResult> {
  return api.call<VoucherResult>('main', MoneyCall.depositByVoucher, { voucherCode }, { idempotencyKey });
}

/** A gift card or voucher code received from the operator (customer/receiveVoucher). */
export function receiveVoucher(voucherCode: string, idempotencyKey: string): Promise<VoucherResult> {
  return api.call<VoucherResult>('main', MoneyCall.receiveVoucher, { voucherCode }, { idempotencyKey });
}

export type GiftCards = z.infer<typeof giftCardListAnswer>;
export type GiftCard = GiftCards['list'][number];
export const giftCardsQuery = queryOptions({
  queryKey: ['main', MoneyCall.giftCardList],
  queryFn: async () => (await api.call<GiftCards>('main', MoneyCall.giftCardList, {}, { quiet: true })).list,
  staleTime: 30_000,
});

/** A gift card of the player's own list, credited once to the main wallet. */
export function redeemGiftCard(giftCardId: number, idempotencyKey: string): Promise<VoucherResult> {
  return api.call<VoucherResult>('main', MoneyCall.redeemGiftCard, { giftCardId }, { idempotencyKey });
}
