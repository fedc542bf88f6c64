import {
  type BatchPlacementResponse,
  BetCode,
  type BetMode,
  type BetTicket,
  MAX_TICKET_RETURN,
  type ParlayResult,
  type PlacementResult,
  type PriceInfo,
  availableCombos,
  betReturn,
  combinationCount,
  comboName,
  comboSize,
  oddsHundredths,
  parlayPotentialReturn,
  parlayTotalStake,
} from '../../../src/contract/betting';
import { acceptsPriceChange } from '../../../src/contract/acceptance';
import { BUILDER_BET_TYPE, BUILDER_LIMITS, BuilderCall } from '../../../src/contract/builder';
import { PARLAY_MAX_MATCHES, STAKE_CAP } from '../../../src/contract/constants';
import { GatewayCode } from '../../../src/contract/errorCodes';
import type { Market, Match } from '../../../src/contract/feed';
import { MarketStatus, type OddsType, isLiveEvent } from '../../../src/contract/sports';
import type { Database } from '../../db';
import { CallError, badRequest } from '../../lib/errors';
import type { FeedProvider } from '../../providers/feed/types';
import {
  type Acceptance,
  type MatchPick,
  ODDS_CHANGED,
  PARLAY_ACCEPTANCE,
  type Refusal,
  checkMatchPick,
  checkOutrightPick,
  formatCentavos,
  stakeRefusal,
} from './acceptance';
import { firstDepositAt } from './repository';
import type { BatchBody, BatchItem, BuilderPlaceBody, OutrightBody, ParlayBody, SingleBody } from './schemas';
import { type NewLeg, type NewTicket, type Written, builderReturn, toTicket } from './tickets';
import type { PlacementCall, PlacementWriter, TicketOutcome } from './writer';

/**
 * Placement: what each bet call would write, checked against the feed (the market, the price within
 * what the player accepts, the line, the stake limits, the payout cap), and how it answers. The
 * writing itself, with the idempotency key, the balance and the gate, is the PlacementWriter's, in one
 * transaction for every call placed at the same time.
 */

export interface PlacementOptions {
  db: Database;
  feed: FeedProvider;
  writer: PlacementWriter;
  /** Live bets wait this long (real time) before they are accepted or rejected. */
  acceptDelayMs: number;
  /** After a placement committed: the new tickets (pushes, and live tickets' checks). */
  placed: (written: Written[]) => void;
}

/** Outrights carry no limits of their own in the feed; these are the book's, in whole pesos. */
export const OUTRIGHT_LIMITS = { min: 10, max: 20_000 } as const;
/** Saba's bet type of an outright (league winner). */
export const OUTRIGHT_BET_TYPE = 10;
/** A parlay leg whose sent price is this far from the current one is marked abnormal (a stale or edited slip). */
const ABNORMAL_PRICE_SHARE = 0.2;

const ACCEPTED = 'Bet accepted.';
const WAITING = 'Live bet received: it is confirmed after a short check.';

function refused(refusal: Refusal): PlacementResult {
  return { code: refusal.code, message: refusal.message, bet_status: 'reject', ...(refusal.current ? { current: refusal.current } : {}) };
}

/** The answer to a ticket written: running at once, or waiting for its live check. */
function acceptedAnswer(written: Written): PlacementResult & { ticket: BetTicket } {
  const ticket = toTicket(written.row, written.legs, written.combos);
  const waiting = ticket.status === 'waiting';
  return { code: BetCode.Ok, message: waiting ? WAITING : ACCEPTED, bet_status: waiting ? 'waiting' : 'running', ticket };
}

/** A single ticket's answer: accepted, or refused (its balance, or the gate). */
const singleAnswer = (outcome: TicketOutcome): PlacementResult => (outcome.ok ? acceptedAnswer(outcome.written) : refused(outcome.refusal));

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

