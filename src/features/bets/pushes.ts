import { type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { BET_LISTS_KEY, balanceQuery, ticketKey } from '../../api/queries';
import { type BetListResponse, type BetPush, type BetTicket, isOpenTicket } from '../../contract/betting';
import { asBetPush, useUserPush } from '../../realtime/hooks';

/**
 * While My Bets, a bet's details or the home header (with the balance) are open, the player's own
 * `/user/queue/bets` and `/user/queue/balance` (over the shared worker's one socket) update what they
 * show the moment a bet is accepted, rejected or settled: a bet push lands on the ticket it names.
 */
export function useBetPushes(enabled = true): void {
  const queryClient = useQueryClient();
  useUserPush(
    'bets',
    (event) => {
      const push = asBetPush(event);
      if (push) applyBetPush(queryClient, push);
      else void queryClient.invalidateQueries({ queryKey: BET_LISTS_KEY });
    },
    enabled,
  );
  useUserPush('balance', () => void queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey }), enabled);
}

/**
 * A ticket's push on what My Bets holds: its status and payout change in place, in its page and in every
 * list showing it, without asking. Asked again only what the push cannot say: a settled or refused
 * ticket's settlement (its time, its legs' results, the tab it now belongs to, the totals) and a ticket
 * no list has yet (a new bet).
 */
export function applyBetPush(queryClient: QueryClient, push: BetPush): void {
  const patch = (ticket: BetTicket): BetTicket =>
    ticket.transId === push.transId ? { ...ticket, status: push.status, payout: push.payout } : ticket;
  queryClient.setQueryData<BetTicket>(ticketKey(push.transId), (old) => old && patch(old));
  let listed = false;
  queryClient.setQueriesData<InfiniteData<BetListResponse>>({ queryKey: BET_LISTS_KEY }, (old) => {
    if (!old) return old;
    return {
      ...old,
      pages: old.pages.map((page) => ({
        ...page,
        tickets: page.tickets.map((ticket) => {
          if (ticket.transId !== push.transId) return ticket;
          listed = true;
          return patch(ticket);
        }),
      })),
    };
  });
  const settled = !isOpenTicket(push.status);
  if (settled) void queryClient.invalidateQueries({ queryKey: ticketKey(push.transId) });
  if (settled || !listed) void queryClient.invalidateQueries({ queryKey: BET_LISTS_KEY });
}
