import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/instance';
import type { BetListRequest, BetListResponse, BetMode } from '../../contract/betting';
import { betListKey, fetchTicket, ticketKey } from '../../api/queries';

/** My bets (transactionRecord/queryBetList) and one ticket (saba/queryTicketByTransId). */
export const BET_PAGE_SIZE = 20;

export const betListQuery = (filter: {
  status: 'running' | 'settled';
  beginDate?: string;
  endDate?: string;
  mode?: BetMode;
  matchId?: string;
}) =>
  infiniteQueryOptions({
    queryKey: betListKey(filter),
    queryFn: ({ pageParam }) => {
      const body: BetListRequest = { ...filter, pageNo: pageParam, pageSize: BET_PAGE_SIZE };
      return api.call<BetListResponse>('main', 'transactionRecord/queryBetList', { ...body });
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * BET_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
    staleTime: 10_000,
  });

export const ticketQuery = (transId: string) =>
  queryOptions({
    queryKey: ticketKey(transId),
    queryFn: () => fetchTicket(transId),
    staleTime: 10_000,
  });
