/**
 * What live prices cost the main thread once the first rows are up (issue 14, goal 2: TBT ≤ 150 ms), for
 * comparing two builds side by side: figures, never pass/fail.
 *
 *   node --import tsx tests/bench/live-cost.ts [--runs 3] [--seconds 10] [--pages /foryou,/sports] \
 *     name=dist-dir [name=dist-dir ...]
 *
 * Each build is served by this checkout's server/main.ts (DIST_DIR = that build; fresh data dir; 127.0.0.1,
 * ephemeral port, own process group). Debian chromium, 390×844, CPU ×4 (CDP Emulation), a fresh context per
 * visit; runs alternate between builds so the machine's noise spreads over all of them. After the first
 * priced row and `--settle` seconds (default 5: the load's tail is not what is measured) it records
 * `seconds` of the page: long tasks (PerformanceObserver) and their blocking time
 * (the part of each over 50 ms, what Lighthouse's TBT sums), and CDP Performance.getMetrics deltas (script,
 * style recalc, layout, all tasks), per 10 s. With `--lighthouse`, each visit is followed by a Lighthouse
 * mobile audit of the page (score, LCP, TBT, TTI). Medians.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { startChromium } from './cdp';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { type ServerProcess, startServerProcess } from '../e2e/serverProcess';
import { median, round } from './stats';

type Figures = Record<string, number>;

function args() {
  const argv = process.argv.slice(2);
  let runs = 3;
  let seconds = 10;
  let settle = 5;
  let withLighthouse = false;
  let pages = ['/foryou', '/sports'];
  const builds: { name: string; dist: string }[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--runs') runs = Number(argv[++i]);
    else if (a === '--seconds') seconds = Number(argv[++i]);
    else if (a === '--settle') settle = Number(argv[++i]);
    else if (a === '--lighthouse') withLighthouse = true;
    else if (a === '--pages') pages = (argv[++i] ?? '').split(',');
    else if (a.includes('=')) {
      const [name = '', dist = ''] = a.split('=');
      builds.push({ name, dist: resolve(dist) });
    }
  }
  if (builds.length === 0) builds.push({ name: 'dist', dist: resolve('dist') });
  return { runs, seconds, settle, withLighthouse, pages, builds };
}

const METRICS = ['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration'] as const;

async function visit(browser: Browser, url: string, seconds: number, settle: number): Promise<Figures> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Performance.enable');
    await page.goto(url);
    await page.locator('[data-testid=match-row]:has([data-testid=price] [data-price])').first().waitFor({ timeout: 60_000 });
    // The tail of the load (hydration, the worker's first answer, late chunks) is not what is measured.
    await page.waitForTimeout(settle * 1000);
    // Browser-side code as text: this file is type-checked for Node, without the DOM's types.
    await page.evaluate(
      `window.__long = []; new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push(e.duration); }).observe({ type: 'longtask' });`,
    );
    const read = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
    };
    const before = await read();
    const domBefore = await page.evaluate<number>(`document.querySelectorAll('*').length`);
    await page.waitForTimeout(seconds * 1000);
    const after = await read();
    const long = await page.evaluate<number[]>(`window.__long`);
    const per10 = 10 / seconds;
    const figures: Figures = {
      longTasks: round(long.length * per10),
      blockingMs: round(long.reduce((sum, d) => sum + Math.max(0, d - 50), 0) * per10),
      rows: await page.getByTestId('match-row').count(),
      domNodes: domBefore,
    };
    for (const m of METRICS) figures[`${m}Ms`] = round(((after[m] ?? 0) - (before[m] ?? 0)) * 1000 * per10);
    return figures;
  } finally {
    await context.close();
  }
}

/** With --lighthouse: a Lighthouse mobile audit of the same page (as tests/bench/lighthouse.ts), interleaved with the other builds. */
async function audit(url: string): Promise<Figures> {
  const chrome = await startChromium();
  try {
    const port = Number(new URL(chrome.httpUrl).port);
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(lhr?.runtimeError?.message ?? 'lighthouse gave no result');
    const value = (id: string) => round(lhr.audits[id]?.numericValue ?? NaN);
    return {
      lhScore: round((lhr.categories['performance']?.score ?? 0) * 100),
      lhLcpMs: value('largest-contentful-paint'),
      lhTbtMs: value('total-blocking-time'),
      lhTtiMs: value('interactive'),
      lhMainThreadMs: value('mainthread-work-breakdown'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    await chrome.stop();
  }
}

async function main() {
  const { runs, seconds, settle, withLighthouse, pages, builds } = args();
  const dataDirs: string[] = [];
  const servers: { name: string; server: ServerProcess }[] = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const build of builds) {
      const dataDir = mkdtempSync(join(tmpdir(), 'live-cost-'));
      dataDirs.push(dataDir);
      const server = await startServerProcess({ DATA_DIR: dataDir, DIST_DIR: build.dist, LOG_LEVEL: 'warn' }, { timeoutMs: 90_000 });
      servers.push({ name: build.name, server });
    }
    const results: Record<string, Figures[]> = {};
    for (let run = 1; run <= runs; run++) {
      for (const path of pages) {
        for (const { name, server } of servers) {
          const figures = await visit(browser, server.url + path, seconds, settle);
          if (withLighthouse) {
            try {
              Object.assign(figures, await audit(server.url + path));
            } catch (error) {
              console.log(`lighthouse ${path} ${name}: ${String(error)}`);
            }
          }
          (results[`${path} ${name}`] ??= []).push(figures);
          console.log(`run ${run} ${path} ${name}`, JSON.stringify(figures));
        }
      }
    }
    console.log(`\nmedians per 10 s, from ${settle} s after the first priced row for ${seconds} s (CPU ×4, 390×844):`);
    const table: Record<string, Figures> = {};
    for (const [key, list] of Object.entries(results)) {
      const keys = Object.keys(list[0] ?? {});
      table[key] = Object.fromEntries(keys.map((k) => [k, round(median(list.map((f) => f[k] ?? 0)))]));
    }
    console.table(table);
  } finally {
    await browser.close();
    for (const { server } of servers) await server.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
