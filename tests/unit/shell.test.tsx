import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { events } from '../../src/api/events';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../src/api/instance';
import type { BetOrder } from '../../src/contract/betOrder';
import type { UserInfo } from '../../src/contract/user';
import { betSlip } from '../../src/features/betslip/store';
import { initI18n, setLanguage } from '../../src/i18n';
import { pay } from '../../src/stores/pay';
import { resetToken, setLogin } from '../../src/stores/session';
import { showDialog, showToast, ui } from '../../src/stores/ui';
import { renderApp as renderAppAt } from './renderApp';

/** Renders the whole app at an address, once its page is there (the network answers like an idle server). */
const renderApp = (path: string) => renderAppAt(path, { untilMain: true });

const calls: string[] = [];

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(String(url));
      const data = String(url).endsWith('front/siteMaintenance') ? { maintenance: false, message: '', endTime: null, entries: [] } : null;
      return new Response(JSON.stringify({ code: 0, msg: '', data }), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  resetToken();
  betSlip.orders = [];
  ui.overlays = [];
  ui.toasts = [];
  ui.dialogs = [];
  pay.balance = null;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  queryClient.clear();
});

const player = { loginName: 'juan01', customerId: '1001', nickName: 'Juan', mobileNo: '+63 917 *** 4567' } as UserInfo;

