import type { Match } from '../../../src/contract/feed';
import { personName } from '../../providers/feed/names';
import { Rng } from '../../providers/feed/random';
import type { FormResult, PlayedMatch, StandingRow, TeamRef } from '../../../src/contract/insight';

/**
 * What the live match page shows beside the markets: standings, form and head-to-head, line-ups and
 * analysts' picks. The simulated feed has no past, so the season so far is simulated too, from a seed
 * made of the league and team ids (the same every time), and the results the feed produces since the
 * server started are added on top. A real data provider replaces this module.
 */
function seedOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

export type { PlayedMatch, StandingRow, TeamRef };

/** Points per result: 3/1/0 where draws exist (football, ice hockey regular time), else 2/0. */
function pointsFor(drawsExist: boolean, scored: number, conceded: number): number {
  if (scored > conceded) return drawsExist ? 3 : 2;
  if (scored === conceded) return drawsExist ? 1 : 0;
  return 0;
}

/** The season before the server started: each team met the others once, results from the seed. */
export function pastSeason(leagueId: string, teams: TeamRef[], scoring: { max: number; draws: boolean }, now: number): PlayedMatch[] {
  const rng = new Rng(seedOf(leagueId));
  const strength = new Map(teams.map((t) => [t.teamId, 0.5 + new Rng(seedOf(t.teamId)).next()]));
  const played: PlayedMatch[] = [];
  // Two games a day, the last one the day before the server started: every date is in the past.
  const games = (teams.length * (teams.length - 1)) / 2;
  let game = 0;
  for (let i = 0; i < teams.length; i++) {
    for (let j = i + 1; j < teams.length; j++) {
      const [home, away] = rng.next() < 0.5 ? [teams[i]!, teams[j]!] : [teams[j]!, teams[i]!];
      const h = strength.get(home.teamId) ?? 1;
      const a = strength.get(away.teamId) ?? 1;
      let homeScore = Math.floor(rng.next() * scoring.max * (h / (h + a)) * 1.8);
      let awayScore = Math.floor(rng.next() * scoring.max * (a / (h + a)) * 1.8);
      if (!scoring.draws && homeScore === awayScore) {
        if (rng.next() < h / (h + a)) homeScore++;
        else awayScore++;
      }
      played.push({ leagueId, home, away, homeScore, awayScore, at: now - (games - game++ + 1) * 43_200_000 });
    }
  }
  return played;
}

export function standings(teams: TeamRef[], matches: PlayedMatch[], draws: boolean): StandingRow[] {
  const rows = new Map<string, StandingRow>(
    teams.map((t) => [t.teamId, { ...t, played: 0, won: 0, drawn: 0, lost: 0, scored: 0, conceded: 0, points: 0 }]),
  );
  for (const m of matches) {
    for (const [team, scored, conceded] of [
      [m.home, m.homeScore, m.awayScore],
      [m.away, m.awayScore, m.homeScore],
    ] as const) {
      const row = rows.get(team.teamId);
      if (!row) continue;
      row.played++;
      row.scored += scored;
      row.conceded += conceded;
      if (scored > conceded) row.won++;
      else if (scored === conceded) row.drawn++;
      else row.lost++;
      row.points += pointsFor(draws, scored, conceded);
    }
  }
  return [...rows.values()].sort(
    (a, b) =>
      b.points - a.points || b.scored - b.conceded - (a.scored - a.conceded) || b.scored - a.scored || a.teamName.localeCompare(b.teamName),
  );
}

/** W/D/L of a team's last five, newest first. */
export function form(teamId: string, matches: PlayedMatch[]): FormResult[] {
  return matches
    .filter((m) => m.home.teamId === teamId || m.away.teamId === teamId)
    .sort((a, b) => b.at - a.at)
    .slice(0, 5)
    .map((m) => {
      const [own, other] = m.home.teamId === teamId ? [m.homeScore, m.awayScore] : [m.awayScore, m.homeScore];
      return own > other ? 'W' : own === other ? 'D' : 'L';
    });
}

export function headToHead(match: Pick<Match, 'homeId' | 'awayId'>, matches: PlayedMatch[]): PlayedMatch[] {
  const ids = new Set([match.homeId, match.awayId]);
  return matches
    .filter((m) => ids.has(m.home.teamId) && ids.has(m.away.teamId))
    .sort((a, b) => b.at - a.at)
    .slice(0, 5);
}

/** How many players start, per sport. */
const STARTERS: Record<string, number> = { '1': 11, '2': 5, '4': 6, '6': 6, '8': 9, '43': 5 };

export function lineup(team: TeamRef, sportTypeId: string): { starters: string[]; bench: string[] } {
  const count = STARTERS[sportTypeId] ?? 1;
  const base = seedOf(team.teamId) % 5_000;
  const names = Array.from({ length: count + Math.ceil(count / 2) }, (_, i) => personName(base + i * 7));
  return { starters: names.slice(0, count), bench: names.slice(count) };
}
