import { createHash, createHmac } from 'node:crypto';
import {
  EVENT_MAX_AGE_MS,
  EVENT_MAX_AHEAD_MS,
  type EventClass,
  type EventKind,
  FEATURE_EXPERIMENT,
  type FeatureGroup,
  type PushFields,
  type Touch,
  type Touches,
  type WireEvent,
  classOf,
  eventPath,
  looksPersonal,
  manilaDay,
} from '../../../src/contract/events';

/**
 * The stats module's pure rules (issue 39): what an event becomes as a stored row, which events are not
 * kept, how a device is put in an experiment's group, and the interval around a conversion rate.
 */

/** One stored event (a row of stat_events). */
export interface EventRow {
  class: EventClass;
  /** Manila day of `at`, YYYY-MM-DD: the partition. */
  day: string;
  id: string;
  at: Date;
  kind: EventKind;
  name: string | null;
  page: string | null;
  route: string | null;
  featureId: string | null;
  calendarId: string | null;
  statType: number | null;
  experiment: string | null;
  group: string | null;
  sessionId: string | null;
  /** HMAC of the device id (never the id itself). */
  visitor: string | null;
  /** The session's player, for an event made logged in; null otherwise. */
  customerId: number | null;
  partner: string | null;
  touches: Touches | null;
  push: PushFields | null;
}

/**
 * Where events are written. The PostgreSQL writer (repository.ts) inserts a batch in one statement and
 * keeps an event id once; a columnar store (ClickHouse: README "Statistics and experiments") would be
 * another implementation of this interface.
 */
export interface EventWriter {
  /**
   * Writes the rows (an id already stored is skipped); answers the ids this call stored. A store that
   * removes duplicates later (ClickHouse's ReplacingMergeTree) answers every id it took.
   */
  write(rows: readonly EventRow[]): Promise<{ stored: ReadonlySet<string> }>;
}

/** Who sent a batch, as the server knows it (never from the body). */
export interface Sender {
  /** The session's player, when the call came with a logged-in session. */
  customerId: number | null;
  /** HMAC of the deviceId header. */
  visitor: string | null;
  /** The player's analytics choice the batch declares. */
  consent: 'unset' | 'granted' | 'denied';
}

/** Why an event is not kept (counted as refused in the answer, never an error for the whole batch). */
export type Refusal = 'tooOld' | 'ahead' | 'noConsent' | 'incomplete';

/** What a kind needs beyond the schema: an exposure its feature, a statistic its type, an experiment its group. */
function incomplete(event: WireEvent): boolean {
  switch (event.kind) {
    case 'exposure':
    case 'click':
      return !event.featureId && !event.calendarId;
    case 'statistic':
      return event.statType === undefined || !event.name;
    case 'experiment':
      return !event.experiment || !event.group;
    case 'push':
      return !event.push;
    case 'security':
    case 'fraud':
    case 'regulatory':
      return !event.name;
    default:
      return false;
  }
}

/** A token or path that looks like an e-mail address or a phone number is dropped, not stored. */
function scrub(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  return looksPersonal(value) ? null : value;
}

function scrubTouch(touch: Touch | null): Touch | null {
  if (!touch) return null;
  const params: Touch['params'] = {};
  for (const [name, value] of Object.entries(touch.params) as [keyof Touch['params'], string | undefined][]) {
    if (value !== undefined && !looksPersonal(value)) params[name] = value;
  }
  return { params, at: touch.at, partner: touch.partner };
}

/** The stored row of a wire event, or why it is not kept. */
export function rowOf(event: WireEvent, sender: Sender, now: number): EventRow | Refusal {
  const kind = event.kind;
  const eventClass = classOf(kind);
  if (eventClass === 'analytics' && sender.consent !== 'granted') return 'noConsent';
  if (event.at < now - EVENT_MAX_AGE_MS) return 'tooOld';
  if (event.at > now + EVENT_MAX_AHEAD_MS) return 'ahead';
  if (incomplete(event)) return 'incomplete';
  return {
    class: eventClass,
    day: manilaDay(event.at),
    id: event.id.toLowerCase(),
    at: new Date(event.at),
    kind,
    name: scrub(event.name),
    page: event.page === undefined ? null : eventPath(event.page),
    route: scrub(event.route),
    featureId: scrub(event.featureId),
    calendarId: scrub(event.calendarId),
    statType: event.statType ?? null,
    experiment: scrub(event.experiment),
    group: scrub(event.group),
    sessionId: event.session.toLowerCase(),
    visitor: sender.visitor,
    // The player only on what the player did while logged in, and only from the session.
    customerId: event.loggedIn ? sender.customerId : null,
    partner: event.partner === undefined ? null : (scrub(event.partner) ?? ''),
    touches: event.touches ? { first: scrubTouch(event.touches.first), last: scrubTouch(event.touches.last) } : null,
    push: event.push ?? null,
  };
}

/** A keyed hash, hex: the device ids and player ids the stats keep are these, never the ids themselves. */
export function pseudonym(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${value}`).digest('hex').slice(0, 32);
}

/**
 * The experiment group of a device id: deterministic (the same device id, the same group, on every
 * instance and after a restart) and uniform over the groups. The first answer is also stored, so
 * changing the groups later keeps a device where it was.
 */
export function groupOf(deviceId: string, experiment: string = FEATURE_EXPERIMENT.name): FeatureGroup {
  const digest = createHash('sha256').update(`${experiment}:${deviceId}`).digest();
  const groups = FEATURE_EXPERIMENT.groups;
  return groups[digest.readUInt32BE(0) % groups.length]!;
}

/**
 * Wilson score interval of a proportion at 95 % (z = 1.96): the conversion rate's range that a group's
 * few hundred devices support. [0, 0] for no devices.
 */
export function wilsonInterval(successes: number, trials: number, z = 1.96): { low: number; high: number } {
  if (trials <= 0) return { low: 0, high: 0 };
  const p = successes / trials;
  const z2 = z * z;
  const centre = p + z2 / (2 * trials);
  const margin = z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  const denominator = 1 + z2 / trials;
  return { low: Math.max(0, (centre - margin) / denominator), high: Math.min(1, (centre + margin) / denominator) };
}

/** The name of a day's partition of a class: stat_events_analytics_20260718. */
export function partitionName(eventClass: EventClass, day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a day: ${day}`);
  return `stat_events_${eventClass}_${day.replaceAll('-', '')}`;
}

/** The day a partition holds, from its name; undefined for another table. */
export function dayOfPartition(name: string): string | undefined {
  const match = /^stat_events_(?:analytics|necessary)_(\d{4})(\d{2})(\d{2})$/.exec(name);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : undefined;
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
