/**
 * Lighthouse 13, mobile, performance category only (issue 14, goal 2; issue 31, goal 2: ten pages), for
 * `npm run bench`: figures, never pass/fail; the targets are printed beside them. Prints a table and
 * writes bench-results/lighthouse.json and .md in the current directory.
 *
 * It measures the checkout it is run from: `dist/` (run `npm run build` first) served by
 * `server/main.ts` of the current directory (default feed, fresh data dir, 127.0.0.1 on an ephemeral
 * port, its own process group). Another checkout:
 *   cd /path/to/checkout && npm run build && node --import tsx /work/wt/bench/tests/bench/lighthouse.ts
 * Options: `--runs N` (default 3), `--pages /foryou,player:/account,…` (default the ten of DEFAULT_PAGES;
 * `player:` audits the page as the demo player, /liveSportGameV3 opens a live match of the feed),
 * `--keep` (also write each audit's whole report to bench-results/lighthouse/, to read its diagnostics).
 *
 * As the player: the demo player logs in once through the login dialog (tests/bench/player.ts); before
 * each of those audits the session the app stored is written into the fresh profile's localStorage (from
 * a tab on /healthz, which loads nothing of the app) and Lighthouse runs without its storage reset, which
 * would clear it: the profile is new, so the caches are as empty as a reset leaves them.
 *
 * The `lighthouse` package (its engines field asks for Node 22; it runs on this Node 20) drives Debian's
 * chromium (headless, the flags of tests/e2e/chromium.ts, a fresh profile per audit) through its
 * DevTools port, with Lighthouse's default settings: mobile form factor and screen (Moto G Power),
 * simulated throttling (150 ms RTT, 1.6 Mbps, CPU ×4: Lantern estimates from an unthrottled load), a
 * storage reset before each audit, i.e. a cold visit. Runs alternate between pages so the machine's noise
 * spreads over all of them; the figures are medians. TBT in particular scales with what else the machine
 * runs while the audit records, so compare two checkouts measured side by side; `benchmarkIndex` is
 * Lighthouse's own measure of the machine's speed during the audit (lower = slower), `ttiMs` and
 * `mainThreadMs` say how long the page kept the main thread busy (a page whose live prices never let
 * it go quiet accumulates TBT until Lighthouse stops waiting). `tbtThreadX4Ms` reads the same audit's
 * trace by thread time instead (tests/bench/threadTime.ts): the blocking time of the page's own work, ×4,
 * without the delays other processes add on this machine (Lighthouse reads wall-clock durations, which
 * on a 2-core VM run 2–10 times a task's thread time while the browser, the server and Lighthouse itself
 * share the cores).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { type ChromiumProcess, CdpConnection, startChromium } from './cdp';
import { type PlayerStorage, demoPlayerStorage, playerStorageScript } from './player';
import { samplesOf } from './samples';
import { errorMessage, median, round, sleep } from './stats';
import { type ServerProcess, startServerProcess } from '../e2e/serverProcess';
import { benchOptions } from './args';
import { type TraceEvent, startupFigures } from './threadTime';

const DEFAULT_PAGES = [
  '/foryou',
  '/sports',
  '/games/slot',
  '/faq',
  '/liveSportGameV3',
  'player:/wallet/deposit',
  'player:/withdraw',
  'player:/account',
  'player:/betRecord',
  'player:/record',
];
const METRICS = [
  ['score', 'performance score', '≥ 90'],
  ['lcpMs', 'LCP (ms)', '≤ 2000'],
  ['tbtMs', 'TBT (ms)', '≤ 150'],
  ['tbtThreadX4Ms', 'TBT by thread time (ms)', ''],
  ['cls', 'CLS', '≤ 0.02'],
  ['fcpMs', 'FCP (ms)', ''],
  ['siMs', 'Speed Index (ms)', ''],
  ['ttiMs', 'Time to Interactive (ms)', ''],
  ['mainThreadMs', 'main-thread work (ms)', ''],
  ['benchmarkIndex', 'machine benchmarkIndex', ''],
] as const;
const AUDITS = {
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  fcpMs: 'first-contentful-paint',
  siMs: 'speed-index',
} as const;

function options() {
  const { runs, pages, set, text } = benchOptions(DEFAULT_PAGES, ['keep'], ['against']);
  return { runs, pages, keep: set('keep'), against: text('against') };
}

type Audit = Record<string, number | string | string[] | null>;

/** Writes the player's storage into the fresh profile at the page's origin, before the audit. */
async function signIn(chrome: ChromiumProcess, origin: string, storage: PlayerStorage): Promise<void> {
  const cdp = await CdpConnection.open(chrome.wsUrl);
  try {
    const { targetId } = (await cdp.send('Target.createTarget', { url: `${origin}/healthz` })) as { targetId: string };
    const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
    for (let tries = 0; tries < 50; tries++) {
      const { result } = (await cdp.send('Runtime.evaluate', { expression: 'location.origin', returnByValue: true }, sessionId)) as {
        result: { value?: string };
      };
      if (result.value === origin) break;
      await sleep(100);
    }
    await cdp.send('Runtime.evaluate', { expression: playerStorageScript(storage) }, sessionId);
    await cdp.send('Target.closeTarget', { targetId });
    // Gone before Lighthouse looks for its tab (it failed now and then with "Cannot find default execution context").
    for (let tries = 0; tries < 50; tries++) {
      const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { targetId: string }[] };
      if (!targetInfos.some((info) => info.targetId === targetId)) break;
      await sleep(100);
    }
  } finally {
    cdp.close();
  }
}

