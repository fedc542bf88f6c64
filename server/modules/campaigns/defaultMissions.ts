import { type Mission, missionSchema } from '../../../src/contract/campaigns';
import { SportTypeId } from '../../../src/contract/sports';

/**
 * The missions a development database starts with (the operator edits them at /dev/missions): one per
 * sport campaign page, its eventId the page's campaign (/nbaPlayoff nba-playoffs, /fiba fiba, /boxing
 * boxing, /nbaVideo nba-video, /sportActivity-nba-live nba-live). Each of its own kind, so none overlaps
 * another. They run from the day they are seeded for 60 days; an operator's edit is never overwritten.
 */

const DAY_MS = 86_400_000;

type Seeded = Omit<Mission, 'startsAt' | 'endsAt'>;

const smallBonus = (bonus: number) => ({ bonus, multiple: 1, maxBet: 5_000, maxWin: 50_000, days: 7 });

export const DEFAULT_MISSIONS: Record<string, Seeded> = {
  'basketball-playoff-3': {
    eventId: 'nba-playoffs',
    kind: 'basketball-playoff-bets',
    title: 'Playoff run: 3 basketball bets',
    summary: 'Settle three basketball bets at odds 1.50 or more within 3 days of joining.',
    hours: 72,
    tasks: [{ id: 'basketball', label: 'Basketball bets', sportTypeId: SportTypeId.Basketball, minOddsH: 150, minStake: 2_000, count: 3 }],
    reward: smallBonus(10_000),
    claimDays: 3,
  },
  'fiba-window-2': {
    eventId: 'fiba',
    kind: 'fiba-window-bets',
    title: 'International window: 2 basketball bets',
    summary: 'Settle two basketball bets at odds 1.80 or more within 2 days of joining.',
    hours: 48,
    tasks: [
      {
        id: 'basketball',
        label: 'Basketball bets at 1.80+',
        sportTypeId: SportTypeId.Basketball,
        minOddsH: 180,
        minStake: 2_000,
        count: 2,
      },
    ],
    reward: smallBonus(5_000),
    claimDays: 3,
  },
  'fight-night-1': {
    eventId: 'boxing',
    kind: 'fight-night-bets',
    title: 'Fight night: 1 boxing bet',
    summary: 'Settle one boxing bet at odds 1.50 or more within 3 days of joining.',
    hours: 72,
    tasks: [{ id: 'boxing', label: 'Boxing bet', sportTypeId: SportTypeId.Boxing, minOddsH: 150, minStake: 2_000, count: 1 }],
    reward: smallBonus(5_000),
    claimDays: 3,
  },
  'highlight-watch-2': {
    eventId: 'nba-video',
    kind: 'highlight-watch',
    title: 'Watch 2 basketball highlights',
    summary: 'Watch two different basketball highlights to the end on this page within a day of joining.',
    hours: 24,
    tasks: [{ id: 'watch', label: 'Basketball highlights watched', watch: 'highlight', sportTypeId: SportTypeId.Basketball, count: 2 }],
    reward: smallBonus(2_000),
    claimDays: 3,
  },
  'basketball-live-2': {
    eventId: 'nba-live',
    kind: 'basketball-live-bets',
    title: 'In-play: 2 live basketball bets',
    summary: 'Settle two basketball bets placed while the game is being played, at odds 1.50 or more, within a day of joining.',
    hours: 24,
    tasks: [
      {
        id: 'live',
        label: 'Live basketball bets',
        sportTypeId: SportTypeId.Basketball,
        live: true,
        minOddsH: 150,
        minStake: 2_000,
        count: 2,
      },
    ],
    reward: smallBonus(8_000),
    claimDays: 3,
  },
};

/** The default missions as of `now`: running from the start of that day (UTC) for 60 days, each validated. */
export function defaultMissions(now: number): { id: string; definition: Mission }[] {
  const start = now - (now % DAY_MS);
  return Object.entries(DEFAULT_MISSIONS).map(([id, seeded]) => ({
    id,
    definition: missionSchema.parse({
      ...seeded,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 60 * DAY_MS).toISOString(),
    }),
  }));
}
