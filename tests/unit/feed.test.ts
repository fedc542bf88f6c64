import { describe, expect, it } from 'vitest';
import { Destination, type Change, type Delta, type Market, type Match } from '../../src/contract/feed';
import { isLiveEvent, MarketStatus, SportTypeId } from '../../src/contract/sports';
import { manilaDayId } from '../../server/providers/feed/calendar';
import { settleSelection } from '../../server/providers/feed/settlement';
import { createFeedSimulator } from '../../server/providers/feed/simulator';
import type { FeedOptions, FeedProvider, MatchResult, OutrightResult } from '../../server/providers/feed/types';

/** 10:00 in Manila on a Sunday. */
const START = Date.parse('2025-06-01T02:00:00Z');
const LIST_MODES = ['live', 'today', 'early'] as const;

function feedWith(options: Partial<FeedOptions> = {}): FeedProvider {
  return createFeedSimulator({ seed: 42, now: () => START, matchesPerSport: 12, ...options });
}

function record(feed: FeedProvider): [string, Delta][] {
  const log: [string, Delta][] = [];
  feed.onDelta((destination, delta) => log.push([destination, delta]));
  return log;
}

function results(feed: FeedProvider): MatchResult[] {
  const list: MatchResult[] = [];
  feed.onResult((result) => list.push(result));
  return list;
}

/** The reference reducer: what a client does with a snapshot and the deltas after it. */
interface Image {
  matches: Map<string, Match>;
  markets: Map<string, Market>;
}

function image(matches: Match[], markets: Market[]): Image {
  const copy = <T>(value: T): T => structuredClone(value);
  return { matches: new Map(matches.map((m) => [m.matchId, copy(m)])), markets: new Map(markets.map((m) => [m.marketId, copy(m)])) };
}

function apply(state: Image, change: Change): void {
  const copy = <T>(value: T): T => structuredClone(value);
  switch (change.t) {
    case 'price': {
      const selection = state.markets.get(change.marketId)?.selections.find((s) => s.key === change.key);
      if (selection) selection.price = change.price;
      return;
    }
    case 'market': {
      const market = state.markets.get(change.marketId);
      if (!market) return;
      if (change.status !== undefined) market.status = change.status;
      if (change.point !== undefined) market.point = change.point;
      if (change.point2 !== undefined) market.point2 = change.point2;
      return;
    }
    case 'live': {
      const match = state.matches.get(change.matchId);
      if (match) match.live = copy(match.live ? { ...match.live, ...change.live } : (change.live as Match['live']));
      return;
    }
    case 'match': {
      const match = state.matches.get(change.matchId);
      if (!match) return;
      if (change.eventStatus !== undefined) match.eventStatus = change.eventStatus;
      if (change.runningStatus !== undefined) match.runningStatus = change.runningStatus;
      return;
    }
    case 'addMatch':
      state.matches.set(change.match.matchId, copy(change.match));
      for (const market of change.markets) state.markets.set(market.marketId, copy(market));
      return;
    case 'removeMatch':
      state.matches.delete(change.matchId);
      for (const [id, market] of state.markets) if (market.matchId === change.matchId) state.markets.delete(id);
      return;
    case 'addMarket':
      state.markets.set(change.market.marketId, copy(change.market));
      return;
    case 'removeMarket':
      state.markets.delete(change.marketId);
      return;
  }
}

function replay(state: Image, log: [string, Delta][], destination: string, after: number): void {
  for (const [d, delta] of log) if (d === destination && delta.seq > after) for (const change of delta.changes) apply(state, change);
}

const byId = <T extends { matchId?: string; marketId?: string }>(list: T[]): T[] =>
  [...list].sort((a, b) => (a.marketId ?? a.matchId ?? '').localeCompare(b.marketId ?? b.matchId ?? ''));

function inMode(match: Match, mode: (typeof LIST_MODES)[number], today: string): boolean {
  if (mode === 'live') return isLiveEvent(match);
  if (match.eventStatus !== 'running' || match.runningStatus !== '1') return false;
  const day = manilaDayId(Date.parse(match.kickoff));
  return mode === 'today' ? day === today : day > today;
}

