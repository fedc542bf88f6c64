import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BetTicket, TicketStatus } from '../../src/contract/betting';
import { OddsType } from '../../src/contract/sports';
import { BetResultView } from '../../src/features/betslip/BetResultView';
import { betSlip } from '../../src/features/betslip/store';
import { initI18n } from '../../src/i18n';

/** The bet result sheet of spec §4, for every outcome a placement can have. */

function ticket(transId: string, status: TicketStatus, stake = 10_000, payout = 19_500): BetTicket {
  return {
    transId,
    mode: 'single',
    status,
    stake,
    payout,
    odds: 1.95,
    oddsType: OddsType.Decimal,
    createdAt: '2026-11-21T02:00:00Z',
    settledAt: null,
    legs: [],
  };
}

function show(outcome: NonNullable<typeof betSlip.result>) {
  const handlers = { onDone: vi.fn(), onMyBets: vi.fn(), onBack: vi.fn() };
  act(() => {
    betSlip.result = outcome;
  });
  render(<BetResultView {...handlers} />);
  return handlers;
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  betSlip.result = null;
});

describe('the bet result', () => {
  it('accepted: Betting Successful with the tickets and return, then My Bets or Done', () => {
    const handlers = show({ status: 'running', message: '', tickets: [ticket('T1', 'running')], rejected: 0 });
    expect(screen.getByRole('heading', { name: 'Betting Successful' })).toBeTruthy();
    expect(screen.getByText('Ticket T1')).toBeTruthy();
    expect(screen.getByText('₱195.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'My Bets' }));
    expect(handlers.onMyBets).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it('partly accepted: says how many were refused and why, and offers the slip (which keeps them) and My Bets', () => {
    const handlers = show({
      status: 'running',
      message: 'Odds Changed',
      tickets: [ticket('T1', 'running'), ticket('T2', 'running')],
      rejected: 1,
    });
    expect(screen.getByRole('heading', { name: 'Betting Successful' })).toBeTruthy();
    expect(screen.getByText('1 bet was not accepted. Odds Changed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the slip' }));
    fireEvent.click(screen.getByRole('button', { name: 'My Bets' }));
    expect(handlers.onBack).toHaveBeenCalledOnce();
    expect(handlers.onMyBets).toHaveBeenCalledOnce();
  });

  it('refused: Betting Unsuccessful with the server’s words, or OPPS! when there are none', () => {
    show({ status: 'reject', message: 'Your balance is not enough for this bet.', tickets: [], rejected: 1 });
    expect(screen.getByRole('heading', { name: 'Betting Unsuccessful' })).toBeTruthy();
    expect(screen.getByText('Your balance is not enough for this bet.')).toBeTruthy();
    cleanup();
    show({ status: 'reject', message: '', tickets: [], rejected: 1 });
    expect(screen.getByText('OPPS!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to the slip' })).toBeTruthy();
  });

  it('a live bet in its check: Betting Processing, Done held back; still waiting after the checks: check My Bets later', () => {
    show({ status: 'waiting', message: '', tickets: [ticket('T1', 'waiting')], rejected: 0, checking: true });
    expect(screen.getByRole('heading', { name: 'Betting Processing' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Done' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    show({ status: 'waiting', message: '', tickets: [ticket('T1', 'waiting')], rejected: 0, checking: false });
    expect(screen.getByRole('heading', { name: 'Betting Still Processing' })).toBeTruthy();
    expect(screen.getByText('Please check it on my bets page later')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Done' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
