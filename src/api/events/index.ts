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

/**
 * What was recorded before the module started, as data: what a page hands to the next when it is left
 * before its module came (a bounce in the first seconds, a link or a full page load that leaves at once),
 * so a landing page's view, the taps on it and what was on screen are not lost with it.
 */
export type EarlyEvent =
  | { kind: 'pageView'; at: number; pathname: string; route: string }
  | { kind: 'click'; at: number; featureId: string; calendarId?: string | undefined; name?: string | undefined }
  | { kind: 'statistic'; at: number; type: StatisticsType; name: string; pathname: string }
  | { kind: 'necessary'; at: number; name: NecessaryEventName }
  | { kind: 'exposure'; at: number; featureId: string; calendarId?: string | undefined };

/** Where a page left its early events for the next page of the tab (sessionStorage). */
export const EARLY_EVENTS_KEY = 'events.early';
const EARLY_MAX = 500;

type Early = { action: Recorded; data?: EarlyEvent; watch?: { element: Element; featureId: string; calendarId?: string | undefined } };
const early: Early[] = [];
let engine: EventEngine | undefined;
let starting: Promise<EventEngine> | undefined;

function record(action: Recorded, data?: EarlyEvent): void {
  if (engine) action(engine);
  else if (early.length < EARLY_MAX) early.push(data ? { action, data } : { action });
}

/** Half of the element on screen now (an exposure's own rule, IntersectionObserver's threshold 0.5). */
function halfOnScreen(element: Element): boolean {
  if (!element.isConnected) return false;
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return false;
  const width = Math.min(box.right, innerWidth) - Math.max(box.left, 0);
  const height = Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
  return width > 0 && height > 0 && width * height >= 0.5 * box.width * box.height;
}

/**
 * The page is hidden or left before the module started: what was recorded moves to the tab's storage
 * (the exposures of what is half on screen now among it) and is sent by the next start in this tab.
 */
function handOverEarly(): void {
  if (engine || early.length === 0) return;
  const now = Date.now();
  const moved: EarlyEvent[] = [];
  for (let i = early.length - 1; i >= 0; i--) {
    const entry = early[i]!;
    const data = entry.data ?? (entry.watch && halfOnScreen(entry.watch.element) ? exposureNow(entry.watch, now) : undefined);
    if (!data) continue;
    moved.unshift(data);
    early.splice(i, 1);
  }
  if (moved.length === 0) return;
  tabStorage.set(EARLY_EVENTS_KEY, [...tabStorage.get<EarlyEvent[]>(EARLY_EVENTS_KEY, []), ...moved].slice(-EARLY_MAX));
}

function exposureNow(watch: NonNullable<Early['watch']>, at: number): EarlyEvent {
  return { kind: 'exposure', at, featureId: watch.featureId, ...(watch.calendarId === undefined ? {} : { calendarId: watch.calendarId }) };
}

if (typeof addEventListener === 'function' && typeof document !== 'undefined') {
  addEventListener('pagehide', handOverEarly);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') handOverEarly();
  });
}

/** Loads and starts the event module (once); what earlier pages left and what was recorded before are handed over. */
export function startEvents(): Promise<EventEngine> {
  starting ??= import('./engine').then(({ startEngine }) => {
    const started = startEngine();
    engine = started;
    const left = tabStorage.get<unknown>(EARLY_EVENTS_KEY, []);
    tabStorage.remove(EARLY_EVENTS_KEY);
    if (Array.isArray(left)) started.replay(left as EarlyEvent[]);
    for (const entry of early.splice(0)) entry.action(started);
    return started;
  });
  return starting;
}

export const events = {
  pageView: (pathname: string, route: string) =>
    record((e) => e.pageView(pathname, route), { kind: 'pageView', at: Date.now(), pathname, route }),
  click: (featureId: string, calendarId?: string, name?: string) =>
    record((e) => e.click(featureId, calendarId, name), { kind: 'click', at: Date.now(), featureId, calendarId, name }),
  statistic: (type: StatisticsType, name: string) =>
    record((e) => e.statistic(type, name), { kind: 'statistic', at: Date.now(), type, name, pathname: location.pathname }),
  experiment: (experiment: string, group: string) => record((e) => e.experiment(experiment, group)),
  /**
   * The device fingerprint is about to be needed (the login dialog opened): computed once per tab when
   * the page is idle, then sent with the calls that open an account (knownFingerprint).
   */
  prepareFingerprint: () => record((e) => e.fingerprint()),
  /** A necessary event (security, fraud, regulatory: always sent, listed to the player). */
  necessary: (name: NecessaryEventName) => record((e) => e.necessary(name), { kind: 'necessary', at: Date.now(), name }),
  /** The player's analytics choice changed (stores/privacy.ts). */
  consentChanged: () => record((e) => e.consentChanged()),
  /**
   * Watches an element and records its exposure when half of it is on screen (once per session per
   * feature id); the returned function stops watching.
   */
  exposure(element: Element, featureId: string, calendarId?: string): () => void {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const action: Recorded = (e) => {
      if (!cancelled) stop = e.exposure(element, featureId, calendarId);
    };
    if (engine) action(engine);
    else if (early.length < EARLY_MAX) early.push({ action, watch: { element, featureId, calendarId } });
    return () => {
      cancelled = true;
      stop?.();
      const waiting = early.findIndex((entry) => entry.action === action);
      if (waiting >= 0) early.splice(waiting, 1);
    };
  },
};
