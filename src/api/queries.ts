import { queryOptions } from '@tanstack/react-query';
import type { PromotionListAnswer } from '../contract/answers/promotions';
import type { BetTicket } from '../contract/betting';
import { pay } from '../stores/pay';
import { api } from './instance';

/**
 * The queries more than one feature reads or refreshes, defined once: the balance (the header, the wallet,
 * the withdraw pages, the slip after a bet), and the keys of My Bets' lists and tickets (My Bets, the
 * slip, the bet pushes), and the player's promotions (the promotions pages; the slip's free bets). A feature
 * imports these rather than writing the key again.
 */

export interface WalletBalances {
  balance: number;
  bonusBalance: number;
  sabaBalance: number;
  totalBalance: number;
  balanceFlag: 0 | 1;
}

/** customer/getBalanceV3; each answer also lands in the pay store the header reads. */
export const balanceQuery = queryOptions({
  queryKey: ['main', 'customer/getBalanceV3'],
  queryFn: async () => {
    const data = await api.call<WalletBalances>('main', 'customer/getBalanceV3', {}, { quiet: true });
    pay.balance = data.balance;
    pay.bonusBalance = data.bonusBalance;
    pay.balanceFlag = data.balanceFlag;
    return data;
  },
  staleTime: 15_000,
});

// The call's name written out: contract/promotions holds zod, which the entry bundle must not load.
export const PROMOTION_LIST_KEY = ['main', 'promotion/list'] as const;

/** promotion/list: cash and bonus apart, the offers the player can take, the grants and free bets they hold. */
export const promotionListQuery = queryOptions({
  queryKey: PROMOTION_LIST_KEY,
  queryFn: () => api.call<PromotionListAnswer>('main', PROMOTION_LIST_KEY[1], {}),
  staleTime: 10_000,
});

/** My Bets' lists (transactionRecord/queryBetList): every filter's key starts with this one. */
export const BET_LISTS_KEY = ['main', 'transactionRecord/queryBetList'] as const;

export const betListKey = <F extends object>(filter: F) => [...BET_LISTS_KEY, filter] as const;

/** One ticket (saba/queryTicketByTransId). */
export const ticketKey = (transId: string) => ['tp', 'saba/queryTicketByTransId', transId] as const;

/** Asks for one ticket as it stands (the slip's fallback when no push came; a ticket's page). */
export const fetchTicket = (transId: string, options: { quiet?: boolean } = {}) =>
  api.call<BetTicket>('tp', 'saba/queryTicketByTransId', { transId }, options);
