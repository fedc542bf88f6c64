import { setTimeout as sleep } from 'node:timers/promises';
import {
  CASHOUT_MIN_PART,
  CASHOUT_PAUSED,
  type CashoutAcceptResponse,
  type CashoutAutoResponse,
  type CashoutLeg,
  type CashoutQuote,
  type CashoutQuoteResponse,
  QUOTE_TTL_LIVE_MS,
  QUOTE_TTL_PREMATCH_MS,
  cashoutValue,
  partialAllowed,
} from '../../../src/contract/cashout';
import type { BetTicket, LegOutcome } from '../../../src/contract/betting';
import { comboSize, oddsHundredths } from '../../../src/contract/betting';
import { GatewayCode } from '../../../src/contract/errorCodes';
import { MarketStatus, isLiveEvent } from '../../../src/contract/sports';
import type { Database, Queryable, Transaction } from '../../db';
import { CallError } from '../../lib/errors';
import type { FeedProvider } from '../../providers/feed/types';
import { withIdempotency } from '../wallet';
import {
  type QuoteRow,
  activeRules,
  bonusFunded,
  dropExpiredQuotes,
  insertQuote,
  newQuoteId,
  quoteOf,
  rulesOf,
  setRule,
  ticketByTransId,
  writeCashout,
} from './cashoutRepository';
import { OUTRIGHT_BET_TYPE } from './placement';
import { combosOf, legsOf, lockTicket } from './repository';
import { type BetTasks, type Notice, retrying } from './tasks';
import { type ComboRow, type LegRow, type TicketRow, ticketReturn } from './tickets';

/**
 * Cash-out (issue 38): quotes, accepting one, partial cash-out and the auto rule.
 *
 * - A quote is a row (bet_cashout_quotes) with an id and an expiry (10 s live, 30 s pre-match), so any
 *   instance can accept what another quoted.
 * - Accepting waits the live-bet delay for a live ticket (as a live bet does), then re-prices in one
 *   transaction under the ticket's row lock: a value that fell (or a quote that expired) answers a new
 *   quote and pays nothing; a value that held or rose pays the value now. The ticket's status guards the
 *   money as settlement's does (running → cashout), so a ticket cashed out cannot settle and a settled
 *   one cannot be cashed out, on any number of instances; the database refuses anything else (0024).
 * - The auto rule: the leader's job (`bets:auto-cashout`) cashes a ticket out once its value reaches the
 *   player's threshold, whether or not the player is online. A manual cash-out removes it.
 *
 * Cash-out is money coming back to the player, like a settlement: the gate of the rules about money
 * (which stops money going in or at stake) is not asked, and a player on a break may still cash out.
 * A bonus-funded stake is never cashed out; a cashed-out stake never counts toward wagering or rebates
 * (it is not a played status, and a partial cash-out takes its part off the stake that later settles).
 */

export interface CashoutOptions {
  db: Database;
  feed: FeedProvider;
  tasks: BetTasks;
  /** The live-bet delay: a live ticket's accept waits it before re-pricing. */
  acceptDelayMs: number;
  /** The operator's margin, basis points. */
  marginBp: () => number;
  clock?: () => number;
}

type Priced = { value: number; live: boolean } | { paused: true } | { unavailable: string };

const UNAVAILABLE = {
  settled: 'This bet is no longer open.',
  bonus: 'Bets placed with bonus money cannot be cashed out.',
  part: `Cash out part of the stake: at least ₱1, leaving at least ₱1 on.`,
  partial: 'This bet can only be cashed out in full.',
  nothing: 'This bet has nothing to cash out now.',
  // A builder's price is the feed's for the whole combination, which its legs' prices cannot re-value.
  builder: 'Bet Builder bets cannot be cashed out.',
} as const;

export class CashoutService {
  private readonly now: () => number;

  constructor(private readonly options: CashoutOptions) {
    this.now = options.clock ?? Date.now;
  }

  /** The current odds of each leg (null: its market is not running), and whether any leg's match is live. */
  private current(legs: readonly LegRow[]): { legs: CashoutLeg[]; live: boolean } {
    const { feed } = this.options;
    let live = false;
    const priced = legs.map((leg): CashoutLeg => {
      const outcome = leg.outcome as LegOutcome | 'running';
      if (outcome !== 'running') return { oddsH: leg.priceH, outcome, currentH: null };
      if (leg.betType === OUTRIGHT_BET_TYPE) {
        const outright = feed.outright(leg.marketId);
        const team = outright?.teams.find((t) => t.teamId === leg.key);
        const open = outright?.status === MarketStatus.Running && team && feed.now() < Date.parse(outright.eventDate);
        return { oddsH: leg.priceH, outcome, currentH: open ? oddsHundredths(team.price) : null };
      }
      const match = feed.match(leg.matchId);
      const market = feed.market(leg.marketId);
      const selection = market?.selections.find((s) => s.key === leg.key);
      if (match && isLiveEvent(match)) live = true;
      const open =
        match?.eventStatus === 'running' &&
        match.runningStatus !== '2' &&
        market?.status === MarketStatus.Running &&
        market.point === leg.point;
      return { oddsH: leg.priceH, outcome, currentH: open && selection ? oddsHundredths(selection.price) : null };
    });
    return { legs: priced, live };
  }

