/**
 * Data-saver mode (issue 38): when it is on, lists show no pictures, video never starts by itself, prices
 * of rows off screen are told at most once per CONFLATE_OFF_SCREEN_MS, and the header says so. Pure rules,
 * shared by the page (src/stores/dataSaver.ts), its realtime store (src/realtime/mirror.ts) and the server
 * (the first HTML: server/plugins/firstPaint.ts).
 */

/** The player's choice in /settings, kept on the device: 'auto' follows the browser. */
export type DataSaverSetting = 'auto' | 'on' | 'off';
export const DATA_SAVER_SETTINGS: readonly DataSaverSetting[] = ['auto', 'on', 'off'];

export function isDataSaverSetting(value: unknown): value is DataSaverSetting {
  return typeof value === 'string' && (DATA_SAVER_SETTINGS as readonly string[]).includes(value);
}

/** The Network Information API's effective connection types that count as slow (2G and 3G). */
export const SLOW_EFFECTIVE_TYPES: readonly string[] = ['slow-2g', '2g', '3g'];

/** What the browser says of its link (navigator.connection: Chromium and Android WebViews; absent elsewhere). */
export interface ConnectionSignals {
  /** The player asked the browser to save data (it then also sends `Save-Data: on`). */
  saveData?: boolean;
  effectiveType?: string;
}

/** Why the mode is on or off: the settings page says it. */
export type DataSaverReason = 'setting' | 'saveData' | 'slowLink' | 'none';

/** Whether data saver is on, and why: the player's On or Off wins; Auto follows Save-Data and a 2G/3G link. */
export function dataSaverDecision(setting: DataSaverSetting, signals: ConnectionSignals): { on: boolean; reason: DataSaverReason } {
  if (setting !== 'auto') return { on: setting === 'on', reason: 'setting' };
  if (signals.saveData === true) return { on: true, reason: 'saveData' };
  if (SLOW_EFFECTIVE_TYPES.includes(signals.effectiveType ?? '')) return { on: true, reason: 'slowLink' };
  return { on: false, reason: 'none' };
}

export function dataSaverOn(setting: DataSaverSetting, signals: ConnectionSignals): boolean {
  return dataSaverDecision(setting, signals).on;
}

/**
 * The cookie that tells the server the player's own choice ('on' or 'off'; absent for Auto), so the
 * first HTML of the next page already honours it: the setting lives on the device, and a cookie is the
 * part of it a navigation carries.
 */
export const DATA_SAVER_COOKIE = 'panalo_data_saver';

/**
 * The client hints the server asks for (Accept-CH) so a navigation says what the page's Auto reads of
 * navigator.connection: the effective connection type (ECT: slow-2g, 2g, 3g, 4g) and Save-Data. Chromium
 * sends ECT only to secure origins (https, localhost) that asked for it; other browsers send neither, and
 * the page applies Auto itself once it runs.
 */
export const DATA_SAVER_HINTS = ['ECT', 'Save-Data'] as const;

/**
 * The server's view, from a request's headers, with the page's rule (dataSaverDecision): the player's
 * choice in the cookie first, else the browser's `Save-Data: on` or a 2G/3G effective connection (`ECT`).
 */
export function requestSavesData(headers: {
  'save-data'?: string | string[] | undefined;
  ect?: string | string[] | undefined;
  cookie?: string | string[] | undefined;
}): boolean {
  const cookie = String(headers.cookie ?? '');
  const chosen = new RegExp(`(?:^|;\\s*)${DATA_SAVER_COOKIE}=(on|off)(?:;|$)`).exec(cookie)?.[1];
  const header = (value: string | string[] | undefined) =>
    String(value ?? '')
      .trim()
      .toLowerCase();
  return dataSaverOn(chosen === 'on' || chosen === 'off' ? chosen : 'auto', {
    saveData: header(headers['save-data']) === 'on',
    effectiveType: header(headers.ect),
  });
}

/** A row off screen is told of new prices at most this often while data saver is on. */
export const CONFLATE_OFF_SCREEN_MS = 5_000;

/**
 * The conflation rule of a row's price updates: 0 to tell it now, or how long to wait. A row on screen
 * (or with conflation off, `windowMs` 0) is told at once; one off screen at most once per `windowMs`
 * since it was last told (`lastToldAt`, epoch ms; undefined: never).
 */
export function conflationDelay(now: number, lastToldAt: number | undefined, onScreen: boolean, windowMs: number): number {
  if (onScreen || windowMs <= 0 || lastToldAt === undefined) return 0;
  return Math.max(0, lastToldAt + windowMs - now);
}
