import type { AcquisitionParam } from './storageKeys';

/**
 * Where a visitor came from and the player's analytics choice (issue 39): the part of the event contract
 * the first screen needs (src/stores/privacy.ts), apart from ./events.ts, which only the event module
 * (loaded after the first paint) and the server use.
 */

/** An acquisition touch is remembered on the device this long (the attribution window). */
export const TOUCH_WINDOW_MS = 30 * 24 * 3_600_000;

/** Where a visitor came from: the acquisition parameters of one link, when, and the partner host. */
export interface Touch {
  params: Partial<Record<AcquisitionParam, string>>;
  at: number;
  /** The partner the app ran under (maya, lazada, glife, viber), or isFrom, or ''. */
  partner: string;
}

/** First touch (the first link in the window) and last touch (the latest), kept on the device. */
export interface Touches {
  first: Touch | null;
  last: Touch | null;
}

/** The player's analytics choice: unset until the first-visit prompt is answered. */
export type AnalyticsConsent = 'unset' | 'granted' | 'denied';
