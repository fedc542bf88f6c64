import type { Database, Transaction } from '../../db';
import type { FeedProvider } from '../../providers/feed/types';
import { checkMatchPick } from './acceptance';
import { combosOf, legsOf, lockTicket, moveTicket, refundStake, repriceLeg, waitingTickets } from './repository';
import { type BetTasks, type Notice, type TicketMoneyHooks, retrying } from './tasks';
import { oddsHundredths } from '../../../src/contract/betting';
import { type LegRow, type TicketRow, type Written, builderReturn, ticketReturn } from './tickets';

/**
 * Live-bet acceptance: a live ticket waits its delay (acceptDelayMs, real time) as 'waiting', then is
 * checked again against the feed: accepted (running) or rejected with its stake refunded, in one
 * transaction under the ticket's row lock, so a ticket is decided once however many timers or
 * instances try. The placing instance's timer decides it; the feed's leader decides those an instance
 * that died left waiting (decideOverdue).
 */

/** Rejects a waiting ticket and refunds its stake; the caller holds its row lock. Settlement uses it too. */
export async function rejectWaiting(
  tx: Transaction,
  ticket: TicketRow,
  reason: string,
  hooks?: TicketMoneyHooks,
): Promise<Notice | undefined> {
  const row = await moveTicket(tx, ticket.id, 'waiting', { status: 'reject', reason, settledAt: new Date() });
  if (!row) return undefined;
  await refundStake(tx, row);
  await hooks?.settled(tx, row, row.stake);
  return { customerId: row.customerId, push: { transId: row.transId, status: 'reject', payout: 0 }, balance: true };
}

export class LiveAcceptance {
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly db: Database,
    private readonly feed: FeedProvider,
    private readonly tasks: BetTasks,
  ) {}

  /** Picks up the tickets a restart left waiting. */
  async start(): Promise<void> {
    for (const ticket of await waitingTickets(this.db)) this.schedule(ticket.id, ticket.acceptAt ?? new Date());
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** New tickets: the waiting ones get their check. */
  placed(written: readonly Written[]): void {
    for (const { row } of written) if (row.status === 'waiting') this.schedule(row.id, row.acceptAt ?? new Date());
  }

  /**
   * Decides the live tickets still waiting `graceMs` after their time: those of an instance that died
   * before its timer fired (the feed's leader runs this every second when several instances run).
   * Safe beside the placing instance's own timer: a ticket is decided once, under its row lock.
   * Answers how many it decided.
   */
  async decideOverdue(graceMs: number, now = Date.now()): Promise<number> {
    const overdue = await waitingTickets(this.db, new Date(now - graceMs));
    for (const { id } of overdue) await this.tasks.background(this.decideWaiting(id), `accepting ticket ${id}`);
    return overdue.length;
  }

  private schedule(ticketId: number, at: Date): void {
    if (this.timers.has(ticketId)) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(ticketId);
        void this.tasks.background(this.decideWaiting(ticketId), `accepting ticket ${ticketId}`);
      },
      Math.max(0, at.getTime() - Date.now()),
    );
    timer.unref();
    this.timers.set(ticketId, timer);
  }

  /**
   * The end of a live ticket's acceptance delay: each leg's market must still run at the ticket's line,
   * and a price that fell below the ticket's is refused unless the player accepts any change (then the
   * leg takes the current price). A price that rose keeps the ticket's own price.
   */
  async decideWaiting(ticketId: number): Promise<void> {
    const notices: Notice[] = [];
    await retrying(() =>
      this.db.transaction(async (tx) => {
        notices.length = 0;
        const ticket = await lockTicket(tx, ticketId);
        if (ticket?.status !== 'waiting') return;
        const legs = await legsOf(tx, ticketId);
        if (ticket.priceH !== null) {
          const notice = await this.decideBuilder(tx, ticket, ticket.priceH, legs);
          if (notice) notices.push(notice);
          return;
        }
        let repriced = false;
        for (const leg of legs) {
          const pick = checkMatchPick(
            this.feed,
            { matchId: leg.matchId, marketId: leg.marketId, key: leg.key, priceH: leg.priceH, point: leg.point },
            'any',
          );
          if (!pick.ok) {
            const notice = await rejectWaiting(tx, ticket, pick.message, this.tasks.money);
            if (notice) notices.push(notice);
            return;
          }
          if (pick.priceH >= leg.priceH) continue;
          if (ticket.acceptOdds !== 'any') {
            const notice = await rejectWaiting(tx, ticket, 'Odds Changed', this.tasks.money);
            if (notice) notices.push(notice);
            return;
          }
          await repriceLeg(tx, leg.id, pick.priceH);
          leg.priceH = pick.priceH;
          repriced = true;
        }
        const combos = repriced ? await combosOf(tx, ticketId) : [];
        const potentialReturn = repriced ? ticketReturn(ticket.stake, legs, combos) : ticket.potentialReturn;
        const row = await moveTicket(tx, ticketId, 'waiting', { status: 'running', potentialReturn });
        if (row) {
          notices.push({
            customerId: row.customerId,
            push: { transId: row.transId, status: 'running', payout: potentialReturn },
            balance: false,
          });
        }
      }),
    );
    this.tasks.notify(notices);
  }

  /**
   * A live bet builder at the end of its delay: the feed prices the same selections again; refused when
   * it no longer takes them, or when the price fell and the player does not accept any change (then it
   * takes the new price); a price that rose keeps the ticket's own.
   */
  private async decideBuilder(tx: Transaction, ticket: TicketRow, priceH: number, legs: LegRow[]): Promise<Notice | undefined> {
    const calculation = this.feed.customBets.calculate(
      legs[0]?.matchId ?? '',
      legs.map((leg) => leg.key),
    );
    if (calculation.status !== 'ok') return rejectWaiting(tx, ticket, calculation.message, this.tasks.money);
    const nowH = oddsHundredths(calculation.price);
    if (nowH < priceH && ticket.acceptOdds !== 'any') return rejectWaiting(tx, ticket, 'Odds Changed', this.tasks.money);
    const takenH = Math.min(priceH, nowH);
    const potentialReturn = builderReturn(ticket.stake, takenH, legs);
    const row = await moveTicket(tx, ticket.id, 'waiting', { status: 'running', priceH: takenH, potentialReturn });
    return (
      row && { customerId: row.customerId, push: { transId: row.transId, status: 'running', payout: potentialReturn }, balance: false }
    );
  }
}
