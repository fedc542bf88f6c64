// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { matchFaq } from '../../src/contract/faq/match';
import { DEFAULT_SUPPORT_HOURS, supportOpenAt } from '../../src/contract/support';
import { maskPhone, maskReference } from '../../server/modules/support/service';

/** The support desk's rules that are pure: business hours, the FAQ articles of the out-of-hours answer, masking. */

/** Epoch ms of a Manila wall-clock time (UTC+8). */
const manila = (iso: string) => Date.parse(`${iso}+08:00`);

describe('business hours (Manila time)', () => {
  it('are open all day every day by default', () => {
    for (const at of ['2026-11-23T00:00:00', '2026-11-28T12:00:00', '2026-11-29T23:59:59'])
      expect(supportOpenAt(DEFAULT_SUPPORT_HOURS, manila(at))).toBe(true);
  });

  it('open at `from`, close at `to`, on the days listed', () => {
    const weekdays = { from: '09:00', to: '21:00', days: [1, 2, 3, 4, 5] };
    expect(supportOpenAt(weekdays, manila('2026-11-23T08:59:00'))).toBe(false); // Monday
    expect(supportOpenAt(weekdays, manila('2026-11-23T09:00:00'))).toBe(true);
    expect(supportOpenAt(weekdays, manila('2026-11-23T20:59:00'))).toBe(true);
    expect(supportOpenAt(weekdays, manila('2026-11-23T21:00:00'))).toBe(false);
    expect(supportOpenAt(weekdays, manila('2026-11-28T12:00:00'))).toBe(false); // Saturday
  });

  it('run past midnight when `to` comes before `from`, counted on the day they start', () => {
    const nights = { from: '20:00', to: '02:00', days: [5] }; // Friday night
    expect(supportOpenAt(nights, manila('2026-11-27T21:00:00'))).toBe(true); // Friday
    expect(supportOpenAt(nights, manila('2026-11-28T01:30:00'))).toBe(true); // Saturday small hours
    expect(supportOpenAt(nights, manila('2026-11-28T21:00:00'))).toBe(false); // Saturday night
    expect(supportOpenAt(nights, manila('2026-11-27T01:30:00'))).toBe(false); // Friday small hours: Thursday's
  });

  it('are closed all the time when `from` equals `to`', () => {
    expect(supportOpenAt({ from: '09:00', to: '09:00', days: [1, 2, 3, 4, 5, 6, 7] }, manila('2026-11-23T09:00:00'))).toBe(false);
  });
});

describe('the FAQ articles that may answer a question', () => {
  it('match by the words of the question, in its language, best first', () => {
    expect(matchFaq('What is the minimum withdrawal amount?', 'en').map((a) => a.slug)).toEqual(['min-max-deposit']);
    expect(matchFaq('how do I watch the live streaming', 'en')[0]?.slug).toBe('how-to-play-live-streaming');
    expect(matchFaq('如何观看直播', 'cn')).toEqual([{ slug: 'how-to-play-live-streaming', title: '如何观看直播' }]);
  });

  it('offer nothing for a greeting or words no article is about', () => {
    expect(matchFaq('hello', 'en')).toEqual([]);
    expect(matchFaq('xylophone quartz', 'en')).toEqual([]);
  });
});

describe('what the desk’s agent sees', () => {
  it('is a reference and a phone number with their middle hidden', () => {
    expect(maskReference('WD20261127ABCD9885')).toBe('WD20…9885');
    expect(maskReference('T123')).toBe('T1…');
    expect(maskPhone('+639175550123')).toBe('+639 ••• ••• 0123');
    expect(maskPhone(null)).toBe('');
  });
});
