import { and, asc, eq, getTableColumns, inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type BatchPlacementResponse,
  BetCode,
  type BetTicket,
  type BetMode,
  type BetPush,
  type LegOutcome,
  MAX_TICKET_RETURN,
  type ParlayResult,
  type PlacementResult,
  type PriceInfo,
  type TicketStatus,
  availableCombos,
  betReturn,
  combinationCount,
  comboName,
  comboSize,
  OPEN_TICKET_STATUSES,
  oddsHundredths,
  parlayPotentialReturn,
  parlayStatus,
  parlayTotalStake,
} from '../../../src/contract/betting';
import { PARLAY_MAX_MATCHES, STAKE_CAP } from '../../../src/contract/constants';
import { GatewayCode } from '../../../src/contract/errorCodes';
import type { Market } from '../../../src/contract/feed';
import type { OddsType } from '../../../src/contract/sports';
import { type Database, type Transaction, sqlState } from '../../db';
import { betCombos, betLegs, betTickets, customers } from '../../db/schema';
import { CallError, badRequest } from '../../lib/errors';
import { settleSelection } from '../../providers/feed/settlement';
import type { FeedProvider, MarketResult, MatchResult, OutrightResult } from '../../providers/feed/types';
import { withIdempotency } from '../wallet';
import {
  type Acceptance,
  type MatchPick,
  PARLAY_ACCEPTANCE,
  type Refusal,
  checkMatchPick,
  checkOutrightPick,
  formatCentavos,
  stakeRefusal,
} from './acceptance';
import type { BatchBody, BatchItem, OutrightBody, ParlayBody, SingleBody } from './schemas';
import {
  type LegRow,
  type NewLeg,
  type NewTicket,
  type TicketRow,
  payOut,
  refundStake,
  ticketReturn,
  toTicket,
  writeTicket,
} from './tickets';

/**
 * The betting service: placement (singles, player bets, the ending-game batch, outrights, parlays),
 * the live acceptance delay, and settlement from the feed's results.
 *
 * Money moves only inside database transactions that also change the ticket's status, and every later
 * movement is guarded by the status it leaves (waiting → running/reject, running → settled) under the
 * ticket's row lock, so a result delivered twice, or settled by two processes at once, pays once.
 * Pushes (/user/queue/bets, /user/queue/balance) go out after the commit.
 */

export interface BetServiceOptions {
  db: Database;
  feed: FeedProvider;
  /** Live bets wait this long (real time) before they are accepted or rejected. */
  acceptDelayMs: number;
  /** Tells the player a ticket changed (/user/queue/bets). */
  publishBet: (customerId: number, push: BetPush) => void;
  /** Tells the player the balance changed (/user/queue/balance). */
  onBalanceChange: (customerId: number) => void;
  log: FastifyBaseLogger;
  /**
   * Run reconcile() at start (default true: one instance). With several instances the feed's leader
   * runs it when it starts leading (app.ts), against the one shared feed, so a restart of any other
   * instance voids nothing.
   */
  reconcileOnStart?: boolean;
}

/** Outrights carry no limits of their own in the feed; these are the book's, in whole pesos. */
export const OUTRIGHT_LIMITS = { min: 10, max: 20_000 } as const;
/** Saba's bet type of an outright (league winner). */
const OUTRIGHT_BET_TYPE = 10;
/** A parlay leg whose sent price is this far from the current one is marked abnormal (a stale or edited slip). */
const ABNORMAL_PRICE_SHARE = 0.2;

const INSUFFICIENT = 'Your balance is not enough for this bet.';
const ACCEPTED = 'Bet accepted.';
const WAITING = 'Live bet received: it is confirmed after a short check.';

/** What a status change tells the player once committed. */
interface Notice {
  customerId: number;
  push: BetPush;
  balance: boolean;
}

type Written = Awaited<ReturnType<typeof writeTicket>>;

function refused(refusal: Refusal): PlacementResult {
  return { code: refusal.code, message: refusal.message, bet_status: 'reject', ...(refusal.current ? { current: refusal.current } : {}) };
}

