import { type StatisticsType, STAT_TYPE } from '../../contract/constants';
import { API_PREFIXES } from '../../contract/envelopes';
import {
  type AnalyticsConsent,
  type EventKind,
  FEATURE_EXPERIMENT,
  NECESSARY_EVENTS,
  type NecessaryEventName,
  type WireEvent,
  eventPath,
} from '../../contract/events';
import { headersWithSign, signInputOf } from '../../contract/request';
import { signMessage } from '../../contract/sign';
import { StorageKey } from '../../contract/storageKeys';
import { uuid } from '../../lib/ids';
import { partnerFromHost } from '../../lib/partner';
import { local, session as tabStorage } from '../../lib/storage';
import { timers } from '../../lib/timers';
import { currentTouches, privacy, recordSessionTouch } from '../../stores/privacy';
import { origin } from '../../stores/origin';
import { session } from '../../stores/session';
import { callerOf } from '../client';
// The beacon is signed synchronously (the page is going away): the pure-JS HMAC, in its own chunk with
// this module (contract/sign's computeSign would pull the hash into the entry, which has contract/sign).
import { hmacSha256Hex } from '../signFallback';
import { api, apiEnvironment } from '../instance';
import { fetchWithBackoff } from './attribution';
import { fingerprintOnce, fingerprintWithRetry } from './fingerprint';
import { type EarlyEvent, FINGERPRINT_KEY } from './index';
import { EventPipe, type EventTransport } from './pipe';
import { indexedDbStore } from './store';

/**
 * The page's event module (issue 39), loaded after the first paint (index.ts starts it): it turns what
 * the app records (page views, exposures, clicks, the spec's typed statistics, the first launch of a
 * session, experiment exposures) into events, and hands them to the pipe (pipe.ts), which keeps them in
 * IndexedDB and sends them in batches (stat/batch), or with navigator.sendBeacon as the page is hidden.
 * Events carry no personal data: tokens and paths (numbers in a path masked), never what a person typed.
 */

const SESSION_KEY = 'events.session';
const ONCE_KEY = 'events.once';

/** The tab's session id (a visit) and what was recorded once in it. */
function tabSession(): string {
  let id = tabStorage.get<string>(SESSION_KEY, '');
  if (!id) {
    id = uuid();
    tabStorage.set(SESSION_KEY, id);
  }
  return id;
}

function onceInSession(key: string): boolean {
  const done = tabStorage.get<string[]>(ONCE_KEY, []);
  if (done.includes(key)) return false;
  tabStorage.set(ONCE_KEY, [...done, key].slice(-200));
  return true;
}

const transport: EventTransport = {
  async send(events, consent) {
    await api.call('main', 'stat/batch', { events, consent }, { quiet: true, skipEnrichment: true });
  },
  beacon(events, consent) {
    if (typeof navigator.sendBeacon !== 'function') return false;
    // A beacon carries no headers: the contract's headers and the exact body they sign travel inside it.
    const caller = callerOf(apiEnvironment);
    const body = JSON.stringify({ events, consent });
    const qid = uuid();
    const sign = hmacSha256Hex(caller.appKey, signMessage(signInputOf(body, qid, caller)));
    const headers = headersWithSign(sign, qid, caller);
    const envelope = JSON.stringify({ headers, body });
    return navigator.sendBeacon(`${API_PREFIXES.main}/stat/beacon`, new Blob([envelope], { type: 'application/json' }));
  },
};

export interface EventEngine {
  pageView(pathname: string, route: string): void;
  click(featureId: string, calendarId?: string, name?: string): void;
  statistic(type: StatisticsType, name: string): void;
  exposure(element: Element, featureId: string, calendarId?: string): () => void;
  experiment(experiment: string, group: string): void;
  fingerprint(): void;
  necessary(name: NecessaryEventName): void;
  consentChanged(): void;
  /** What earlier pages of the tab recorded before their module started (index.ts), at their own times. */
  replay(early: readonly EarlyEvent[]): void;
  waiting(): number;
}