async function audit(url: string, keep?: string, storage?: PlayerStorage): Promise<Audit> {
  const chrome = await startChromium();
  try {
    const port = Number(new URL(chrome.httpUrl).port);
    if (storage) await signIn(chrome, new URL(url).origin, storage);
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // --keep: the audit's artifacts (trace, DevTools log) beside its report, for tests/bench/lcpPath.ts.
      ...(keep ? { gatherMode: keep.replace(/\.json$/, '.artifacts'), auditMode: keep.replace(/\.json$/, '.artifacts') } : {}),
      // The reset would clear the player's session; the profile is new, so there is nothing else to clear.
      ...(storage ? { disableStorageReset: true } : {}),
    });
    if (!result) throw new Error('lighthouse gave no result');
    const { lhr } = result;
    if (keep) writeFileSync(keep, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const figures: Audit = {
      score: lhr.categories['performance']?.score === null ? null : round((lhr.categories['performance']?.score ?? 0) * 100),
    };
    for (const [key, id] of Object.entries(AUDITS)) {
      const value = lhr.audits[id]?.numericValue;
      figures[key] = typeof value === 'number' ? round(value) : null;
    }
    figures['finalUrl'] = (lhr.finalDisplayedUrl ?? '').replace(/^https?:\/\/[^/]+/, '');
    // How busy the page kept the main thread, and how fast Lighthouse found this machine (its
    // benchmarkIndex: lower = slower; TBT grows as it falls).
    const tti = lhr.audits['interactive']?.numericValue;
    const mainThread = lhr.audits['mainthread-work-breakdown']?.numericValue;
    figures['ttiMs'] = typeof tti === 'number' ? round(tti) : null;
    figures['mainThreadMs'] = typeof mainThread === 'number' ? round(mainThread) : null;
    figures['benchmarkIndex'] = lhr.environment.benchmarkIndex;
    // The same audit's main-thread tasks by the CPU they spent, ×4 (tests/bench/threadTime.ts): what TBT
    // would be if nothing else on the machine delayed the renderer.
    const thread = startupFigures((result.artifacts.Trace?.traceEvents ?? []) as unknown as TraceEvent[]);
    figures['tbtThreadX4Ms'] = thread ? thread.tbtX4Ms : null;
    if (lhr.runWarnings.length) figures['warnings'] = lhr.runWarnings;
    figures['lighthouse'] = lhr.lighthouseVersion;
    figures['chromium'] = lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? lhr.environment.hostUserAgent;
    return figures;
  } finally {
    await chrome.stop();
  }
}

