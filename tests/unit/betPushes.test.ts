import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { betListKey, ticketKey } from '../../src/api/queries';
import type { BetListResponse, BetPush, BetTicket } from '../../src/contract/betting';
import { TICKET_RECHECK } from '../../src/contract/constants';
import { applyBetPush } from '../../src/features/bets/pushes';
import { type RecheckDeps, recheck } from '../../src/features/betslip/place';
import { timers } from '../../src/lib/timers';
import { asBetPush } from '../../src/realtime/hooks';

const ticket = (over: Partial<BetTicket> = {}): BetTicket => ({
  transId: 'T-1',
  mode: 'single',
  status: 'waiting',
  stake: 10_000,
  payout: 19_000,
  odds: 1.9,
  oddsType: 1 as BetTicket['oddsType'],
  createdAt: '2026-11-27T10:00:00Z',
  settledAt: null,
  legs: [],
  ...over,
});

/** A slip's wait with its own clock, asks and push channel. */
function harness(answers: Partial<BetTicket>[] = []) {
  let listener: ((push: BetPush) => void) | undefined;
  const asked: string[] = [];
  const deps: RecheckDeps = {
    timers,
    ask: async (transId) => {
      asked.push(transId);
      return ticket(answers.shift() ?? {});
    },
    pushes: (onPush) => {
      listener = onPush;
      return () => (listener = undefined);
    },
  };
  return { deps, asked, push: (push: BetPush) => listener?.(push), listening: () => listener !== undefined };
}

describe('the slip waits for a live bet’s ticket (recheck)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('takes the outcome from the bet push and never asks over HTTP', async () => {
    const h = harness();
    const outcome = recheck(ticket(), h.deps);
    await vi.advanceTimersByTimeAsync(900);
    h.push({ transId: 'T-2', status: 'running', payout: 1 }); // another ticket: not this one
    h.push({ transId: 'T-1', status: 'running', payout: 19_000 });
    expect(await outcome).toMatchObject({ transId: 'T-1', status: 'running', payout: 19_000 });
    await vi.advanceTimersByTimeAsync(TICKET_RECHECK.intervalMs * TICKET_RECHECK.attempts);
    expect(h.asked).toEqual([]);
    expect(h.listening()).toBe(false);
  });

  it('asks every 2 s only while no push came, at most 5 times, and stays waiting', async () => {
    const h = harness();
    const outcome = recheck(ticket(), h.deps);
    await vi.advanceTimersByTimeAsync(TICKET_RECHECK.intervalMs - 1);
    expect(h.asked).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(TICKET_RECHECK.intervalMs * 10);
    expect(h.asked).toHaveLength(TICKET_RECHECK.attempts);
    expect((await outcome).status).toBe('waiting');
  });

  it('stops asking once a late push comes between two asks', async () => {
    const h = harness();
    const outcome = recheck(ticket(), h.deps);
    await vi.advanceTimersByTimeAsync(TICKET_RECHECK.intervalMs + 500);
    expect(h.asked).toHaveLength(1);
    h.push({ transId: 'T-1', status: 'running', payout: 19_000 });
    expect((await outcome).status).toBe('running');
    await vi.advanceTimersByTimeAsync(TICKET_RECHECK.intervalMs * 10);
    expect(h.asked).toHaveLength(1);
  });

  it('asks a refused ticket once, for the reason the player reads', async () => {
    const h = harness([{ status: 'reject', payout: 0, reason: 'The odds changed.' }]);
    const outcome = recheck(ticket(), h.deps);
    h.push({ transId: 'T-1', status: 'reject', payout: 0 });
    expect(await outcome).toMatchObject({ status: 'reject', reason: 'The odds changed.' });
    expect(h.asked).toEqual(['T-1']);
  });
});

describe('a bet push on My Bets (applyBetPush)', () => {
  const filter = { status: 'running' as const };
  const page = (tickets: BetTicket[]): InfiniteData<BetListResponse> => ({
    pages: [{ total: tickets.length, tickets, totals: { stake: 0, payout: 0 } }],
    pageParams: [1],
  });

  it('updates the ticket in its page and in the list from the push, without asking', () => {
    const client = new QueryClient();
    client.setQueryData(ticketKey('T-1'), ticket());
    client.setQueryData(betListKey(filter), page([ticket(), ticket({ transId: 'T-9' })]));
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyBetPush(client, { transId: 'T-1', status: 'running', payout: 19_000 });
    expect(client.getQueryData<BetTicket>(ticketKey('T-1'))?.status).toBe('running');
    const list = client.getQueryData<InfiniteData<BetListResponse>>(betListKey(filter))!;
    expect(list.pages[0]!.tickets.map((t) => t.status)).toEqual(['running', 'waiting']);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('asks again what a push cannot say: a settled ticket, a ticket no list has', () => {
    const client = new QueryClient();
    client.setQueryData(betListKey(filter), page([ticket({ status: 'running' })]));
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyBetPush(client, { transId: 'T-1', status: 'won', payout: 19_000 });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ticketKey('T-1') });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['main', 'transactionRecord/queryBetList'] });
    invalidate.mockClear();
    applyBetPush(client, { transId: 'T-7', status: 'running', payout: 5_000 });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['main', 'transactionRecord/queryBetList'] });
  });

  it('reads only real bet pushes', () => {
    expect(asBetPush({ transId: 'T-1', status: 'won', payout: 5 })).toEqual({ transId: 'T-1', status: 'won', payout: 5 });
    expect(asBetPush({ transId: 'T-1', status: 'maybe', payout: 5 })).toBeUndefined();
    expect(asBetPush('T-1')).toBeUndefined();
  });
});