function allPrices(feed: FeedProvider, sports: readonly string[]): number[] {
  const prices: number[] = [];
  for (const sport of sports) {
    for (const mode of LIST_MODES) {
      for (const match of feed.listSnapshot(sport as SportTypeId, mode).matches) {
        for (const market of feed.matchSnapshot(match.matchId)?.markets ?? []) for (const s of market.selections) prices.push(s.price);
      }
    }
  }
  return prices;
}

describe('odds feed simulator', () => {
  it('is deterministic: same seed and steps give identical deltas and results', () => {
    const run = (seed: number) => {
      const feed = feedWith({ seed, matchSpeed: 120, matchesPerSport: 6 });
      const log = record(feed);
      const done = results(feed);
      for (const ms of [100, 250, 1000, 3333, 100, 7000]) feed.step(ms);
      for (let i = 0; i < 60; i++) feed.step(100);
      return JSON.stringify({ log, done, list: feed.listSnapshot(SportTypeId.Football, 'live') });
    };
    const first = run(7);
    expect(run(7)).toBe(first);
    expect(run(8)).not.toBe(first);
  });

  it('numbers deltas 1, 2, 3… per destination, at most one per destination per tick', () => {
    const feed = feedWith({ matchSpeed: 60 });
    const log = record(feed);
    for (let i = 0; i < 300; i++) feed.step(100);
    const last = new Map<string, number>();
    const perTick = new Set<string>();
    for (const [destination, delta] of log) {
      expect(delta.seq).toBe((last.get(destination) ?? 0) + 1);
      last.set(destination, delta.seq);
      expect(delta.changes.length).toBeGreaterThan(0);
      const key = `${delta.ts}|${destination}`;
      expect(perTick.has(key)).toBe(false);
      perTick.add(key);
    }
    expect(last.get(Destination.sport(SportTypeId.Football))).toBeGreaterThan(100);
  });

  it('reproduces a later match snapshot from an earlier one plus the deltas after it', () => {
    const feed = feedWith({ matchSpeed: 60, priceChangesPerSecond: 400 });
    feed.step(2000);
    const log = record(feed);
    const ids = [SportTypeId.Football, SportTypeId.Basketball, SportTypeId.Tennis, SportTypeId.ESports].flatMap((sport) =>
      [...feed.listSnapshot(sport, 'live').matches, ...feed.listSnapshot(sport, 'today').matches.slice(0, 2)].map((m) => m.matchId),
    );
    const before = ids.map((id) => feed.matchSnapshot(id)!);
    feed.step(30_000);
    let compared = 0;
    for (const snap of before) {
      const id = snap.match.matchId;
      const state = image([snap.match], snap.markets);
      replay(state, log, Destination.match(id), snap.seq);
      const after = feed.matchSnapshot(id);
      if (!after) {
        expect(state.matches.has(id)).toBe(false);
        continue;
      }
      expect(state.matches.get(id)).toEqual(after.match);
      expect(byId([...state.markets.values()])).toEqual(byId(after.markets));
      compared++;
    }
    expect(compared).toBeGreaterThan(5);
    // The replay went through every kind of match change.
    const kinds = new Set(
      log
        .filter(([d]) => d.startsWith('/topic/match/'))
        .flatMap(([, d]) => d.changes.map((c) => (c.t === 'market' ? `market:${c.point !== undefined ? 'point' : c.status}` : c.t))),
    );
    for (const kind of ['price', 'live', 'match', 'market:point', 'market:Suspend', 'market:Running', 'market:Closed', 'removeMatch'])
      expect(kinds).toContain(kind);
  });

  it('reproduces later list snapshots from earlier ones plus the sport deltas', () => {
    const feed = feedWith({ matchSpeed: 120, priceChangesPerSecond: 300, matchesPerSport: 20 });
    feed.step(1000);
    const kinds = new Set<string>();
    for (const sport of [SportTypeId.Football, SportTypeId.Volleyball, SportTypeId.Boxing]) {
      const log = record(feed);
      const lists = LIST_MODES.map((mode) => feed.listSnapshot(sport, mode));
      const seq = lists[0]!.seq;
      expect(lists.every((l) => l.seq === seq)).toBe(true);
      const state = image(
        lists.flatMap((l) => l.matches),
        lists.flatMap((l) => l.markets),
      );
      feed.step(20_000);
      replay(state, log, Destination.sport(sport), seq);
      for (const [d, delta] of log) if (d === Destination.sport(sport)) for (const c of delta.changes) kinds.add(c.t);
      const today = manilaDayId(feed.now());
      for (const mode of LIST_MODES) {
        const later = feed.listSnapshot(sport, mode);
        const matches = [...state.matches.values()].filter((m) => inMode(m, mode, today));
        const ids = new Set(matches.map((m) => m.matchId));
        expect(byId(matches)).toEqual(byId(later.matches));
        expect(byId([...state.markets.values()].filter((m) => ids.has(m.matchId)))).toEqual(byId(later.markets));
      }
    }
    expect([...kinds].sort()).toEqual(['addMatch', 'live', 'market', 'match', 'price', 'removeMatch']);
  });

  it('keeps prices within bounds, with two decimals and a bookmaker margin', () => {
    const feed = feedWith({ matchSpeed: 30, priceChangesPerSecond: 500 });
    const log = record(feed);
    feed.step(20_000);
    const prices = allPrices(feed, [...Object.values(SportTypeId)]);
    for (const [, delta] of log) for (const c of delta.changes) if (c.t === 'price') prices.push(c.price);
    expect(prices.length).toBeGreaterThan(1000);
    for (const price of prices) {
      expect(price === 0 || (price >= 1.01 && price <= 500)).toBe(true);
      expect(Number(price.toFixed(2))).toBe(price);
    }
    // Two-way main markets carry an overround of a few per cent.
    for (const m of feed.listSnapshot(SportTypeId.Football, 'today').markets) {
      const book = m.selections.reduce((sum, s) => sum + 1 / s.price, 0);
      expect(book).toBeGreaterThan(1.02);
      expect(book).toBeLessThan(1.09);
    }
  });

  it('meets the configured rate of price changes', () => {
    const feed = feedWith({ priceChangesPerSecond: 300, matchesPerSport: 20 });
    feed.step(2000);
    const log = record(feed);
    feed.step(10_000);
    let changes = 0;
    for (const [destination, delta] of log)
      if (destination.startsWith('/topic/match/')) changes += delta.changes.filter((c) => c.t === 'price').length;
    expect(changes).toBeGreaterThan(3000 * 0.85);
    expect(changes).toBeLessThan(3000 * 1.15);
  });

  it('suspends a match on a goal and reopens it a few seconds later with new prices', () => {
    const feed = feedWith({ sports: [SportTypeId.Football], matchesPerSport: 40, matchSpeed: 10 });
    const log = record(feed);
    let goal: { matchId: string; index: number } | undefined;
    for (let i = 0; i < 3000 && !goal; i++) {
      const from = log.length;
      feed.step(100);
      for (let j = from; j < log.length && !goal; j++) {
        const [destination, delta] = log[j]!;
        const scored = delta.changes.some((c) => c.t === 'live' && (c.live.homeScore !== undefined || c.live.awayScore !== undefined));
        const suspended = delta.changes.some((c) => c.t === 'market' && c.status === MarketStatus.Suspend);
        if (destination.startsWith('/topic/match/') && scored && suspended)
          goal = { matchId: destination.slice('/topic/match/'.length), index: j };
      }
    }
    expect(goal).toBeDefined();
    const { matchId } = goal!;
    const during = feed.matchSnapshot(matchId)!;
    expect(during.markets.some((m) => m.status === MarketStatus.Running)).toBe(false);
    expect(during.markets.some((m) => m.status === MarketStatus.Suspend)).toBe(true);
    // 5 s of match time at matchSpeed 10 is half a second of feed time.
    feed.step(700);
    const after = feed.matchSnapshot(matchId)!;
    expect(after.match.runningStatus).toBe('0');
    const reopened = log
      .slice(goal!.index + 1)
      .filter(([d]) => d === Destination.match(matchId))
      .flatMap(([, d]) => d.changes);
    expect(reopened.some((c) => c.t === 'market' && c.status === MarketStatus.Running)).toBe(true);
    expect(reopened.some((c) => c.t === 'price')).toBe(true);
    expect(after.markets.some((m) => m.status === MarketStatus.Running)).toBe(true);
    expect(after.markets.some((m) => m.status === MarketStatus.Suspend)).toBe(false);
  });

  it('at matchSpeed 600 starts, plays, finishes, settles and removes matches in every sport', () => {
    const feed = feedWith({ matchSpeed: 600, matchesPerSport: 8 });
    const log = record(feed);
    const finals = new Map<string, { result: MatchResult; match: Match; markets: Market[] }>();
    feed.onResult((result) => {
      const snap = feed.matchSnapshot(result.matchId)!;
      finals.set(result.matchId, { result, match: snap.match, markets: snap.markets });
    });
    const preMatch = new Set(
      LIST_MODES.slice(1).flatMap((mode) =>
        Object.values(SportTypeId).flatMap((s) => feed.listSnapshot(s, mode).matches.map((m) => m.matchId)),
      ),
    );
    for (let i = 0; i < 600; i++) feed.step(100);

    const changes = log.flatMap(([, d]) => d.changes);
    const started = changes.filter((c) => c.t === 'match' && c.runningStatus === '0' && preMatch.has(c.matchId));
    expect(started.length).toBeGreaterThan(10);
    const removed = new Set(changes.flatMap((c) => (c.t === 'removeMatch' ? [c.matchId] : [])));
    expect(changes.some((c) => c.t === 'addMatch')).toBe(true);

    const sports = new Set<string>();
    for (const { result, match, markets } of finals.values()) {
      sports.add(result.sportTypeId);
      const live = match.live!;
      expect(match.eventStatus).toBe('closed');
      expect(match.runningStatus).toBe('2');
      expect(markets.every((m) => m.status === MarketStatus.Closed)).toBe(true);
      expect([result.homeScore, result.awayScore]).toEqual([live.homeScore, live.awayScore]);
      expect(result.periodScores).toEqual(live.periodScores);
      expect(result.winner).toBe(live.homeScore > live.awayScore ? 'h' : live.homeScore < live.awayScore ? 'a' : 'd');
      if (result.sportTypeId !== SportTypeId.Football) expect(result.winner).not.toBe('d');
      if (result.sportTypeId === SportTypeId.Boxing) expect(result.homeScore + result.awayScore).toBe(1);
      if (result.sportTypeId === SportTypeId.Tennis || result.sportTypeId === SportTypeId.ESports) {
        const setsWon = result.periodScores.filter((p) => p.home > p.away).length;
        expect(setsWon).toBe(result.homeScore);
        expect(result.periodScores.length).toBe(result.homeScore + result.awayScore);
      }
      expect(result.markets.map((m) => m.marketId).sort()).toEqual(markets.map((m) => m.marketId).sort());
      for (const market of result.markets) {
        const keys = Object.keys(market.outcomes);
        for (const key of keys) {
          const expected = market.score ? settleSelection(market.kind, key, market.point, market.score, keys) : 'void';
          expect(market.outcomes[key]).toBe(expected);
        }
        if (market.kind === 'moneyline' && market.periodName === 'FT') expect(market.outcomes[result.winner]).toBe('won');
      }
      if (removed.has(result.matchId)) expect(feed.matchSnapshot(result.matchId)).toBeUndefined();
    }
    expect(sports.size).toBe(10);
    expect([...finals.keys()].filter((id) => removed.has(id)).length).toBeGreaterThan(10);
    const props = [...finals.values()].flatMap((f) => f.result.markets.filter((m) => m.betType === 701));
    expect(props.length).toBeGreaterThan(0);
    expect(props.every((m) => m.playerId && m.score && m.score.away === 0)).toBe(true);
  });

  it('offers Asian quarter, half and whole lines', () => {
    const feed = feedWith({ sports: [SportTypeId.Football], matchesPerSport: 60 });
    const markets = LIST_MODES.flatMap((mode) => feed.listSnapshot(SportTypeId.Football, mode).matches).flatMap(
      (m) => feed.matchSnapshot(m.matchId)!.markets,
    );
    const points = (betTypes: number[]) => markets.filter((m) => betTypes.includes(m.betType)).map((m) => m.point!);
    const fraction = (p: number) => Math.round(Math.abs(p % 1) * 100);
    const handicaps = points([1, 7]);
    const totals = points([3, 8]);
    expect(handicaps.some((p) => fraction(p) === 25)).toBe(true);
    expect(handicaps.some((p) => fraction(p) === 75)).toBe(true);
    expect(handicaps.some((p) => fraction(p) === 50)).toBe(true);
    expect(handicaps.some((p) => fraction(p) === 0)).toBe(true);
    expect(totals.some((p) => fraction(p) === 25 || fraction(p) === 75)).toBe(true);
    expect(totals.some((p) => fraction(p) === 50)).toBe(true);
  });

  it('lists live, today and early matches by the Manila calendar day', () => {
    const feed = feedWith({ matchesPerSport: 40 });
    feed.step(5000);
    const today = manilaDayId(feed.now());
    expect(today).toBe('2025-06-01');
    const counts = feed.sportCounts();
    for (const sport of [SportTypeId.Football, SportTypeId.Badminton]) {
      const lists = Object.fromEntries(LIST_MODES.map((mode) => [mode, feed.listSnapshot(sport, mode)]));
      for (const mode of LIST_MODES) {
        const list = lists[mode]!;
        expect(list.matches.length).toBeGreaterThan(0);
        for (const match of list.matches) {
          expect(match.sportTypeId).toBe(sport);
          expect(inMode(match, mode, today)).toBe(true);
        }
        const shown = new Set(list.matches.map((m) => m.matchId));
        expect(list.markets.every((m) => m.main && shown.has(m.matchId))).toBe(true);
        expect(new Set(list.leagues.map((l) => l.leagueId))).toEqual(new Set(list.matches.map((m) => m.leagueId)));
      }
      const count = counts.find((c) => c.sportTypeId === sport)!;
      expect([count.live, count.today, count.early]).toEqual(LIST_MODES.map((mode) => lists[mode]!.matches.length));
      // A date narrows early to one Manila day.
      const day = manilaDayId(Date.parse(lists.early!.matches.at(-1)!.kickoff));
      const narrowed = feed.listSnapshot(sport, 'early', day);
      expect(narrowed.matches.length).toBe(lists.early!.matches.filter((m) => manilaDayId(Date.parse(m.kickoff)) === day).length);
      expect(narrowed.matches.every((m) => manilaDayId(Date.parse(m.kickoff)) === day)).toBe(true);
      const week = START + 7 * 86_400_000;
      expect(lists.early!.matches.every((m) => Date.parse(m.kickoff) < week)).toBe(true);
    }
  });

  it('has invented leagues, teams, featured matches, video and outrights', () => {
    const feed = feedWith({ matchesPerSport: 30 });
    const leagues = feed.leagues();
    expect(new Set(leagues.map((l) => l.sportTypeId)).size).toBe(10);
    const matches = Object.values(SportTypeId).flatMap((s) => LIST_MODES.flatMap((mode) => feed.listSnapshot(s, mode).matches));
    expect(matches.some((m) => m.featured)).toBe(true);
    expect(matches.some((m) => m.video !== null)).toBe(true);
    expect(matches.some((m) => m.video === null)).toBe(true);
    expect(matches.every((m) => m.homeId !== m.awayId)).toBe(true);
    const outrights = feed.outrights(SportTypeId.Football);
    expect(outrights.length).toBeGreaterThan(1);
    for (const o of outrights) {
      expect(o.teams.length).toBeGreaterThan(5);
      expect(o.teams.every((t) => t.price >= 1.01)).toBe(true);
    }
    const basketball = feed.matchSnapshot(feed.listSnapshot(SportTypeId.Basketball, 'today').matches[0]!.matchId)!;
    const props = basketball.markets.filter((m) => m.category === 'player');
    expect(props.length).toBe(4);
    expect(props.every((m) => m.player && !m.combo && m.maxBet < 50_000)).toBe(true);
    expect(basketball.markets.filter((m) => m.main).length).toBe(2);
  });

  it('never has a team in two matches at once', () => {
    const feed = feedWith({ matchesPerSport: 30 });
    for (const sport of Object.values(SportTypeId)) {
      const live = feed.listSnapshot(sport, 'live').matches;
      const teams = live.flatMap((m) => [m.homeId, m.awayId]);
      expect(new Set(teams).size, `sport ${sport}`).toBe(teams.length);
    }
  });

  it('marks live matches delayed for a few seconds now and then', () => {
    const feed = feedWith({ matchesPerSport: 20 });
    const log = record(feed);
    for (let i = 0; i < 1800; i++) feed.step(100);
    const spells = new Map<string, number>();
    const lengths: number[] = [];
    for (const [destination, delta] of log) {
      if (!destination.startsWith('/topic/match/')) continue;
      for (const c of delta.changes) {
        if (c.t !== 'live' || c.live.delayLive === undefined) continue;
        if (c.live.delayLive) spells.set(c.matchId, delta.ts);
        else if (spells.has(c.matchId)) lengths.push(delta.ts - spells.get(c.matchId)!);
      }
    }
    expect(lengths.length).toBeGreaterThan(3);
    expect(lengths.every((ms) => ms >= 2000 && ms <= 6200)).toBe(true);
  });

  it('drives itself from a real timer between start() and stop()', async () => {
    const feed = feedWith({ matchesPerSport: 4, tickMs: 20 });
    let deltas = 0;
    feed.onDelta(() => deltas++);
    feed.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    feed.stop();
    const stoppedAt = feed.now();
    expect(stoppedAt - START).toBeGreaterThanOrEqual(100);
    expect(deltas).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(feed.now()).toBe(stoppedAt);
  });

  it('settles quarter lines as half won or half lost', () => {
    const level = { home: 0, away: 0 };
    expect(settleSelection('handicap', 'h', -0.25, level)).toBe('halfLost');
    expect(settleSelection('handicap', 'a', -0.25, level)).toBe('halfWon');
    expect(settleSelection('handicap', 'h', -0.75, { home: 1, away: 0 })).toBe('halfWon');
    expect(settleSelection('handicap', 'a', -0.75, { home: 1, away: 0 })).toBe('halfLost');
    expect(settleSelection('handicap', 'h', -1, { home: 1, away: 0 })).toBe('void');
    expect(settleSelection('handicap', 'h', -1.25, { home: 3, away: 1 })).toBe('won');
    expect(settleSelection('overUnder', 'o', 2.25, { home: 1, away: 1 })).toBe('halfLost');
    expect(settleSelection('overUnder', 'u', 2.25, { home: 1, away: 1 })).toBe('halfWon');
    expect(settleSelection('overUnder', 'o', 2.75, { home: 2, away: 1 })).toBe('halfWon');
    expect(settleSelection('overUnder', 'u', 2.5, { home: 2, away: 1 })).toBe('lost');
    expect(settleSelection('1x2', 'd', null, level)).toBe('won');
    expect(settleSelection('moneyline', 'h', null, level)).toBe('void');
    expect(settleSelection('oddEven', 'odd', null, { home: 2, away: 1 })).toBe('won');
    expect(settleSelection('correctScore', 'other', null, { home: 5, away: 0 }, ['1-0', '0-0', 'other'])).toBe('won');
    expect(settleSelection('correctScore', '1-0', null, { home: 1, away: 0 }, ['1-0', 'other'])).toBe('won');
  });

  it('decides outrights at their eventDate by the teams’ chances, and opens the next season', () => {
    const HOUR = 3_600_000;
    const run = () => {
      const feed = feedWith({ sports: [SportTypeId.Football], matchesPerSport: 2, tickMs: HOUR });
      const decided: OutrightResult[] = [];
      feed.onOutrightResult((result) => decided.push(result));
      const opening = feed.outrights(SportTypeId.Football);
      const first = [...opening].sort((a, b) => Date.parse(a.eventDate) - Date.parse(b.eventDate))[0]!;
      feed.step(Date.parse(first.eventDate) - START + HOUR);
      return { feed, decided, opening, first };
    };
    const { feed, decided, opening, first } = run();
    expect(decided.map((r) => r.outrightOddsId)).toEqual([first.outrightOddsId]);
    const result = decided[0]!;
    expect(result).toMatchObject({ leagueId: first.leagueId, sportTypeId: SportTypeId.Football, eventDate: first.eventDate });
    expect(result.settledAt).toBeGreaterThanOrEqual(Date.parse(first.eventDate));
    expect(result.settledAt).toBeLessThan(Date.parse(first.eventDate) + HOUR);
    expect(first.teams.find((t) => t.teamId === result.winnerTeamId)?.teamName).toBe(result.winnerTeamName);
    // The next season takes its place: the list never runs dry.
    expect(feed.outright(first.outrightOddsId)).toBeUndefined();
    const listed = feed.outrights(SportTypeId.Football);
    expect(listed).toHaveLength(opening.length);
    const next = feed.outright(`${first.outrightOddsId}S2`)!;
    expect(next).toMatchObject({ leagueId: first.leagueId, status: MarketStatus.Running });
    expect(Date.parse(next.eventDate)).toBeGreaterThan(Date.parse(first.eventDate));
    // Same seed, same winner.
    expect(run().decided).toEqual(decided);

    // Over many seasons each team wins about as often as its price implies (margin taken out).
    const league = feedWith({ sports: [SportTypeId.Football], matchesPerSport: 1 });
    const wins = new Map<string, number>();
    league.onOutrightResult((r) => wins.set(r.winnerTeamId, (wins.get(r.winnerTeamId) ?? 0) + 1));
    let current = league.outrights(SportTypeId.Football)[0]!;
    const teams = current.teams;
    const implied = teams.map((t) => 1 / t.price);
    const total = implied.reduce((a, b) => a + b, 0);
    for (let season = 0; season < 2_000; season++) {
      expect(league.finishOutrightNow(current.outrightOddsId)).toBe(true);
      current = league.outrights(SportTypeId.Football).find((o) => o.leagueId === current.leagueId)!;
    }
    teams.forEach((team, i) => expect(Math.abs((wins.get(team.teamId) ?? 0) / 2_000 - implied[i]! / total)).toBeLessThan(0.04));
    expect(league.finishOutrightNow('OR-none')).toBe(false);
  });

  it('plays a match to its end at once with finishNow and emits its result', () => {
    const feed = feedWith({ matchesPerSport: 6 });
    const log = record(feed);
    const done = results(feed);
    for (const sport of [SportTypeId.Football, SportTypeId.Tennis, SportTypeId.Basketball]) {
      const pre = [...feed.listSnapshot(sport, 'today').matches, ...feed.listSnapshot(sport, 'early').matches][0]!;
      const live = feed.listSnapshot(sport, 'live').matches[0];
      for (const match of live ? [pre, live] : [pre]) {
        expect(feed.finishNow(match.matchId)).toBe(true);
        const result = done.find((r) => r.matchId === match.matchId)!;
        expect(result).toBeDefined();
        const snapshot = feed.matchSnapshot(match.matchId)!;
        expect(snapshot.match).toMatchObject({ eventStatus: 'closed', runningStatus: '2' });
        expect(snapshot.markets.every((m) => m.status === MarketStatus.Closed)).toBe(true);
        expect([result.homeScore, result.awayScore]).toEqual([snapshot.match.live!.homeScore, snapshot.match.live!.awayScore]);
        expect(feed.finishNow(match.matchId)).toBe(false);
      }
    }
    expect(feed.finishNow('no-such-match')).toBe(false);
    // The deltas went out before the result, numbered as always.
    expect(log.some(([, d]) => d.changes.some((c) => c.t === 'match' && c.runningStatus === '2'))).toBe(true);
  });

  it('changes a price or a market status at once with changeMarketNow, and says so on the match and list destinations', () => {
    const feed = feedWith({ matchesPerSport: 6 });
    const log = record(feed);
    const match = feed.listSnapshot(SportTypeId.Football, 'early').matches[0]!;
    const market = feed.matchSnapshot(match.matchId)!.markets.find((m) => m.main && m.status === MarketStatus.Running)!;
    const selection = market.selections[0]!;
    const price = Math.round((selection.price + 0.37) * 100) / 100;

    expect(feed.changeMarketNow(market.marketId, { key: selection.key, price })).toBe(true);
    expect(feed.market(market.marketId)!.selections[0]!.price).toBe(price);
    expect(feed.matchSnapshot(match.matchId)!.markets.find((m) => m.marketId === market.marketId)!.selections[0]!.price).toBe(price);
    const priceDeltas = log.filter(([, d]) =>
      d.changes.some((c) => c.t === 'price' && c.marketId === market.marketId && c.price === price),
    );
    expect(priceDeltas.map(([destination]) => destination).sort()).toEqual(
      [Destination.match(match.matchId), Destination.sport(SportTypeId.Football)].sort(),
    );

    expect(feed.changeMarketNow(market.marketId, { status: MarketStatus.Suspend })).toBe(true);
    expect(feed.market(market.marketId)!.status).toBe(MarketStatus.Suspend);
    expect(
      log.some(([, d]) => d.changes.some((c) => c.t === 'market' && c.marketId === market.marketId && c.status === MarketStatus.Suspend)),
    ).toBe(true);

    // Held, the drift leaves its line and prices alone; released, they move again.
    expect(feed.changeMarketNow(market.marketId, { status: MarketStatus.Running })).toBe(true);
    const touches = (from: number) =>
      log.slice(from).some(([, d]) => d.changes.some((c) => 'marketId' in c && c.marketId === market.marketId));
    expect(feed.changeMarketNow(market.marketId, { hold: true })).toBe(true);
    const heldFrom = log.length;
    feed.step(600_000);
    expect(touches(heldFrom)).toBe(false);
    expect(feed.changeMarketNow(market.marketId, { hold: false })).toBe(true);
    const releasedFrom = log.length;
    feed.step(600_000);
    expect(touches(releasedFrom)).toBe(true);

    expect(feed.changeMarketNow(market.marketId, { key: 'no-such-key', price: 2 })).toBe(false);
    expect(feed.changeMarketNow(market.marketId, { key: selection.key, price: 1 })).toBe(false);
    expect(feed.changeMarketNow('no-such-market', { status: MarketStatus.Running })).toBe(false);
    feed.finishNow(match.matchId);
    expect(feed.changeMarketNow(market.marketId, { status: MarketStatus.Running })).toBe(false);
  });

  it('generates 3,000 matches in one sport and keeps up at 5,000 price changes a second', () => {
    const t0 = performance.now();
    const feed = createFeedSimulator({
      seed: 3,
      now: () => START,
      sports: [SportTypeId.Football],
      matchesPerSport: 3000,
      priceChangesPerSecond: 5000,
    });
    const generated = performance.now() - t0;
    const count = feed.sportCounts()[0]!;
    expect(count.live + count.today + count.early).toBe(3000);
    let changes = 0;
    feed.onDelta((d, delta) => {
      if (d.startsWith('/topic/match/')) changes += delta.changes.filter((c) => c.t === 'price').length;
    });
    feed.step(1000);
    const t1 = performance.now();
    for (let i = 0; i < 20; i++) feed.step(100);
    const perStep = (performance.now() - t1) / 20;
    console.info(
      `feed: 3,000 matches generated in ${generated.toFixed(0)} ms; step(100) at 5,000 changes/s takes ${perStep.toFixed(1)} ms (${changes} price changes in 3 s)`,
    );
    expect(changes).toBeGreaterThan(10_000);
  });
});