/** The answer to a ticket written: running at once, or waiting for its live check. */
function acceptedAnswer(written: Written): PlacementResult & { ticket: BetTicket } {
  const ticket = toTicket(written.row, written.legs, written.combos);
  const waiting = ticket.status === 'waiting';
  return { code: BetCode.Ok, message: waiting ? WAITING : ACCEPTED, bet_status: waiting ? 'waiting' : 'running', ticket };
}

function payoutRefusal(): Refusal {
  return {
    ok: false,
    code: BetCode.PayoutLimit,
    message: `This bet could pay more than the ${formatCentavos(MAX_TICKET_RETURN)} limit. Please lower the stake.`,
  };
}

/** Stake limits of a market in whole pesos: its own, within 1..STAKE_CAP. */
function limitsOf(markets: Pick<Market, 'minBet' | 'maxBet'>[]): { min: number; max: number } {
  return markets.reduce((acc, m) => ({ min: Math.max(acc.min, m.minBet), max: Math.min(acc.max, m.maxBet) }), { min: 1, max: STAKE_CAP });
}

function matchLeg(pick: Extract<MatchPick, { ok: true }>, key: string): NewLeg {
  const { match, market } = pick;
  return {
    marketId: market.marketId,
    matchId: match.matchId,
    sportTypeId: match.sportTypeId,
    leagueId: match.leagueId,
    leagueName: match.leagueName,
    homeName: match.homeName,
    awayName: match.awayName,
    kickoff: match.kickoff,
    key,
    keyEn: pick.keyEn,
    betType: market.betType,
    betTypeName: market.betTypeName,
    periodName: market.periodName,
    point: market.point,
    point2: market.point2,
    priceH: pick.priceH,
    playerId: market.player?.playerId ?? null,
    playerName: market.player?.playerName ?? null,
  };
}

/** How a leg of a finished match ended, at the leg's own line. */
function legResult(leg: LegRow, market: MarketResult | undefined): { outcome: LegOutcome; score: string | null } {
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

const isInsufficient = (error: unknown) => error instanceof CallError && error.code === GatewayCode.InsufficientBalance;

/**
 * Runs a background transaction again when PostgreSQL gave it up to let another finish (a deadlock or
 * serialization failure): a settlement must not be lost to a transient conflict.
 */
async function retrying<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = sqlState(error).code;
      if (attempt >= attempts || (code !== '40P01' && code !== '40001')) throw error;
    }
  }
}

export class BetService {
  private readonly db: Database;
  private readonly feed: FeedProvider;
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly unsubscribe: (() => void)[] = [];

  constructor(private readonly options: BetServiceOptions) {
    this.db = options.db;
    this.feed = options.feed;
  }

  /**
   * Listens to the feed's results, picks up live tickets left waiting by a restart, and settles what a
   * restart may have cut off (see reconcile).
   */
  async start(): Promise<void> {
    this.unsubscribe.push(
      this.feed.onResult((result) => void this.background(this.settleMatch(result), `settling match ${result.matchId}`)),
      this.feed.onOutrightResult(
        (result) => void this.background(this.settleOutright(result), `settling outright ${result.outrightOddsId}`),
      ),
    );
    const waiting = await this.db
      .select({ id: betTickets.id, acceptAt: betTickets.acceptAt })
      .from(betTickets)
      .where(eq(betTickets.status, 'waiting'));
    for (const ticket of waiting) this.schedule(ticket.id, ticket.acceptAt ?? new Date());
    if (this.options.reconcileOnStart !== false) await this.reconcileAndLog();
  }

  /** reconcile(), its work logged. */
  async reconcileAndLog(): Promise<void> {
    const { settled, voided } = await this.reconcile();
    if (settled > 0) this.options.log.info({ tickets: settled }, 'bets: settled tickets from results the feed still holds');
    if (voided > 0) this.options.log.warn({ tickets: voided }, 'bets: voided running tickets on events the feed no longer offers');
  }

