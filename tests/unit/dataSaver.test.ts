import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONFLATE_OFF_SCREEN_MS,
  DATA_SAVER_COOKIE,
  conflationDelay,
  dataSaverDecision,
  dataSaverOn,
  requestSavesData,
} from '../../src/lib/dataSaver';
import { StorageKey } from '../../src/contract/storageKeys';
import { ListMirror } from '../../src/realtime/mirror';
import { market, match } from './feedFixtures';

/** Data-saver mode's decision (issue 38): the browser's signals under Auto, the player's setting over them. */

describe('whether data saver is on', () => {
  it('is on under Auto when the browser asks to save data (Save-Data) and off on a fast link without it', () => {
    expect(dataSaverDecision('auto', { saveData: true, effectiveType: '4g' })).toEqual({ on: true, reason: 'saveData' });
    expect(dataSaverDecision('auto', { saveData: false, effectiveType: '4g' })).toEqual({ on: false, reason: 'none' });
    // A browser without the Network Information API says nothing: the mode stays off.
    expect(dataSaverOn('auto', {})).toBe(false);
  });

  it('is on under Auto on a 2G or 3G effective connection, not on 4G', () => {
    for (const effectiveType of ['slow-2g', '2g', '3g']) {
      expect(dataSaverDecision('auto', { effectiveType }), effectiveType).toEqual({ on: true, reason: 'slowLink' });
    }
    expect(dataSaverOn('auto', { effectiveType: '4g' })).toBe(false);
  });

  it('follows the player’s On or Off over whatever the browser says', () => {
    expect(dataSaverDecision('off', { saveData: true, effectiveType: '2g' })).toEqual({ on: false, reason: 'setting' });
    expect(dataSaverDecision('on', { saveData: false, effectiveType: '4g' })).toEqual({ on: true, reason: 'setting' });
  });
});

describe('the server’s view of a request', () => {
  it('honours Save-Data: on, and the player’s choice in the cookie over it', () => {
    expect(requestSavesData({ 'save-data': 'on' })).toBe(true);
    expect(requestSavesData({ 'save-data': 'On ' })).toBe(true);
    expect(requestSavesData({})).toBe(false);
    expect(requestSavesData({ 'save-data': 'off' })).toBe(false);
    expect(requestSavesData({ 'save-data': 'on', cookie: `a=1; ${DATA_SAVER_COOKIE}=off` })).toBe(false);
    expect(requestSavesData({ cookie: `${DATA_SAVER_COOKIE}=on; b=2` })).toBe(true);
    // Another cookie whose name ends the same is not ours.
    expect(requestSavesData({ cookie: `x${DATA_SAVER_COOKIE}=on` })).toBe(false);
  });

  it('turns on for a 2G/3G effective connection (the ECT client hint), unless the player chose Off', () => {
    for (const ect of ['slow-2g', '2g', '3g', ' 3G ']) expect(requestSavesData({ ect })).toBe(true);
    expect(requestSavesData({ ect: '4g' })).toBe(false);
    expect(requestSavesData({ ect: '3g', cookie: `${DATA_SAVER_COOKIE}=off` })).toBe(false);
    expect(requestSavesData({ ect: '4g', cookie: `${DATA_SAVER_COOKIE}=on` })).toBe(true);
  });
});

describe('the conflation rule of a row’s prices', () => {
  it('tells a row on screen at once, and one off screen at most once per five seconds', () => {
    const now = 100_000;
    expect(conflationDelay(now, now - 10, true, CONFLATE_OFF_SCREEN_MS)).toBe(0);
    expect(conflationDelay(now, undefined, false, CONFLATE_OFF_SCREEN_MS)).toBe(0);
    expect(conflationDelay(now, now - 1_000, false, CONFLATE_OFF_SCREEN_MS)).toBe(4_000);
    expect(conflationDelay(now, now - 5_000, false, CONFLATE_OFF_SCREEN_MS)).toBe(0);
    // Conflation off (data saver off): every change at once.
    expect(conflationDelay(now, now - 1, false, 0)).toBe(0);
  });
});

