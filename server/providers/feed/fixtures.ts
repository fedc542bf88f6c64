import type { League, Match, Outright } from '../../../src/contract/feed';
import { MarketStatus, type SportTypeId } from '../../../src/contract/sports';
import { DAY_MS, manilaDayId, manilaDayStart } from './calendar';
import { openMarkets } from './markets';
import { LEAGUE_NAMES, personName, teamName } from './names';
import { pricesFor } from './pricing';
import type { Rng } from './random';
import { SPORTS } from './sports';
import { newPlayState, type PlayEvents, type Player, type SimMatch } from './state';

/**
 * What the feed offers before anything is played: leagues with their teams (hidden ratings, basketball
 * rosters) and outrights, and new matches with their kick-off and opening markets.
 */
const OUTRIGHT_MARGIN = 0.25;
const PLAYER_SHARES = [0.22, 0.18, 0.15, 0.13, 0.11, 0.09, 0.07, 0.05];
const FIVE_MINUTES = 5 * 60_000;
const QUIET: PlayEvents = { swing: () => undefined, periodEnd: () => undefined };

/** When a new match kicks off: in play already, soon, later today, on a later day, or any time this week. */
export type Schedule = 'live' | 'soon' | 'today' | 'early' | 'later';

export interface Team {
  teamId: string;
  teamName: string;
  /** Hidden strength on the log-odds scale. */
  rating: number;
  players: Player[];
}

export interface Catalogue {
  leagues: League[];
  teams: Map<string, Team[]>;
  outrights: Outright[];
}

export function buildCatalogue(sport: SportTypeId, rng: Rng, now: number): Catalogue {
  const def = SPORTS[sport];
  if (!def) throw new Error(`The feed simulator has no rules for sport ${sport}`);
  const catalogue: Catalogue = { leagues: [], teams: new Map(), outrights: [] };
  const used = new Set<string>();
  (LEAGUE_NAMES[sport] ?? []).forEach((name, i) => {
    const league: League = { leagueId: String(Number(sport) * 100 + i + 1), sportTypeId: sport, name, priority: i + 1 };
    catalogue.leagues.push(league);
    const teams: Team[] = [];
    for (let n = 0; teams.length < (def.sides === 'person' ? 16 : 12); n++) {
      const sideName = teamName(Number(sport), i, n, def.sides);
      if (used.has(sideName)) continue;
      used.add(sideName);
      const teamId = `${league.leagueId}${String(teams.length + 1).padStart(2, '0')}`;
      const players = PLAYER_SHARES.slice(0, def.playersPerTeam).map((share, k) => ({
        playerId: `${teamId}${k + 1}`,
        playerName: personName(Number(teamId) * 8 + k),
        teamId,
        share,
      }));
      teams.push({ teamId, teamName: sideName, rating: rng.normal() * (def.sides === 'team' ? 0.45 : 0.6), players });
    }
    catalogue.teams.set(league.leagueId, teams);
    catalogue.outrights.push(outright(league, teams, manilaDayStart(now) + (45 + 15 * i) * DAY_MS));
  });
  return catalogue;
}

/**
 * The league winner market: each team's chance from its rating, with a wider outright margin. The
 * first season keeps the plain id; later seasons add their number, so a ticket never meets the next
 * season's market under its own id.
 */
export function outright(league: League, teams: Team[], eventDate: number, season = 1): Outright {
  const weights = teams.map((t) => Math.exp(2 * t.rating));
  const sum = weights.reduce((a, b) => a + b, 0);
  const prices = pricesFor(
    weights.map((w) => w / sum),
    OUTRIGHT_MARGIN,
  );
  return {
    outrightOddsId: season === 1 ? `OR${league.leagueId}` : `OR${league.leagueId}S${season}`,
    leagueId: league.leagueId,
    sportTypeId: league.sportTypeId,
    name: `${league.name} Winner`,
    eventDate: new Date(eventDate).toISOString(),
    status: MarketStatus.Running,
    teams: teams.map((t, j) => ({ teamId: t.teamId, teamName: t.teamName, price: prices[j] ?? 0 })),
  };
}

export interface FixtureContext {
  rng: Rng;
  /** The simulated clock, epoch ms. */
  clock: number;
  matchSpeed: number;
}

/** Feed time within which a 'soon' match kicks off: two match durations at the match speed. */
export function soonWindow(sim: SimMatch, matchSpeed: number): number {
  return (2 * sim.sport.engine.duration * 1000) / matchSpeed;
}

