import { GameEngine } from '../../../../src/contract/games';
import type { InstantEngine } from '../engine';
import { shuffle, type Rng } from '../fair';
import { GameProviderError } from '../types';
import { DECK, HAND_RANK_NAMES, type HandRank, cardLabel, handCategory } from './videoPokerHands';
import { optimalHold, payTotals } from './videoPokerStrategy';
import { VIDEO_POKER_CSS, VIDEO_POKER_HTML, videoPokerScript } from './videoPokerPage';
import { instantRegistration } from './registry';

/**
 * Jacks or Better video poker (issue 13). A round: the 52-card deck is shuffled with the round's
 * generator (fair.ts `shuffle`, so the whole deck order follows from the seeds); the first five cards are
 * dealt; the player holds any of them (`act` with `{ hold: [5 booleans] }`); each discarded card is
 * replaced by the next card of the same shuffled deck, in order (deck positions 5, 6, …). The final hand
 * pays `bet × pays[rank]` (pays are "for one": the stake is included, 0 for no win).
 *
 * The stated RTP is that of optimal play (the hold with the highest expected pay for every deal),
 * computed exactly over all 2,598,960 deals by `exactOptimalRtp` (`videoPokerStrategy.ts`): 99.54 % for the
 * 9/6 paytable, 97.30 % for 8/5 (the known values; `tests/unit/gameEnginesVideoPoker.test.ts` recomputes
 * them). `autoplay` plays that same optimal strategy, so the bench measures what is stated.
 */

export interface VideoPokerParams {
  /** Pays per hand rank (index = HandRank), for one bet. */
  pays: readonly number[];
  /** The paytable's name ('9/6': full house 9, flush 6). */
  name: string;
  /** The RTP of optimal play, basis points (= round(exactOptimalRtp(pays) × 10 000), checked by the unit test). */
  optimalRtpBps: number;
}

/** Full-pay Jacks or Better: 99.54 % with optimal play. */
export const JACKS_9_6: VideoPokerParams = { name: '9/6', pays: [0, 1, 2, 3, 4, 6, 9, 25, 50, 800], optimalRtpBps: 9954 };
/** The common casino paytable: 97.30 % with optimal play. */
export const JACKS_8_5: VideoPokerParams = { name: '8/5', pays: [0, 1, 2, 3, 4, 5, 8, 25, 50, 800], optimalRtpBps: 9730 };

export interface VideoPokerState {
  /** The whole shuffled deck (server-side only: the draw comes from positions 5…). */
  deck: number[];
}

export interface VideoPokerView {
  phase: 'dealt' | 'drawn';
  /** The five cards shown, labels ('AS', 'TD'). */
  cards: string[];
  /** drawn: which cards were held. */
  held?: boolean[];
  rank: HandRank;
  rankName: string;
  /** Pays for one (0 = no win). */
  pay: number;
  /** Centavos (drawn only). */
  win?: number;
}

function dealtView(hand: readonly number[], params: VideoPokerParams): VideoPokerView {
  const rank = handCategory(hand);
  return { phase: 'dealt', cards: hand.map(cardLabel), rank, rankName: HAND_RANK_NAMES[rank], pay: params.pays[rank]! };
}

/** The final hand: held cards stay, the others are replaced from deck position 5 on. */
export function drawHand(deck: readonly number[], hold: readonly boolean[]): number[] {
  let next = 5;
  return deck.slice(0, 5).map((card, i) => (hold[i] ? card : deck[next++]!));
}

function parseHold(action: unknown): boolean[] {
  const hold = (action as { hold?: unknown } | null)?.hold;
  if (!Array.isArray(hold) || hold.length !== 5 || !hold.every((h) => typeof h === 'boolean')) {
    throw new GameProviderError('INVALID_ARGUMENT', 'Choose the cards to hold, then draw.');
  }
  return hold as boolean[];
}

function settle(bet: number, params: VideoPokerParams, deck: number[], hold: boolean[]) {
  const hand = drawHand(deck, hold);
  const rank = handCategory(hand);
  const pay = params.pays[rank]!;
  const win = bet * pay;
  const cards = hand.map(cardLabel);
  const view: VideoPokerView = { phase: 'drawn', cards, held: hold, rank, rankName: HAND_RANK_NAMES[rank], pay, win };
  const outcome = `Dealt ${deck.slice(0, 5).map(cardLabel).join(' ')}, held ${hold.filter(Boolean).length}, final ${cards.join(' ')}: ${HAND_RANK_NAMES[rank]}${pay > 0 ? ` pays ${pay}×` : ''}`;
  return { state: { deck }, view, settled: { win, outcome } };
}

function deal(rng: Rng): number[] {
  return shuffle(DECK, rng);
}

export const videoPokerEngine: InstantEngine<VideoPokerParams, VideoPokerState> = {
  engine: GameEngine.VideoPoker,
  rtpBps: (params) => params.optimalRtpBps,
  start({ params, rng }) {
    const deck = deal(rng);
    return { state: { deck }, view: dealtView(deck.slice(0, 5), params) };
  },
  act({ bet, params, state, action }) {
    return settle(bet, params, state.deck, parseHold(action));
  },
  // A left round stands on the dealt hand (all five held: the deal's own pay, no draw).
  abandon: () => ({ hold: [true, true, true, true, true] }),
  autoplay({ bet, params, rng }) {
    const deck = deal(rng);
    const { mask } = optimalHold(deck.slice(0, 5), payTotals(params.pays));
    const hold = [0, 1, 2, 3, 4].map((i) => (mask & (1 << i)) !== 0);
    return { win: bet * params.pays[handCategory(drawHand(deck, hold))]! };
  },
  page(params) {
    return { title: `Jacks or Better ${params.name}`, html: VIDEO_POKER_HTML, script: videoPokerScript(params), css: VIDEO_POKER_CSS };
  },
};

/** The catalogue's video poker games: both paytables in each theme. Slugs and codes are part of game codes: never rename. */
export const videoPokerRegistration = instantRegistration({
  engine: GameEngine.VideoPoker,
  kind: 'poker',
  gameType: 'POKER',
  instant: videoPokerEngine,
  variants: [
    { code: 'jb-9-6', label: '9/6', params: JACKS_9_6, tags: ['hot'] },
    { code: 'jb-8-5', label: '8/5', params: JACKS_8_5 },
  ],
  themes: [
    { slug: 'jacks-royale', name: 'Jacks Royale', background: '#0d47a1', accent: '#ffd54f', glyph: '🃏' },
    { slug: 'intramuros-poker', name: 'Intramuros Poker', background: '#4e342e', accent: '#ffcc80', glyph: '♠️' },
    { slug: 'pasig-aces', name: 'Pasig Aces', background: '#1b5e20', accent: '#e8f5e9', glyph: '🂡' },
    { slug: 'makati-draw', name: 'Makati Draw', background: '#263238', accent: '#80deea', glyph: '♦️' },
  ],
  minBet: 100,
  maxBet: 50_000,
});
