/**
 * What starting the app costs the main thread (issue 14, goal 2: TBT ≤ 150 ms), for comparing builds side
 * by side on a busy machine: figures, never pass/fail.
 *
 *   node --import tsx tests/bench/startup-cost.ts [--runs 5] [--pages /foryou,/sports,/games/slot,/faq] \
 *     [name=dist-dir ...]
 *
 * Each build (default: this checkout's dist/) is served by this checkout's server/main.ts (DIST_DIR = that
 * build; fresh data dir; 127.0.0.1, ephemeral port, own process group). Debian chromium, a phone's
 * viewport, a fresh context per visit, unthrottled; runs alternate between builds. Each visit records a
 * DevTools trace of its first `--seconds` (default 7) and reads the main thread's tasks by their *thread
 * time* (CPU the renderer's main thread spent, which other processes on the machine barely change, unlike
 * the wall-clock durations Lighthouse reads). From them:
 *  - `tbtX4Ms`: Lighthouse's blocking time as its simulation would count these tasks (each ×4, its CPU
 *    slowdown; the part over 50 ms; tasks after first contentful paint), without its network model;
 *  - `longestX4Ms`: the longest such task ×4; `tasksOver50X4`: how many are over 50 ms ×4;
 *  - `mainThreadMs`: all the main thread's task time in the window.
 * Medians over runs; written to bench-results/startup-cost.{json,md}.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchChromium, PHONE } from './browser';
import { type ServerProcess, startServerProcess } from '../e2e/serverProcess';
import { median, round } from './stats';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

type Figures = { tbtX4Ms: number; longestX4Ms: number; tasksOver50X4: number; mainThreadMs: number };
const FIGURES = ['tbtX4Ms', 'longestX4Ms', 'tasksOver50X4', 'mainThreadMs'] as const;
const CPU_SLOWDOWN = 4;
const BLOCKING_MS = 50;

function args() {
  const argv = process.argv.slice(2);
  let runs = 5;
  let seconds = 7;
  let pages = ['/foryou', '/sports', '/games/slot', '/faq'];
  const builds: { name: string; dist: string }[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--runs') runs = Number(argv[++i]);
    else if (a === '--seconds') seconds = Number(argv[++i]);
    else if (a === '--pages') pages = (argv[++i] ?? '').split(',').map((p) => (p.startsWith('/') ? p : `/${p}`));
    else if (a.includes('=')) {
      const [name = '', dist = ''] = a.split('=');
      builds.push({ name, dist: resolve(dist) });
    } else throw new Error(`unknown argument ${a}`);
  }
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number ≥ 1');
  if (builds.length === 0) builds.push({ name: 'dist', dist: resolve('dist') });
  return { runs, seconds, pages, builds };
}

/** The figures of one trace: the main thread is the one that painted first contentful paint. */
export function startupFigures(events: readonly TraceEvent[]): Figures | undefined {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) return undefined;
  const tasks = events.filter((e) => e.pid === fcp.pid && e.tid === fcp.tid && e.name === 'RunTask' && e.ph === 'X');
  let tbt = 0;
  let longest = 0;
  let over = 0;
  let total = 0;
  for (const task of tasks) {
    const ms = (task.tdur ?? task.dur ?? 0) / 1000;
    total += ms;
    if (task.ts < fcp.ts) continue;
    const slowed = ms * CPU_SLOWDOWN;
    tbt += Math.max(0, slowed - BLOCKING_MS);
    longest = Math.max(longest, slowed);
    if (slowed > BLOCKING_MS) over++;
  }
  return { tbtX4Ms: round(tbt), longestX4Ms: round(longest), tasksOver50X4: over, mainThreadMs: round(total) };
}

async function main() {
  const { runs, seconds, pages, builds } = args();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];
  const results: Record<string, Record<string, Figures[]>> = {};
  const browser = await launchChromium();
  try {
    for (const build of builds) {
      const dataDir = mkdtempSync(join(tmpdir(), 'panalo-bench-startup-'));
      dataDirs.push(dataDir);
      servers.push(await startServerProcess({ DATA_DIR: dataDir, DIST_DIR: build.dist, LOG_LEVEL: 'warn' }, { timeoutMs: 90_000 }));
    }
    // Run 0 warms each server's page caches and is not counted.
    for (let run = 0; run <= runs; run++) {
      for (const path of pages) {
        for (const [index, build] of builds.entries()) {
          const context = await browser.newContext(PHONE);
          try {
            const page = await context.newPage();
            const cdp = await context.newCDPSession(page);
            const events: TraceEvent[] = [];
            cdp.on('Tracing.dataCollected', (message) => {
              events.push(...(message.value as unknown as TraceEvent[]));
            });
            const complete = new Promise<void>((done) => cdp.once('Tracing.tracingComplete', () => done()));
            await cdp.send('Tracing.start', {
              transferMode: 'ReportEvents',
              traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] },
            });
            await page.goto(`${servers[index]!.url}${path}`);
            await page.waitForTimeout(seconds * 1000);
            await cdp.send('Tracing.end');
            await complete;
            const figures = startupFigures(events);
            if (run === 0 || !figures) continue;
            ((results[build.name] ??= {})[path] ??= []).push(figures);
            console.log(`  run ${run} ${path} ${build.name}: ${FIGURES.map((key) => `${key} ${figures[key]}`).join(', ')}`);
          } finally {
            await context.close();
          }
        }
      }
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.stop()));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
  const medians = Object.fromEntries(
    Object.entries(results).map(([name, byPage]) => [
      name,
      Object.fromEntries(
        Object.entries(byPage).map(([path, list]) => [
          path,
          Object.fromEntries(FIGURES.map((key) => [key, round(median(list.map((f) => f[key])))])),
        ]),
      ),
    ]),
  );
  const when = new Date().toISOString();
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(
    'bench-results/startup-cost.json',
    `${JSON.stringify({ when, runs, seconds, builds, medians, perRun: results }, null, 2)}\n`,
  );
  const header = `| page | build | ${FIGURES.join(' | ')} |`;
  const rows = pages.flatMap((path) =>
    builds.map((build) => `| ${path} | ${build.name} | ${FIGURES.map((key) => medians[build.name]?.[path]?.[key] ?? '–').join(' | ')} |`),
  );
  const md = [
    '# Start-up cost on the main thread (tests/bench/startup-cost.ts)',
    '',
    `${when} · median of ${runs} · task thread time, ×${CPU_SLOWDOWN} as Lighthouse's simulation slows the CPU (target TBT ≤ 150 ms)`,
    '',
    header,
    `|---|---|${FIGURES.map(() => '---|').join('')}`,
    ...rows,
    '',
  ].join('\n');
  writeFileSync('bench-results/startup-cost.md', md);
  console.log(`\n${md}\nwritten to ${resolve('bench-results/startup-cost.{json,md}')}`);
}

await main();
