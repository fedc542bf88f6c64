import { describe, expect, it } from 'vitest';
import { OddsType } from '../../src/contract/sports';
import { kickoffLabel, manilaDay, manilaTime, nextDays } from '../../src/lib/dates';
import { convertOdds, formatLine, formatOdds } from '../../src/lib/odds';
import { formatClock, periodLabel } from '../../src/lib/periods';

describe('odds types (spec §3)', () => {
  it.each([
    // decimal, HongKong, Decimal, Parlay, Malaysian, Indonesia, American
    [1.5, 0.5, 1.5, 1.5, 0.5, -2, -200],
    [1.95, 0.95, 1.95, 1.95, 0.95, -1.05, -105],
    [2.0, 1.0, 2.0, 2.0, 1.0, 1.0, 100],
    [2.5, 1.5, 2.5, 2.5, -0.67, 1.5, 150],
    [4.2, 3.2, 4.2, 4.2, -0.31, 3.2, 320],
    [1.01, 0.01, 1.01, 1.01, 0.01, -100, -10000],
  ])('decimal %d converts to every format', (decimal, hk, dec, parlay, malay, indo, american) => {
    expect(convertOdds(decimal, OddsType.HongKong)).toBe(hk);
    expect(convertOdds(decimal, OddsType.Decimal)).toBe(dec);
    expect(convertOdds(decimal, OddsType.Parlay)).toBe(parlay);
    expect(convertOdds(decimal, OddsType.Malaysian)).toBe(malay);
    expect(convertOdds(decimal, OddsType.Indonesia)).toBe(indo);
    expect(convertOdds(decimal, OddsType.American)).toBe(american);
  });

  it('prints prices the way each format reads', () => {
    expect(formatOdds(2.5, OddsType.American)).toBe('+150');
    expect(formatOdds(1.5, OddsType.American)).toBe('-200');
    expect(formatOdds(2.5, OddsType.Malaysian)).toBe('-0.67');
    expect(formatOdds(1.9, OddsType.Decimal)).toBe('1.90');
    expect(formatOdds(0, OddsType.Decimal)).toBe('—');
  });

  it('prints quarter lines as their two halves', () => {
    expect(formatLine(0.25)).toBe('0/0.5');
    expect(formatLine(-0.75)).toBe('-0.5/1');
    expect(formatLine(2.25)).toBe('2/2.5');
    expect(formatLine(2.5)).toBe('2.5');
    expect(formatLine(-1, true)).toBe('-1');
    expect(formatLine(1.5, true)).toBe('+1.5');
  });
});

describe('live period labels (spec §4)', () => {
  const live = (livePeriod: number, more: { isHT?: boolean; delayLive?: boolean } = {}) => ({
    livePeriod,
    isHT: false,
    delayLive: false,
    ...more,
  });
  it.each([
    ['1', 1, 'periods.p1', undefined],
    ['1', 2, 'periods.p2', undefined],
    ['2', 4, 'periods.p4', undefined],
    ['2', 99, 'periods.overtime', undefined],
    ['43', 3, 'periods.map', 3],
    ['5', 2, 'periods.set', 2],
    ['9', 3, 'periods.game', 3],
    ['4', 3, 'periods.p3', undefined],
    ['4', 4, 'periods.overtime', undefined],
    ['4', 5, 'periods.penalties', undefined],
  ])('sport %s period %d is %s', (sport, period, key, n) => {
    const label = periodLabel(sport, live(period));
    expect(label.key).toBe(key);
    expect(label.values?.n).toBe(n);
  });
  it('shows Halftime and Delayed', () => {
    expect(periodLabel('1', live(1, { isHT: true })).key).toBe('periods.halftime');
    expect(periodLabel('1', live(2, { delayLive: true })).key).toBe('periods.delayed');
  });
  it('prints the clock', () => {
    expect(formatClock(754)).toBe('12:34');
    expect(formatClock(5)).toBe('00:05');
  });
});

describe('match dates (spec §4: TODAY, TOMORROW or MMM DD with HH:mm, Manila time)', () => {
  const now = Date.parse('2026-11-20T22:00:00+08:00');
  it('says TODAY for a later time the same Manila day', () => {
    expect(kickoffLabel('2026-11-20T15:30:00Z', now)).toEqual({ day: 'today', date: 'Nov 20', time: '23:30' });
  });
  it('says TOMORROW across Manila midnight even when UTC is still on the same day', () => {
    expect(kickoffLabel('2026-11-20T16:05:00Z', now)).toEqual({ day: 'tomorrow', date: 'Nov 21', time: '00:05' });
  });
  it('gives MMM DD later on', () => {
    expect(kickoffLabel('2026-11-25T11:00:00Z', now)).toEqual({ day: 'date', date: 'Nov 25', time: '19:00' });
  });
  it('lists the next days for the early-market picker', () => {
    expect(nextDays(now, 3)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
  });
});

describe('Manila calendar days', () => {
  it('match Intl’s Asia/Manila day at every hour of 2000–2040, around midnight included', () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit', day: '2-digit' });
    const start = Date.UTC(2000, 0, 1);
    const end = Date.UTC(2040, 0, 1);
    // Every 7 h 1 min: across the years this lands on every hour and minute offset around Manila's midnight.
    for (let at = start; at < end; at += 7 * 3_600_000 + 60_000) {
      expect(manilaDay(at), new Date(at).toISOString()).toBe(intl.format(at));
    }
    expect(manilaDay(Date.parse('2026-11-23T15:59:59.999Z'))).toBe('2026-11-23');
    expect(manilaDay(new Date('2026-11-23T16:00:00Z'))).toBe('2026-11-24');
  });

  it('show the same date and clock as Intl’s Asia/Manila, every 7 h 1 min of 2000–2040', () => {
    const monthDay = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Manila', month: 'short', day: '2-digit' });
    const clock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Manila', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    for (let at = Date.UTC(2000, 0, 1); at < Date.UTC(2040, 0, 1); at += 7 * 3_600_000 + 60_000) {
      const iso = new Date(at).toISOString();
      const label = kickoffLabel(iso, at);
      expect(label.date, iso).toBe(monthDay.format(at));
      expect(label.time, iso).toBe(clock.format(at));
      expect(manilaTime(at), iso).toBe(clock.format(at));
    }
  });
});