/** A new match between two teams of the league, scheduled, with its markets open. */
export function newMatch(ctx: FixtureContext, matchId: string, league: League, teams: Team[], schedule: Schedule): SimMatch {
  const def = SPORTS[league.sportTypeId]!;
  const rng = ctx.rng;
  const homeIndex = rng.int(teams.length);
  const home = teams[homeIndex]!;
  const away = teams[(homeIndex + 1 + rng.int(teams.length - 1)) % teams.length]!;
  const s0 = home.rating - away.rating + def.homeAdvantage + 0.15 * rng.normal();
  const match: Match = {
    matchId,
    sportTypeId: league.sportTypeId,
    leagueId: league.leagueId,
    leagueName: league.name,
    homeId: home.teamId,
    homeName: home.teamName,
    awayId: away.teamId,
    awayName: away.teamName,
    kickoff: '',
    eventStatus: 'running',
    runningStatus: '1',
    live: null,
    featured: rng.chance(league.priority === 1 ? 0.2 : 0.05),
    marketCount: 0,
    video: rng.chance(0.4)
      ? {
          streamingOption: 1 + rng.int(3),
          channelCode: `PNL-${league.sportTypeId}-${10 + rng.int(90)}`,
          namiId: String(100_000 + rng.int(900_000)),
          streamsId: `st${matchId}`,
        }
      : null,
  };
  const sim: SimMatch = {
    match,
    sport: def,
    kickoffMs: 0,
    kickoffDay: '',
    markets: [],
    s: s0,
    s0,
    pace: Math.exp(0.08 * rng.normal()),
    play: newPlayState(),
    bestOf: rng.pick(def.bestOf),
    players: [...home.players, ...away.players],
    suspendedUntil: 0,
    delayUntil: 0,
    removeAt: 0,
    finishedAt: 0,
    cache: new Map(),
  };
  scheduleMatch(ctx, sim, schedule);
  let n = 0;
  sim.markets = openMarkets(sim, () => `${matchId}${String(++n).padStart(2, '0')}`);
  match.marketCount = sim.markets.length;
  return sim;
}

/** Sets the kick-off: in play already (fast-forwarded), soon, later today, on one of the next six Manila days, or any time this week. */
function scheduleMatch(ctx: FixtureContext, sim: SimMatch, schedule: Schedule): void {
  const { rng, clock } = ctx;
  const dayStart = manilaDayStart(clock);
  const dayEnd = dayStart + DAY_MS;
  const roundUp = (t: number) => Math.ceil(t / FIVE_MINUTES) * FIVE_MINUTES;
  let at: number;
  if (schedule === 'live' && startLive(ctx, sim)) at = sim.kickoffMs;
  else if (schedule === 'soon') at = clock + Math.ceil((rng.range(0.05, 1) * soonWindow(sim, ctx.matchSpeed)) / 1000) * 1000;
  else if (schedule === 'later') at = roundUp(clock + rng.range(15 * 60_000, 7 * DAY_MS - FIVE_MINUTES));
  else if (schedule === 'today' && dayEnd - clock > 45 * 60_000) at = roundUp(rng.range(clock + 10 * 60_000, dayEnd - 30 * 60_000));
  else at = dayStart + (1 + rng.int(6)) * DAY_MS + (10 * 60 + 15 * rng.int(55)) * 60_000;
  sim.kickoffMs = at;
  sim.kickoffDay = manilaDayId(at);
  sim.match.kickoff = new Date(at).toISOString();
}

/** Puts a match in play as if it had kicked off a while ago; false if the fast-forward finished it. */
function startLive(ctx: FixtureContext, sim: SimMatch): boolean {
  const engine = sim.sport.engine;
  let elapsed = ctx.rng.range(0.05, 0.85) * engine.duration;
  for (let attempt = 0; attempt < 4; attempt++, elapsed /= 2) {
    sim.play = newPlayState();
    engine.start(sim, ctx.rng);
    engine.play(sim, elapsed, ctx.rng, QUIET);
    if (sim.play.finished) continue;
    sim.kickoffMs = ctx.clock - Math.ceil(elapsed / ctx.matchSpeed) * 1000;
    sim.match.runningStatus = '0';
    sim.match.live = engine.live(sim);
    return true;
  }
  sim.play = newPlayState();
  return false;
}
