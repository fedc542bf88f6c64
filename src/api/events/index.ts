import type { StatisticsType } from '../../contract/constants';
import type { NecessaryEventName } from '../../contract/events';
import { session as tabStorage } from '../../lib/storage';
import type { EventEngine } from './engine';

/**
 * What the app and the features record (issue 39), the one door to the event module: each call is a
 * push onto a short list and returns at once, never on the path of a price or a tap. The module itself
 * (engine.ts: IndexedDB, batching, the beacon, IntersectionObserver) is downloaded only when the app
 * starts it after the first paint (src/app: startEvents); what was recorded before waits for it.
 */

/** Where the event module keeps this tab's device fingerprint (fingerprint.ts). */
export const FINGERPRINT_KEY = 'device.fingerprint';

/**
 * The device fingerprint once the event module has computed it (after the first paint), else undefined:
 * the calls that open an account send it when it is there and never wait for it.
 */
export function knownFingerprint(): string | undefined {
  return tabStorage.get<string>(FINGERPRINT_KEY, '') || undefined;
}

type Recorded = (engine: EventEngine) => void;
const early: Recorded[] = [];
let engine: EventEngine | undefined;
let starting: Promise<EventEngine> | undefined;

function record(action: Recorded): void {
  if (engine) action(engine);
  else if (early.length < 500) early.push(action);
}

/** Loads and starts the event module (once); what was recorded before is handed over. */
export function startEvents(): Promise<EventEngine> {
  starting ??= import('./engine').then(({ startEngine }) => {
    const started = startEngine();
    engine = started;
    for (const action of early.splice(0)) action(started);
    return started;
  });
  return starting;
}

export const events = {
  pageView: (pathname: string, route: string) => record((e) => e.pageView(pathname, route)),
  click: (featureId: string, calendarId?: string, name?: string) => record((e) => e.click(featureId, calendarId, name)),
  statistic: (type: StatisticsType, name: string) => record((e) => e.statistic(type, name)),
  experiment: (experiment: string, group: string) => record((e) => e.experiment(experiment, group)),
  /**
   * The device fingerprint is about to be needed (the login dialog opened): computed once per tab when
   * the page is idle, then sent with the calls that open an account (knownFingerprint).
   */
  prepareFingerprint: () => record((e) => e.fingerprint()),
  /** A necessary event (security, fraud, regulatory: always sent, listed to the player). */
  necessary: (name: NecessaryEventName) => record((e) => e.necessary(name)),
  /** The player's analytics choice changed (stores/privacy.ts). */
  consentChanged: () => record((e) => e.consentChanged()),
  /**
   * Watches an element and records its exposure when half of it is on screen (once per session per
   * feature id); the returned function stops watching.
   */
  exposure(element: Element, featureId: string, calendarId?: string): () => void {
    let stop: (() => void) | undefined;
    let cancelled = false;
    record((e) => {
      if (!cancelled) stop = e.exposure(element, featureId, calendarId);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  },
};
