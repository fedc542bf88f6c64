import type { FeedProvider } from '../../server/providers/feed/types';
import { FEED_SPORTS } from '../../server/providers/feed/types';
import type { ParlayPlacement, SinglePlacement } from '../../src/contract/betting';
import type { Market, Match, Outright } from '../../src/contract/feed';
import { MarketStatus, OddsType, type SportTypeId } from '../../src/contract/sports';

/** A priced selection of a match, as a test or the benchmark picks it. */
export interface Pick {
  match: Match;
  market: Market;
  key: string;
  price: number;
}

/** The body of saba/sabaDoPlaceBetV2 for a pick, in decimal odds, stake in whole pesos. */
export function singleBody(pick: Pick, stake: number, extra: Partial<SinglePlacement> = {}): SinglePlacement {
  const { match, market } = pick;
  return {
    oddsType: OddsType.Decimal,
    price: pick.price,
    seamless: true,
    stake,
    globalShowTime: match.kickoff,
    key: pick.key,
    keyEn: market.selections.find((s) => s.key === pick.key)!.keyEn,
    marketId: market.marketId,
    matchId: match.matchId,
    sportTypeId: match.sportTypeId,
    leagueName: match.leagueName,
    leagueId: match.leagueId,
    point: market.point,
    point2: market.point2,
    betType: market.betType,
    recommendId: '',
    masterId: '',
    betOnPage: 'test',
    homeName: match.homeName,
    awayName: match.awayName,
    resourceid: '',
    fromSabaPromotion: false,
    ...extra,
  };
}

/**
 * Running, priced selections of different matches: pre-match or live, main markets unless `filter` says
 * otherwise; matches in `exclude` are skipped (and those picked are added to it).
 */
export function openPicks(
  feed: FeedProvider,
  options: { live: boolean; count: number; filter?: (market: Market) => boolean; exclude?: Set<string> },
): Pick[] {
  const found: Pick[] = [];
  const modes = options.live ? (['live'] as const) : (['today', 'early'] as const);
  for (const sport of FEED_SPORTS) {
    for (const mode of modes) {
      for (const listed of feed.listSnapshot(sport as SportTypeId, mode).matches) {
        if (found.length >= options.count) return found;
        if (options.exclude?.has(listed.matchId) || found.some((p) => p.match.matchId === listed.matchId)) continue;
        const snapshot = feed.matchSnapshot(listed.matchId)!;
        if (options.live !== (snapshot.match.runningStatus === '0')) continue;
        const market = snapshot.markets.find(
          (m) => m.status === MarketStatus.Running && m.selections.every((s) => s.price > 1) && (options.filter ?? ((x) => x.main))(m),
        );
        if (!market) continue;
        options.exclude?.add(listed.matchId);
        found.push({ match: snapshot.match, market, key: market.selections[0]!.key, price: market.selections[0]!.price });
      }
    }
  }
  return found;
}

/** The body of sabaCombo/comboBetToSaba for legs and combos (stakes in whole pesos). */
export function parlayBody(legs: Pick[], combos: { combo_type: string; stake: number }[], option: 0 | 1 | 2 = 0): ParlayPlacement {
  return {
    parlay_odds_option: option,
    oddsType: OddsType.Decimal,
    seamless: true,
    bet_combos: combos,
    bet_matches: legs.map(({ match, market, key, price }) => ({
      key,
      market_id: market.marketId,
      point: market.point,
      point2: market.point2,
      price,
      sport_type: match.sportTypeId,
      home_name: match.homeName,
      away_name: match.awayName,
      league_name: match.leagueName,
      betType: market.betType,
      betTypeName: market.betTypeName,
      keyEn: market.selections.find((s) => s.key === key)!.keyEn,
      eventId: match.matchId,
      matchDate: match.kickoff,
    })),
  };
}

/** The body of saba/sabaPlaceOutrightBetV2 backing a team, stake in whole pesos. */
export function outrightBody(outright: Outright, team: Outright['teams'][number], stake: number) {
  return {
    oddsType: OddsType.Decimal,
    seamless: true,
    stake,
    price: team.price,
    outrightOddsId: outright.outrightOddsId,
    teamId: team.teamId,
    teamName: team.teamName,
    leagueId: outright.leagueId,
    leagueName: outright.name,
    sportTypeId: outright.sportTypeId,
    eventDate: outright.eventDate,
  };
}

/** One open pre-match pick, for a test that needs a bet and does not mind which. */
export function prematchPick(feed: FeedProvider): Pick {
  const [pick] = openPicks(feed, { live: false, count: 1 });
  if (!pick) throw new Error('no pre-match market to bet on');
  return pick;
}