  /**
   * Decides the live tickets still waiting `graceMs` after their time: those of an instance that died
   * before its timer fired (the feed's leader runs this every second when several instances run).
   * Safe beside the placing instance's own timer: a ticket is decided once, under its row lock.
   * Answers how many it decided.
   */
  async decideOverdue(graceMs: number, now = Date.now()): Promise<number> {
    const overdue = await this.db
      .select({ id: betTickets.id })
      .from(betTickets)
      .where(and(eq(betTickets.status, 'waiting'), lt(betTickets.acceptAt, new Date(now - graceMs))));
    for (const { id } of overdue) await this.background(this.decideWaiting(id), `accepting ticket ${id}`);
    return overdue.length;
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
    const legs = await this.db
      .select(getTableColumns(betLegs))
      .from(betLegs)
      .innerJoin(betTickets, eq(betTickets.id, betLegs.ticketId))
      .where(and(eq(betLegs.outcome, 'running'), eq(betTickets.status, 'running')));
    type Decision = { outcome: LegOutcome; score: string | null; byResult: boolean };
    const decide = (leg: LegRow): Decision | undefined => {
      if (leg.betType === OUTRIGHT_BET_TYPE) {
        const result = this.feed.outrightResult(leg.marketId, leg.kickoff);
        if (result) return { ...outrightLegResult(leg, result), byResult: true };
        return this.feed.outright(leg.marketId)?.eventDate === leg.kickoff ? undefined : { ...VOID_LEG, byResult: false };
      }
      const result = this.feed.result(leg.matchId);
      const market = result?.markets.find((m) => m.marketId === leg.marketId);
      if (result) return { ...legResult(leg, market), byResult: true };
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

  async stop(): Promise<void> {
    for (const off of this.unsubscribe.splice(0)) off();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await this.idle();
  }

  /** Resolves once no settlement or acceptance is in progress (tests and the development settle page). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private background(work: Promise<unknown>, what: string): Promise<unknown> {
    const tracked = work.catch((error: unknown) => this.options.log.error({ err: error }, `bets: ${what} failed`));
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
    return tracked;
  }

  private notify(notices: Notice[]): void {
    for (const notice of notices) {
      this.options.publishBet(notice.customerId, notice.push);
      if (notice.balance) this.options.onBalanceChange(notice.customerId);
    }
  }

  /** After a placement commits: the player hears of the new ticket, and a live one's check is due. */
  private placed(written: Written[]): void {
    this.notify(
      written.map(({ row }) => ({
        customerId: row.customerId,
        push: { transId: row.transId, status: row.status as TicketStatus, payout: row.potentialReturn },
        balance: true,
      })),
    );
    for (const { row } of written) if (row.status === 'waiting') this.schedule(row.id, row.acceptAt ?? new Date());
  }

  private schedule(ticketId: number, at: Date): void {
    if (this.timers.has(ticketId)) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(ticketId);
        void this.background(this.decideWaiting(ticketId), `accepting ticket ${ticketId}`);
      },
      Math.max(0, at.getTime() - Date.now()),
    );
    timer.unref();
    this.timers.set(ticketId, timer);
  }

  /** Writes a ticket and takes its stake in a savepoint, so too low a balance is an answer, not a failed call. */
  private async tryWrite(tx: Transaction, ticket: NewTicket): Promise<Written | Refusal> {
    try {
      return await tx.transaction((savepoint) => writeTicket(savepoint, ticket));
    } catch (error) {
      if (isInsufficient(error)) return { ok: false, code: BetCode.InsufficientBalance, message: INSUFFICIENT };
      throw error;
    }
  }

  private ticketTiming(live: boolean): { status: 'waiting' | 'running'; acceptAt: Date | null } {
    return live
      ? { status: 'waiting', acceptAt: new Date(Date.now() + this.options.acceptDelayMs) }
      : { status: 'running', acceptAt: null };
  }

  // ── Placement ─────────────────────────────────────────────────────────────────────────────────────

