import { describe, expect, it } from 'vitest';
import { decide } from '../../src/app/routes/guards';
import { ROUTES, type RouteDef } from '../../src/app/routes/table';
import type { BetOrder } from '../../src/contract/betOrder';
import { BOOKING_ALPHABET, bookingLink, normalizeBookingCode } from '../../src/contract/bookingLink';
import { modeForLoaded } from '../../src/features/betslip/booking';

/** Booking codes' pure parts (issue 38): the code's form, the link's entry rule, the mode a loaded slip opens in. */

describe('a booking code as typed', () => {
  it('has no character read as another', () => {
    for (const c of '01OIL') expect(BOOKING_ALPHABET).not.toContain(c);
    expect(new Set(BOOKING_ALPHABET).size).toBe(BOOKING_ALPHABET.length);
  });

  it('is taken in lower case, with spaces or dashes, and refused in any other form', () => {
    expect(normalizeBookingCode(' 7kq2-m9xd ')).toBe('7KQ2M9XD');
    expect(normalizeBookingCode('7KQ2 M9XD')).toBe('7KQ2M9XD');
    for (const bad of ['', '7KQ2M9X', '7KQ2M9XDA', '7KQ2M9X0', 'OKQ2M9XD', '7KQ2M9X!'])
      expect(normalizeBookingCode(bad), bad).toBeUndefined();
  });
});

describe('the link of a code', () => {
  const sports = (ROUTES as readonly RouteDef[]).find((r) => r.name === 'Home_sports')!;
  const state = {
    partner: undefined,
    isNativeApp: false,
    inFrame: false,
    loggedIn: false,
    user: undefined,
    site: { pagcorVersion: false, gameList: 1, PHONE_BIND_SWITCH: [] },
    kyc: undefined,
    defaultTab: 'foryou',
  } as const;

  it('opens the sports page (the slip is kept there), loads the code once and takes it out of the address', () => {
    const link = new URL(bookingLink('https://panalo.ph', '7KQ2M9XD'));
    expect(link.pathname).toBe('/sports');
    const search = Object.fromEntries(link.searchParams);
    const decision = decide({ pathname: link.pathname, search: { ...search, mode: 'today' } }, { def: sports, params: {} }, state);
    expect(decision.effects).toContainEqual({ type: 'loadBooking', code: '7KQ2M9XD' });
    expect(decision.redirect).toEqual({ to: '/sports', search: { mode: 'today' } });
    // On the address without it, nothing more is loaded.
    const after = decide({ pathname: '/sports', search: { mode: 'today' } }, { def: sports, params: {} }, state);
    expect(after.effects.some((effect) => effect.type === 'loadBooking')).toBe(false);
  });
});

describe('the mode a loaded slip opens in', () => {
  const order = (matchId: string, extra: Partial<BetOrder> = {}) => ({ matchId, combo: 1, ...extra }) as BetOrder;
  it('is a parlay for combinable selections of different matches, else single or player', () => {
    expect(modeForLoaded([order('1'), order('2')])).toBe('parlay');
    expect(modeForLoaded([order('1')])).toBe('single');
    expect(modeForLoaded([order('1'), order('1')])).toBe('single');
    expect(modeForLoaded([order('1'), order('2', { combo: 0 })])).toBe('single');
    expect(modeForLoaded([order('1', { playerId: 'p1' })])).toBe('player');
  });
});