/** What a leg keeps of its match (names and kick-off as the feed gave them at placement). */
function matchFields(
  match: Match,
): Pick<NewLeg, 'matchId' | 'sportTypeId' | 'leagueId' | 'leagueName' | 'homeName' | 'awayName' | 'kickoff'> {
  const { matchId, sportTypeId, leagueId, leagueName, homeName, awayName, kickoff } = match;
  return { matchId, sportTypeId, leagueId, leagueName, homeName, awayName, kickoff };
}

function matchLeg(pick: Extract<MatchPick, { ok: true }>, key: string): NewLeg {
  const { match, market } = pick;
  return {
    marketId: market.marketId,
    ...matchFields(match),
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

/** A bet before it is written: its ticket, or the refusal that answers it. */
type Checked = { ok: true; ticket: NewTicket } | Refusal;

export class PlacementService {
  constructor(private readonly options: PlacementOptions) {}

  /** Writes a call (or answers its key's first answer), then tells the player and schedules live checks. */
  private async place<A>(call: PlacementCall<A>): Promise<A> {
    const { answer, written } = await this.options.writer.place(call);
    if (written.length > 0) this.options.placed(written);
    return answer;
  }

  private ticketTiming(live: boolean): { status: 'waiting' | 'running'; acceptAt: Date | null } {
    return live
      ? { status: 'waiting', acceptAt: new Date(Date.now() + this.options.acceptDelayMs) }
      : { status: 'running', acceptAt: null };
  }

  /** One match bet: a single, a player bet, or an ending-game option. */
  private single(
    customerId: number,
    bet: BatchItem,
    context: { accept: Acceptance; seamless: boolean; oddsType: OddsType; mode?: BetMode },
  ): Checked {
    const pick = checkMatchPick(
      this.options.feed,
      { matchId: bet.matchId, marketId: bet.marketId, key: bet.key, priceH: oddsHundredths(bet.price), point: bet.point },
      context.accept,
    );
    if (!pick.ok) return pick;
    if (bet.playerId !== undefined && bet.playerId !== '' && bet.playerId !== pick.market.player?.playerId) {
      return { ok: false, code: BetCode.MatchNotAvailable, message: 'This player bet is not offered in this market.' };
    }
    const badStake = stakeRefusal(bet.stake, limitsOf([pick.market]));
    if (badStake) return badStake;
    const stake = bet.stake * 100;
    const potentialReturn = betReturn(stake, [{ oddsH: pick.priceH, outcome: 'running' }]);
    if (potentialReturn > MAX_TICKET_RETURN) return payoutRefusal();
    return {
      ok: true,
      ticket: {
        customerId,
        mode: context.mode ?? (pick.market.player ? 'player' : 'single'),
        ...this.ticketTiming(pick.live),
        wallet: context.seamless ? 'main' : 'saba',
        stake,
        potentialReturn,
        oddsType: context.oddsType,
        acceptOdds: context.accept,
        legs: [matchLeg(pick, bet.key)],
      },
    };
  }

  /** saba/sabaDoPlaceBetV2: a single or a player bet. */
  placeSingle(customerId: number, key: string, body: SingleBody): Promise<PlacementResult> {
    const checked = this.single(customerId, body, {
      accept: body.acceptOddsChange ?? 'none',
      seamless: body.seamless,
      oddsType: body.oddsType as OddsType,
    });
    const withFreeBet: Checked =
      checked.ok && body.freeBetId !== undefined ? { ok: true, ticket: { ...checked.ticket, freeBetId: body.freeBetId } } : checked;
    return this.placeOne(customerId, key, 'saba/sabaDoPlaceBetV2', body, withFreeBet);
  }

  /** One ticket's call: written if its checks passed, answered with its outcome or its refusal. */
  private placeOne(customerId: number, key: string, call: string, request: unknown, checked: Checked): Promise<PlacementResult> {
    return this.place({
      customerId,
      key,
      call,
      request,
      tickets: checked.ok ? [checked.ticket] : [],
      answer: (outcomes) => (checked.ok ? singleAnswer(outcomes[0]!) : refused(checked)),
    });
  }

  /** saba/sabaDoBatchPlaceBet: the ending-game options, each its own ticket, all under one idempotency key. */
  async placeBatch(customerId: number, key: string, body: BatchBody): Promise<BatchPlacementResponse> {
    if (!(await firstDepositAt(this.options.db, customerId))) {
      throw new CallError(GatewayCode.InvalidRequest, 'This type of gameplay requires completing the first deposit.', 403);
    }
    const context = {
      accept: body.acceptOddsChange ?? 'none',
      seamless: body.seamless,
      oddsType: body.oddsType as OddsType,
      mode: 'endingGame' as const,
    };
    const checked = body.bets.map((bet) => this.single(customerId, bet, context));
    return this.place({
      customerId,
      key,
      call: 'saba/sabaDoBatchPlaceBet',
      request: body,
      tickets: checked.flatMap((c) => (c.ok ? [c.ticket] : [])),
      answer: (outcomes) => {
        let at = 0;
        return { results: checked.map((c) => (c.ok ? singleAnswer(outcomes[at++]!) : refused(c))) };
      },
    });
  }

  /** saba/sabaPlaceOutrightBetV2. */
  placeOutright(customerId: number, key: string, body: OutrightBody): Promise<PlacementResult> {
    return this.placeOne(customerId, key, 'saba/sabaPlaceOutrightBetV2', body, this.outright(customerId, body));
  }

  private outright(customerId: number, body: OutrightBody): Checked {
    const accept = body.acceptOddsChange ?? 'none';
    const pick = checkOutrightPick(
      this.options.feed,
      { outrightOddsId: body.outrightOddsId, teamId: body.teamId, priceH: oddsHundredths(body.price) },
      accept,
    );
    if (!pick.ok) return pick;
    const badStake = stakeRefusal(body.stake, OUTRIGHT_LIMITS);
    if (badStake) return badStake;
    const stake = body.stake * 100;
    const potentialReturn = betReturn(stake, [{ oddsH: pick.priceH, outcome: 'running' }]);
    if (potentialReturn > MAX_TICKET_RETURN) return payoutRefusal();
    const { outright, team } = pick;
    const league = this.options.feed.leagues().find((l) => l.leagueId === outright.leagueId);
    return {
      ok: true,
      ticket: {
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
      },
    };
  }

  /**
   * builder/place (issue 38): selections of one match as one ticket, priced by the feed's custom-bet API
   * now. The price the player saw is checked against it as any bet's is (a moved price is refused with
   * the new one in `current`, unless the player accepts the change); then the writer's one transaction:
   * the idempotency key, the gate, the bonus rules, the balance and the ledger, as for every bet.
   */
  placeBuilder(customerId: number, key: string, body: BuilderPlaceBody): Promise<PlacementResult> {
    return this.placeOne(customerId, key, BuilderCall.place, body, this.builder(customerId, body));
  }

  private builder(customerId: number, body: BuilderPlaceBody): Checked {
    const { feed } = this.options;
    const accept = body.acceptOddsChange ?? 'none';
    const match = feed.match(body.matchId);
    if (!match || match.eventStatus !== 'running' || match.runningStatus === '2') {
      return { ok: false, code: BetCode.MatchNotAvailable, message: 'This match is over or no longer available.' };
    }
    const calculation = feed.customBets.calculate(match.matchId, body.selectionIds);
    if (calculation.status !== 'ok') {
      return {
        ok: false,
        code: calculation.status === 'conflict' ? BetCode.ComboNotAllowed : BetCode.MatchNotAvailable,
        message: calculation.message,
      };
    }
    const priceH = oddsHundredths(calculation.price);
    if (!acceptsPriceChange({ price: oddsHundredths(body.price) }, { price: priceH }, accept)) {
      return {
        ok: false,
        code: BetCode.OddsChanged,
        message: ODDS_CHANGED,
        current: { price: calculation.price, status: MarketStatus.Running, point: null },
      };
    }
    const badStake = stakeRefusal(body.stake, BUILDER_LIMITS);
    if (badStake) return badStake;
    const stake = body.stake * 100;
    const potentialReturn = builderReturn(stake, priceH, []);
    if (potentialReturn > MAX_TICKET_RETURN) return payoutRefusal();
    // The legs show each selection with its own price; the ticket's price is the combination's.
    const offered = new Map(
      (feed.customBets.availableSelections(match.matchId) ?? []).flatMap((market) =>
        market.selections.map((selection) => [selection.selectionId, { market, selection }] as const),
      ),
    );
    const legs: NewLeg[] = [];
    for (const id of body.selectionIds) {
      const found = offered.get(id);
      if (!found) return { ok: false, code: BetCode.MatchNotAvailable, message: 'A selection is no longer offered.' };
      legs.push({
        marketId: `builder:${found.market.marketId}`,
        ...matchFields(match),
        key: id,
        keyEn: found.selection.name,
        betType: BUILDER_BET_TYPE,
        betTypeName: found.market.name,
        periodName: 'FT',
        point: null,
        point2: null,
        priceH: oddsHundredths(found.selection.price),
        playerId: null,
        playerName: null,
      });
    }
    return {
      ok: true,
      ticket: {
        customerId,
        mode: 'builder',
        ...this.ticketTiming(isLiveEvent(match)),
        wallet: body.seamless ? 'main' : 'saba',
        stake,
        potentialReturn,
        oddsType: body.oddsType as OddsType,
        acceptOdds: accept,
        priceH,
        legs,
      },
    };
  }

  /** sabaCombo/comboBetToSaba: one ticket for every combination of every chosen combo. */
  placeParlay(customerId: number, key: string, body: ParlayBody): Promise<ParlayResult> {
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
    const picks = legs.map((leg) =>
      checkMatchPick(
        this.options.feed,
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
    const call = { customerId, key, call: 'sabaCombo/comboBetToSaba', request: body };
    const refuse = (answer: ParlayResult) => this.place({ ...call, tickets: [], answer: () => answer });

    const firstBad = priceInfo.find((info) => info.state_code !== 0);
    if (firstBad) return refuse(reject({ ok: false, code: firstBad.state_code, message: firstBad.state_message }));
    const accepted = picks.filter((pick): pick is Extract<MatchPick, { ok: true }> => pick.ok);
    const limits = limitsOf(accepted.map((pick) => pick.market));
    for (const combo of combos) {
      const badStake = stakeRefusal(combo.pesos, limits);
      if (badStake) return refuse(reject(badStake));
    }
    const stakes = combos.map((c) => ({ size: c.size, stakeCentavos: c.pesos * 100 }));
    const stake = parlayTotalStake(legs.length, stakes);
    if (stake > STAKE_CAP * 100) {
      return refuse(
        reject({
          ok: false,
          code: BetCode.StakeOutOfRange,
          message: `The whole stake of a parlay is at most ₱999,999 (this one is ${formatCentavos(stake)}).`,
        }),
      );
    }
    const pricesH = accepted.map((pick) => pick.priceH);
    const potentialReturn = parlayPotentialReturn(pricesH, stakes);
    if (potentialReturn > MAX_TICKET_RETURN) return refuse(reject(payoutRefusal(), { payout_list: legs.map((leg) => leg.market_id) }));

    const ticket: NewTicket = {
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
    };
    return this.place({
      ...call,
      tickets: [ticket],
      answer: ([outcome]) => {
        if (!outcome!.ok) return reject(outcome!.refusal);
        const answer = acceptedAnswer(outcome!.written);
        return {
          ...answer,
          parlay_ticket_status: answer.ticket.status,
          trans_idStr: answer.ticket.transId,
          ...shell,
          combos: [...outcome!.written.combos]
            .sort((a, b) => a.size - b.size)
            .map((c) => ({ combo_type: c.comboType, stake: c.stake, bet_count: c.bets })),
        };
      },
    });
  }
}