  /** What `part` of a ticket fetches now, with its legs and combos as stored. */
  private price(ticket: TicketRow, legs: LegRow[], combos: ComboRow[], part: number, funded: boolean): Priced {
    if (ticket.status !== 'running') return { unavailable: UNAVAILABLE.settled };
    if (funded) return { unavailable: UNAVAILABLE.bonus };
    if (ticket.mode === 'builder') return { unavailable: UNAVAILABLE.builder };
    const shape = { legs, combos: combos.map((c) => ({ size: comboSize(c.comboType) ?? c.size, bets: c.bets })) };
    if (part !== ticket.stake) {
      if (!partialAllowed(shape)) return { unavailable: UNAVAILABLE.partial };
      if (part < CASHOUT_MIN_PART || ticket.stake - part < CASHOUT_MIN_PART) return { unavailable: UNAVAILABLE.part };
    }
    const { legs: priced, live } = this.current(legs);
    const value = cashoutValue(
      { stake: ticket.stake, legs: priced, combos: combos.map((c) => ({ size: c.size, stake: c.stake })) },
      this.options.marginBp(),
      part,
    );
    if (value === null) return { paused: true };
    if (value <= 0) return { unavailable: UNAVAILABLE.nothing };
    return { value, live };
  }

  private async newQuote(db: Queryable, ticket: TicketRow, part: number, priced: { value: number; live: boolean }): Promise<CashoutQuote> {
    const expiresAt = new Date(this.now() + (priced.live ? QUOTE_TTL_LIVE_MS : QUOTE_TTL_PREMATCH_MS));
    const row = {
      id: newQuoteId(),
      ticketId: ticket.id,
      customerId: ticket.customerId,
      part,
      stake: ticket.stake,
      value: priced.value,
      live: priced.live,
      expiresAt,
    };
    await insertQuote(db, row);
    return toQuote(ticket.transId, row);
  }

  /** cashout/quote: a quote for all of a ticket, or `part` centavos of its stake. */
  async quote(customerId: number, transId: string, part?: number): Promise<CashoutQuoteResponse> {
    const { db } = this.options;
    const ticket = await ticketByTransId(db, customerId, transId);
    if (!ticket) throw new CallError(GatewayCode.InvalidRequest, 'No such bet.', 404);
    const [legs, combos, funded] = await Promise.all([legsOf(db, ticket.id), combosOf(db, ticket.id), bonusFunded(db, [transId])]);
    const priced = this.price(ticket, legs, combos, part ?? ticket.stake, funded.has(transId));
    if ('paused' in priced) return { status: 'paused', message: CASHOUT_PAUSED };
    if ('unavailable' in priced) return { status: 'unavailable', message: priced.unavailable };
    return { status: 'ok', quote: await this.newQuote(db, ticket, part ?? ticket.stake, priced) };
  }

  /**
   * cashout/accept (idempotent under the call's key): waits the live-bet delay for a live quote, then
   * re-prices under the ticket's lock. Fell or expired: a new quote, nothing paid. Held or rose: paid now.
   */
  async accept(customerId: number, key: string, quoteId: string): Promise<CashoutAcceptResponse> {
    const { db } = this.options;
    const quote = await quoteOf(db, customerId, quoteId);
    if (!quote) throw new CallError(GatewayCode.InvalidRequest, 'No such quote.', 404);
    const expired = this.now() > quote.expiresAt.getTime();
    if (quote.live && !expired) await sleep(this.options.acceptDelayMs);
    const notices: Notice[] = [];
    const answer = await retrying(() =>
      withIdempotency(db, { customerId, key, call: 'cashout/accept', request: { quoteId } }, async (tx) => {
        notices.length = 0;
        return this.acceptIn(tx, quote, expired, notices);
      }),
    );
    this.options.tasks.notify(notices);
    return answer;
  }

