import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import { openDatabase } from '../../server/db';
import { postgresFeedStore } from '../../server/providers/feed/postgresStore';
import { createFeedSimulator } from '../../server/providers/feed/simulator';
import { FEED_STATE_FORMAT, parseFeedState } from '../../server/providers/feed/snapshot';

/**
 * What keeping the feed costs for the default feed (10 sports × 30 matches, 60 price changes a second):
 * the size of its stored state, the time of a save (serialize on the main thread, gzip off it, write)
 * into embedded PGlite or, with DATABASE_URL, PostgreSQL, and the time of a restore and a 10-minute
 * catch-up. `node --import tsx tests/bench/feed-state.ts`
 */

const SAVES = 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;

const dataDir = mkdtempSync(join(tmpdir(), 'panalo-feed-state-'));
const url = process.env['DATABASE_URL'];
const handle = await openDatabase(url ? { url } : { dataDir });
const store = postgresFeedStore(handle.db, 'bench', `bench-${process.pid}`);
const feed = createFeedSimulator({ seed: 20_261_120, priceChangesPerSecond: 60, now: () => Date.UTC(2026, 10, 23, 4) });
feed.step(60_000);

const runs: { json: number; gzip: number; serialize: number; compress: number; write: number; total: number }[] = [];
for (let version = 1; version <= SAVES; version++) {
  feed.step(5_000);
  const start = performance.now();
  const text = JSON.stringify(feed.exportState());
  const serialized = performance.now();
  const data = await promisify(gzip)(text);
  const compressed = performance.now();
  await store.save({ version, format: FEED_STATE_FORMAT, data });
  const written = performance.now();
  runs.push({
    json: text.length,
    gzip: data.length,
    serialize: serialized - start,
    compress: compressed - serialized,
    write: written - compressed,
    total: written - start,
  });
}

const stored = (await store.load())!;
const restoreStart = performance.now();
const parsed = parseFeedState(gunzipSync(stored.data).toString('utf8'));
if (!('state' in parsed)) throw new Error(parsed.reason);
const restored = createFeedSimulator({}, { state: parsed.state });
const restoreMs = performance.now() - restoreStart;
const catchUpStart = performance.now();
restored.catchUp(restored.now() + 10 * 60_000);
const catchUpMs = performance.now() - catchUpStart;

console.log(`feed state on ${url ? 'PostgreSQL' : 'PGlite'}, median of ${SAVES} saves:`);
console.log(
  `  size        ${(median(runs.map((r) => r.json)) / 1e6).toFixed(2)} MB JSON, ${(median(runs.map((r) => r.gzip)) / 1e3).toFixed(0)} KB stored (gzip)`,
);
console.log(`  serialize   ${ms(median(runs.map((r) => r.serialize)))} (main thread)`);
console.log(`  gzip        ${ms(median(runs.map((r) => r.compress)))} (thread pool)`);
console.log(`  write       ${ms(median(runs.map((r) => r.write)))} (slowest total ${ms(Math.max(...runs.map((r) => r.total)))})`);
console.log(`  save        ${ms(median(runs.map((r) => r.total)))}`);
console.log(`  restore     ${ms(restoreMs)} (gunzip, parse, rebuild)`);
console.log(`  catch-up    ${ms(catchUpMs)} (10 minutes of downtime played)`);

const figures = {
  database: url ? 'postgres' : 'pglite',
  saves: SAVES,
  jsonBytes: median(runs.map((r) => r.json)),
  storedBytes: median(runs.map((r) => r.gzip)),
  medianMs: {
    serialize: median(runs.map((r) => r.serialize)),
    gzip: median(runs.map((r) => r.compress)),
    write: median(runs.map((r) => r.write)),
    save: median(runs.map((r) => r.total)),
  },
  slowestSaveMs: Math.max(...runs.map((r) => r.total)),
  restoreMs,
  catchUp10MinMs: catchUpMs,
};
mkdirSync('bench-results', { recursive: true });
writeFileSync(join('bench-results', `feed-state-${figures.database}.json`), `${JSON.stringify(figures, null, 2)}\n`);

await handle.close();
rmSync(dataDir, { recursive: true, force: true });
