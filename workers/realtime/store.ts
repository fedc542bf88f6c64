import type { Change, League, Market, Match } from '../../src/contract/feed';

function sameMarket(a: Market, b: Market): boolean {
  if (a.status !== b.status || a.point !== b.point || a.point2 !== b.point2 || a.selections.length !== b.selections.length) return false;
  return a.selections.every((s, i) => s.key === b.selections[i]?.key && s.price === b.selections[i]?.price);
}

function sameMatch(a: Match, b: Match): boolean {
  return (
    a.eventStatus === b.eventStatus &&
    a.runningStatus === b.runningStatus &&
    a.kickoff === b.kickoff &&
    JSON.stringify(a.live) === JSON.stringify(b.live)
  );
}

/**
 * The worker's normalized live store: matches and markets by id, the markets of each match, leagues.
 * Changes mutate in place (the worker owns the only copy) and mark what changed, so each tick sends
 * tabs only the entities that moved.
 */
export class MatchStore {
  readonly matches = new Map<string, Match>();
  readonly markets = new Map<string, Market>();
  readonly marketsOfMatch = new Map<string, Set<string>>();
  readonly leagues = new Map<string, League>();

  private dirtyMatches = new Set<string>();
  private dirtyMarkets = new Set<string>();
  private goneMatches = new Set<string>();
  private goneMarkets = new Set<string>();

  putLeague(league: League): void {
    this.leagues.set(league.leagueId, league);
  }

  /** Stores a match; marks it changed only when it differs from the copy held (snapshots re-send much). */
  putMatch(match: Match): void {
    const held = this.matches.get(match.matchId);
    this.matches.set(match.matchId, match);
    this.goneMatches.delete(match.matchId);
    if (!held || !sameMatch(held, match)) this.dirtyMatches.add(match.matchId);
  }

  putMarket(market: Market): void {
    const held = this.markets.get(market.marketId);
    this.markets.set(market.marketId, market);
    let ids = this.marketsOfMatch.get(market.matchId);
    if (!ids) {
      ids = new Set();
      this.marketsOfMatch.set(market.matchId, ids);
    }
    ids.add(market.marketId);
    this.goneMarkets.delete(market.marketId);
    if (!held || !sameMarket(held, market)) this.dirtyMarkets.add(market.marketId);
  }

  removeMarket(marketId: string): void {
    const market = this.markets.get(marketId);
    if (!market) return;
    this.markets.delete(marketId);
    this.marketsOfMatch.get(market.matchId)?.delete(marketId);
    this.dirtyMarkets.delete(marketId);
    this.goneMarkets.add(marketId);
  }

  removeMatch(matchId: string): void {
    for (const marketId of [...(this.marketsOfMatch.get(matchId) ?? [])]) this.removeMarket(marketId);
    this.marketsOfMatch.delete(matchId);
    if (this.matches.delete(matchId)) {
      this.dirtyMatches.delete(matchId);
      this.goneMatches.add(matchId);
    }
  }

  marketsOf(matchId: string): Market[] {
    const ids = this.marketsOfMatch.get(matchId);
    if (!ids) return [];
    const markets: Market[] = [];
    for (const id of ids) {
      const market = this.markets.get(id);
      if (market) markets.push(market);
    }
    return markets;
  }

  /** Applies one change of a delta. Changes about entities this store does not hold are ignored. */
  apply(change: Change): void {
    switch (change.t) {
      case 'price': {
        const market = this.markets.get(change.marketId);
        const selection = market?.selections.find((s) => s.key === change.key);
        if (!market || !selection || selection.price === change.price) return;
        selection.price = change.price;
        this.dirtyMarkets.add(market.marketId);
        return;
      }
      case 'market': {
        const market = this.markets.get(change.marketId);
        if (!market) return;
        if (change.status !== undefined) market.status = change.status;
        if (change.point !== undefined) market.point = change.point;
        if (change.point2 !== undefined) market.point2 = change.point2;
        this.dirtyMarkets.add(market.marketId);
        return;
      }
      case 'live': {
        const match = this.matches.get(change.matchId);
        if (!match) return;
        match.live = match.live ? { ...match.live, ...change.live } : (change.live as Match['live']);
        this.dirtyMatches.add(match.matchId);
        return;
      }
      case 'match': {
        const match = this.matches.get(change.matchId);
        if (!match) return;
        if (change.eventStatus !== undefined) match.eventStatus = change.eventStatus;
        if (change.runningStatus !== undefined) match.runningStatus = change.runningStatus;
        this.dirtyMatches.add(match.matchId);
        return;
      }
      case 'addMatch':
        this.putMatch(change.match);
        for (const market of change.markets) this.putMarket(market);
        return;
      case 'removeMatch':
        this.removeMatch(change.matchId);
        return;
      case 'addMarket':
        if (this.matches.has(change.market.matchId)) this.putMarket(change.market);
        return;
      case 'removeMarket':
        this.removeMarket(change.marketId);
        return;
    }
  }

  /** What changed since the last call (and forget it). */
  takeChanges(): { matches: Set<string>; markets: Set<string>; goneMatches: Set<string>; goneMarkets: Set<string> } {
    const changes = {
      matches: this.dirtyMatches,
      markets: this.dirtyMarkets,
      goneMatches: this.goneMatches,
      goneMarkets: this.goneMarkets,
    };
    this.dirtyMatches = new Set();
    this.dirtyMarkets = new Set();
    this.goneMatches = new Set();
    this.goneMarkets = new Set();
    return changes;
  }

  hasChanges(): boolean {
    return this.dirtyMatches.size + this.dirtyMarkets.size + this.goneMatches.size + this.goneMarkets.size > 0;
  }
}