describe('the data-saver store', () => {
  afterEach(() => {
    vi.resetModules();
    vi.unstubAllGlobals();
    localStorage.clear();
    document.cookie = `${DATA_SAVER_COOKIE}=; Max-Age=0; Path=/`;
  });

  function connection(signals: { saveData?: boolean; effectiveType?: string }) {
    const target = new EventTarget();
    return Object.assign(target, signals);
  }

  it('turns on under Auto when the link drops to 3G, and the player’s Off (kept on the device, told to the server) wins', async () => {
    const link = connection({ saveData: false, effectiveType: '4g' });
    vi.stubGlobal('navigator', { ...navigator, connection: link });
    const { dataSaver, chooseDataSaver } = await import('../../src/stores/dataSaver');
    expect(dataSaver.on).toBe(false);

    link.effectiveType = '3g';
    link.dispatchEvent(new Event('change'));
    expect(dataSaver).toMatchObject({ on: true, reason: 'slowLink' });

    chooseDataSaver('off');
    await Promise.resolve();
    expect(dataSaver).toMatchObject({ setting: 'off', on: false });
    expect(localStorage.getItem(StorageKey.dataSaver)).toBe('"off"');
    expect(document.cookie).toContain(`${DATA_SAVER_COOKIE}=off`);

    chooseDataSaver('auto');
    await Promise.resolve();
    expect(dataSaver).toMatchObject({ setting: 'auto', on: true });
    expect(document.cookie).not.toContain(DATA_SAVER_COOKIE);
  });

  it('starts from the setting kept on the device', async () => {
    localStorage.setItem(StorageKey.dataSaver, '"on"');
    vi.stubGlobal('navigator', { ...navigator, connection: connection({ effectiveType: '4g' }) });
    const { dataSaver } = await import('../../src/stores/dataSaver');
    expect(dataSaver).toMatchObject({ setting: 'on', on: true, reason: 'setting' });
  });
});

describe('a list’s prices with data saver’s conflation (ListMirror)', () => {
  afterEach(() => vi.useRealTimers());

  function list() {
    const mirror = new ListMirror();
    mirror.apply({
      reset: true,
      status: 'live',
      matches: [match('m1'), match('m2')],
      markets: [market('k1', 'm1', 1.9), market('k2', 'm2', 1.9)],
      order: ['m1', 'm2'],
    });
    const told = { m1: 0, m2: 0 };
    mirror.subscribeRow('m1', () => told.m1++);
    mirror.subscribeRow('m2', () => told.m2++);
    const price = (matchId: string) => mirror.getRow(matchId)?.markets[0]?.selections[0]?.price;
    const move = (marketId: string, matchId: string, to: number) =>
      mirror.apply({ status: 'live', markets: [market(marketId, matchId, to)] });
    return { mirror, told, price, move };
  }

  it('tells a row off screen at most once per five seconds, with the latest price; a row on screen every change', () => {
    vi.useFakeTimers();
    const { mirror, told, price, move } = list();
    mirror.setConflation(CONFLATE_OFF_SCREEN_MS);
    const m1 = mirror.watchOnScreen('m1');
    m1.report(false);
    mirror.watchOnScreen('m2').report(true);

    move('k1', 'm1', 2.0); // the first change of the window: at once
    expect(told.m1).toBe(1);
    expect(price('m1')).toBe(2.0);
    for (const [i, to] of [2.1, 2.2, 2.3, 2.4].entries()) {
      vi.advanceTimersByTime(1_000);
      move('k1', 'm1', to);
      move('k2', 'm2', to);
      expect(told.m2, `on screen, change ${i}`).toBe(i + 1);
      expect(price('m2')).toBe(to);
    }
    // Four more changes in four seconds: none told yet, and the row still reads what it showed.
    expect(told.m1).toBe(1);
    expect(price('m1')).toBe(2.0);
    // A pick still reads the price of now.
    expect(mirror.findSelection('k1', 'h')?.selection.price).toBe(2.4);
    vi.advanceTimersByTime(1_000);
    expect(told.m1).toBe(2);
    expect(price('m1')).toBe(2.4);
  });

  it('tells a held row at once when it comes on screen, and every held row when data saver goes off', () => {
    vi.useFakeTimers();
    const { mirror, told, price, move } = list();
    mirror.setConflation(CONFLATE_OFF_SCREEN_MS);
    const m1 = mirror.watchOnScreen('m1');
    const m2 = mirror.watchOnScreen('m2');
    m1.report(false);
    m2.report(false);
    move('k1', 'm1', 2.0);
    move('k2', 'm2', 2.0);
    move('k1', 'm1', 2.1);
    move('k2', 'm2', 2.1);
    expect(told).toEqual({ m1: 1, m2: 1 });

    vi.advanceTimersByTime(100);
    m1.report(true); // scrolled into view
    expect(told.m1).toBe(2);
    expect(price('m1')).toBe(2.1);
    expect(price('m2')).toBe(2.0);

    mirror.setConflation(0);
    expect(told.m2).toBe(2);
    expect(price('m2')).toBe(2.1);
    move('k2', 'm2', 2.2);
    expect(told.m2).toBe(3);
  });

  it('counts a match shown twice as on screen while either element is', () => {
    vi.useFakeTimers();
    const { mirror, told, move } = list();
    mirror.setConflation(CONFLATE_OFF_SCREEN_MS);
    const card = mirror.watchOnScreen('m1');
    const row = mirror.watchOnScreen('m1');
    card.report(true);
    row.report(false);
    move('k1', 'm1', 2.0);
    move('k1', 'm1', 2.1);
    expect(told.m1).toBe(2);
    card.report(false);
    move('k1', 'm1', 2.2);
    expect(told.m1).toBe(2);
    card.stop(); // the card scrolled away and unmounted; the row is still off screen
    expect(told.m1).toBe(2);
    row.stop(); // nothing watched any more: told at once
    expect(told.m1).toBe(3);
  });
});
