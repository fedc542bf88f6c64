import { type LegOutcome, type TicketStatus, parlayStatus } from '../../../src/contract/betting';
import type { Database } from '../../db';
import { settleSelection } from '../../providers/feed/settlement';
import type { FeedProvider, MarketResult, MatchResult, OutrightResult } from '../../providers/feed/types';
import { rejectWaiting } from './liveAcceptance';
import { OUTRIGHT_BET_TYPE } from './placement';
import { combosOf, legsOf, lockTicket, moveTicket, payOut, runningLegs, settleLeg, ticketsOnMatch, ticketsOnOutright } from './repository';
import { BUILDER_BET_TYPE } from '../../../src/contract/builder';
import { type BetTasks, type Notice, retrying } from './tasks';
import { type LegRow, anyTicketReturn } from './tickets';

/**
 * Settlement from the feed's results: every leg at its own line, and the ticket once none of its legs
 * runs, paid once (the status change running → settled guards the payout, under the ticket's row lock,
 * so a result delivered twice, or settled by two processes at once, pays once). Also the restart rule
 * (reconcile): legs whose result a restart cut off are settled, legs on events the feed no longer
 * offers are void.
 */

type LegResult = { outcome: LegOutcome; score: string | null };

/** How a leg of a finished match ended, at the leg's own line. */
function legResult(leg: LegRow, market: MarketResult | undefined): LegResult {
  // A market missing from the result, or a period never played, is void: the stake stands at odds 1.
  if (!market?.score) return { outcome: 'void', score: null };
  const outcome = settleSelection(market.kind, leg.key, leg.point, market.score, Object.keys(market.outcomes));
  const score = market.playerId ? String(market.score.home) : `${market.score.home}-${market.score.away}`;
  return { outcome, score };
}

/** An outright leg wins when its team won the season; the score shown is the winner's name. */
function outrightLegResult(leg: LegRow, result: OutrightResult): { outcome: LegOutcome; score: string } {
  return { outcome: leg.key === result.winnerTeamId ? 'won' : 'lost', score: result.winnerTeamName };
}

const VOID_LEG = { outcome: 'void', score: null } as const;

/** A bet builder's leg: its selection settled by the feed's custom-bet contract on the match's result. */
function builderLegResult(feed: FeedProvider, leg: LegRow, result: MatchResult): LegResult {
  const settled = feed.customBets.settle([leg.key], result);
  return { outcome: settled.outcomes[leg.key] ?? 'void', score: settled.score };
}

/** How a leg of a finished match ended: a builder's selection, or a market's at the leg's own line. */
function matchLegResult(feed: FeedProvider, leg: LegRow, result: MatchResult, markets: Map<string, MarketResult>): LegResult {
  return leg.betType === BUILDER_BET_TYPE ? builderLegResult(feed, leg, result) : legResult(leg, markets.get(leg.marketId));
}

export class Settlement {
  constructor(
    private readonly db: Database,
    private readonly feed: FeedProvider,
    private readonly tasks: BetTasks,
  ) {}

  /** Listens to the feed's results; answers the unsubscribe. */
  listen(): () => void {
    const offs = [
      this.feed.onResult((result) => void this.tasks.background(this.settleMatch(result), `settling match ${result.matchId}`)),
      this.feed.onOutrightResult(
        (result) => void this.tasks.background(this.settleOutright(result), `settling outright ${result.outrightOddsId}`),
      ),
    ];
    return () => offs.forEach((off) => off());
  }

