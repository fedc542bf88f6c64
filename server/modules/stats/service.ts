import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db';
import {
  ATTRIBUTION_RETENTION_DAYS,
  type EventClass,
  FEATURE_EXPERIMENT,
  type FeatureGroup,
  RETENTION_DAYS,
  type Touches,
  type WireEvent,
  looksPersonal,
  manilaDay,
} from '../../../src/contract/events';
import type { StatAnswer } from '../../../src/contract/eventSchemas';
import { partnerFromHost } from '../../../src/lib/partner';
import type { TrackedEvent, TrackingService } from '../../providers/tracking/types';
import { type EventRow, type EventWriter, type Sender, groupOf, pseudonym, rowOf, wilsonInterval } from './model';
import {
  type DayRange,
  type FunnelDimension,
  PostgresEventWriter,
  assignGroup,
  calendarClicks,
  dailyTraffic,
  deleteAttributionsBefore,
  deleteTrackedBefore,
  eventsOfSession,
  dropPartition,
  experimentGroups,
  featureRates,
  funnel,
  insertAttribution,
  markTracked,
  markTrackingFailed,
  necessaryCounts,
  partitionsOf,
  queueForTracking,
  statisticCounts,
  storedCounts,
  topPages,
  trackingCounts,
  unsentForTracking,
} from './repository';

/** Rows written in one statement at most; requests that arrive together share a statement. */
const WRITE_BATCH_MAX_ROWS = 2_000;
/** Events sent to the tracking service in one request. */
const TRACKING_BATCH = 200;
/** The tracking outbox keeps a row this long (past the age at which an event is still accepted). */
const TRACKING_OUTBOX_KEEP_MS = 8 * 86_400_000;

/**
 * Requests that come together are written together: rows wait for the end of the event loop's turn and
 * go in one statement; each request's promise settles when its rows are stored (never earlier: an
 * answer says the events are in the database).
 */
class CoalescingWriter implements EventWriter {
  private pending: { rows: readonly EventRow[]; done: (ids: ReadonlySet<string>) => void; fail: (error: unknown) => void }[] = [];
  private scheduled = false;

  constructor(private readonly inner: EventWriter) {}

