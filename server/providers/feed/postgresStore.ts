import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { feedState } from '../../db/schema';
import type { FeedStateStore } from './keeper';

/**
 * The feed's state in Postgres: one row per feed, written in one statement. The write is idempotent and
 * versioned: it lands only over an older version, so a repeated or late write changes nothing. When
 * several instances run, only the holder of the 'feed' lease runs and writes the feed (shared.ts); a
 * new leader writes above the version it found.
 */
export function postgresFeedStore(db: Database, writer: string, feed = 'simulator'): FeedStateStore {
  return {
    async load() {
      const [row] = await db
        .select({ version: feedState.version, format: feedState.format, data: feedState.state })
        .from(feedState)
        .where(eq(feedState.feed, feed));
      return row;
    },
    async save({ version, format, data }) {
      await db
        .insert(feedState)
        .values({ feed, version, format, state: data, writer, savedAt: new Date() })
        .onConflictDoUpdate({
          target: feedState.feed,
          set: {
            version: sql`excluded.version`,
            format: sql`excluded.format`,
            state: sql`excluded.state`,
            writer: sql`excluded.writer`,
            savedAt: sql`excluded.saved_at`,
          },
          setWhere: sql`${feedState.version} < excluded.version`,
        });
    },
  };
}