  /** One match bet: a single, a player bet, or an ending-game option. */
  private async single(
    tx: Transaction,
    customerId: number,
    bet: BatchItem,
    context: { accept: Acceptance; seamless: boolean; oddsType: OddsType; mode?: BetMode },
    written: Written[],
  ): Promise<PlacementResult> {
    const pick = checkMatchPick(
      this.feed,
      { matchId: bet.matchId, marketId: bet.marketId, key: bet.key, priceH: oddsHundredths(bet.price), point: bet.point },
      context.accept,
    );
    if (!pick.ok) return refused(pick);
    if (bet.playerId !== undefined && bet.playerId !== '' && bet.playerId !== pick.market.player?.playerId) {
      return refused({ ok: false, code: BetCode.MatchNotAvailable, message: 'This player bet is not offered in this market.' });
    }
    const badStake = stakeRefusal(bet.stake, limitsOf([pick.market]));
    if (badStake) return refused(badStake);
    const stake = bet.stake * 100;
    const potentialReturn = betReturn(stake, [{ oddsH: pick.priceH, outcome: 'running' }]);
    if (potentialReturn > MAX_TICKET_RETURN) return refused(payoutRefusal());
    const result = await this.tryWrite(tx, {
      customerId,
      mode: context.mode ?? (pick.market.player ? 'player' : 'single'),
      ...this.ticketTiming(pick.live),
      wallet: context.seamless ? 'main' : 'saba',
      stake,
      potentialReturn,
      oddsType: context.oddsType,
      acceptOdds: context.accept,
      legs: [matchLeg(pick, bet.key)],
    });
    if ('ok' in result) return refused(result);
    written.push(result);
    return acceptedAnswer(result);
  }

  /** saba/sabaDoPlaceBetV2: a single or a player bet. */
  async placeSingle(customerId: number, key: string, body: SingleBody): Promise<PlacementResult> {
    const written: Written[] = [];
    const answer = await withIdempotency(this.db, { customerId, key, call: 'saba/sabaDoPlaceBetV2', request: body }, (tx) =>
      this.single(
        tx,
        customerId,
        body,
        { accept: body.acceptOddsChange ?? 'none', seamless: body.seamless, oddsType: body.oddsType as OddsType },
        written,
      ),
    );
    this.placed(written);
    return answer;
  }

