import { type SQL, and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db';
import { statAssignments, statAttributions, statTrackingOutbox } from '../../db/schema';
import type { EventClass, Touches } from '../../../src/contract/events';
import { type EventRow, type EventWriter, dayOfPartition, nextDay, partitionName } from './model';

/**
 * The stats module's SQL (issue 39): the PostgreSQL event writer and the daily partitions it writes
 * into, experiment assignments, registrations' attribution, the tracking service's outbox, and the
 * operator's reports. Plain SQL the embedded database (PGlite) and PostgreSQL 15 both run.
 */

type Row = Record<string, unknown>;

async function rows<T = Row>(db: Queryable, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const EVENT_COLUMNS = sql.raw(
  'class, day, id, at, kind, name, page, route, feature_id, calendar_id, stat_type, experiment, grp, session_id, visitor, customer_id, partner, touches, push',
);

function valuesOf(row: EventRow): SQL {
  const json = (value: unknown) => (value === null ? sql`NULL` : sql`${JSON.stringify(value)}::jsonb`);
  return sql`(${row.class}, ${row.day}::date, ${row.id}::uuid, ${row.at.toISOString()}::timestamptz, ${row.kind}, ${row.name}, ${row.page}, ${
    row.route
  }, ${row.featureId}, ${row.calendarId}, ${row.statType}::smallint, ${row.experiment}, ${row.group}, ${row.sessionId}, ${row.visitor}, ${
    row.customerId
  }::bigint, ${row.partner}, ${json(row.touches)}, ${json(row.push)})`;
}

/**
 * Events into stat_events: one INSERT per batch, an id already stored skipped (ON CONFLICT DO NOTHING,
 * so a batch sent twice is harmless). Before it, the day partitions the batch needs: known ones from
 * this instance's memory (a cache only: a miss asks the database), new ones created under an advisory
 * lock, so two instances never race on the same CREATE.
 */
export class PostgresEventWriter implements EventWriter {
  private readonly known = new Set<string>();

  constructor(private readonly db: Database) {}

  async write(batch: readonly EventRow[]): Promise<{ stored: ReadonlySet<string> }> {
    if (batch.length === 0) return { stored: new Set() };
    for (const key of new Set(batch.map((row) => `${row.class}|${row.day}`))) {
      const [eventClass, day] = key.split('|') as [EventClass, string];
      await this.ensurePartition(eventClass, day);
    }
    const inserted = await rows<{ id: string }>(
      this.db,
      sql`INSERT INTO stat_events (${EVENT_COLUMNS}) VALUES ${sql.join(batch.map(valuesOf), sql`, `)}
          ON CONFLICT (class, day, id) DO NOTHING RETURNING id`,
    );
    return { stored: new Set(inserted.map((row) => row.id)) };
  }

  /** The partition of a class's day, created if missing. */
  async ensurePartition(eventClass: EventClass, day: string): Promise<void> {
    const name = partitionName(eventClass, day);
    if (this.known.has(name)) return;
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('stat_events partitions'))`);
      const [exists] = await rows(tx, sql`SELECT 1 FROM pg_class WHERE relname = ${name}`);
      if (!exists) {
        await tx.execute(
          sql.raw(`CREATE TABLE ${name} PARTITION OF stat_events_${eventClass} FOR VALUES FROM ('${day}') TO ('${nextDay(day)}')`),
        );
      }
    });
    this.known.add(name);
  }

  /** Forgets a partition (dropped by retention). */
  forget(name: string): void {
    this.known.delete(name);
  }
}

/** The day partitions of a class, oldest first. */
export async function partitionsOf(db: Database, eventClass: EventClass): Promise<{ name: string; day: string }[]> {
  const found = await rows<{ relname: string }>(
    db,
    sql`SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
        WHERE p.relname = ${`stat_events_${eventClass}`}`,
  );
  return found
    .map(({ relname }) => ({ name: relname, day: dayOfPartition(relname) }))
    .filter((p): p is { name: string; day: string } => p.day !== undefined)
    .sort((a, b) => a.day.localeCompare(b.day));
}

export async function dropPartition(db: Database, name: string): Promise<void> {
  if (dayOfPartition(name) === undefined) throw new Error(`not an event partition: ${name}`);
  await db.execute(sql.raw(`DROP TABLE IF EXISTS ${name}`));
}

/** Registrations' attribution older than the limit (the player's own record stays with the account). */
export async function deleteAttributionsBefore(db: Database, before: Date): Promise<number> {
  const deleted = await db
    .delete(statAttributions)
    .where(lt(statAttributions.registeredAt, before))
    .returning({ id: statAttributions.customerId });
  return deleted.length;
}

// ---- experiments

/** Stores a device's group unless it has one; answers the stored group. */
export async function assignGroup(db: Database, experiment: string, deviceKey: string, group: string): Promise<string> {
  await db.insert(statAssignments).values({ experiment, deviceKey, groupName: group }).onConflictDoNothing();
  const [stored] = await db
    .select({ group: statAssignments.groupName })
    .from(statAssignments)
    .where(and(eq(statAssignments.experiment, experiment), eq(statAssignments.deviceKey, deviceKey)));
  return stored?.group ?? group;
}

// ---- attribution

export interface Attribution {
  customerId: number;
  sessionParams: Record<string, string>;
  touches: Touches | null;
  partner: string;
  visitor: string | null;
  fingerprint: string | null;
  registeredAt: Date;
}

/** Written in the registration's own transaction. */
export async function insertAttribution(tx: Queryable, attribution: Attribution): Promise<void> {
  await tx
    .insert(statAttributions)
    .values({
      customerId: attribution.customerId,
      sessionParams: attribution.sessionParams,
      firstTouch: (attribution.touches?.first ?? null) as Record<string, unknown> | null,
      lastTouch: (attribution.touches?.last ?? null) as Record<string, unknown> | null,
      partner: attribution.partner,
      visitor: attribution.visitor,
      fingerprint: attribution.fingerprint,
      registeredAt: attribution.registeredAt,
    })
    .onConflictDoNothing();
}

export async function attributionOf(db: Database, customerId: number) {
  const [row] = await db.select().from(statAttributions).where(eq(statAttributions.customerId, customerId));
  return row;
}

// ---- the tracking service's outbox

export interface OutboxEntry {
  eventId: string;
  payload: Record<string, unknown>;
}

export async function queueForTracking(db: Database, entries: readonly OutboxEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insert(statTrackingOutbox)
    .values(entries.map((e) => ({ eventId: e.eventId, payload: e.payload })))
    .onConflictDoNothing();
}

export async function unsentForTracking(db: Database, limit: number): Promise<OutboxEntry[]> {
  return db
    .select({ eventId: statTrackingOutbox.eventId, payload: statTrackingOutbox.payload })
    .from(statTrackingOutbox)
    .where(isNull(statTrackingOutbox.sentAt))
    .orderBy(statTrackingOutbox.createdAt)
    .limit(limit);
}

export async function markTracked(db: Database, eventIds: readonly string[], at: Date): Promise<void> {
  if (eventIds.length === 0) return;
  await db.execute(sql`UPDATE stat_tracking_outbox SET sent_at = ${at.toISOString()}::timestamptz, attempts = attempts + 1
    WHERE event_id IN (${sql.join(
      eventIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}

export async function markTrackingFailed(db: Database, eventIds: readonly string[]): Promise<void> {
  if (eventIds.length === 0) return;
  await db.execute(
    sql`UPDATE stat_tracking_outbox SET attempts = attempts + 1 WHERE event_id IN (${sql.join(
      eventIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

export async function deleteTrackedBefore(db: Database, before: Date): Promise<number> {
  const gone = await rows(db, sql`DELETE FROM stat_tracking_outbox WHERE created_at < ${before.toISOString()}::timestamptz RETURNING 1`);
  return gone.length;
}

export async function trackingCounts(db: Database): Promise<{ unsent: number; sent: number }> {
  const [row] = await rows<{ unsent: number; sent: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE sent_at IS NULL)::int AS unsent, count(*) FILTER (WHERE sent_at IS NOT NULL)::int AS sent FROM stat_tracking_outbox`,
  );
  return row ?? { unsent: 0, sent: 0 };
}

// ---- the operator's reports

/** A window of Manila days, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

const MANILA = '+08:00';
const startOf = (day: string) => `${day}T00:00:00${MANILA}`;

export interface DailyTraffic {
  day: string;
  pageViews: number;
  visitors: number;
  sessions: number;
}

/** Page views and unique visitors (devices) per day, with the sessions (visits) that launched. */
export async function dailyTraffic(db: Database, range: DayRange): Promise<DailyTraffic[]> {
  return rows<DailyTraffic>(
    db,
    sql`SELECT day::text AS day,
          count(*) FILTER (WHERE kind = 'pageView')::int AS "pageViews",
          count(DISTINCT visitor) FILTER (WHERE kind = 'pageView')::int AS visitors,
          count(DISTINCT session_id) FILTER (WHERE kind = 'launch')::int AS sessions
        FROM stat_events
        WHERE class = 'analytics' AND day BETWEEN ${range.from}::date AND ${range.to}::date
        GROUP BY day ORDER BY day`,
  );
}

export async function topPages(
  db: Database,
  range: DayRange,
  limit = 15,
): Promise<{ page: string; pageViews: number; visitors: number }[]> {
  return rows(
    db,
    sql`SELECT coalesce(route, page, '') AS page, count(*)::int AS "pageViews", count(DISTINCT visitor)::int AS visitors
        FROM stat_events WHERE class = 'analytics' AND kind = 'pageView' AND day BETWEEN ${range.from}::date AND ${range.to}::date
        GROUP BY 1 ORDER BY 2 DESC LIMIT ${limit}`,
  );
}

/** The acquisition dimensions a funnel can be read by. */
export const FUNNEL_DIMENSIONS = ['zoneid', 'subid', 'subid_short', 'clickid', 'reference', 'action', 'visitor_id', 'partner'] as const;
export type FunnelDimension = (typeof FUNNEL_DIMENSIONS)[number];

export interface FunnelRow {
  source: string;
  visits: number;
  visitsWithClickId: number;
  registrations: number;
  registrationsWithClickId: number;
  firstDeposits: number;
  firstBets: number;
}

/**
 * Visit → registration → first deposit → first bet by acquisition source. Visits are the sessions that
 * launched in the window (analytics events: only devices that allowed analytics), each counted under
 * its own last touch; registrations are those of the window, under their first or last touch; a
 * registration's first deposit and first bet count whenever they came (a cohort).
 */
export async function funnel(db: Database, range: DayRange, by: FunnelDimension, model: 'first' | 'last'): Promise<FunnelRow[]> {
  const touch = model === 'first' ? sql.raw('a.first_touch') : sql.raw('a.last_touch');
  const visitSource = by === 'partner' ? sql`coalesce(partner, '')` : sql`coalesce(touches->'last'->'params'->>${by}, '')`;
  const registrationSource = by === 'partner' ? sql`coalesce(a.partner, '')` : sql`coalesce(${touch}->'params'->>${by}, '')`;
  return rows<FunnelRow>(
    db,
    sql`WITH visits AS (
          SELECT ${visitSource} AS source,
            count(DISTINCT session_id)::int AS visits,
            count(DISTINCT session_id) FILTER (WHERE touches->'last'->'params'->>'clickid' IS NOT NULL)::int AS with_click
          FROM stat_events
          WHERE class = 'analytics' AND kind = 'launch' AND day BETWEEN ${range.from}::date AND ${range.to}::date
          GROUP BY 1
        ), registered AS (
          SELECT ${registrationSource} AS source,
            (${touch}->'params'->>'clickid') IS NOT NULL AS with_click,
            c.first_deposit_at IS NOT NULL AS deposited,
            (EXISTS (SELECT 1 FROM bet_tickets t WHERE t.customer_id = a.customer_id AND t.status <> 'reject')
              OR EXISTS (SELECT 1 FROM casino_rounds r WHERE r.customer_id = a.customer_id AND r.bet > 0)) AS bet
          FROM stat_attributions a JOIN customers c ON c.id = a.customer_id
          WHERE a.registered_at >= ${startOf(range.from)}::timestamptz AND a.registered_at < ${startOf(nextDay(range.to))}::timestamptz
        ), registrations AS (
          SELECT source, count(*)::int AS registrations, count(*) FILTER (WHERE with_click)::int AS with_click,
            count(*) FILTER (WHERE deposited)::int AS deposits, count(*) FILTER (WHERE bet)::int AS bets
          FROM registered GROUP BY source
        )
        SELECT coalesce(v.source, r.source) AS source,
          coalesce(v.visits, 0) AS visits, coalesce(v.with_click, 0) AS "visitsWithClickId",
          coalesce(r.registrations, 0) AS registrations, coalesce(r.with_click, 0) AS "registrationsWithClickId",
          coalesce(r.deposits, 0) AS "firstDeposits", coalesce(r.bets, 0) AS "firstBets"
        FROM visits v FULL OUTER JOIN registrations r ON r.source = v.source
        ORDER BY 2 DESC, 4 DESC, 1`,
  );
}

export interface FeatureRow {
  featureId: string;
  exposures: number;
  clicks: number;
  sessionsExposed: number;
  sessionsClicked: number;
}

/** Exposures and clicks per feature id (the spec's batch exposure and clicks, types 60 and 61). */
export async function featureRates(db: Database, range: DayRange): Promise<FeatureRow[]> {
  return rows<FeatureRow>(
    db,
    sql`SELECT feature_id AS "featureId",
          count(*) FILTER (WHERE kind = 'exposure')::int AS exposures,
          count(*) FILTER (WHERE kind = 'click')::int AS clicks,
          count(DISTINCT session_id) FILTER (WHERE kind = 'exposure')::int AS "sessionsExposed",
          count(DISTINCT session_id) FILTER (WHERE kind = 'click')::int AS "sessionsClicked"
        FROM stat_events
        WHERE class = 'analytics' AND kind IN ('exposure', 'click') AND feature_id IS NOT NULL
          AND day BETWEEN ${range.from}::date AND ${range.to}::date
        GROUP BY feature_id ORDER BY exposures DESC, feature_id`,
  );
}

/** Clicks per calendar id (the /sports date tabs), and the typed statistics (59 the floating bet slip). */
export async function calendarClicks(db: Database, range: DayRange): Promise<{ calendarId: string; clicks: number }[]> {
  return rows(
    db,
    sql`SELECT calendar_id AS "calendarId", count(*)::int AS clicks FROM stat_events
        WHERE class = 'analytics' AND kind = 'click' AND calendar_id IS NOT NULL AND day BETWEEN ${range.from}::date AND ${range.to}::date
        GROUP BY 1 ORDER BY 2 DESC LIMIT 30`,
  );
}

export async function statisticCounts(db: Database, range: DayRange): Promise<{ statType: number; name: string; count: number }[]> {
  return rows(
    db,
    sql`SELECT stat_type AS "statType", coalesce(name, '') AS name, count(*)::int AS count FROM stat_events
        WHERE class = 'analytics' AND kind = 'statistic' AND day BETWEEN ${range.from}::date AND ${range.to}::date
        GROUP BY 1, 2 ORDER BY 1, 2`,
  );
}

export interface ExperimentRow {
  group: string;
  assigned: number;
  exposed: number;
  converted: number;
}

/**
 * Each group of an experiment: devices assigned in the window, devices exposed (their first exposure's
 * group), and the exposed devices that registered after their first exposure.
 */
export async function experimentGroups(db: Database, experiment: string, range: DayRange): Promise<ExperimentRow[]> {
  const exposed = await rows<{ group: string; exposed: number; converted: number }>(
    db,
    sql`WITH first_exposure AS (
          SELECT DISTINCT ON (visitor) visitor, grp, at FROM stat_events
          WHERE class = 'analytics' AND kind = 'experiment' AND experiment = ${experiment} AND visitor IS NOT NULL
            AND day BETWEEN ${range.from}::date AND ${range.to}::date
          ORDER BY visitor, at
        )
        SELECT e.grp AS "group", count(DISTINCT e.visitor)::int AS exposed,
          count(DISTINCT e.visitor) FILTER (WHERE a.customer_id IS NOT NULL)::int AS converted
        FROM first_exposure e LEFT JOIN stat_attributions a ON a.visitor = e.visitor AND a.registered_at >= e.at
        GROUP BY e.grp`,
  );
  const assigned = await rows<{ group: string; assigned: number }>(
    db,
    sql`SELECT group_name AS "group", count(*)::int AS assigned FROM stat_assignments
        WHERE experiment = ${experiment} AND assigned_at >= ${startOf(range.from)}::timestamptz
          AND assigned_at < ${startOf(nextDay(range.to))}::timestamptz
        GROUP BY 1`,
  );
  const groups = new Set([...exposed.map((r) => r.group), ...assigned.map((r) => r.group)]);
  return [...groups].sort().map((group) => ({
    group,
    assigned: assigned.find((r) => r.group === group)?.assigned ?? 0,
    exposed: exposed.find((r) => r.group === group)?.exposed ?? 0,
    converted: exposed.find((r) => r.group === group)?.converted ?? 0,
  }));
}

/** The necessary events of the window by kind and name (security, fraud, regulatory). */
export async function necessaryCounts(db: Database, range: DayRange): Promise<{ kind: string; name: string; count: number }[]> {
  return rows(
    db,
    sql`SELECT kind, coalesce(name, '') AS name, count(*)::int AS count FROM stat_events
        WHERE class = 'necessary' AND day BETWEEN ${range.from}::date AND ${range.to}::date
        GROUP BY 1, 2 ORDER BY 1, 2`,
  );
}

/** How many events each class holds, and its oldest day (what retention leaves). */
export async function storedCounts(db: Database): Promise<{ class: string; events: number; oldest: string | null }[]> {
  return rows(db, sql`SELECT class, count(*)::int AS events, min(day)::text AS oldest FROM stat_events GROUP BY class ORDER BY class`);
}

/** The events of one page session, in the order they happened (the development page's JSON; tests). */
export async function eventsOfSession(
  db: Database,
  sessionId: string,
): Promise<
  { id: string; kind: string; page: string | null; route: string | null; featureId: string | null; calendarId: string | null; at: string }[]
> {
  return rows(
    db,
    sql`SELECT id::text AS id, kind, page, route, feature_id AS "featureId", calendar_id AS "calendarId", at::text AS at FROM stat_events WHERE session_id = ${sessionId.toLowerCase()} ORDER BY at, id`,
  );
}
