import { proxy, subscribe } from 'valtio/vanilla';
import { type AnalyticsConsent, TOUCH_WINDOW_MS, type Touch, type Touches } from '../contract/touches';
import type { AcquisitionParam } from '../contract/storageKeys';
import { local, session as tabStorage } from '../lib/storage';

/**
 * The player's privacy choice and where this device came from (issue 39; the Data Privacy Act of 2012):
 * - `analytics`: the answer to the first-visit prompt, changeable in /settings ('unset' until answered).
 *   With it refused no optional event leaves the device (src/api/events); necessary events always do.
 * - `touches`: the first and the last acquisition link of the attribution window, kept on the device
 *   and sent with a registration (first touch and last touch).
 */
const CONSENT_KEY = 'privacy.analytics';
const TOUCHES_KEY = 'privacy.touches';

const readConsent = (): AnalyticsConsent => {
  const stored = local.get<unknown>(CONSENT_KEY, 'unset');
  return stored === 'granted' || stored === 'denied' ? stored : 'unset';
};

export const privacy = proxy({
  analytics: readConsent(),
  touches: local.get<Touches>(TOUCHES_KEY, { first: null, last: null }),
});

subscribe(privacy, () => {
  local.set(CONSENT_KEY, privacy.analytics);
  local.set(TOUCHES_KEY, privacy.touches);
});

export function chooseAnalytics(choice: 'granted' | 'denied'): void {
  privacy.analytics = choice;
}

/** A link with acquisition parameters: it is the last touch, and the first one if none is in the window. */
export function rememberTouch(params: Partial<Record<AcquisitionParam, string>>, partner: string, now = Date.now()): void {
  // Only values an affiliate's id can be (printable, no spaces): a touch never makes a registration refused.
  const kept = Object.fromEntries(
    Object.entries(params).filter(([, value]) => typeof value === 'string' && /^[\x21-\x7e]{1,200}$/.test(value)),
  );
  if (Object.keys(kept).length === 0) return;
  const touch: Touch = { params: kept, at: now, partner: /^[A-Za-z0-9_.:-]{1,64}$/.test(partner) ? partner : '' };
  const first = privacy.touches.first;
  privacy.touches = { first: first && now - first.at < TOUCH_WINDOW_MS ? first : touch, last: touch };
}

/** The touches still in the window, as a registration carries them (undefined when there are none). */
export function currentTouches(now = Date.now()): Touches | undefined {
  const fresh = (touch: Touch | null) => (touch && now - touch.at < TOUCH_WINDOW_MS ? { ...touch, params: { ...touch.params } } : null);
  const touches = { first: fresh(privacy.touches.first), last: fresh(privacy.touches.last) };
  return touches.first || touches.last ? touches : undefined;
}

const SESSION_TOUCH_KEY = 'privacy.sessionTouch';

/**
 * This tab's visit as a touch, once: the acquisition parameters kept for the session (stores/origin.ts,
 * from the link the visit began with) become the last touch, and the first one if none is in the window.
 * Called by the event module when it starts and before a registration, so a registration in the first
 * seconds carries it too.
 */
export function recordSessionTouch(params: Partial<Record<AcquisitionParam, string>>, partner: string, now = Date.now()): void {
  if (Object.keys(params).length === 0 || tabStorage.get<boolean>(SESSION_TOUCH_KEY, false)) return;
  tabStorage.set(SESSION_TOUCH_KEY, true);
  rememberTouch(params, partner, now);
}
