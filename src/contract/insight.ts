/**
 * What the live match page's standing, analysis and line-up tabs read (saba/standings, saba/analysis,
 * saba/lineups), shared by the server that computes them and the pages that show them.
 */
export interface TeamRef {
  teamId: string;
  teamName: string;
}

export interface StandingRow extends TeamRef {
  played: number;
  won: number;
  drawn: number;
  lost: number;
  scored: number;
  conceded: number;
  points: number;
}

export interface PlayedMatch {
  leagueId: string;
  home: TeamRef;
  away: TeamRef;
  homeScore: number;
  awayScore: number;
  /** Epoch ms. */
  at: number;
}

export type FormResult = 'W' | 'D' | 'L';

export interface Analysis {
  homeForm: FormResult[];
  awayForm: FormResult[];
  headToHead: PlayedMatch[];
}

export interface Lineup {
  starters: string[];
  bench: string[];
}
