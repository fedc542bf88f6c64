import type { LiveState } from '../contract/feed';
import { SportTypeId } from '../contract/sports';

/**
 * Live period labels (spec §4): football 1st/2nd; basketball 1st–4th and OT (99); esports Map 1–5;
 * tennis Set 1–5; badminton Game 1–5; ice hockey 1st–3rd, OT, Penalty; 'Halftime' and 'Delayed'.
 * Answers an i18n key and its values, so the page shows it in the player's language.
 */
export interface PeriodLabel {
  key:
    | 'periods.halftime'
    | 'periods.delayed'
    | 'periods.notStarted'
    | 'periods.p1'
    | 'periods.p2'
    | 'periods.p3'
    | 'periods.p4'
    | 'periods.period'
    | 'periods.overtime'
    | 'periods.penalties'
    | 'periods.map'
    | 'periods.set'
    | 'periods.game'
    | 'periods.inning'
    | 'periods.round';
  values?: { n: number };
}

/** 1st–4th have their own words (football halves, basketball quarters, ice hockey periods). */
function ordinal(n: number): PeriodLabel {
  if (n >= 1 && n <= 4) return { key: `periods.p${n}` as 'periods.p1' };
  return { key: 'periods.period', values: { n } };
}

export function periodLabel(sportTypeId: string, live: Pick<LiveState, 'livePeriod' | 'isHT' | 'delayLive'>): PeriodLabel {
  if (live.delayLive) return { key: 'periods.delayed' };
  if (live.isHT) return { key: 'periods.halftime' };
  const n = live.livePeriod;
  if (n <= 0) return { key: 'periods.notStarted' };
  switch (sportTypeId) {
    case SportTypeId.Football:
      return ordinal(Math.min(n, 2));
    case SportTypeId.Basketball:
      return n === 99 || n > 4 ? { key: 'periods.overtime' } : ordinal(n);
    case SportTypeId.IceHockey:
      if (n === 4) return { key: 'periods.overtime' };
      if (n >= 5) return { key: 'periods.penalties' };
      return ordinal(n);
    case SportTypeId.ESports:
      return { key: 'periods.map', values: { n } };
    case SportTypeId.Tennis:
    case SportTypeId.Volleyball:
    case SportTypeId.BeachVolleyball:
      return { key: 'periods.set', values: { n } };
    case SportTypeId.Badminton:
    case SportTypeId.TableTennis:
      return { key: 'periods.game', values: { n } };
    case SportTypeId.Baseball:
      return { key: 'periods.inning', values: { n } };
    case SportTypeId.Boxing:
      return { key: 'periods.round', values: { n } };
    default:
      return ordinal(n);
  }
}

/** mm:ss of the time played in the period. */
export function formatClock(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(safe / 60)).padStart(2, '0')}:${String(safe % 60).padStart(2, '0')}`;
}
