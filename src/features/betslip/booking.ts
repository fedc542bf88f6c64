import { ApiError } from '../../api/client';
import { api } from '../../api/instance';
import type { BetMode } from '../../contract/betting';
import type { BetOrder } from '../../contract/betOrder';
import { BookingCall, type BookingCreated, type BookingDropped, type BookingLoaded, BookingMessage } from '../../contract/booking';
import { preferences } from '../../stores/preferences';
import { orderKind } from './rules';
import { betSlip } from './store';

/**
 * Booking codes on the slip (issue 38): the slip's selections shared as a code (event, market, outcome
 * and line; the server keeps no price), and a code loaded back onto the slip at the prices of now.
 */

/** Shares the selections of the slip (all modes): the code, when it expires, what was left out. */
export function createBookingCode(orders: readonly BetOrder[]): Promise<BookingCreated> {
  const selections = orders
    .filter((order) => orderKind(order) !== 'outright')
    .map((order) => ({ matchId: order.matchId, marketId: order.marketId, key: order.key, point: order.point }));
  return api.call<BookingCreated>('tp', BookingCall.create, { selections }, { quiet: true });
}

export function fetchBookingCode(code: string): Promise<BookingLoaded> {
  return api.call<BookingLoaded>('tp', BookingCall.load, { code }, { quiet: true });
}

/** What a failed call says to the player: the server's words, or the contract's for a limit. */
export function bookingFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return BookingMessage.tooMany;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The mode a loaded slip opens in: a parlay when it holds two or more match selections of different
 * matches that may be combined (what a shared accumulator is), else single (or the player-bet mode).
 */
export function modeForLoaded(orders: readonly BetOrder[]): BetMode {
  const kinds = new Set(orders.map((order) => orderKind(order)));
  if (kinds.size === 1 && kinds.has('player')) return 'player';
  const matches = orders.filter((order) => orderKind(order) === 'match');
  const distinct = new Set(matches.map((order) => order.matchId)).size === matches.length;
  return matches.length >= 2 && distinct && matches.every((order) => order.combo === 1) ? 'parlay' : 'single';
}

/** What the slip tells the player after a load: the code, how many selections came, and which were left out. */
export interface BookingNotice {
  code: string;
  count: number;
  dropped: BookingDropped[];
}

/**
 * Puts a loaded code on the slip in place of what it held: an ordinary slip the player may edit, in the
 * player's odds type, with no stakes yet.
 */
export function applyBooking(loaded: BookingLoaded): BookingNotice {
  const orders = loaded.orders.map((order) => ({ ...order, oddsType: preferences.oddsType }));
  betSlip.orders = orders;
  betSlip.stakes = {};
  betSlip.comboStakes = {};
  betSlip.changes = {};
  betSlip.legMessages = {};
  betSlip.marks = {};
  betSlip.result = null;
  betSlip.mode = modeForLoaded(orders);
  const notice = { code: loaded.code, count: orders.length, dropped: loaded.dropped };
  betSlip.bookingNotice = notice;
  return notice;
}

/** Loads a code onto the slip (the field on the slip, a link). Throws what the server said. */
export async function loadBookingCode(code: string): Promise<BookingNotice> {
  return applyBooking(await fetchBookingCode(code));
}
