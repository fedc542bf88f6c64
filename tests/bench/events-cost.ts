/**
 * What the page's event module (issue 39, src/api/events) costs the main thread during a minute of live
 * prices, for `npm run bench`: figures, never pass/fail. Writes bench-results/events-cost.json.
 *
 *   node --import tsx tests/bench/events-cost.ts [--runs 2] [--seconds 60] [--settle 5]
 *
 * The production build in dist/ (run `npm run build` first) served by this checkout's server (fresh data
 * dir, 127.0.0.1, ephemeral port, own process group); Debian chromium, 390×844, CPU ×4 (CDP Emulation), a
 * fresh context per visit with analytics allowed. A visit opens /sports, waits for the first priced row
 * and `settle` seconds, then for `seconds` the player moves between /sports and /foryou every 6 s (live
 * prices on both; page views, exposures and batches every 4 s for the module) while the feed moves prices.
 * Two variants, alternated run by run: `events` (the module as shipped) and `no-module` (its chunk refused,
 * so what is recorded stays a push onto the door's list): the difference is the module's cost. In the
 * `events` runs a CPU profile (CDP Profiler, 100 µs sampling) also gives the module's own time directly:
 * the self time of functions in its chunks (engine: pipe, IndexedDB store, IntersectionObserver; fp.esm:
 * the device fingerprint; events: its contract), during the load's tail and during the minute. Long
 * tasks (PerformanceObserver, > 50 ms) during the minute, with the module's share: the long tasks in
 * whose time span a sample of the module's code fell. Then (events runs) the player opens the login
 * dialog, where the device fingerprint is worked out: its main-thread time, its long tasks and how long
 * until it is ready.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, type CDPSession, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { type ServerProcess, startServerProcess } from '../e2e/serverProcess';
import { median, round } from './stats';

type Variant = 'events' | 'no-module';
type Figures = Record<string, number>;

const MODULE_CHUNKS = /\/assets\/(engine|fp\.esm|events)-[\w-]+\.js/;

function args() {
  const argv = process.argv.slice(2);
  const value = (name: string, fallback: number) => {
    const i = argv.indexOf(name);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  return { runs: value('--runs', 2), seconds: value('--seconds', 60), settle: value('--settle', 5) };
}

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Self time (ms) of the module's code in a profile, and each of its samples: [ms since the profile's start, ms]. */
function moduleTime(profile: Profile): { ms: number; totalMs: number; at: [number, number][]; byChunk: Record<string, number> } {
  const chunkOf = new Map<number, string>();
  for (const node of profile.nodes) {
    const match = MODULE_CHUNKS.exec(node.callFrame.url);
    if (match) chunkOf.set(node.id, match[1]!);
  }
  let ms = 0;
  let totalMs = 0;
  let clock = 0;
  const at: [number, number][] = [];
  const byChunk: Record<string, number> = {};
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    clock += delta;
    totalMs += delta;
    const chunk = chunkOf.get(profile.samples[i]!);
    if (chunk) {
      ms += delta;
      byChunk[chunk] = (byChunk[chunk] ?? 0) + delta;
      at.push([clock, delta]);
    }
  }
  return { ms, totalMs, at, byChunk };
}

async function stopProfile(cdp: CDPSession): Promise<Profile> {
  return (await cdp.send('Profiler.stop')).profile as unknown as Profile;
}

