import type { MarketStatus, SportTypeId } from './sports';

/**
 * The live sports data model shared by the feed (server), the realtime worker and the pages: matches,
 * their live state, markets and prices, the compressed snapshots of the list and detail calls, and the
 * deltas the STOMP destinations carry. Prices are decimal odds with two decimals; every other odds type
 * is derived from them (src/lib/odds.ts).
 */

export interface League {
  leagueId: string;
  sportTypeId: SportTypeId;
  name: string;
  /** Lower shows first. */
  priority: number;
}

/** runningStatus: '0' in play, '1' not started, '2' finished (spec §4: live = running and '0'). */
export type RunningStatus = '0' | '1' | '2';
export type MatchEventStatus = 'running' | 'closed' | 'postponed' | 'deleted';

export interface PeriodScore {
  home: number;
  away: number;
}

/** The live state of a match in play (spec §3 match fields). */
export interface LiveState {
  /**
   * livePeriod: football 1–2; basketball 1–4, 99 overtime; esports map 1–5; tennis set 1–5; badminton,
   * volleyball, table tennis game/set 1–5; ice hockey 1–3, 4 overtime, 5 penalties; 0 before start.
   */
  livePeriod: number;
  /** Seconds played in the current period (inPlayTime3); clocks that count down show the remainder. */
  inPlayTime3: number;
  isHT: boolean;
  delayLive: boolean;
  homeScore: number;
  awayScore: number;
  /** Per period: basketball and volleyball points, tennis games per set, esports/badminton per game. */
  periodScores: PeriodScore[];
  /** Tennis: the points of the current game ('0', '15', '30', '40', 'AD'). */
  tennisPoints?: { home: string; away: string };
  /** Esports and other series: best of how many maps/sets. */
  bestOfMap?: number;
}

export interface MatchVideo {
  /** Sources in priority order; the player tries the next when one fails (spec §4 "Video"). */
  streamingOption: number;
  channelCode: string;
  namiId: string;
  streamsId: string;
}

export interface Match {
  matchId: string;
  sportTypeId: SportTypeId;
  leagueId: string;
  leagueName: string;
  homeId: string;
  homeName: string;
  awayId: string;
  awayName: string;
  /** Kick-off, ISO 8601 UTC (globalShowTime). */
  kickoff: string;
  eventStatus: MatchEventStatus;
  runningStatus: RunningStatus;
  live: LiveState | null;
  /** Shown in For You's featured rail. */
  featured: boolean;
  /** Markets the match has in all (the detail call sends them). */
  marketCount: number;
  video: MatchVideo | null;
}

/** Market categories, in the order the live match page shows them. */
export const MARKET_CATEGORIES = [
  'main',
  'handicap',
  'overUnder',
  '1x2',
  'moneyline',
  'oddEven',
  'correctScore',
  'player',
  'period',
] as const;
export type MarketCategory = (typeof MARKET_CATEGORIES)[number];

export interface Selection {
  /** 'h' home, 'a' away, 'd' draw, 'o' over, 'u' under, 'odd', 'even', '1-0'…, or a player line key. */
  key: string;
  /** English label (keyEn), e.g. 'Over 2.5', '2-1'. */
  keyEn: string;
  /** Decimal odds, two decimals; 0 when the price is closed. */
  price: number;
}

export interface Market {
  marketId: string;
  matchId: string;
  /** Bet type code (Saba-style): 1 handicap, 3 over/under, 5 1X2, 20 moneyline, 2 odd/even, 413 correct score… */
  betType: number;
  betTypeName: string;
  category: MarketCategory;
  /** FT, 1H, Q1, Map 1… */
  periodName: string;
  point: number | null;
  point2: number | null;
  status: MarketStatus;
  /** Shown in list rows (the one or two main markets of a match). */
  main: boolean;
  /** May be combined in a parlay. */
  combo: boolean;
  minBet: number;
  maxBet: number;
  selections: Selection[];
  /** Player bets: the player this market is about. */
  player?: { playerId: string; playerName: string; teamId: string };
}

export interface Outright {
  outrightOddsId: string;
  leagueId: string;
  sportTypeId: SportTypeId;
  name: string;
  eventDate: string;
  status: MarketStatus;
  teams: { teamId: string; teamName: string; price: number }[];
}

/** The list modes of /sports (spec §2). */
export const LIST_MODES = ['live', 'today', 'early', 'outright'] as const;
export type ListMode = (typeof LIST_MODES)[number];

/**
 * The compressed list of saba/queryCompressedMatchList: one sport's matches and their main markets.
 * `seq` is the last delta of /topic/sport/{sportTypeId} already included: deltas with a higher seq
 * apply on top, in order; a gap means the snapshot must be fetched again.
 */
export interface ListSnapshot {
  sportTypeId: SportTypeId;
  seq: number;
  leagues: League[];
  matches: Match[];
  markets: Market[];
}

/** saba/queryCompressedMatchDetail: one match with all its markets; `seq` of /topic/match/{matchId}. */
export interface MatchSnapshot {
  seq: number;
  match: Match;
  markets: Market[];
}

/** One change inside a delta. */
export type Change =
  | { t: 'price'; marketId: string; key: string; price: number }
  | { t: 'market'; marketId: string; status?: MarketStatus; point?: number | null; point2?: number | null }
  | { t: 'live'; matchId: string; live: Partial<LiveState> }
  | { t: 'match'; matchId: string; eventStatus?: MatchEventStatus; runningStatus?: RunningStatus }
  | { t: 'addMatch'; match: Match; markets: Market[] }
  | { t: 'removeMatch'; matchId: string }
  | { t: 'addMarket'; market: Market }
  | { t: 'removeMarket'; marketId: string };

/** What a feed destination carries: numbered, in order, per destination. */
export interface Delta {
  seq: number;
  /**
   * Set on a merged delta: it stands for deltas `from`..`seq` (a socket that fell behind gets one
   * merged delta per destination instead of every intermediate one; changes carry absolute values).
   */
  from?: number;
  /** Server time, epoch ms. */
  ts: number;
  changes: Change[];
}

/** Realtime destinations (ARCHITECTURE "The contract"). */
export const Destination = {
  sport: (sportTypeId: string) => `/topic/sport/${sportTypeId}`,
  match: (matchId: string) => `/topic/match/${matchId}`,
  chat: (matchId: string) => `/topic/chat/${matchId}`,
  jackpot: '/topic/jackpot',
  site: '/topic/site',
  balance: '/user/queue/balance',
  bets: '/user/queue/bets',
  messages: '/user/queue/messages',
  /** The support chat (src/contract/support.ts SupportPush), for a player or a visitor's session. */
  support: '/user/queue/support',
} as const;

/** A chat line on /topic/chat/{matchId}. */
export interface ChatMessage {
  id: string;
  matchId: string;
  nickName: string;
  text: string;
  /** Epoch ms. */
  ts: number;
}

/** The STOMP sub-protocol and timings (spec §9). */
export const STOMP_PROTOCOL = 'v12.stomp';
export const STOMP_PATH = '/ws';
