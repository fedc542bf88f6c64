/**
 * What starting the app costs the main thread (issue 14, goal 2: TBT ≤ 150 ms), for comparing builds side
 * by side on a busy machine: figures, never pass/fail.
 *
 *   node --import tsx tests/bench/startup-cost.ts [--runs 5] [--pages /foryou,/sports,/games/slot,/faq] \
 *     [name=dist-dir ...]
 *
 * Each build (default: this checkout's dist/) is served by this checkout's server/main.ts (DIST_DIR = that
 * build; fresh data dir; 127.0.0.1, ephemeral port, own process group). Debian chromium through a raw
 * DevTools connection (tests/bench/cdp.ts), a phone's viewport, a fresh browser context per visit,
 * unthrottled; runs alternate between builds. Each visit records a DevTools trace of its first `--seconds`
 * (default 7) and reads the main thread's tasks by their *thread time* (CPU the renderer's main thread
 * spent, which other processes on the machine barely change, unlike the wall-clock durations Lighthouse
 * reads). From them:
 *  - `tbtX4Ms`: Lighthouse's blocking time as its simulation would count these tasks (each ×4, its CPU
 *    slowdown; the part over 50 ms; tasks after first contentful paint), without its network model;
 *  - `longestX4Ms`: the longest such task ×4; `tasksOver50X4`: how many are over 50 ms ×4;
 *  - `mainThreadMs`: all the main thread's task time in the window.
 *
 * Every page is visited two ways (`mode`):
 *  - `phone`: only tracing, as a player's phone runs the page;
 *  - `devtools`: DevTools' Runtime domain enabled as well, as Lighthouse and Playwright do. While it is
 *    on, V8 records a detailed stack trace (line and column of every frame) for every Error created, in
 *    case it goes uncaught; the first time a function is on such a stack V8 parses it again for its
 *    source positions. react-dom creates its Errors while the entry evaluates, so the whole entry chunk
 *    is parsed again inside that task. The difference between the two modes is what DevTools adds.
 * Medians over runs; written to bench-results/startup-cost.{json,md}.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CdpConnection, startChromium } from './cdp';
import { emulatePhone } from './browser';
import { type ServerProcess, startServerProcess } from '../e2e/serverProcess';
import { median, round, sleep } from './stats';
import { CPU_SLOWDOWN, type Figures, type TraceEvent, startupFigures } from './threadTime';

const FIGURES = ['tbtX4Ms', 'longestX4Ms', 'tasksOver50X4', 'mainThreadMs'] as const;

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

const MODES = ['phone', 'devtools'] as const;
type Mode = (typeof MODES)[number];

/** One cold visit in a fresh browser context, traced for `seconds`: the trace's events. */
async function visit(cdp: CdpConnection, url: string, mode: Mode, seconds: number): Promise<TraceEvent[]> {
  const { browserContextId } = (await cdp.send('Target.createBrowserContext')) as { browserContextId: string };
  try {
    const { targetId } = (await cdp.send('Target.createTarget', { url: 'about:blank', browserContextId })) as { targetId: string };
    const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
    await emulatePhone((method, params) => cdp.send(method, params, sessionId));
    if (mode === 'devtools') await cdp.send('Runtime.enable', {}, sessionId);
    const events: TraceEvent[] = [];
    let complete!: () => void;
    const completed = new Promise<void>((done) => (complete = done));
    const off = cdp.on((message) => {
      if (message.sessionId !== sessionId) return;
      if (message.method === 'Tracing.dataCollected') events.push(...((message.params?.['value'] ?? []) as TraceEvent[]));
      else if (message.method === 'Tracing.tracingComplete') complete();
    });
    try {
      await cdp.send(
        'Tracing.start',
        {
          transferMode: 'ReportEvents',
          traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] },
        },
        sessionId,
      );
      await cdp.send('Page.navigate', { url }, sessionId);
      await sleep(seconds * 1000);
      await cdp.send('Tracing.end', {}, sessionId);
      await completed;
    } finally {
      off();
    }
    return events;
  } finally {
    await cdp.send('Target.disposeBrowserContext', { browserContextId });
  }
}

async function main() {
  const { runs, seconds, pages, builds } = args();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];
  const results: Record<string, Record<Mode, Record<string, Figures[]>>> = {};
  const chrome = await startChromium();
  let cdp: CdpConnection | undefined;
  try {
    cdp = await CdpConnection.open(chrome.wsUrl);
    for (const build of builds) {
      const dataDir = mkdtempSync(join(tmpdir(), 'panalo-bench-startup-'));
      dataDirs.push(dataDir);
      servers.push(await startServerProcess({ DATA_DIR: dataDir, DIST_DIR: build.dist, LOG_LEVEL: 'warn' }, { timeoutMs: 90_000 }));
    }
    // Run 0 warms each server's page caches and is not counted.
    for (let run = 0; run <= runs; run++) {
      for (const path of pages) {
        for (const mode of MODES) {
          for (const [index, build] of builds.entries()) {
            const figures = startupFigures(await visit(cdp, `${servers[index]!.url}${path}`, mode, seconds));
            if (run === 0 || !figures) continue;
            (((results[build.name] ??= { phone: {}, devtools: {} })[mode] ??= {})[path] ??= []).push(figures);
            console.log(`  run ${run} ${path} ${build.name} ${mode}: ${FIGURES.map((key) => `${key} ${figures[key]}`).join(', ')}`);
          }
        }
      }
    }
  } finally {
    cdp?.close();
    await chrome.stop();
    await Promise.all(servers.map((server) => server.stop()));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
  const medianOf = (list: Figures[]) => Object.fromEntries(FIGURES.map((key) => [key, round(median(list.map((f) => f[key])))]));
  const medians = Object.fromEntries(
    Object.entries(results).map(([name, byMode]) => [
      name,
      Object.fromEntries(
        MODES.map((mode) => [mode, Object.fromEntries(Object.entries(byMode[mode]).map(([path, list]) => [path, medianOf(list)]))]),
      ),
    ]),
  ) as Record<string, Record<Mode, Record<string, Record<string, number>>>>;
  const when = new Date().toISOString();
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(
    'bench-results/startup-cost.json',
    `${JSON.stringify({ when, runs, seconds, builds, modes: MODES, medians, perRun: results }, null, 2)}\n`,
  );
  const header = `| page | build | mode | ${FIGURES.join(' | ')} |`;
  const rows = pages.flatMap((path) =>
    builds.flatMap((build) =>
      MODES.map(
        (mode) =>
          `| ${path} | ${build.name} | ${mode} | ${FIGURES.map((key) => medians[build.name]?.[mode]?.[path]?.[key] ?? '–').join(' | ')} |`,
      ),
    ),
  );
  const md = [
    '# Start-up cost on the main thread (tests/bench/startup-cost.ts)',
    '',
    `${when} · median of ${runs} · task thread time, ×${CPU_SLOWDOWN} as Lighthouse's simulation slows the CPU (target TBT ≤ 150 ms) · phone: traced only; devtools: DevTools' Runtime domain on too, as in Lighthouse`,
    '',
    header,
    `|---|---|---|${FIGURES.map(() => '---|').join('')}`,
    ...rows,
    '',
  ].join('\n');
  writeFileSync('bench-results/startup-cost.md', md);
  console.log(`\n${md}\nwritten to ${resolve('bench-results/startup-cost.{json,md}')}`);
}

await main();