  private async acceptIn(tx: Transaction, quote: QuoteRow, expired: boolean, notices: Notice[]): Promise<CashoutAcceptResponse> {
    const ticket = await lockTicket(tx, quote.ticketId);
    if (!ticket || ticket.status !== 'running') return { status: 'unavailable', message: UNAVAILABLE.settled };
    // A partial cash-out since this quote was given changed the stake: the quote no longer describes the ticket.
    if (ticket.stake !== quote.stake) return { status: 'unavailable', message: 'This bet changed; ask for a new cash-out value.' };
    const [legs, combos, funded] = await Promise.all([legsOf(tx, ticket.id), combosOf(tx, ticket.id), bonusFunded(tx, [ticket.transId])]);
    const priced = this.price(ticket, legs, combos, quote.part, funded.has(ticket.transId));
    if ('paused' in priced) return { status: 'paused', message: CASHOUT_PAUSED };
    if ('unavailable' in priced) return { status: 'unavailable', message: priced.unavailable };
    if (expired || priced.value < quote.value) {
      const fresh = await this.newQuote(tx, ticket, quote.part, priced);
      const message = expired ? 'That cash-out value expired. Here is the new one.' : 'The cash-out value changed. Accept the new value?';
      return { status: 'moved', quote: fresh, message };
    }
    const full = quote.part === ticket.stake;
    const remaining = ticket.stake - quote.part;
    const row = await writeCashout(tx, {
      ticket,
      quoteId: quote.id,
      kind: full ? 'full' : 'partial',
      part: quote.part,
      value: priced.value,
      remainingReturn: full ? 0 : remainingReturn(legs, combos, remaining),
      now: new Date(this.now()),
    });
    notices.push({
      customerId: row.customerId,
      push: { transId: row.transId, status: row.status as 'running' | 'cashout', payout: full ? priced.value : row.potentialReturn },
      balance: true,
      ...(full ? {} : { cashout: { value: priced.value, quoteId: quote.id } }),
    });
    return { status: 'done', transId: row.transId, value: priced.value, remaining };
  }

  /** Running tickets as My Bets reads them: whether cash-out is offered, the margin, the auto threshold. */
  async annotate(tickets: BetTicket[]): Promise<BetTicket[]> {
    const running = tickets.filter((t) => t.status === 'running').map((t) => t.transId);
    const [funded, rules] = await Promise.all([bonusFunded(this.options.db, running), rulesOf(this.options.db, running)]);
    const marginBp = this.options.marginBp();
    return tickets.map((t) =>
      t.status === 'running'
        ? { ...t, cashout: { offered: !funded.has(t.transId) && t.mode !== 'builder', marginBp, auto: rules.get(t.transId) ?? null } }
        : t,
    );
  }

  /** cashout/auto: sets the ticket's threshold, or removes it (null). */
  async setAuto(customerId: number, transId: string, threshold: number | null): Promise<CashoutAutoResponse> {
    const { db } = this.options;
    const ticket = await ticketByTransId(db, customerId, transId);
    if (!ticket) throw new CallError(GatewayCode.InvalidRequest, 'No such bet.', 404);
    if (threshold !== null) {
      if (ticket.status !== 'running') throw new CallError(GatewayCode.InvalidRequest, UNAVAILABLE.settled, 400);
      if ((await bonusFunded(db, [transId])).has(transId)) throw new CallError(GatewayCode.InvalidRequest, UNAVAILABLE.bonus, 400);
      if (ticket.mode === 'builder') throw new CallError(GatewayCode.InvalidRequest, UNAVAILABLE.builder, 400);
    }
    await setRule(db, ticket, threshold);
    return { transId, threshold };
  }

  /**
   * The leader's job: every running ticket with a rule whose value reached its threshold is cashed out
   * in full at the value now (no delay: the price is the server's own, nobody races it). Answers how
   * many it cashed out. Quotes long expired go too.
   */
  async runAuto(now = this.now()): Promise<number> {
    const { db } = this.options;
    let done = 0;
    for (const rule of await activeRules(db)) {
      const notices: Notice[] = [];
      const paid = await retrying(() =>
        db.transaction(async (tx) => {
          notices.length = 0;
          const ticket = await lockTicket(tx, rule.ticketId);
          if (!ticket || ticket.status !== 'running') return false;
          const [legs, combos, funded] = await Promise.all([
            legsOf(tx, ticket.id),
            combosOf(tx, ticket.id),
            bonusFunded(tx, [ticket.transId]),
          ]);
          const priced = this.price(ticket, legs, combos, ticket.stake, funded.has(ticket.transId));
          if (!('value' in priced) || priced.value < rule.threshold) return false;
          const row = await writeCashout(tx, {
            ticket,
            quoteId: null,
            kind: 'auto',
            part: ticket.stake,
            value: priced.value,
            now: new Date(now),
          });
          notices.push({
            customerId: row.customerId,
            push: { transId: row.transId, status: 'cashout', payout: priced.value },
            balance: true,
          });
          return true;
        }),
      );
      this.options.tasks.notify(notices);
      if (paid) done++;
    }
    await dropExpiredQuotes(db, new Date(now - 60 * 60_000));
    return done;
  }
}

/** What the stake left on returns if every running leg wins (a single, or one combination of every leg). */
function remainingReturn(legs: LegRow[], combos: ComboRow[], remaining: number): number {
  return ticketReturn(
    remaining,
    legs,
    combos.map((c) => ({ ...c, stake: remaining })),
  );
}

function toQuote(transId: string, row: Omit<QuoteRow, 'createdAt'>): CashoutQuote {
  return {
    quoteId: row.id,
    transId,
    part: row.part,
    stake: row.stake,
    value: row.value,
    expiresAt: row.expiresAt.toISOString(),
    live: row.live,
  };
}
