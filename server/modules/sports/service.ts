import { GatewayCode } from '../../../src/contract/errorCodes';
import type { ListMode, ListSnapshot, Market, Match, MatchSnapshot } from '../../../src/contract/feed';
import { SportTypeId } from '../../../src/contract/sports';
import type { Database } from '../../db';
import { CallError } from '../../lib/errors';
import type { FeedProvider, MatchResult } from '../../providers/feed/types';
import { type PlayedMatch, type TeamRef, form, headToHead, lineup, pastSeason, standings } from './insight';
import type { SiteSettingsStore } from '../site';
import { recentChat } from './repository';
import { type StreamProvider, streamSources, streamUrl } from './streams';

/**
 * The sportsbook over the feed: list and match snapshots (all markets, or only those a parlay may
 * combine), video sources, and match insight (standings, form, head-to-head, line-ups, picks) from the
 * feed's matches and the results it has delivered since the start.
 */

/** Sports where a draw stands (for standings points). */
const DRAW_SPORTS = new Set<string>([SportTypeId.Football, SportTypeId.IceHockey]);
const SCORING_MAX: Record<string, number> = { '1': 4, '4': 5, '2': 110, '6': 3, '5': 2, '9': 2, '18': 3, '43': 3, '8': 8, '16': 1 };

const onlyCombo = (markets: Market[]) => markets.filter((m) => m.combo);

/** How many chat lines saba/chatRecords answers. */
const CHAT_RECORDS = 50;

export interface SportsServiceOptions {
  feed: FeedProvider;
  db: Database;
  /** The sportsbook's maintenance and Hong Kong market switches (site settings). */
  settings: SiteSettingsStore;
}

const gone = () => new CallError(GatewayCode.InvalidRequest, 'This match is over or no longer available.', 404);

export class SportsService {
  /** Results delivered since the start, for standings and form. */
  private readonly played: PlayedMatch[] = [];

  private readonly feed: FeedProvider;

  constructor(private readonly options: SportsServiceOptions) {
    const feed = options.feed;
    this.feed = feed;
    feed.onResult((result: MatchResult) => {
      const match = feed.match(result.matchId);
      if (!match) return;
      this.played.push({
        leagueId: match.leagueId,
        home: { teamId: match.homeId, teamName: match.homeName },
        away: { teamId: match.awayId, teamName: match.awayName },
        homeScore: result.homeScore,
        awayScore: result.awayScore,
        at: result.finishedAt,
      });
    });
  }

  /** Whether the sportsbook is under maintenance (the site settings' switch). */
  maintenance(): boolean {
    return this.options.settings.read().sportsbook.maintenance;
  }

  /** Whether the Hong Kong market has stopped taking bets. */
  hongKongMarketStopped(): boolean {
    return this.options.settings.read().sportsbook.hongKongMarketStopped;
  }

  /** The match chat's latest lines. */
  chatRecords(matchId: string) {
    return recentChat(this.options.db, matchId, CHAT_RECORDS);
  }

  /** A match the feed still offers, or the player's 'no longer available'. */
  match(matchId: string): Match {
    const match = this.feed.match(matchId);
    if (!match) throw gone();
    return match;
  }

  list(query: { sportTypeId: string; mode: Exclude<ListMode, 'outright'>; dateId?: string | undefined }, combo: boolean): ListSnapshot {
    const snapshot = this.feed.listSnapshot(query.sportTypeId as SportTypeId, query.mode, query.dateId);
    return combo ? { ...snapshot, markets: onlyCombo(snapshot.markets) } : snapshot;
  }

  detail(matchId: string, combo: boolean): MatchSnapshot {
    const snapshot = this.feed.matchSnapshot(matchId);
    if (!snapshot) throw gone();
    return combo ? { ...snapshot, markets: onlyCombo(snapshot.markets) } : snapshot;
  }

