import { createHash } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { trackingSimEvents, trackingSimIds } from '../../db/schema';
import type { TrackedEvent, TrackingService } from './types';

/**
 * The tracking service's simulator (development and tests only): events kept in tracking_sim_events
 * once per event id (as the real service deduplicates), attribution ids issued once per device and
 * kept. `failNext(n)` makes the next n calls fail, as an outage would (the attribution id's backoff,
 * the forwarding job's retries).
 */
export class TrackingSimulator implements TrackingService {
  private failures = 0;

  constructor(private readonly db: Database) {}

  failNext(count: number): void {
    this.failures = count;
  }

  private maybeFail(): void {
    if (this.failures > 0) {
      this.failures--;
      throw new Error('tracking service unavailable (simulated)');
    }
  }

  async send(events: readonly TrackedEvent[]): Promise<void> {
    this.maybeFail();
    if (events.length === 0) return;
    await this.db
      .insert(trackingSimEvents)
      .values(events.map((event) => ({ eventId: event.eventId, payload: { ...event } })))
      .onConflictDoNothing();
  }

  async attributionId(deviceKey: string): Promise<string> {
    this.maybeFail();
    // The service's own id format: 13 digits, a dash, 19 digits (AppsFlyer's web ids look like this).
    const digest = createHash('sha256').update(deviceKey).digest();
    const id = `${digest.readBigUInt64BE(0) % 10_000_000_000_000n}-${digest.readBigUInt64BE(8) % 10_000_000_000_000_000_000n}`;
    await this.db.insert(trackingSimIds).values({ deviceKey, appsFlyerId: id }).onConflictDoNothing();
    return id;
  }

  /** What the service received, newest first (the development page shows it). */
  async received(limit = 20): Promise<{ eventId: string; payload: Record<string, unknown> }[]> {
    return this.db
      .select({ eventId: trackingSimEvents.eventId, payload: trackingSimEvents.payload })
      .from(trackingSimEvents)
      .orderBy(desc(trackingSimEvents.receivedAt))
      .limit(limit);
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(trackingSimEvents);
    return row?.n ?? 0;
  }
}