  /**
   * Every running leg's event is still offered, has a result, or is gone. A leg whose result the feed
   * still holds is settled with it (a restart cut its settlement off). A leg on an event the feed
   * neither offers nor has a result for (a match it dropped, an outright season it no longer offers:
   * a feed that could not resume its state, say) would never settle and would hold the player's stake
   * for ever; as with an abandoned event it is void: a single is refunded, a parlay counts the leg at 1.
   * A restart of the simulated feed voids nothing: it resumes its events (providers/feed/keeper.ts).
   * Answers how many tickets it settled with a result, and how many only had legs voided.
   */
  async reconcile(): Promise<{ settled: number; voided: number }> {
    const legs = await runningLegs(this.db);
    type Decision = LegResult & { byResult: boolean };
    const decide = (leg: LegRow): Decision | undefined => {
      if (leg.betType === OUTRIGHT_BET_TYPE) {
        const result = this.feed.outrightResult(leg.marketId, leg.kickoff);
        if (result) return { ...outrightLegResult(leg, result), byResult: true };
        return this.feed.outright(leg.marketId)?.eventDate === leg.kickoff ? undefined : { ...VOID_LEG, byResult: false };
      }
      const result = this.feed.result(leg.matchId);
      if (result) return { ...matchLegResult(this.feed, leg, result, new Map(result.markets.map((m) => [m.marketId, m]))), byResult: true };
      return this.feed.match(leg.matchId) ? undefined : { ...VOID_LEG, byResult: false };
    };
    const settled = new Set<number>();
    const voided = new Set<number>();
    for (const leg of legs) {
      const decision = decide(leg);
      if (decision) (decision.byResult ? settled : voided).add(leg.ticketId);
    }
    for (const id of settled) voided.delete(id);
    for (const id of new Set([...settled, ...voided])) await this.settleTicket(id, decide);
    return { settled: settled.size, voided: voided.size };
  }

  /** A match finished: every open ticket with a leg on it. Safe to run twice, or twice at once. */
  async settleMatch(result: MatchResult): Promise<void> {
    const markets = new Map(result.markets.map((m) => [m.marketId, m]));
    for (const id of await ticketsOnMatch(this.db, result.matchId)) {
      await this.settleTicket(id, (leg) => (leg.matchId === result.matchId ? matchLegResult(this.feed, leg, result, markets) : undefined));
    }
  }

  /** An outright was decided: its tickets of that season (eventDate) win or lose. Score: the winner's name. */
  async settleOutright(result: OutrightResult): Promise<void> {
    for (const id of await ticketsOnOutright(this.db, result.outrightOddsId, result.eventDate)) {
      await this.settleTicket(id, (leg) =>
        leg.marketId === result.outrightOddsId && leg.kickoff === result.eventDate ? outrightLegResult(leg, result) : undefined,
      );
    }
  }

  /**
   * Settles the legs `settleLeg` knows of one ticket, and the ticket once none of its legs runs. A
   * ticket still waiting for its live check is rejected and refunded instead: its match is over.
   */
  private async settleTicket(ticketId: number, resultOf: (leg: LegRow) => LegResult | undefined): Promise<void> {
    const notices: Notice[] = [];
    await retrying(() =>
      this.db.transaction(async (tx) => {
        notices.length = 0;
        const ticket = await lockTicket(tx, ticketId);
        if (ticket?.status === 'waiting') {
          const notice = await rejectWaiting(tx, ticket, 'The match ended before the live bet was confirmed.', this.tasks.money);
          if (notice) notices.push(notice);
          return;
        }
        if (ticket?.status !== 'running') return;
        const legs = await legsOf(tx, ticketId);
        const now = new Date();
        for (const leg of legs) {
          if (leg.outcome !== 'running') continue;
          const result = resultOf(leg);
          if (!result) continue;
          await settleLeg(tx, leg.id, result, now);
          leg.outcome = result.outcome;
        }
        if (legs.some((leg) => leg.outcome === 'running')) return;
        const combos = ticket.mode === 'parlay' ? await combosOf(tx, ticketId) : [];
        const payout = anyTicketReturn(ticket, legs, combos);
        const status: TicketStatus =
          ticket.mode === 'parlay' || ticket.mode === 'builder' ? parlayStatus(ticket.stake, payout) : (legs[0]!.outcome as LegOutcome);
        const row = await moveTicket(tx, ticketId, 'running', { status, payout, settledAt: now });
        if (!row) return;
        await payOut(tx, row, payout);
        await this.tasks.money?.settled(tx, row, payout);
        notices.push({ customerId: row.customerId, push: { transId: row.transId, status, payout }, balance: payout > 0 });
      }),
    );
    this.tasks.notify(notices);
  }
}