  /** Several sports at once (every sport the feed has when none are named), at most `limitPerSport` matches each. */
  groups(query: { sportTypeIds?: string[] | undefined; mode: Exclude<ListMode, 'outright'>; limitPerSport?: number | undefined }) {
    const sports = query.sportTypeIds ?? this.feed.sportCounts().map((c) => c.sportTypeId);
    const groups = sports.map((id) => {
      const snapshot = this.feed.listSnapshot(id as SportTypeId, query.mode);
      if (!query.limitPerSport) return snapshot;
      const matches = snapshot.matches.slice(0, query.limitPerSport);
      const ids = new Set(matches.map((m) => m.matchId));
      return { ...snapshot, matches, markets: snapshot.markets.filter((m) => ids.has(m.matchId)) };
    });
    return { groups };
  }

  outrights(sportTypeId: string, leagueId?: string) {
    return this.feed.outrights(sportTypeId as SportTypeId).filter((o) => !leagueId || o.leagueId === leagueId);
  }

  sportCounts() {
    return this.feed.sportCounts();
  }

  streamSources(matchId: string) {
    return streamSources(this.match(matchId));
  }

  streamUrl(provider: StreamProvider, matchId: string) {
    const url = this.feed.match(matchId) ? streamUrl(provider, matchId) : undefined;
    if (!url) throw new CallError(GatewayCode.InvalidRequest, 'video not found', 404);
    return { url, provider };
  }

  standings(leagueId: string, sportTypeId: string) {
    const { teams, draws, history } = this.season({ leagueId, sportTypeId: sportTypeId as SportTypeId });
    return { leagueId, rows: standings(teams, history, draws) };
  }

  analysis(matchId: string) {
    const match = this.match(matchId);
    const { history } = this.season(match);
    return { homeForm: form(match.homeId, history), awayForm: form(match.awayId, history), headToHead: headToHead(match, history) };
  }

  lineups(matchId: string) {
    const match = this.match(matchId);
    return {
      home: lineup({ teamId: match.homeId, teamName: match.homeName }, match.sportTypeId),
      away: lineup({ teamId: match.awayId, teamName: match.awayName }, match.sportTypeId),
    };
  }

  /** Picks: what our analysts make of the match, read from the prices (the favourite and how strongly). */
  picks(matchId: string) {
    const snapshot = this.feed.matchSnapshot(matchId);
    if (!snapshot) throw gone();
    const markets = snapshot.markets.filter((m) => m.main && m.status === 'Running');
    return {
      picks: markets.flatMap((market) => {
        const best = [...market.selections].filter((s) => s.price > 1).sort((a, b) => a.price - b.price)[0];
        if (!best) return [];
        return [
          {
            marketId: market.marketId,
            betTypeName: market.betTypeName,
            point: market.point,
            key: best.key,
            keyEn: best.keyEn,
            price: best.price,
            confidence: Math.round(Math.min(95, 100 / best.price)),
          },
        ];
      }),
    };
  }

  /** The league's teams, as far as the feed's matches and results show them. */
  private teamsOf(leagueId: string): TeamRef[] {
    const teams = new Map<string, string>();
    for (const count of this.feed.sportCounts()) {
      for (const mode of ['live', 'today', 'early'] as const) {
        for (const m of this.feed.listSnapshot(count.sportTypeId, mode).matches) {
          if (m.leagueId !== leagueId) continue;
          teams.set(m.homeId, m.homeName);
          teams.set(m.awayId, m.awayName);
        }
      }
    }
    for (const p of this.played) if (p.leagueId === leagueId) for (const t of [p.home, p.away]) teams.set(t.teamId, t.teamName);
    return [...teams].map(([teamId, teamName]) => ({ teamId, teamName })).sort((a, b) => a.teamId.localeCompare(b.teamId));
  }

  private season(match: Pick<Match, 'leagueId' | 'sportTypeId'>) {
    const teams = this.teamsOf(match.leagueId);
    const draws = DRAW_SPORTS.has(match.sportTypeId);
    const history = [
      ...pastSeason(match.leagueId, teams, { max: SCORING_MAX[match.sportTypeId] ?? 3, draws }, this.feed.now()),
      ...this.played.filter((p) => p.leagueId === match.leagueId),
    ];
    return { teams, draws, history };
  }
}
