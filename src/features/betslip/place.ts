import { ApiError } from '../../api/client';
import { PARLAY_ODDS_OPTION } from '../../contract/acceptance';
import { api, queryClient } from '../../api/instance';
import {
  type BatchPlacement,
  type BetMode,
  type BetPush,
  type BetTicket,
  LEG_CODE_STATUS,
  type OutrightPlacement,
  type ParlayPlacement,
  type ParlayResult,
  type PlacementResult,
  type SinglePlacement,
  BetCode,
  comboSize,
  normalizeStake,
} from '../../contract/betting';
import type { BetOrder } from '../../contract/betOrder';
import { STAKE_CAP, TICKET_RECHECK } from '../../contract/constants';
import type { MarketStatus } from '../../contract/sports';
import { uuid } from '../../lib/ids';
import { preferences } from '../../stores/preferences';
import { ordersForMode } from './rules';
import { rememberLastAmount } from '../../stores/quickStake';
import { type PlacementOutcome, betSlip, removeOrders } from './store';
import { type Timers, timers } from '../../lib/timers';
import { asBetPush, watchUserQueue } from '../../realtime/hooks';
import { BET_LISTS_KEY, PROMOTION_LIST_KEY, balanceQuery, fetchTicket } from '../../api/queries';

/**
 * Placing the slip (spec §4 "Bet result status"): pending, then running (success), waiting or reject.
 * A waiting ticket takes its outcome from its bet push, or, when none came, is asked after every 2 s,
 * 5 times; then it stays waiting ('Please check it on my bets
 * page later'). Whatever the server says about a market (closed, suspended, price moved) lands on the
 * order it is about, so the slip shows it and nothing the player picked is lost.
 */

function singleFields(order: BetOrder, stake: number): Omit<SinglePlacement, 'oddsType' | 'seamless' | 'acceptOddsChange'> {
  return {
    price: order.odds,
    stake,
    globalShowTime: order.globalShowTime,
    key: order.key,
    keyEn: order.keyEn,
    marketId: order.marketId,
    matchId: order.matchId,
    sportTypeId: order.sportTypeId,
    leagueName: order.leagueName,
    leagueId: order.leagueId,
    point: order.point,
    point2: order.point2,
    betType: order.betType,
    recommendId: order.recommendId,
    masterId: order.masterId,
    betOnPage: order.betOnPage,
    homeName: order.homeName,
    awayName: order.awayName,
    resourceid: order.resourceid,
    fromSabaPromotion: false,
    ...(order.playerId
      ? { playerId: order.playerId, playerName: order.playerName ?? '', parentMatchId: order.parentMatchId ?? order.matchId }
      : {}),
  };
}

/** Records what the server said about an order's market or price, so the slip shows it. */
function noteOnOrder(uid: string, code: number, current: { price: number; status: MarketStatus; point: number | null } | undefined) {
  const status = LEG_CODE_STATUS[code];
  if (status) {
    betSlip.orders = betSlip.orders.map((o) => (o.uid === uid ? { ...o, marketStatus: status } : o));
  } else if (code === BetCode.OddsChanged && current) {
    betSlip.changes = { ...betSlip.changes, [uid]: { odds: current.price, point: current.point } };
  }
}

/** What the slip's wait for a waiting ticket takes; tests hand in their own (as the worker core takes its timers). */
export interface RecheckDeps {
  timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>;
  /** The ticket as it stands now (saba/queryTicketByTransId). */
  ask(transId: string): Promise<BetTicket>;
  /** Hears the player's bet pushes (`/user/queue/bets`) until the returned function is called. */
  pushes(onPush: (push: BetPush) => void): () => void;
}

const liveRecheck: RecheckDeps = {
  timers,
  ask: (transId) => fetchTicket(transId, { quiet: true }),
  pushes: (onPush) =>
    watchUserQueue('bets', (event) => {
      const push = asBetPush(event);
      if (push) onPush(push);
    }),
};

/**
 * Waits for a waiting ticket's outcome. The bet push names it the moment the live check ends, and the
 * slip takes the outcome from it; only when no push came within 2 s does it ask (every 2 s, 5 times:
 * spec §4's re-check, kept as the fallback). Answers the last known state. A refused ticket is asked
 * once: the push does not say why, and the slip shows the player the reason.
 */