  /** saba/sabaDoBatchPlaceBet: the ending-game options, each its own ticket, all under one idempotency key. */
  async placeBatch(customerId: number, key: string, body: BatchBody): Promise<BatchPlacementResponse> {
    const [customer] = await this.db
      .select({ firstDepositAt: customers.firstDepositAt })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!customer?.firstDepositAt) {
      throw new CallError(GatewayCode.InvalidRequest, 'This type of gameplay requires completing the first deposit.', 403);
    }
    const written: Written[] = [];
    const context = {
      accept: body.acceptOddsChange ?? 'none',
      seamless: body.seamless,
      oddsType: body.oddsType as OddsType,
      mode: 'endingGame' as const,
    };
    const answer = await withIdempotency(this.db, { customerId, key, call: 'saba/sabaDoBatchPlaceBet', request: body }, async (tx) => {
      const results: PlacementResult[] = [];
      for (const bet of body.bets) results.push(await this.single(tx, customerId, bet, context, written));
      return { results };
    });
    this.placed(written);
    return answer;
  }

  /** saba/sabaPlaceOutrightBetV2. */
  async placeOutright(customerId: number, key: string, body: OutrightBody): Promise<PlacementResult> {
    const written: Written[] = [];
    const accept = body.acceptOddsChange ?? 'none';
    const answer = await withIdempotency(
      this.db,
      { customerId, key, call: 'saba/sabaPlaceOutrightBetV2', request: body },
      async (tx): Promise<PlacementResult> => {
        const pick = checkOutrightPick(
          this.feed,
          { outrightOddsId: body.outrightOddsId, teamId: body.teamId, priceH: oddsHundredths(body.price) },
          accept,
        );
        if (!pick.ok) return refused(pick);
        const badStake = stakeRefusal(body.stake, OUTRIGHT_LIMITS);
        if (badStake) return refused(badStake);
        const stake = body.stake * 100;
        const potentialReturn = betReturn(stake, [{ oddsH: pick.priceH, outcome: 'running' }]);
        if (potentialReturn > MAX_TICKET_RETURN) return refused(payoutRefusal());
        const { outright, team } = pick;
        const league = this.feed.leagues().find((l) => l.leagueId === outright.leagueId);
        const result = await this.tryWrite(tx, {
          customerId,
          mode: 'outright',
          status: 'running',
          acceptAt: null,
          wallet: body.seamless ? 'main' : 'saba',
          stake,
          potentialReturn,
          oddsType: body.oddsType as OddsType,
          acceptOdds: accept,
          legs: [
            {
              // An outright has no match: its id stands in for both, so no match result ever settles it.
              marketId: outright.outrightOddsId,
              matchId: outright.outrightOddsId,
              sportTypeId: outright.sportTypeId,
              leagueId: outright.leagueId,
              leagueName: league?.name ?? outright.name,
              kickoff: outright.eventDate,
              key: team.teamId,
              keyEn: team.teamName,
              betType: OUTRIGHT_BET_TYPE,
              betTypeName: outright.name,
              point: null,
              point2: null,
              priceH: pick.priceH,
              teamId: team.teamId,
              teamName: team.teamName,
            },
          ],
        });
        if ('ok' in result) return refused(result);
        written.push(result);
        return acceptedAnswer(result);
      },
    );
    this.placed(written);
    return answer;
  }

  /** sabaCombo/comboBetToSaba: one ticket for every combination of every chosen combo. */
  async placeParlay(customerId: number, key: string, body: ParlayBody): Promise<ParlayResult> {
    const legs = body.bet_matches;
    // The slip's rules of spec §5, in the slip's order; a breach is a bad request (the slip checks them first).
    const matchIds = legs.map((leg) => leg.eventId);
    if (new Set(matchIds).size !== matchIds.length) throw badRequest('Only 1 bet type can be chosen for the same match.');
    if (legs.length > PARLAY_MAX_MATCHES) throw badRequest('You can choose a maximum of 20 matches.');
    if (legs.length < 2) throw badRequest('Parlay bet must combine more than 1 bets');
    const combos = body.bet_combos.map((combo) => {
      const size = comboSize(combo.combo_type);
      if (size === undefined) throw badRequest(`${combo.combo_type} is not a combo: choose Doubles, Trebles or Fold4 to Fold20.`);
      if (size > legs.length) throw badRequest(`Parlay bet must combine more than ${size - 1} bets`);
      return { comboType: comboName(size), size, pesos: combo.stake };
    });
    if (new Set(combos.map((c) => c.size)).size !== combos.length) throw badRequest('Each combo can be chosen once.');

    const accept = PARLAY_ACCEPTANCE[body.parlay_odds_option];
    const written: Written[] = [];
    const answer = await withIdempotency(
      this.db,
      { customerId, key, call: 'sabaCombo/comboBetToSaba', request: body },
      async (tx): Promise<ParlayResult> => {
        const picks = legs.map((leg) =>
          checkMatchPick(
            this.feed,
            { matchId: leg.eventId, marketId: leg.market_id, key: leg.key, priceH: oddsHundredths(leg.price), point: leg.point },
            accept,
          ),
        );
        const smallest = comboName(Math.min(...combos.map((c) => c.size)));
        const notCombo = `The selected bet type can't create a ${smallest}, please try to modify and bet`;
        const priceInfo: PriceInfo[] = legs.map((leg, i) => {
          const pick = picks[i]!;
          const [code, message] = !pick.ok ? [pick.code, pick.message] : pick.market.combo ? [0, ''] : [BetCode.ComboNotAllowed, notCombo];
          const currentPrice = pick.ok ? pick.priceH / 100 : (pick.current?.price ?? 0);
          return { market_id: leg.market_id, key: leg.key, state_code: code, state_message: message, current_price: currentPrice };
        });
        const abnormal = legs
          .filter((leg, i) => {
            const now = priceInfo[i]!.current_price;
            return now > 1 && Math.abs(leg.price - now) / now > ABNORMAL_PRICE_SHARE;
          })
          .map((leg) => leg.market_id);
        const good = priceInfo.filter((info) => info.state_code === 0).length;
        const shell = {
          combos: combos.map((c) => ({ combo_type: c.comboType, stake: c.pesos * 100, bet_count: 0 })),
          current_combos: availableCombos(good).map((c) => ({ combo_type: c.comboType, bet_count: c.bets })),
          price_info: priceInfo,
          abnormal_odds: abnormal,
          payout_list: [] as string[],
        };
        const reject = (refusal: Refusal, extra: Partial<ParlayResult> = {}): ParlayResult => ({
          code: refusal.code,
          message: refusal.message,
          bet_status: 'reject',
          parlay_ticket_status: 'reject',
          trans_idStr: '',
          ...shell,
          ...extra,
        });
        const firstBad = priceInfo.find((info) => info.state_code !== 0);
        if (firstBad) return reject({ ok: false, code: firstBad.state_code, message: firstBad.state_message });

        const accepted = picks.filter((pick): pick is Extract<MatchPick, { ok: true }> => pick.ok);
        const limits = limitsOf(accepted.map((pick) => pick.market));
        for (const combo of combos) {
          const badStake = stakeRefusal(combo.pesos, limits);
          if (badStake) return reject(badStake);
        }
        const stakes = combos.map((c) => ({ size: c.size, stakeCentavos: c.pesos * 100 }));
        const stake = parlayTotalStake(legs.length, stakes);
        if (stake > STAKE_CAP * 100) {
          return reject({
            ok: false,
            code: BetCode.StakeOutOfRange,
            message: `The whole stake of a parlay is at most ₱999,999 (this one is ${formatCentavos(stake)}).`,
          });
        }
        const pricesH = accepted.map((pick) => pick.priceH);
        const potentialReturn = parlayPotentialReturn(pricesH, stakes);
        if (potentialReturn > MAX_TICKET_RETURN) return reject(payoutRefusal(), { payout_list: legs.map((leg) => leg.market_id) });

        const result = await this.tryWrite(tx, {
          customerId,
          mode: 'parlay',
          ...this.ticketTiming(accepted.some((pick) => pick.live)),
          wallet: body.seamless ? 'main' : 'saba',
          stake,
          potentialReturn,
          oddsType: body.oddsType as OddsType,
          acceptOdds: accept,
          legs: accepted.map((pick, i) => matchLeg(pick, legs[i]!.key)),
          combos: combos.map((c) => ({
            comboType: c.comboType,
            size: c.size,
            stake: c.pesos * 100,
            bets: combinationCount(legs.length, c.size),
          })),
        });
        if ('ok' in result) return reject(result);
        written.push(result);
        const answer = acceptedAnswer(result);
        return {
          ...answer,
          parlay_ticket_status: answer.ticket.status,
          trans_idStr: answer.ticket.transId,
          ...shell,
          combos: result.combos
            .sort((a, b) => a.size - b.size)
            .map((c) => ({ combo_type: c.comboType, stake: c.stake, bet_count: c.bets })),
        };
      },
    );
    this.placed(written);
    return answer;
  }

  // ── Live acceptance ───────────────────────────────────────────────────────────────────────────────

  /** Rejects a waiting ticket and refunds its stake; the caller holds its row lock. */
  private async reject(tx: Transaction, ticket: TicketRow, reason: string): Promise<Notice | undefined> {
    const [row] = await tx
      .update(betTickets)
      .set({ status: 'reject', reason, settledAt: new Date() })
      .where(and(eq(betTickets.id, ticket.id), eq(betTickets.status, 'waiting')))
      .returning();
    if (!row) return undefined;
    await refundStake(tx, row);
    return { customerId: row.customerId, push: { transId: row.transId, status: 'reject', payout: 0 }, balance: true };
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
        const [ticket] = await tx.select().from(betTickets).where(eq(betTickets.id, ticketId)).for('update');
        if (ticket?.status !== 'waiting') return;
        const legs = await tx.select().from(betLegs).where(eq(betLegs.ticketId, ticketId)).orderBy(asc(betLegs.legNo));
        let repriced = false;
        for (const leg of legs) {
          const pick = checkMatchPick(
            this.feed,
            { matchId: leg.matchId, marketId: leg.marketId, key: leg.key, priceH: leg.priceH, point: leg.point },
            'any',
          );
          if (!pick.ok) {
            const notice = await this.reject(tx, ticket, pick.message);
            if (notice) notices.push(notice);
            return;
          }
          if (pick.priceH >= leg.priceH) continue;
          if (ticket.acceptOdds !== 'any') {
            const notice = await this.reject(tx, ticket, 'Odds Changed');
            if (notice) notices.push(notice);
            return;
          }
          await tx.update(betLegs).set({ priceH: pick.priceH }).where(eq(betLegs.id, leg.id));
          leg.priceH = pick.priceH;
          repriced = true;
        }
        const combos = repriced ? await tx.select().from(betCombos).where(eq(betCombos.ticketId, ticketId)) : [];
        const potentialReturn = repriced ? ticketReturn(ticket.stake, legs, combos) : ticket.potentialReturn;
        const [row] = await tx
          .update(betTickets)
          .set({ status: 'running', potentialReturn })
          .where(and(eq(betTickets.id, ticketId), eq(betTickets.status, 'waiting')))
          .returning();
        if (row)
          notices.push({
            customerId: row.customerId,
            push: { transId: row.transId, status: 'running', payout: potentialReturn },
            balance: false,
          });
      }),
    );
    this.notify(notices);
  }

  // ── Settlement ────────────────────────────────────────────────────────────────────────────────────

  /**
   * Settles the legs `settleLeg` knows of one ticket, and the ticket once none of its legs runs. A
   * ticket still waiting for its live check is rejected and refunded instead: its match is over.
   */
  private async settleTicket(
    ticketId: number,
    settleLeg: (leg: LegRow) => { outcome: LegOutcome; score: string | null } | undefined,
  ): Promise<void> {
    const notices: Notice[] = [];
    await retrying(() =>
      this.db.transaction(async (tx) => {
        notices.length = 0;
        const [ticket] = await tx.select().from(betTickets).where(eq(betTickets.id, ticketId)).for('update');
        if (ticket?.status === 'waiting') {
          const notice = await this.reject(tx, ticket, 'The match ended before the live bet was confirmed.');
          if (notice) notices.push(notice);
          return;
        }
        if (ticket?.status !== 'running') return;
        const legs = await tx.select().from(betLegs).where(eq(betLegs.ticketId, ticketId)).orderBy(asc(betLegs.legNo));
        const now = new Date();
        for (const leg of legs) {
          if (leg.outcome !== 'running') continue;
          const result = settleLeg(leg);
          if (!result) continue;
          await tx
            .update(betLegs)
            .set({ outcome: result.outcome, score: result.score, settledAt: now })
            .where(and(eq(betLegs.id, leg.id), eq(betLegs.outcome, 'running')));
          leg.outcome = result.outcome;
        }
        if (legs.some((leg) => leg.outcome === 'running')) return;
        const combos = ticket.mode === 'parlay' ? await tx.select().from(betCombos).where(eq(betCombos.ticketId, ticketId)) : [];
        const payout = ticketReturn(ticket.stake, legs, combos);
        const status: TicketStatus = ticket.mode === 'parlay' ? parlayStatus(ticket.stake, payout) : (legs[0]!.outcome as LegOutcome);
        const [row] = await tx
          .update(betTickets)
          .set({ status, payout, settledAt: now })
          .where(and(eq(betTickets.id, ticketId), eq(betTickets.status, 'running')))
          .returning();
        if (!row) return;
        await payOut(tx, row, payout);
        notices.push({ customerId: row.customerId, push: { transId: row.transId, status, payout }, balance: payout > 0 });
      }),
    );
    this.notify(notices);
  }

  /** A match finished: every open ticket with a leg on it. Safe to run twice, or twice at once. */
  async settleMatch(result: MatchResult): Promise<void> {
    const markets = new Map(result.markets.map((m) => [m.marketId, m]));
    const tickets = await this.db
      .selectDistinct({ id: betLegs.ticketId })
      .from(betLegs)
      .innerJoin(betTickets, eq(betTickets.id, betLegs.ticketId))
      .where(
        and(eq(betLegs.matchId, result.matchId), eq(betLegs.outcome, 'running'), inArray(betTickets.status, [...OPEN_TICKET_STATUSES])),
      );
    for (const { id } of tickets) {
      await this.settleTicket(id, (leg) => (leg.matchId === result.matchId ? legResult(leg, markets.get(leg.marketId)) : undefined));
    }
  }

  /** An outright was decided: its tickets of that season (eventDate) win or lose. Score: the winner's name. */
  async settleOutright(result: OutrightResult): Promise<void> {
    const tickets = await this.db
      .selectDistinct({ id: betLegs.ticketId })
      .from(betLegs)
      .where(and(eq(betLegs.marketId, result.outrightOddsId), eq(betLegs.kickoff, result.eventDate), eq(betLegs.outcome, 'running')));
    for (const { id } of tickets) {
      await this.settleTicket(id, (leg) =>
        leg.marketId === result.outrightOddsId && leg.kickoff === result.eventDate ? outrightLegResult(leg, result) : undefined,
      );
    }
  }
}
