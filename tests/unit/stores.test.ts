import { describe, expect, it } from 'vitest';
import { StorageKey } from '../../src/contract/storageKeys';
import { betSlip, clearBetSlip } from '../../src/features/betslip/store';
import { origin } from '../../src/stores/origin';
import { preferences } from '../../src/stores/preferences';
import { TOAST_DURATION, openLogin, openOverlay, closeOverlay, showToast, ui } from '../../src/stores/ui';
import { isLoggedIn, resetToken, session, setLogin } from '../../src/stores/session';
import type { BetOrder } from '../../src/contract/betOrder';
import type { UserInfo } from '../../src/contract/user';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('stored browser keys (spec §3)', () => {
  it('saves the default home tab under user_default_tab and seamless under its own key (default true)', async () => {
    expect(preferences.seamless).toBe(true);
    preferences.defaultTab = 'games';
    preferences.seamless = false;
    await tick();
    expect(JSON.parse(localStorage.getItem(StorageKey.user_default_tab)!)).toBe('games');
    expect(JSON.parse(localStorage.getItem(StorageKey.seamless)!)).toBe(false);
    preferences.seamless = true;
    preferences.defaultTab = 'foryou';
  });

  it('keeps the session across reloads and clears it on reset', async () => {
    setLogin({ loginName: 'ana', customerId: '7' } as UserInfo, { token: 'tk', u2token: 'u2' });
    await tick();
    expect(isLoggedIn()).toBe(true);
    expect(JSON.parse(localStorage.getItem(StorageKey.session)!)).toMatchObject({ user: { loginName: 'ana' }, webToken: { token: 'tk' } });
    resetToken();
    await tick();
    expect(isLoggedIn()).toBe(false);
    expect(session.webToken.token).toBe('');
  });

  it('keeps acquisition parameters in session storage, not local storage', async () => {
    origin.acquisition = { clickid: 'c1' };
    await tick();
    expect(JSON.parse(sessionStorage.getItem('origin')!)).toMatchObject({ acquisition: { clickid: 'c1' } });
    expect(localStorage.getItem('origin')).toBeNull();
  });
});

describe('bet slip store', () => {
  it('persists the selections and follows another tab’s changes', async () => {
    betSlip.orders = [{ uid: 'a' } as BetOrder];
    await tick();
    expect(JSON.parse(localStorage.getItem(StorageKey.betSlip)!).orders).toHaveLength(1);
    localStorage.setItem(StorageKey.betSlip, JSON.stringify({ orders: [{ uid: 'a' }, { uid: 'b' }], stakes: { b: 50 } }));
    window.dispatchEvent(new StorageEvent('storage', { key: StorageKey.betSlip }));
    expect(betSlip.orders.map((o) => o.uid)).toEqual(['a', 'b']);
    expect(betSlip.stakes).toEqual({ b: 50 });
    // The first release stored the orders alone; a saved slip of that shape still loads.
    localStorage.setItem(StorageKey.betSlip, JSON.stringify([{ uid: 'c' }]));
    window.dispatchEvent(new StorageEvent('storage', { key: StorageKey.betSlip }));
    expect(betSlip.orders.map((o) => o.uid)).toEqual(['c']);
    clearBetSlip();
    expect(betSlip.orders).toEqual([]);
  });
});

describe('UI store', () => {
  it('shows toasts for the durations of spec §8 (fail 3 s, info 2 s, loading until dismissed)', () => {
    expect(TOAST_DURATION).toMatchObject({ fail: 3000, info: 2000, loading: 0 });
    showToast('fail', 'x');
    expect(ui.toasts.at(-1)).toMatchObject({ tone: 'fail', text: 'x', duration: 3000 });
  });

  it('opens any overlay of spec §2 on top, once, with its props', () => {
    ui.overlays = [];
    openLogin({ type: 'register', tabsDisabled: true });
    openOverlay('luckySpin');
    openLogin();
    expect(ui.overlays.map((o) => o.id)).toEqual(['luckySpin', 'login']);
    expect(ui.overlays[1]?.props).toEqual({ type: 'sms', tabsDisabled: false });
    closeOverlay('luckySpin');
    expect(ui.overlays.map((o) => o.id)).toEqual(['login']);
  });
});