async function visit(browser: Browser, base: string, variant: Variant, seconds: number, settle: number): Promise<Figures> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    await context.addInitScript(`window.localStorage.setItem('privacy.analytics', JSON.stringify('granted'))`);
    if (variant === 'no-module') await context.route(MODULE_CHUNKS, (route) => route.abort());
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Performance.enable');
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(`${base}/sports`);
    await page.locator('[data-testid=match-row]:has([data-testid=price] [data-price])').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(settle * 1000);
    const loadTail = moduleTime(await stopProfile(cdp));

    await page.evaluate(
      `window.__long = []; new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]); }).observe({ type: 'longtask' });`,
    );
    const read = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const before = await read();
    const originNow = await page.evaluate<number>('performance.now()');
    await cdp.send('Profiler.start');
    const started = Date.now();
    for (let step = 0; Date.now() - started < seconds * 1000; step++) {
      const wait = Math.min(6_000, seconds * 1000 - (Date.now() - started));
      await page.waitForTimeout(wait);
      if (Date.now() - started >= seconds * 1000) break;
      // The home tabs (For you, Sports): an in-app navigation, as a player's tap.
      await page
        .locator(`a[href="${step % 2 === 0 ? '/foryou' : '/sports'}"]`)
        .first()
        .click();
    }
    const minute = moduleTime(await stopProfile(cdp));
    const after = await read();
    const long = await page.evaluate<[number, number][]>(`window.__long`);
    // Then the player opens the login dialog: the device fingerprint is worked out (once, when idle).
    let fingerprint = { ms: 0, longTasks: 0, ready: 0 };
    if (variant === 'events') {
      await page.evaluate(`window.__long = []`);
      const dialogAt = await page.evaluate<number>('performance.now()');
      await cdp.send('Profiler.start');
      await page.getByRole('button', { name: 'Log In' }).first().click();
      // Polled (the page's Content-Security-Policy refuses waitForFunction's eval).
      const known = () => page.evaluate<boolean>(`sessionStorage.getItem('device.fingerprint') !== null`);
      for (let tries = 0; tries < 200 && !(await known()); tries++) await page.waitForTimeout(100);
      const readyAt = await page.evaluate<number>('performance.now()');
      const profiled = moduleTime(await stopProfile(cdp));
      const dialogLong = await page.evaluate<[number, number][]>(`window.__long`);
      fingerprint = {
        ms: profiled.byChunk['fp.esm'] ?? 0,
        longTasks: dialogLong.filter(([start, duration]) =>
          profiled.at.some(([t]) => t + dialogAt >= start - 1 && t + dialogAt <= start + duration + 1),
        ).length,
        ready: (await page.evaluate<boolean>(`sessionStorage.getItem('device.fingerprint') !== null`)) ? readyAt - dialogAt : -1,
      };
    }
    const waiting = await page.evaluate<number>(
      `new Promise((resolve) => { const open = indexedDB.open('panalo-events'); open.onerror = () => resolve(-1); open.onsuccess = () => { try { const c = open.result.transaction('queue').objectStore('queue').count(); c.onsuccess = () => resolve(c.result); } catch { resolve(-1); } }; })`,
    );
    // A long task is the module's when one of its samples fell inside it (profile clock ≈ page clock from the minute's start).
    const inside = ([start, duration]: [number, number], at: [number, number][], origin: number) =>
      at.filter(([t]) => t + origin >= start - 1 && t + origin <= start + duration + 1).reduce((sum, [, ms]) => sum + ms, 0);
    const moduleMsInLong = long.map((task) => inside(task, minute.at, originNow));
    const moduleLong = long.filter((_, i) => moduleMsInLong[i]! > 0).length;
    const moduleMadeLong = long.filter(([, duration], i) => moduleMsInLong[i]! > 0 && duration - moduleMsInLong[i]! <= 50).length;
    const per = 60 / seconds;
    return {
      longTasksPerMin: round(long.length * per),
      blockingMsPerMin: round(long.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0) * per),
      longTasksWithModuleCodePerMin: round(moduleLong * per),
      moduleMsInLongTasksMax: round(Math.max(0, ...moduleMsInLong)),
      longTasksMadeByModulePerMin: round(moduleMadeLong * per),
      taskMsPerMin: round(((after['TaskDuration'] ?? 0) - (before['TaskDuration'] ?? 0)) * 1000 * per),
      scriptMsPerMin: round(((after['ScriptDuration'] ?? 0) - (before['ScriptDuration'] ?? 0)) * 1000 * per),
      moduleSelfMsPerMin: round(minute.ms * per),
      moduleShareOfProfiledPct: round((minute.ms / Math.max(1, minute.totalMs)) * 100),
      engineMsPerMin: round((minute.byChunk['engine'] ?? 0) * per),
      fingerprintMsPerMin: round((minute.byChunk['fp.esm'] ?? 0) * per),
      loadTailModuleMs: round(loadTail.ms),
      dialogFingerprintMs: round(fingerprint.ms),
      dialogFingerprintLongTasks: fingerprint.longTasks,
      dialogFingerprintReadyMs: round(fingerprint.ready),
      eventsStillQueued: waiting,
    };
  } finally {
    await context.close();
  }
}

async function main() {
  const { runs, seconds, settle } = args();
  const dataDir = mkdtempSync(join(tmpdir(), 'events-cost-'));
  let server: ServerProcess | undefined;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    server = await startServerProcess({ DATA_DIR: dataDir, DIST_DIR: resolve('dist'), LOG_LEVEL: 'warn' }, { timeoutMs: 90_000 });
    const results: Record<Variant, Figures[]> = { events: [], 'no-module': [] };
    for (let run = 1; run <= runs; run++) {
      for (const variant of (run % 2 ? ['events', 'no-module'] : ['no-module', 'events']) as Variant[]) {
        const figures = await visit(browser, server.url, variant, seconds, settle);
        results[variant].push(figures);
        console.log(`run ${run} ${variant}`, JSON.stringify(figures));
      }
    }
    const medians = Object.fromEntries(
      Object.entries(results).map(([variant, list]) => {
        const keys = Object.keys(list[0] ?? {});
        return [variant, Object.fromEntries(keys.map((k) => [k, round(median(list.map((f) => f[k] ?? 0)))]))];
      }),
    ) as Record<Variant, Figures>;
    console.log(
      `\nthe event module during ${seconds} s of live prices (/sports ↔ /foryou every 6 s; CPU ×4, 390×844), medians of ${runs} runs per minute:`,
    );
    console.table(medians);
    const delta = (key: string) => round((medians.events[key] ?? 0) - (medians['no-module'][key] ?? 0));
    console.log(
      `events − no-module: task time ${delta('taskMsPerMin')} ms/min, script ${delta('scriptMsPerMin')} ms/min, long tasks ${delta('longTasksPerMin')}/min`,
    );
    mkdirSync('bench-results', { recursive: true });
    writeFileSync(
      join('bench-results', 'events-cost.json'),
      `${JSON.stringify({ at: new Date().toISOString(), runs, seconds, settle, cpuThrottling: 4, medians, runsByVariant: results }, null, 2)}\n`,
    );
  } finally {
    await browser.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
