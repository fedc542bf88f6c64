import { ATTRIBUTION_FETCH, type StatisticsType } from './constants';
import type { Touches } from './touches';

export { type AnalyticsConsent, TOUCH_WINDOW_MS, type Touch, type Touches } from './touches';
export { FEATURE_ID } from './featureIds';

/**
 * Statistics, attribution and experiments (spec §2, §3, §7, §9; issue 39): what an event is, which
 * events are necessary and which optional, how long each is kept, and the rules both the page's event
 * module (src/events) and the server's stats module apply. No zod here: the page's event module loads
 * none (the schemas are ./eventSchemas.ts).
 */

/** Events that need no consent: what the law and the safety of the service require (listed to the player). */
export const NECESSARY_KINDS = ['security', 'fraud', 'regulatory'] as const;
/** Events sent only with the player's consent to analytics. */
export const ANALYTICS_KINDS = ['launch', 'pageView', 'exposure', 'click', 'statistic', 'experiment', 'push'] as const;
export const EVENT_KINDS = [...NECESSARY_KINDS, ...ANALYTICS_KINDS] as const;
export type NecessaryKind = (typeof NECESSARY_KINDS)[number];
export type AnalyticsKind = (typeof ANALYTICS_KINDS)[number];
export type EventKind = (typeof EVENT_KINDS)[number];
export type EventClass = 'necessary' | 'analytics';

export function classOf(kind: EventKind): EventClass {
  return (NECESSARY_KINDS as readonly string[]).includes(kind) ? 'necessary' : 'analytics';
}

/**
 * The necessary events, each with its purpose, as the consent prompt and /settings list them. Their
 * names are the `name` of the event of that kind.
 */
export const NECESSARY_EVENTS = [
  { kind: 'regulatory', name: 'consentChoice', purpose: 'regulatory' },
  { kind: 'regulatory', name: 'ageRefused', purpose: 'regulatory' },
  { kind: 'security', name: 'sessionEnded', purpose: 'security' },
  { kind: 'fraud', name: 'deviceCheck', purpose: 'fraud' },
] as const;
export type NecessaryEventName = (typeof NECESSARY_EVENTS)[number]['name'];

/** How long events are kept (days), by class: then their daily partitions are dropped. */
export const RETENTION_DAYS: Record<EventClass, number> = { analytics: 90, necessary: 365 };
/** How long a registration's attribution (first and last touch) is kept after the registration. */
export const ATTRIBUTION_RETENTION_DAYS = 730;
/** An event older than this is no longer accepted (the device kept it offline too long). */
export const EVENT_MAX_AGE_MS = 7 * 24 * 3_600_000;
/** Clock skew allowed on an event's time. */
export const EVENT_MAX_AHEAD_MS = 10 * 60_000;
/** At most this many events in one batch. */
export const EVENT_BATCH_MAX = 200;
/** The page sends batches of at most this many events. */
export const EVENT_BATCH_SIZE = 50;

/** Days are Manila days (UTC+8, no daylight saving): what an operator in Manila reads as "today". */
const MANILA_OFFSET_MS = 8 * 3_600_000;
export function manilaDay(at: number): string {
  return new Date(at + MANILA_OFFSET_MS).toISOString().slice(0, 10);
}

/** An event as the page sends it (stat/batch). Texts are tokens, never free text a person typed. */
export interface WireEvent {
  id: string;
  /** When it happened, epoch ms (the device's clock). */
  at: number;
  kind: EventKind;
  /** The page's session (a tab's life): visits are counted by it. */
  session: string;
  /** Made while a player was logged in: only then does the server attach the session's player. */
  loggedIn: boolean;
  name?: string | undefined;
  page?: string | undefined;
  route?: string | undefined;
  featureId?: string | undefined;
  calendarId?: string | undefined;
  statType?: StatisticsType | undefined;
  experiment?: string | undefined;
  group?: string | undefined;
  /** launch and push: the partner host. */
  partner?: string | undefined;
  /** launch: where this visit came from. */
  touches?: Touches | undefined;
  /** push: what the tracking service takes (spec §7 /eventPush/push). */
  push?: PushFields | undefined;
}

/** The fields of spec §7's /eventPush/push, but the player's id (the server adds its hash from the session). */
export interface PushFields {
  appsFlyerId?: string | undefined;
  eventName: string;
  eventType?: string | undefined;
  eventValue?: string | undefined;
  bizType?: string | undefined;
}

/** An experiment and its groups (spec §2: /feature is an A/B/C page chosen by group name). */
export const FEATURE_EXPERIMENT = { name: 'feature', groups: ['A', 'B', 'C'] } as const;
export type FeatureGroup = (typeof FEATURE_EXPERIMENT.groups)[number];

/**
 * The device id of compare/group/assign (spec §7): the screen's size and the client's address, as the
 * page knows them ('390x844x3@203.0.113.7').
 */
export function experimentDeviceId(screen: { width: number; height: number; pixelRatio: number }, clientIp: string): string {
  const ratio = Math.round(screen.pixelRatio * 100) / 100;
  return `${Math.round(screen.width)}x${Math.round(screen.height)}x${ratio}@${clientIp || 'unknown'}`;
}

/**
 * A path as events carry it: no query or fragment, and a run of 6+ digits (an id, a phone number typed
 * into an address) replaced with ':n', so no event carries a number a person could be found by.
 */
export function eventPath(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '';
  return path.replace(/\d{6,}/g, ':n').slice(0, 200) || '/';
}

/** Text that looks like a person's e-mail address or phone number: never kept in an event. */
export function looksPersonal(value: string): boolean {
  return /@/.test(value) || /(\+?63|0)9\d{9}/.test(value.replace(/[\s-]/g, '')) || /\d{10,}/.test(value);
}

/**
 * The attribution id fetch of spec §9: at most 10 attempts, backoff 600 ms × 2ⁿ capped at 480,000 ms,
 * the first failure falling through at once. Read here as: the wait before attempt k+1 after k failures
 * is 0 after the first failure (it falls through to the next attempt at once) and 600 × 2^(k−2) ms after
 * the k-th (k ≥ 2), never more than 480,000 ms. Undefined once the attempts are spent.
 */
export function attributionRetryDelay(failures: number): number | undefined {
  const { maxAttempts, baseDelayMs, maxDelayMs } = ATTRIBUTION_FETCH;
  if (failures >= maxAttempts) return undefined;
  if (failures <= 1) return 0;
  return Math.min(baseDelayMs * 2 ** (failures - 2), maxDelayMs);
}