  write(rows: readonly EventRow[]): Promise<{ stored: ReadonlySet<string> }> {
    if (rows.length === 0) return Promise.resolve({ stored: new Set() });
    return new Promise((resolve, reject) => {
      this.pending.push({ rows, done: (stored) => resolve({ stored }), fail: reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    while (this.pending.length > 0) {
      const group: typeof this.pending = [];
      let count = 0;
      while (this.pending.length > 0 && (group.length === 0 || count + this.pending[0]!.rows.length <= WRITE_BATCH_MAX_ROWS)) {
        const next = this.pending.shift()!;
        group.push(next);
        count += next.rows.length;
      }
      try {
        const { stored } = await this.inner.write(group.flatMap((entry) => entry.rows));
        for (const entry of group) entry.done(stored);
      } catch (error) {
        for (const entry of group) entry.fail(error);
      }
    }
  }
}

export interface StatsServiceOptions {
  db: Database;
  /** Pseudonyms (device ids, player ids for the tracking service) are keyed with it. */
  secret: string;
  /** Where events go; by default PostgreSQL (stat_events). */
  writer?: EventWriter;
  tracking: TrackingService | undefined;
  clock: () => number;
  log: FastifyBaseLogger;
}

/** What a registration call carried about where the player came from, and the device. */
export interface RegistrationSource {
  acquisition: Record<string, string> | undefined;
  touches: Touches | undefined;
  deviceId: string | undefined;
  domainName: string | undefined;
  /** The device fingerprint token; stored as a keyed hash. */
  fingerprint?: string | undefined;
}

/** The request headers a push event is forwarded with (spec §7 platform, container, package). */
export interface PushContext {
  platform?: string | undefined;
  container?: string | undefined;
  package?: string | undefined;
}

/**
 * Statistics, attribution and experiments (issue 39): events stored once each (by id) in batches,
 * forwarded to the tracking service when they are its kind, experiment groups, registrations'
 * attribution, the operator's reports, and the module's shared jobs (partitions ahead, retention,
 * forwarding).
 */
export class StatsService {
  private readonly writer: CoalescingWriter;
  /** The PostgreSQL writer, when events go to PostgreSQL (its partitions are kept by the jobs). */
  private readonly postgres: PostgresEventWriter | undefined;

  constructor(private readonly options: StatsServiceOptions) {
    this.postgres = options.writer ? undefined : new PostgresEventWriter(options.db);
    this.writer = new CoalescingWriter(options.writer ?? this.postgres!);
  }

  get tracking(): TrackingService | undefined {
    return this.options.tracking;
  }

  /** The stored pseudonym of a device id (the deviceId header): null without one. */
  visitorOf(deviceId: string | undefined): string | null {
    return deviceId ? pseudonym(this.options.secret, 'device', deviceId) : null;
  }

  /**
   * Stores a batch: each event once (a batch sent again is harmless), the optional ones only with the
   * player's consent, the player attached only from the session and only to what was done logged in.
   */
  async ingest(events: readonly WireEvent[], sender: Sender, push: PushContext = {}): Promise<StatAnswer> {
    const now = this.options.clock();
    const rows: EventRow[] = [];
    let refused = 0;
    const seen = new Set<string>();
    for (const event of events) {
      const row = rowOf(event, sender, now);
      if (typeof row === 'string') refused++;
      else if (!seen.has(row.id)) {
        seen.add(row.id);
        rows.push(row);
      }
    }
    const { stored } = await this.writer.write(rows);
    const accepted = rows.filter((row) => stored.has(row.id)).length;
    if (this.options.tracking) await this.queuePushes(rows, push);
    return { accepted, duplicates: events.length - refused - accepted, refused };
  }

  /** Push events are forwarded to the tracking service with the player's id hashed. */
  private async queuePushes(rows: readonly EventRow[], context: PushContext): Promise<void> {
    const entries = rows
      .filter((row) => row.kind === 'push' && row.push)
      .map((row) => {
        const event: TrackedEvent = {
          eventId: row.id,
          ...row.push!,
          eventTime: row.at.toISOString(),
          ...(row.customerId === null
            ? {}
            : { customer_user_id: pseudonym(this.options.secret, 'tracking-player', String(row.customerId)) }),
          ...(context.platform ? { platform: context.platform } : {}),
          ...(context.container ? { container: context.container } : {}),
          ...(context.package ? { package: context.package } : {}),
        };
        return { eventId: row.id, payload: event as unknown as Record<string, unknown> };
      });
    await queueForTracking(this.options.db, entries);
  }

  /** compare/group/assign: the device's group, the same every time (and the first answer kept). */
  async assign(deviceId: string, experiment: string = FEATURE_EXPERIMENT.name): Promise<FeatureGroup> {
    const key = pseudonym(this.options.secret, 'experiment-device', deviceId);
    return (await assignGroup(this.options.db, experiment, key, groupOf(deviceId, experiment))) as FeatureGroup;
  }

  /** The tracking service's attribution id of a device; throws while the service is unavailable. */
  async attributionId(deviceId: string | undefined): Promise<string> {
    const tracking = this.options.tracking;
    if (!tracking) throw new Error('no tracking service');
    return tracking.attributionId(pseudonym(this.options.secret, 'device', deviceId ?? 'unknown'));
  }

  /**
   * Where a registration came from, written in the registration's transaction (so an account never
   * exists without it): the session's parameters, first and last touch, the partner host, the device.
   */
  async recordRegistration(tx: Queryable, customerId: number, source: RegistrationSource): Promise<void> {
    const clean = (params: Record<string, string> | undefined) =>
      Object.fromEntries(Object.entries(params ?? {}).filter(([, value]) => !looksPersonal(value)));
    const touches = source.touches ?? null;
    const scrubbed: Touches | null = touches && {
      first: touches.first && { ...touches.first, params: clean(touches.first.params) },
      last: touches.last && { ...touches.last, params: clean(touches.last.params) },
    };
    await insertAttribution(tx, {
      customerId,
      sessionParams: clean(source.acquisition),
      touches: scrubbed,
      partner: touches?.last?.partner || touches?.first?.partner || (partnerFromHost(source.domainName ?? '') ?? ''),
      visitor: this.visitorOf(source.deviceId),
      fingerprint: source.fingerprint ? pseudonym(this.options.secret, 'fingerprint', source.fingerprint) : null,
      registeredAt: new Date(this.options.clock()),
    });
  }

  // ---- shared jobs

  /** Today's and tomorrow's partitions, made ahead so no write waits for one. */
  async preparePartitions(now: number): Promise<number> {
    if (!this.postgres) return 0;
    const days = [manilaDay(now), manilaDay(now + 86_400_000)];
    for (const eventClass of ['analytics', 'necessary'] as const)
      for (const day of days) await this.postgres.ensurePartition(eventClass, day);
    return days.length * 2;
  }

  /**
   * Retention: each class's days past its limit are dropped whole (a partition, not rows), attribution
   * older than its limit is deleted, and the tracking outbox forgets what it sent long ago.
   */
  async applyRetention(now: number): Promise<{ partitions: string[]; attributions: number; outbox: number }> {
    const dropped: string[] = [];
    if (this.postgres) {
      for (const eventClass of ['analytics', 'necessary'] as EventClass[]) {
        const keepFrom = manilaDay(now - RETENTION_DAYS[eventClass] * 86_400_000);
        for (const partition of await partitionsOf(this.options.db, eventClass)) {
          if (partition.day >= keepFrom) continue;
          await dropPartition(this.options.db, partition.name);
          this.postgres.forget(partition.name);
          dropped.push(partition.name);
        }
      }
    }
    const attributions = await deleteAttributionsBefore(this.options.db, new Date(now - ATTRIBUTION_RETENTION_DAYS * 86_400_000));
    const outbox = await deleteTrackedBefore(this.options.db, new Date(now - TRACKING_OUTBOX_KEEP_MS));
    if (dropped.length > 0) this.options.log.info({ dropped }, 'stats: event partitions past their retention dropped');
    return { partitions: dropped, attributions, outbox };
  }

  /** Sends what waits for the tracking service; a failure leaves it for the next run. */
  async forwardToTracking(now: number): Promise<{ sent: number }> {
    const tracking = this.options.tracking;
    if (!tracking) return { sent: 0 };
    const waiting = await unsentForTracking(this.options.db, TRACKING_BATCH);
    if (waiting.length === 0) return { sent: 0 };
    const ids = waiting.map((entry) => entry.eventId);
    try {
      await tracking.send(waiting.map((entry) => entry.payload as unknown as TrackedEvent));
    } catch (error) {
      await markTrackingFailed(this.options.db, ids);
      this.options.log.warn({ err: error, events: ids.length }, 'stats: the tracking service refused a batch; it goes again');
      return { sent: 0 };
    }
    await markTracked(this.options.db, ids, new Date(now));
    return { sent: ids.length };
  }

  // ---- the operator's view

  traffic(range: DayRange) {
    return Promise.all([dailyTraffic(this.options.db, range), topPages(this.options.db, range)]);
  }

  funnel(range: DayRange, by: FunnelDimension, model: 'first' | 'last') {
    return funnel(this.options.db, range, by, model);
  }

  features(range: DayRange) {
    return Promise.all([
      featureRates(this.options.db, range),
      calendarClicks(this.options.db, range),
      statisticCounts(this.options.db, range),
    ]);
  }

  /** Each group's conversion (exposed devices that registered) with its 95 % Wilson interval. */
  async experiment(range: DayRange, experiment: string = FEATURE_EXPERIMENT.name) {
    const groups = await experimentGroups(this.options.db, experiment, range);
    return groups.map((group) => ({
      ...group,
      rate: group.exposed > 0 ? group.converted / group.exposed : 0,
      interval: wilsonInterval(group.converted, group.exposed),
    }));
  }

  /** The stored events of a page session (the development page's JSON). */
  sessionEvents(sessionId: string) {
    return eventsOfSession(this.options.db, sessionId);
  }

  async housekeeping() {
    const [necessary, stored, tracking] = await Promise.all([
      necessaryCounts(this.options.db, { from: '1970-01-01', to: '9999-12-31' }),
      storedCounts(this.options.db),
      trackingCounts(this.options.db),
    ]);
    return { necessary, stored, tracking };
  }
}