describe('home layout', () => {
  it('shows the tabs, Log In / Register for a visitor, and the bottom navigation', async () => {
    await renderApp('/foryou');
    expect(screen.getByRole('navigation', { name: 'Home sections' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'For You' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
  });

  it('shows a player’s balance in pesos instead of the login buttons', async () => {
    setLogin(player, { token: 't', u2token: '' });
    pay.balance = 1_234_550;
    await renderApp('/sports');
    expect(screen.getByTestId('header-balance').textContent).toBe('₱12,345.50');
    expect(screen.queryByRole('button', { name: 'Log In' })).toBeNull();
  });

  it('shows the game kinds on the games tab with the current one marked', async () => {
    await renderApp('/games/poker');
    expect(screen.getByRole('link', { name: 'Poker' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Games' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('customer-service chat entry', () => {
  it.each(['/foryou', '/sports', '/games/slot', '/account'])('is on %s', async (path) => {
    await renderApp(path);
    expect(screen.queryByTestId('service-chat')).not.toBeNull();
  });

  it.each(['/faq', '/settings', '/promo'])('is not on %s', async (path) => {
    await renderApp(path);
    expect(screen.queryByTestId('service-chat')).toBeNull();
  });

  it('floats in a landmark of its own (axe: all content inside landmarks)', async () => {
    await renderApp('/foryou');
    const region = screen.getByRole('complementary', { name: 'Customer service' });
    expect(region.contains(screen.getByTestId('service-chat'))).toBe(true);
  });
});

describe('room for the floating buttons', () => {
  // Where the buttons sit on an 844 px high screen: the bet slip 76 px above the bottom edge, the chat
  // entry above it (their CSS); a dragged button where it was dropped.
  const SCREEN = 844;
  const DEFAULT_TOP: Record<string, number> = { 'floating-bet-slip': SCREEN - 132, 'service-chat': SCREEN - 188 };
  const room = () => document.getElementById('root')?.style.paddingBottom ?? 'no #root';

  beforeEach(() => {
    vi.stubGlobal('innerHeight', SCREEN);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const top = this.style.top ? parseFloat(this.style.top) : (DEFAULT_TOP[this.dataset['testid'] ?? ''] ?? 0);
      return { top, left: 0, right: 0, bottom: top, width: 0, height: 0, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('leaves room under the list up to the highest button, and none where there is no button', async () => {
    await renderApp('/sports');
    // Up to the chat entry's top (188 px from the bottom) and a gap of 8, measured in the next frame.
    await waitFor(() => expect(parseFloat(room())).toBeGreaterThanOrEqual(188 + 8 - 60));
    cleanup();
    await renderApp('/faq');
    expect(room()).toBe('');
  });

  it('follows the bet-slip button where it is dragged: none asked for one dragged to the top half', async () => {
    await renderApp('/liveSportGameV3?matchId=1');
    const button = screen.getByTestId('floating-bet-slip');
    await waitFor(() => expect(parseFloat(room())).toBeGreaterThanOrEqual(132 + 8 - 60));
    fireEvent.pointerDown(button, { clientX: 300, clientY: 700, pointerId: 1 });
    fireEvent.pointerMove(button, { clientX: 300, clientY: 200, pointerId: 1 });
    fireEvent.pointerUp(button, { clientX: 300, clientY: 200, pointerId: 1 });
    await waitFor(() => expect(room()).toBe(''));
  });
});

describe('floating bet-slip button', () => {
  it('shows the count badge', async () => {
    betSlip.orders = [{ uid: 'a' } as BetOrder, { uid: 'b' } as BetOrder];
    await renderApp('/sports');
    expect(screen.getByRole('button', { name: '2 selections on your bet slip' })).toBeTruthy();
  });

  it('asks a visitor to log in, and records the tap statistic (type 59) with the event module', async () => {
    const statistic = vi.spyOn(events, 'statistic');
    await renderApp('/sports');
    const button = screen.getByTestId('floating-bet-slip');
    fireEvent.pointerDown(button, { clientX: 300, clientY: 700, pointerId: 1 });
    fireEvent.pointerUp(button, { clientX: 300, clientY: 700, pointerId: 1 });
    expect(ui.overlays.map((o) => o.id)).toEqual(['login']);
    expect(statistic).toHaveBeenCalledWith(59, 'floatingBetSlip');
    statistic.mockRestore();
  });

  it('opens the slip for a player with selections', async () => {
    setLogin(player, { token: 't', u2token: '' });
    betSlip.orders = [{ uid: 'a' } as BetOrder];
    await renderApp('/sports');
    const button = screen.getByTestId('floating-bet-slip');
    fireEvent.pointerDown(button, { clientX: 300, clientY: 700, pointerId: 1 });
    fireEvent.pointerUp(button, { clientX: 300, clientY: 700, pointerId: 1 });
    expect(ui.overlays.map((o) => o.id)).toEqual(['betSlip']);
  });

  it('goes to My Bets for a player with an empty slip', async () => {
    setLogin(player, { token: 't', u2token: '' });
    const router = await renderApp('/sports');
    const button = screen.getByTestId('floating-bet-slip');
    fireEvent.pointerDown(button, { clientX: 300, clientY: 700, pointerId: 1 });
    fireEvent.pointerUp(button, { clientX: 300, clientY: 700, pointerId: 1 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/betRecord'));
  });

  it('moves when dragged instead of acting as a tap', async () => {
    await renderApp('/sports');
    const button = screen.getByTestId('floating-bet-slip');
    fireEvent.pointerDown(button, { clientX: 300, clientY: 700, pointerId: 1 });
    fireEvent.pointerMove(button, { clientX: 200, clientY: 400, pointerId: 1 });
    fireEvent.pointerUp(button, { clientX: 200, clientY: 400, pointerId: 1 });
    expect(ui.overlays).toEqual([]);
    expect(button.style.top).not.toBe('');
  });
});

describe('toasts and dialogs', () => {
  it('removes a fail toast after 3 s', async () => {
    await renderApp('/faq');
    vi.useFakeTimers();
    await act(async () => {
      showToast('fail', 'Request timed out');
    });
    expect(screen.getByRole('alert').textContent).toBe('Request timed out');
    await act(async () => vi.advanceTimersByTime(2_999));
    expect(screen.queryByText('Request timed out')).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Request timed out')).toBeNull();
  });

  it('shows the Tips dialog with Customer Service and OK', async () => {
    const onOk = vi.fn();
    await renderApp('/faq');
    await act(async () => {
      showDialog({ title: 'Tips', message: 'Something to know', confirm: { label: 'OK', action: onOk } });
    });
    expect(screen.getByRole('alertdialog', { name: 'Tips' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Customer Service' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    });
    expect(onOk).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('opens an overlay another release builds with its title and an honest note', async () => {
    await renderApp('/foryou');
    await act(async () => {
      ui.overlays.push({ id: 'tutorialVideo', props: {} });
    });
    expect(await screen.findByRole('heading', { name: 'Tutorial' })).toBeTruthy();
    expect(screen.getByTestId('overlay-tutorialVideo').textContent).toContain('coming release');
  });
});

describe('language', () => {
  it('shows the app in Chinese when the player chooses cn', async () => {
    await setLanguage('cn');
    try {
      await renderApp('/foryou');
      expect(screen.getByRole('link', { name: '体育' })).toBeTruthy();
      expect(document.documentElement.lang).toBe('zh-Hans');
    } finally {
      await setLanguage('en');
    }
  });
});

describe('selection semantics', () => {
  // aria-selected means something only on a tab, an option or a grid cell; a filter button says aria-pressed
  // (axe-core counts aria-selected on a plain button as a critical violation).
  it.each(['/sports', '/games/slot'])('on %s only tabs and options carry aria-selected', async (path) => {
    await renderApp(path);
    const misplaced = [...document.querySelectorAll('[aria-selected]')].filter(
      (element) => !['tab', 'option', 'gridcell', 'row'].includes(element.getAttribute('role') ?? ''),
    );
    expect(misplaced.map((element) => element.outerHTML.slice(0, 80))).toEqual([]);
    if (path === '/sports') expect(document.querySelectorAll('[aria-pressed="true"]').length).toBeGreaterThan(0);
  });

  it('the Log In tabs are a tab set: each tab controls the panel, one tab stop, arrow keys move the selection', async () => {
    await renderApp('/foryou');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    const tablist = await screen.findByRole('tablist', { name: 'Log In' });
    const tabs = [...tablist.querySelectorAll<HTMLElement>('[role=tab]')];
    const selected = () => tabs.map((tab) => tab.getAttribute('aria-selected'));
    // The header's Log In opens on the password tab.
    expect(selected()).toEqual(['false', 'true']);
    for (const tab of tabs) expect(document.getElementById(tab.getAttribute('aria-controls') ?? '')?.getAttribute('role')).toBe('tabpanel');
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, 0]);
    expect(screen.getByLabelText('Password', { selector: 'input' })).toBeTruthy();
    fireEvent.keyDown(tabs[1]!, { key: 'ArrowRight' });
    expect(selected()).toEqual(['true', 'false']);
    expect(document.activeElement).toBe(tabs[0]);
    expect(screen.queryByLabelText('Password', { selector: 'input' })).toBeNull();
    fireEvent.keyDown(tabs[0]!, { key: 'End' });
    expect(selected()).toEqual(['false', 'true']);
  });
});