export function startEngine(): EventEngine {
  const sessionId = tabSession();
  const pipe = new EventPipe({
    store: indexedDbStore(),
    transport,
    timers,
    consent: () => privacy.analytics as AnalyticsConsent,
    online: () => navigator.onLine,
  });
  const make = (kind: EventKind, fields: Partial<WireEvent> = {}): WireEvent => ({
    id: uuid(),
    at: Date.now(),
    kind,
    session: sessionId,
    loggedIn: Boolean(session.user),
    ...fields,
  });
  const add = (kind: EventKind, fields?: Partial<WireEvent>) => pipe.add(make(kind, fields));
  const exposed = (featureId: string, calendarId: string | undefined, at?: number) => {
    // Seen once per session per feature (and calendar id).
    if (onceInSession(`exposure:${featureId}:${calendarId ?? ''}`))
      add('exposure', { featureId, calendarId, statType: STAT_TYPE.exposure, ...(at === undefined ? {} : { at }) });
  };

  addEventListener('online', () => pipe.onlineAgain());
  addEventListener('pagehide', () => pipe.pageHidden());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') pipe.pageHidden();
  });

  // The first launch of this session (spec §4), with where the visit came from.
  const partner = partnerFromHost(location.hostname) ?? origin.isFrom;
  recordSessionTouch(origin.acquisition, partner);
  if (onceInSession('launch'))
    add('launch', { partner: /^[A-Za-z0-9_.:-]{1,64}$/.test(partner) ? partner : '', touches: currentTouches() });

  // The tracking service's attribution id (spec §9 backoff), once per device, with analytics allowed.
  if (privacy.analytics === 'granted' && !local.get<string>(StorageKey.afUserId, '')) {
    void fetchWithBackoff(
      () => api.call<{ appsFlyerId: string }>('push', 'eventPush/attributionId', {}, { quiet: true, skipEnrichment: true }),
      timers,
      () => privacy.analytics !== 'granted',
    ).then((answer) => answer && local.set(StorageKey.afUserId, answer.appsFlyerId));
  }

  let fingerprinting = false;
  let observer: IntersectionObserver | undefined;
  const watched = new Map<Element, { featureId: string; calendarId?: string | undefined }>();

  return {
    pageView(pathname, route) {
      add('pageView', { page: eventPath(pathname), route });
    },
    click(featureId, calendarId, name) {
      add('click', { featureId, calendarId, name, statType: STAT_TYPE.click });
    },
    statistic(type, name) {
      add('statistic', { statType: type, name, page: eventPath(location.pathname) });
    },
    exposure(element, featureId, calendarId) {
      if (typeof IntersectionObserver !== 'function') return () => undefined;
      observer ??= new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            const seen = watched.get(entry.target);
            observer!.unobserve(entry.target);
            watched.delete(entry.target);
            if (seen) exposed(seen.featureId, seen.calendarId);
          }
        },
        { threshold: 0.5 },
      );
      watched.set(element, { featureId, calendarId });
      observer.observe(element);
      return () => {
        watched.delete(element);
        observer?.unobserve(element);
      };
    },
    experiment(experiment, group) {
      if (onceInSession(`experiment:${experiment}`)) add('experiment', { experiment, group });
    },
    fingerprint() {
      // Once per tab, when the page is idle: the fingerprint is heavy work (canvas, fonts, audio), never
      // done beside live prices or a tap, only where it is needed (fingerprint.ts).
      if (fingerprinting || tabStorage.get<string>(FINGERPRINT_KEY, '')) return;
      fingerprinting = true;
      const compute = () =>
        void fingerprintWithRetry(fingerprintOnce, timers).then((id) => {
          if (!id) return;
          tabStorage.set(FINGERPRINT_KEY, id);
          // That a device check against fraud was made (a necessary event; the fingerprint itself is not in it).
          add('fraud', { name: 'deviceCheck' });
        });
      if (typeof requestIdleCallback === 'function') requestIdleCallback(compute, { timeout: 2_000 });
      else timers.setTimeout(compute, 200);
    },
    necessary(name) {
      const kind = NECESSARY_EVENTS.find((event) => event.name === name)?.kind ?? 'regulatory';
      add(kind, { name });
    },
    consentChanged() {
      pipe.consentChanged();
    },
    replay(early) {
      for (const event of early) {
        // Written by an earlier page of this app in this tab; anything else in the key is skipped.
        if (typeof event !== 'object' || event === null || !Number.isFinite(event.at)) continue;
        const at = Math.min(event.at, Date.now());
        if (event.kind === 'pageView') add('pageView', { at, page: eventPath(event.pathname), route: event.route });
        else if (event.kind === 'click')
          add('click', { at, featureId: event.featureId, calendarId: event.calendarId, name: event.name, statType: STAT_TYPE.click });
        else if (event.kind === 'statistic')
          add('statistic', { at, statType: event.type, name: event.name, page: eventPath(event.pathname) });
        else if (event.kind === 'necessary')
          add(NECESSARY_EVENTS.find((known) => known.name === event.name)?.kind ?? 'regulatory', { at, name: event.name });
        else if (event.kind === 'exposure') exposed(event.featureId, event.calendarId, at);
      }
    },
    waiting: () => pipe.waiting,
  };
}

export { FEATURE_EXPERIMENT };