export async function recheck(ticket: BetTicket, deps: RecheckDeps = liveRecheck): Promise<BetTicket> {
  let pushed: BetPush | undefined;
  let wake: (() => void) | undefined;
  const stop = deps.pushes((push) => {
    if (push.transId !== ticket.transId || push.status === 'waiting') return;
    pushed = push;
    wake?.();
  });
  let latest = ticket;
  try {
    for (let attempt = 0; attempt < TICKET_RECHECK.attempts && latest.status === 'waiting'; attempt++) {
      await new Promise<void>((resolve) => {
        if (pushed) return resolve();
        const timer = deps.timers.setTimeout(() => resolve(), TICKET_RECHECK.intervalMs);
        wake = () => {
          deps.timers.clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
      if (pushed) {
        const fromPush: BetTicket = { ...latest, status: pushed.status, payout: pushed.payout };
        if (pushed.status !== 'reject') return fromPush;
        return await deps.ask(ticket.transId).catch(() => fromPush);
      }
      try {
        latest = await deps.ask(ticket.transId);
      } catch {
        // The network may be patchy; the next attempt asks again.
      }
    }
    return latest;
  } finally {
    stop();
  }
}

function messageOf(error: unknown): string {
  return error instanceof ApiError || error instanceof Error ? error.message : '';
}

/** A ticket the server wrote and the slip orders it was placed from. */
interface Placed {
  ticket: BetTicket;
  uids: string[];
}

/**
 * The placed or rejected tickets → one outcome: success when all ran, waiting when some still wait.
 * Orders leave the slip only once their ticket stands: a live bet refused after its check keeps its
 * orders, so the player can look at the new prices and try again.
 */
async function settleOutcome(placed: Placed[], rejected: number, message: string): Promise<PlacementOutcome> {
  const tickets = placed.map((p) => p.ticket);
  if (tickets.some((t) => t.status === 'waiting')) betSlip.result = { status: 'waiting', message: '', tickets, rejected, checking: true };
  const final = await Promise.all(tickets.map((ticket) => (ticket.status === 'waiting' ? recheck(ticket) : ticket)));
  removeOrders(placed.flatMap((p, i) => (final[i]?.status === 'reject' ? [] : p.uids)));
  const accepted = final.filter((t) => t.status !== 'reject');
  const stillWaiting = final.some((t) => t.status === 'waiting');
  const nowRejected = rejected + final.length - accepted.length;
  if (accepted.length > 0) {
    // Spec §4: on a successful or waiting bet the player's data is refreshed.
    void queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: ['main', 'customer/getByLoginName'] });
    void queryClient.invalidateQueries({ queryKey: BET_LISTS_KEY });
  }
  const reason = final.find((t) => t.status === 'reject')?.reason ?? message;
  return {
    status: accepted.length === 0 ? 'reject' : stillWaiting ? 'waiting' : 'running',
    message: reason,
    tickets: final,
    rejected: nowRejected,
  };
}

async function placeSingles(orders: BetOrder[], mode: BetMode): Promise<PlacementOutcome> {
  const placed: Placed[] = [];
  let rejected = 0;
  let message = '';
  for (const order of orders) {
    const stake = normalizeStake(betSlip.stakes[order.uid] ?? 0, STAKE_CAP);
    try {
      let result: PlacementResult;
      if (mode === 'outright') {
        const body: OutrightPlacement = {
          oddsType: preferences.oddsType,
          seamless: preferences.seamless,
          stake,
          price: order.odds,
          outrightOddsId: order.outrightOddsId ?? order.marketId,
          teamId: order.teamId ?? order.key,
          teamName: order.teamName ?? order.keyEn,
          leagueId: order.leagueId,
          leagueName: order.leagueName,
          sportTypeId: order.sportTypeId,
          eventDate: order.eventDate ?? order.globalShowTime,
          acceptOddsChange: preferences.acceptOddsChange,
        };
        result = await api.call<PlacementResult>('tp', 'saba/sabaPlaceOutrightBetV2', { ...body }, { idempotencyKey: uuid(), quiet: true });
      } else {
        // A free bet pays the whole stake (its amount) from the main wallet (issue 35).
        const freeBet = mode === 'single' ? betSlip.freeBetOf[order.uid] : undefined;
        const body: SinglePlacement = {
          oddsType: preferences.oddsType,
          seamless: freeBet ? true : preferences.seamless,
          acceptOddsChange: preferences.acceptOddsChange,
          ...singleFields(order, freeBet ? freeBet.amount / 100 : stake),
          ...(freeBet ? { freeBetId: freeBet.freeBetId } : {}),
        };
        result = await api.call<PlacementResult>('tp', 'saba/sabaDoPlaceBetV2', { ...body }, { idempotencyKey: uuid(), quiet: true });
        if (freeBet) {
          const { [order.uid]: _, ...others } = betSlip.freeBetOf;
          betSlip.freeBetOf = others;
          void queryClient.invalidateQueries({ queryKey: PROMOTION_LIST_KEY });
        }
      }
      if (result.code === BetCode.Ok && result.ticket && result.bet_status !== 'reject') {
        placed.push({ ticket: result.ticket, uids: [order.uid] });
        rememberLastAmount(stake);
      } else {
        rejected++;
        message = result.message;
        noteOnOrder(order.uid, result.code, result.current);
      }
    } catch (error) {
      rejected++;
      message = messageOf(error);
    }
  }
  return settleOutcome(placed, rejected, message);
}

async function placeEndingGame(orders: BetOrder[]): Promise<PlacementOutcome> {
  const stake = normalizeStake(betSlip.endingGameStake, STAKE_CAP);
  const body: BatchPlacement = {
    oddsType: preferences.oddsType,
    seamless: preferences.seamless,
    acceptOddsChange: preferences.acceptOddsChange,
    bets: orders.map((order) => singleFields(order, stake)),
  };
  try {
    const answer = await api.call<{ results: PlacementResult[] }>(
      'tp',
      'saba/sabaDoBatchPlaceBet',
      { ...body },
      {
        idempotencyKey: uuid(),
        quiet: true,
      },
    );
    const placed: Placed[] = [];
    let message = '';
    answer.results.forEach((result, index) => {
      const order = orders[index];
      if (!order) return;
      if (result.code === BetCode.Ok && result.ticket && result.bet_status !== 'reject') {
        placed.push({ ticket: result.ticket, uids: [order.uid] });
      } else {
        message = result.message;
        noteOnOrder(order.uid, result.code, result.current);
      }
    });
    return settleOutcome(placed, orders.length - placed.length, message);
  } catch (error) {
    return { status: 'reject', message: messageOf(error), tickets: [], rejected: orders.length };
  }
}

async function placeParlay(legs: BetOrder[]): Promise<PlacementOutcome> {
  const combos = Object.entries(betSlip.comboStakes)
    .map(([comboType, stake]) => ({ combo_type: comboType, stake: normalizeStake(stake, STAKE_CAP) }))
    .filter((combo) => combo.stake > 0 && (comboSize(combo.combo_type) ?? Infinity) <= legs.length);
  const body: ParlayPlacement = {
    parlay_odds_option: PARLAY_ODDS_OPTION[preferences.acceptOddsChange],
    oddsType: preferences.oddsType,
    seamless: preferences.seamless,
    bet_combos: combos,
    bet_matches: legs.map((leg) => ({
      key: leg.key,
      market_id: leg.marketId,
      point: leg.point,
      point2: leg.point2,
      price: leg.odds,
      sport_type: leg.sportTypeId,
      home_name: leg.homeName,
      away_name: leg.awayName,
      league_name: leg.leagueName,
      betType: leg.betType,
      betTypeName: leg.betTypeName,
      keyEn: leg.keyEn,
      eventId: leg.matchId,
      matchDate: leg.globalShowTime,
    })),
  };
  try {
    const result = await api.call<ParlayResult>('tp', 'sabaCombo/comboBetToSaba', { ...body }, { idempotencyKey: uuid(), quiet: true });
    const byMarket = new Map(legs.map((leg) => [`${leg.marketId}:${leg.key}`, leg.uid]));
    const uidOf = (marketId: string, key?: string) =>
      (key ? byMarket.get(`${marketId}:${key}`) : undefined) ?? legs.find((leg) => leg.marketId === marketId)?.uid;
    const legMessages: Record<string, string> = {};
    for (const info of result.price_info ?? []) {
      const uid = uidOf(info.market_id, info.key);
      if (!uid || info.state_code === 0) continue;
      legMessages[uid] = info.state_message;
      noteOnOrder(uid, info.state_code, { price: info.current_price, status: LEG_CODE_STATUS[info.state_code] ?? 'Running', point: null });
    }
    const marks: Record<string, 'abnormal' | 'payout'> = {};
    for (const marketId of result.abnormal_odds ?? []) {
      const uid = uidOf(marketId);
      if (uid) marks[uid] = 'abnormal';
    }
    for (const marketId of result.payout_list ?? []) {
      const uid = uidOf(marketId);
      if (uid) marks[uid] = 'payout';
    }
    betSlip.legMessages = legMessages;
    betSlip.marks = marks;
    if (result.code !== BetCode.Ok || result.bet_status === 'reject' || !result.ticket) {
      return { status: 'reject', message: result.message, tickets: [], rejected: 1 };
    }
    const outcome = await settleOutcome([{ ticket: result.ticket, uids: legs.map((leg) => leg.uid) }], 0, '');
    if (outcome.status !== 'reject') betSlip.comboStakes = {};
    return outcome;
  } catch (error) {
    return { status: 'reject', message: messageOf(error), tickets: [], rejected: 1 };
  }
}

/** Places what the slip's mode holds; the outcome is also in `betSlip.result` for the result sheet. */
export async function placeSlip(): Promise<PlacementOutcome> {
  const mode = betSlip.mode;
  const orders = ordersForMode(betSlip.orders, mode).map((o) => ({ ...o }));
  betSlip.result = { status: 'pending', message: '', tickets: [], rejected: 0 };
  betSlip.legMessages = {};
  betSlip.marks = {};
  const outcome =
    mode === 'parlay'
      ? await placeParlay(orders)
      : mode === 'endingGame'
        ? await placeEndingGame(orders)
        : await placeSingles(orders, mode);
  betSlip.result = outcome;
  return outcome;
}

/** The player accepts every changed price: the orders take the new prices and lines. */
export function acceptChanges(): void {
  const changes = betSlip.changes;
  betSlip.orders = betSlip.orders.map((o) => {
    const change = changes[o.uid];
    return change ? { ...o, odds: change.odds, point: change.point ?? o.point } : o;
  });
  betSlip.changes = {};
}