/** A live match of the feed now, as /sports lists it (tests/bench/samples.ts). */
async function liveMatch(serverUrl: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    return (await samplesOf(browser, serverUrl)).matchId;
  } finally {
    await browser.close();
  }
}

function medians(audits: Audit[]) {
  const out: Record<string, number | null> = {};
  for (const [key] of METRICS) {
    const values = audits.map((a) => a[key]).filter((v): v is number => typeof v === 'number');
    out[key] = values.length ? round(median(values)) : null;
  }
  return out;
}

function lighthouseVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    return (JSON.parse(readFileSync(require.resolve('lighthouse/package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

interface Checkout {
  /** '' alone; 'before' (--against) and 'after' (this directory) side by side. */
  label: string;
  dir: string;
  server?: ServerProcess;
  storage?: PlayerStorage;
  live: string;
  dataDir: string;
}

async function main() {
  const { runs, pages, keep, against } = options();
  const checkouts: Checkout[] = (against ? [resolve(against), process.cwd()] : [process.cwd()]).map((dir, i, all) => ({
    label: all.length > 1 ? (i === 0 ? 'before' : 'after') : '',
    dir,
    live: '',
    dataDir: mkdtempSync(join(tmpdir(), 'panalo-bench-lighthouse-')),
  }));
  for (const { dir } of checkouts) {
    if (!existsSync(join(dir, 'dist/index.html')) || !existsSync(join(dir, 'server/main.ts'))) {
      console.error(
        `lighthouse: no production build in ${join(dir, 'dist')}: run \`npm run build\` in ${dir} first (this bench measures the checkout it is run from, and --against's).`,
      );
      process.exit(1);
    }
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  console.log(
    `lighthouse ${lighthouseVersion()} on Node ${process.version}: ${checkouts.map((c) => `${c.dir}${c.label ? ` (${c.label})` : ''}`).join(' and ')}, ${runs} run(s) of ${pages.join(' ')}`,
  );
  const perPage: Record<string, { audits: Audit[]; errors: string[] }> = {};
  const loads: number[] = [];
  try {
    for (const checkout of checkouts) {
      checkout.server = await startServerProcess(
        { DATA_DIR: checkout.dataDir, DIST_DIR: join(checkout.dir, 'dist'), LOG_LEVEL: 'warn' },
        { timeoutMs: 90_000, cwd: checkout.dir },
      );
      if (pages.some((page) => page.startsWith('/player:'))) checkout.storage = await demoPlayerStorage(checkout.server.url);
      if (pages.some((page) => page.endsWith('/liveSportGameV3'))) checkout.live = await liveMatch(checkout.server.url);
    }
    for (let run = 1; run <= runs; run++) {
      for (const page of pages) {
        // Side by side: before and after one after the other on each page, their order swapped every run.
        const order = run % 2 === 1 ? checkouts : [...checkouts].reverse();
        for (const checkout of order) {
          const asPlayer = page.startsWith('/player:');
          const path = page.replace(/^\/player:/, '');
          const name = `${asPlayer ? `${path} (player)` : path}${checkout.label ? ` ${checkout.label}` : ''}`;
          const slot = (perPage[name] ??= { audits: [], errors: [] });
          const started = performance.now();
          loads.push(loadavg()[0]!);
          try {
            let keepFile: string | undefined;
            if (keep) {
              mkdirSync('bench-results/lighthouse', { recursive: true });
              keepFile = `bench-results/lighthouse/${name.replace(/\W+/g, '_').replace(/^_|_$/g, '')}-${run}.json`;
            }
            const query = path === '/liveSportGameV3' ? `?matchId=${checkout.live}` : '';
            const url = `${checkout.server!.url}${path}${query}`;
            const storage = asPlayer ? checkout.storage : undefined;
            // Lighthouse's own gathering now and then loses the page's context on this busy machine (a protocol
            // error, no figure): that audit is run again, once.
            const figures = await audit(url, keepFile, storage).catch((error: unknown) => {
              if (!/Cannot find default execution context/.test(errorMessage(error))) throw error;
              console.log(`  run ${run} ${name}: ${errorMessage(error)}; again`);
              return audit(url, keepFile, storage);
            });
            slot.audits.push(figures);
            console.log(
              `  run ${run} ${name}: score ${figures['score']}, LCP ${figures['lcpMs']} ms, TBT ${figures['tbtMs']} ms, CLS ${figures['cls']}, ${figures['finalUrl']} (${round((performance.now() - started) / 1000)} s, load ${loadavg()[0]!.toFixed(2)})`,
            );
          } catch (error) {
            slot.errors.push(errorMessage(error));
            console.log(`  run ${run} ${name}: ${errorMessage(error)}`);
          }
        }
      }
    }
  } finally {
    for (const checkout of checkouts) {
      await checkout.server?.stop();
      rmSync(checkout.dataDir, { recursive: true, force: true });
    }
  }
  const first = Object.values(perPage).flatMap((slot) => slot.audits)[0];
  const medianFigures = Object.fromEntries(Object.entries(perPage).map(([path, slot]) => [path, medians(slot.audits)]));
  // Side by side: after ÷ before of each page's median LCP.
  const lcpRatios = checkouts.length > 1 ? lcpRatiosOf(medianFigures) : {};
  const results = {
    when: new Date().toISOString(),
    checkout: checkouts.map((c) => `${c.dir}${c.label ? ` (${c.label})` : ''}`).join(' and '),
    setup: `Lighthouse ${first?.['lighthouse'] ?? lighthouseVersion()}, ${first?.['chromium'] ?? 'chromium'} headless, mobile, default simulated throttling, performance only`,
    runs,
    loadAverage: { min: round(Math.min(...loads)), median: round(median(loads)), max: round(Math.max(...loads)) },
    targets: { score: 90, lcpMs: 2_000, tbtMs: 150, cls: 0.02 },
    medians: medianFigures,
    lcpRatios,
    perRun: perPage,
  };
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/lighthouse.json', `${JSON.stringify(results, null, 2)}\n`);
  const names = Object.keys(results.medians);
  const fmt = (value: unknown) => (value === null || value === undefined ? '–' : String(value));
  const md = [
    `# Lighthouse (tests/bench/lighthouse.ts)`,
    ``,
    `${results.when} · ${results.checkout} · ${results.setup} · median of ${runs} · 1-minute load average ${results.loadAverage.min}–${results.loadAverage.max} (median ${results.loadAverage.median})`,
    ``,
    `| | ${names.join(' | ')} | target |`,
    `|---|${names.map(() => '---|').join('')}---|`,
    ...METRICS.map(([key, label, target]) => `| ${label} | ${names.map((n) => fmt(results.medians[n]?.[key])).join(' | ')} | ${target} |`),
    ...(Object.keys(lcpRatios).length
      ? [
          ``,
          `LCP after ÷ before (medians): ${Object.entries(lcpRatios)
            .map(([page, ratio]) => `${page} ${ratio}`)
            .join(', ')}`,
        ]
      : []),
    ``,
  ].join('\n');
  writeFileSync('bench-results/lighthouse.md', md);
  console.log(`\n${md}\nwritten to ${resolve('bench-results/lighthouse.{json,md}')}`);
}

/** Each page's median LCP after ÷ before. */
function lcpRatiosOf(figures: Record<string, Record<string, number | null>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, after] of Object.entries(figures)) {
    if (!name.endsWith(' after')) continue;
    const page = name.slice(0, -' after'.length);
    const before = figures[`${page} before`]?.['lcpMs'];
    if (typeof before === 'number' && typeof after['lcpMs'] === 'number' && before > 0)
      out[page] = Math.round((after['lcpMs'] / before) * 100) / 100;
  }
  return out;
}

await main();
