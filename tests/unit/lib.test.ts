import { describe, expect, it, vi } from 'vitest';
import { chunkIdOf } from '../../src/app/RouteError';
import { clampPosition } from '../../src/app/FloatingBetSlip';
import { maintenanceNavigation } from '../../src/features/site/MaintenanceWatcher';
import { clampTransactionId, uuid } from '../../src/lib/ids';
import { formatCentavos, parsePesos, pesosToCentavos } from '../../src/lib/money';
import { DEEP_LINKS, deepLink, sendToNative } from '../../src/lib/nativeBridge';
import { clientTagsFor, partnerFromHost } from '../../src/lib/partner';
import { local } from '../../src/lib/storage';

describe('money', () => {
  it('formats centavos as pesos with two decimals', () => {
    expect(formatCentavos(123456)).toBe('₱1,234.56');
    expect(formatCentavos(5)).toBe('₱0.05');
    expect(formatCentavos(-20000)).toBe('-₱200.00');
    expect(() => formatCentavos(1.5)).toThrow(RangeError);
  });

  it('formats every size of amount as the en-PH number format does, to the last safe centavo', () => {
    const intl = new Intl.NumberFormat('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = [0, 1, 99, 100, 999_99, 1_000_00, 123_456_789, 100_000_000_00, -1, -1_000_00];
    for (let n = 7; n < Number.MAX_SAFE_INTEGER / 10; n = n * 10 + 3) amounts.push(n, -n);
    for (const centavos of amounts) {
      const expected = `${centavos < 0 ? '-' : ''}₱${intl.format(Math.abs(centavos) / 100)}`;
      if (Math.abs(centavos) < 2 ** 50) expect(formatCentavos(centavos), String(centavos)).toBe(expected);
    }
    expect(formatCentavos(Number.MAX_SAFE_INTEGER)).toBe('₱90,071,992,547,409.91');
  });

  it('reads what a player types into centavos, and nothing else', () => {
    expect(parsePesos('1,234.5')).toBe(123450);
    expect(parsePesos('₱ 200')).toBe(20000);
    expect(parsePesos('0.01')).toBe(1);
    expect(parsePesos('1.234')).toBeUndefined();
    expect(parsePesos('-5')).toBeUndefined();
    expect(parsePesos('abc')).toBeUndefined();
    expect(pesosToCentavos(999_999)).toBe(99_999_900);
  });
});

describe('ids', () => {
  it('cuts transaction ids for claim calls to 64 characters', () => {
    expect(clampTransactionId('x'.repeat(80))).toHaveLength(64);
    expect(clampTransactionId('abc')).toBe('abc');
  });

  it('makes v4 UUIDs', () => {
    expect(uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('storage', () => {
  it('answers the fallback for a corrupt value instead of throwing', () => {
    globalThis.localStorage.setItem('broken', '{not json');
    expect(local.get('broken', 7)).toBe(7);
  });

  it('keeps working when the browser refuses to store (private mode, full quota)', () => {
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => local.set('k', 1)).not.toThrow();
    spy.mockRestore();
  });
});

describe('partners', () => {
  it('recognises the partner hosts', () => {
    expect(partnerFromHost('maya.panalo.ph')).toBe('maya');
    expect(partnerFromHost('m.lazada.panalo.ph')).toBe('lazada');
    expect(partnerFromHost('glife.panalo.ph')).toBe('glife');
    expect(partnerFromHost('viber-bot.panalo.ph')).toBe('viber');
    expect(partnerFromHost('www.panalo.ph')).toBeUndefined();
  });

  it('marks viber hosts as terminal VIBER, platform BOT_VIBER', () => {
    expect(clientTagsFor('viber')).toMatchObject({ platform: 'BOT_VIBER', terminal: 'VIBER' });
    expect(clientTagsFor(undefined)).toMatchObject({ client: 'h5', platform: 'H5' });
    expect(clientTagsFor('maya').terminal).toBe('MAYAMINIAPP_AP');
  });
});

describe('native bridge', () => {
  it('sends the error-back signal through whichever bridge the shell injected', () => {
    const android = { postMessage: vi.fn() };
    expect(sendToNative('errorBack', { reason: 'loginRequired' }, { PanaloAndroid: android })).toBe(true);
    expect(JSON.parse(android.postMessage.mock.calls[0]![0] as string)).toEqual({ event: 'errorBack', reason: 'loginRequired' });
    const ios = { postMessage: vi.fn() };
    expect(sendToNative('home', {}, { webkit: { messageHandlers: { panalo: ios } } })).toBe(true);
    expect(sendToNative('home', {}, {})).toBe(false);
  });

  it('has a deep link for every target of spec §2', () => {
    expect(Object.keys(DEEP_LINKS)).toEqual([
      'login',
      'register',
      'deposit',
      'withdrawal',
      'game',
      'customerService',
      'bindPaymentAccounts',
      'home',
      'promo',
      'kyc',
      'bindPhone',
      'userCenter',
      'safeCenter',
    ]);
    expect(deepLink('game', { gameId: '77' })).toBe('panalo://game?gameId=77');
  });
});

describe('maintenance navigation (spec §4)', () => {
  it('on → /maintenance, unless already there', () => {
    expect(maintenanceNavigation(true, 'Home_sports', '')).toBe('/maintenance');
    expect(maintenanceNavigation(true, 'Maintenance', '')).toBeUndefined();
  });
  it('off while there → /, or back where the offline fallback came from', () => {
    expect(maintenanceNavigation(false, 'Maintenance', '')).toBe('/');
    expect(maintenanceNavigation(false, 'Maintenance', '?offline=1&from=%2Ffaq')).toBe('/faq');
    expect(maintenanceNavigation(false, 'Maintenance', '?from=https%3A%2F%2Fevil.example')).toBe('/');
    expect(maintenanceNavigation(false, 'Maintenance', '?from=%2F%2Fevil.example')).toBe('/');
  });
  it('off elsewhere → stay', () => {
    expect(maintenanceNavigation(false, 'Home_sports', '')).toBeUndefined();
  });
});

describe('shell helpers', () => {
  it("names the chunk in 'Loading chunk {id} failed'", () => {
    expect(chunkIdOf('Failed to fetch dynamically imported module: https://x/assets/FaqPage-Ab12.js')).toBe('FaqPage-Ab12');
    expect(chunkIdOf('Unable to preload CSS for /assets/MorePage-9f8e.css')).toBe('MorePage-9f8e');
    expect(chunkIdOf('something else')).toBeUndefined();
  });

  it('keeps the dragged bet-slip button on screen and above the bottom navigation', () => {
    const viewport = { width: 390, height: 844 };
    expect(clampPosition(-50, -50, viewport, 60)).toEqual({ x: 12, y: 12 });
    expect(clampPosition(1000, 1000, viewport, 60)).toEqual({ x: 390 - 56 - 12, y: 844 - 56 - 12 - 60 });
    expect(clampPosition(100, 200, viewport, 60)).toEqual({ x: 100, y: 200 });
  });
});

describe('chunk loading', () => {
  it("fails a chunk that never arrives as 'Loading chunk {id} failed' after the timeout", async () => {
    const { withChunkTimeout } = await import('../../src/lib/chunks');
    vi.useFakeTimers();
    const load = withChunkTimeout('FaqPage', () => new Promise(() => undefined), 120_000);
    const result = expect(load()).rejects.toThrow('Loading chunk FaqPage failed');
    await vi.advanceTimersByTimeAsync(120_000);
    await result;
    vi.useRealTimers();
    expect(chunkIdOf('Loading chunk FaqPage failed (timed out)')).toBe('FaqPage');
  });
});
