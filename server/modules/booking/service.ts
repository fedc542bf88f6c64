import { randomInt } from 'node:crypto';
import { toBetOrder, type BetOrder } from '../../../src/contract/betOrder';
import {
  BOOKING_ALPHABET,
  BOOKING_CODE_LENGTH,
  type BookedSelection,
  type BookingCreated,
  type BookingDropped,
  type BookingLoaded,
  BookingMessage,
  normalizeBookingCode,
} from '../../../src/contract/booking';
import { GatewayCode } from '../../../src/contract/errorCodes';
import type { Market, Match, Selection } from '../../../src/contract/feed';
import { MarketStatus, OddsType } from '../../../src/contract/sports';
import type { Database } from '../../db';
import { CallError } from '../../lib/errors';
import type { FeedProvider } from '../../providers/feed/types';
import { findCode, insertCode } from './repository';

/** Tries at a fresh code when the one drawn is taken (at 6.6 × 10¹¹ codes, a second try is already rare). */
const CODE_ATTEMPTS = 5;

/** A code drawn from the operating system's CSPRNG, one character at a time without modulo bias. */
export function drawCode(): string {
  let code = '';
  for (let i = 0; i < BOOKING_CODE_LENGTH; i++) code += BOOKING_ALPHABET[randomInt(BOOKING_ALPHABET.length)];
  return code;
}

type Standing = { open: true; match: Match; market: Market; selection: Selection } | { open: false; dropped: BookingDropped };

/**
 * Booking codes (issue 38): the slip's selections stored under a code, and loaded back re-priced from
 * the feed now. A selection is open when its match has not started, its market runs with a price, and
 * the outcome is still offered; otherwise it is dropped with the reason a player understands.
 */
export class BookingService {
  constructor(private readonly deps: { db: Database; feed: FeedProvider; draw?: () => string }) {}

  async create(customerId: number, wanted: readonly BookedSelection[]): Promise<BookingCreated> {
    const kept: BookedSelection[] = [];
    const dropped: BookingDropped[] = [];
    let lastKickoff = 0;
    const seen = new Set<string>();
    for (const pick of wanted) {
      const uid = `${pick.marketId}:${pick.key}`;
      if (seen.has(uid)) continue;
      seen.add(uid);
      const standing = this.standing(pick);
      if (!standing.open) {
        dropped.push(standing.dropped);
        continue;
      }
      kept.push({ matchId: pick.matchId, marketId: pick.marketId, key: pick.key, point: standing.market.point });
      lastKickoff = Math.max(lastKickoff, Date.parse(standing.match.kickoff));
    }
    if (kept.length === 0) throw new CallError(GatewayCode.InvalidRequest, BookingMessage.nothingOpen, 400, { dropped });
    const expiresAt = new Date(lastKickoff);
    const draw = this.deps.draw ?? drawCode;
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const code = draw();
      if (await insertCode(this.deps.db, { code, customerId, selections: kept, expiresAt })) {
        return { code, expiresAt: expiresAt.toISOString(), selections: kept.length, dropped };
      }
    }
    throw new Error(`no free booking code after ${CODE_ATTEMPTS} attempts`);
  }

  async load(typed: string): Promise<BookingLoaded> {
    const code = normalizeBookingCode(typed);
    if (!code) throw new CallError(GatewayCode.InvalidRequest, BookingMessage.invalid, 400);
    const stored = await findCode(this.deps.db, code);
    if (!stored) throw new CallError(GatewayCode.InvalidRequest, BookingMessage.unknown, 404);
    // Match time is the feed's: a code expires when the feed starts its last match.
    if (stored.expiresAt.getTime() <= this.deps.feed.now()) throw new CallError(GatewayCode.InvalidRequest, BookingMessage.expired, 410);
    const orders: BetOrder[] = [];
    const dropped: BookingDropped[] = [];
    for (const pick of stored.selections) {
      const standing = this.standing(pick);
      if (standing.open) orders.push(toBetOrder(standing.match, standing.market, standing.selection, OddsType.Decimal, 'sports'));
      else dropped.push(standing.dropped);
    }
    return { code, expiresAt: stored.expiresAt.toISOString(), orders, dropped };
  }

  /** Whether a selection can go on a slip now, from the feed. */
  private standing(pick: BookedSelection): Standing {
    const { feed } = this.deps;
    const match = feed.match(pick.matchId);
    const market = feed.market(pick.marketId);
    const selection = market?.selections.find((s) => s.key === pick.key);
    const names = { homeName: match?.homeName ?? '', awayName: match?.awayName ?? '' };
    const label = market && selection ? labelOf(market, selection) : pick.key;
    if (
      !match ||
      !market ||
      !selection ||
      market.matchId !== match.matchId ||
      match.runningStatus === '2' ||
      match.eventStatus !== 'running'
    ) {
      return { open: false, dropped: { reason: 'settled', ...names, label } };
    }
    if (match.runningStatus !== '1' || Date.parse(match.kickoff) <= feed.now()) {
      return { open: false, dropped: { reason: 'started', ...names, label } };
    }
    if (market.status !== MarketStatus.Running || !(selection.price > 1)) {
      return { open: false, dropped: { reason: 'suspended', ...names, label } };
    }
    return { open: true, match, market, selection };
  }
}

function labelOf(market: Market, selection: Selection): string {
  const what = market.player ? `${market.player.playerName} ${market.betTypeName}` : market.betTypeName;
  return `${what} · ${selection.keyEn}`;
}
