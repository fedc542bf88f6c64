/**
 * First load on a cheap phone and a slow link (issue 14, goal 1), for `npm run bench`: figures, never
 * pass/fail; the targets are printed beside them. Prints a table and writes bench-results/firstload.json
 * and .md in the current directory.
 *
 * It measures the checkout it is run from: `dist/` (the production build; run `npm run build` first)
 * served by `server/main.ts` of the current directory, as `npm start` does (default feed, fresh data dir,
 * 127.0.0.1 on an ephemeral port, its own process group). Another checkout is measured with
 *   cd /path/to/checkout && npm run build && node --import tsx /work/wt/bench/tests/bench/firstload.ts
 * Options: `--runs N` (default 3), `--pages /sports,/foryou` (default both), `--no-warm`.
 *
 * Each run starts Debian's chromium afresh (headless, new profile: empty cache, no service worker) as a
 * phone (390×844 @2x, touch, en-PH). One browser-level DevTools session auto-attaches to every target
 * with `waitForDebuggerOnStart` (flat sessions, and again inside each page and worker, so dedicated
 * workers are caught too): each page, service worker, shared worker and dedicated worker gets
 * `Network.emulateNetworkConditions` (50,000 B/s down and up, 400 ms latency) and
 * `Emulation.setCPUThrottlingRate` ×4 before `Runtime.runIfWaitingForDebugger` lets it run, i.e. before
 * its first request. `targets` in the JSON says what each target got (the protocol may refuse CPU
 * throttling on some worker types); `throttleCheck` shows the shared worker's first list request taking
 * at least the emulated latency (it would take a few ms unthrottled).
 *
 *  - cold: the first visit of /sports or /foryou in that fresh profile.
 *  - warm: the same context afterwards: throttling lifted until the service worker is ready, the page
 *    closed (so the shared worker ends), then a second visit under the same throttling.
 *
 * Per visit, in the page's clock (ms from navigation start):
 *  - firstPaint, firstContentfulPaint: Paint Timing;
 *  - firstRowWithPrices: the first animation frame in which a `[data-testid=price]` button holding a
 *    `[data-price]` (a price, not a lock) inside a `[data-testid=match-row]` (or, on /foryou, a
 *    `[data-testid=match-card]` of the featured rail above the rows) is inside the viewport with a
 *    size (`rowKind` says which); firstMatchRowWithPrices the same for a match-row only;
 *  - appDrewList: the first animation frame in which the app had drawn the list itself (the server's
 *    drawn rows, `[data-first-rows]`, replaced by React's): how long the scripts took to take over;
 *  - firstLiveDelta: the first STOMP MESSAGE of a list or match destination that reached any target
 *    (the page's early socket, server/plugins/earlyLive.ts, or the realtime worker): from then a price
 *    that moves moves on screen, and how soon one does is the feed's affair;
 *  - firstPriceChange: the first price on screen that moved: a `[data-price]` node added (or its
 *    attribute changed) whose market|selection had shown another price before (the rule of WINDOW_START
 *    in tests/bench/browser.ts), inside the viewport;
 *  - lcp (largest-contentful-paint, last candidate), cls (largest session window of layout shifts without
 *    recent input, as the Web Vitals define it);
 *  - listFetches: `saba/queryCompressedMatchList` requests from any target in the first 20 s that went
 *    to the network (a worker's request answered by the service worker is counted once, as the service
 *    worker's own request); `byTarget` gives the raw counts per target type;
 *  - bytesOnWire: encoded bytes (headers + body) of every response that came from the network, not from
 *    the service worker or a cache, any target, in the first 20 s (and until the end of the visit);
 *    WebSocket frame payloads separately.
 * A visit lasts 20 s, longer (up to 60 s) until a price change was seen. Medians of the runs are the
 * figures; the machine is shared, so compare two checkouts measured side by side.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CdpConnection, startChromium } from './cdp';
import { errorMessage, median, round, sleep } from './stats';
import { LATENCY_MS, SLOW_PHONE, Throttler, openTab, settleBetweenVisits } from './slowPhone';
import { type ServerProcess, startServerProcess } from '../e2e/serverProcess';
import { benchOptions } from './args';
import { gitDescribe } from './checkout';

const WINDOW_MS = 20_000;
const MAX_VISIT_MS = 60_000;
const TARGETS = { firstPaintMs: 2_000, firstRowWithPricesMs: 4_000 } as const;

// ---- options -------------------------------------------------------------------------------------------

function options() {
  const { runs, pages, set } = benchOptions(['/sports', '/foryou'], ['no-warm']);
  return { runs, pages, warm: !set('no-warm') };
}

// ---- in the page ---------------------------------------------------------------------------------------

/** Installed before any page script (the tests/bench tsconfig has no DOM library, hence a string). */
const FIRST_LOAD_INIT = `
(() => {
  if (window.top !== window) return;
  const b = (window.__firstLoad = { row: null, rowKind: null, matchRow: null, app: null, change: null, lcp: null, lcpElement: null, shifts: [] });
  const inView = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
  };
  const ROW = '[data-testid=match-row] [data-testid=price] [data-price], [data-testid=match-card] [data-testid=price] [data-price]';
  const checkRow = () => {
    for (const span of document.querySelectorAll(ROW)) {
      if (!inView(span)) continue;
      const kind = span.closest('[data-testid=match-row]') ? 'match-row' : 'match-card';
      if (b.row === null) { b.row = performance.now(); b.rowKind = kind; }
      if (kind === 'match-row') { b.matchRow = performance.now(); return; }
    }
  };
  const last = new Map();
  const see = (node) => {
    const button = node.closest('[data-testid=price]');
    if (!button) return;
    const key = button.getAttribute('data-market') + '|' + button.getAttribute('data-key');
    const price = node.getAttribute('data-price');
    if (b.change === null && last.has(key) && last.get(key) !== price && inView(node)) b.change = performance.now();
    last.set(key, price);
  };
  let dirty = true;
  new MutationObserver((records) => {
    dirty = true;
    for (const record of records) {
      if (record.type === 'attributes') { see(record.target); continue; }
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        if (node.matches('[data-price]')) see(node);
        node.querySelectorAll('[data-price]').forEach(see);
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-price'] });
  const frame = () => {
    if (dirty) {
      dirty = false;
      if (b.matchRow === null) checkRow();
      // The app drew the list itself: the server's rows (data-first-rows) are gone and React's are there.
      if (b.app === null && !document.querySelector('[data-first-rows]') && document.querySelector('[data-testid=match-row], [data-testid=match-card]')) b.app = performance.now();
    }
    if (b.matchRow === null || b.app === null) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        b.lcp = entry.renderTime || entry.loadTime || entry.startTime;
        const el = entry.element;
        b.lcpElement = el ? el.tagName.toLowerCase() + (el.getAttribute('data-testid') ? '[data-testid=' + el.getAttribute('data-testid') + ']' : el.className ? '.' + String(el.className).split(' ')[0] : '') : null;
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) b.shifts.push([entry.startTime, entry.value]);
    }).observe({ type: 'layout-shift', buffered: true });
  } catch (error) {
    b.observerError = String(error);
  }
})();
`;

const PROGRESS = `(() => ({ now: performance.now(), row: window.__firstLoad?.row ?? null, change: window.__firstLoad?.change ?? null }))()`;

const COLLECT = `
(() => {
  const b = window.__firstLoad || {};
  const paint = Object.fromEntries(performance.getEntriesByType('paint').map((e) => [e.name, e.startTime]));
  let cls = 0, windowValue = 0, windowStart = -1, previous = -1;
  for (const [t, v] of b.shifts || []) {
    if (windowStart < 0 || t - previous > 1000 || t - windowStart > 5000) { windowStart = t; windowValue = 0; }
    windowValue += v; previous = t; cls = Math.max(cls, windowValue);
  }
  return {
    firstPaintMs: paint['first-paint'] ?? null,
    firstContentfulPaintMs: paint['first-contentful-paint'] ?? null,
    firstRowWithPricesMs: b.row ?? null,
    rowKind: b.rowKind ?? null,
    firstMatchRowWithPricesMs: b.matchRow ?? null,
    appDrewListMs: b.app ?? null,
    firstPriceChangeMs: b.change ?? null,
    lcpMs: b.lcp ?? null,
    lcpElement: b.lcpElement ?? null,
    cls,
    rowsAtEnd: document.querySelectorAll('[data-testid=match-row], [data-testid=match-card]').length,
    controlledBySw: !!(navigator.serviceWorker && navigator.serviceWorker.controller),
    observerError: b.observerError,
  };
})()
`;

interface PageFigures {
  firstPaintMs: number | null;
  firstContentfulPaintMs: number | null;
  firstRowWithPricesMs: number | null;
  rowKind: string | null;
  firstMatchRowWithPricesMs: number | null;
  appDrewListMs: number | null;
  firstPriceChangeMs: number | null;
  lcpMs: number | null;
  lcpElement: string | null;
  cls: number;
  rowsAtEnd: number;
  controlledBySw: boolean;
  observerError?: string;
}

// ---- a visit -------------------------------------------------------------------------------------------------

async function visit(cdp: CdpConnection, throttler: Throttler, browserContextId: string, url: string) {
  throttler.reset();
  const tab = await openTab(cdp, throttler, browserContextId, FIRST_LOAD_INIT);
  debug(`navigate ${url}`);
  const started = performance.now();
  await tab.navigate(url);
  debug(`navigated after ${round(performance.now() - started)} ms`);
  // The page's clock decides; the wall clock bounds it should the page stop answering.
  while (performance.now() - started < MAX_VISIT_MS + 30_000) {
    await sleep(1_000);
    const progress = await tab.evaluate<{ now: number; change: number | null } | null>(PROGRESS).catch(() => null);
    debug(`progress ${JSON.stringify(progress)}`);
    if (!progress) continue;
    if (progress.now >= MAX_VISIT_MS || (progress.now >= WINDOW_MS && progress.change !== null)) break;
  }
  const figures = await tab.evaluate<PageFigures>(COLLECT);
  const network = throttler.summary(WINDOW_MS);
  return { tab, figures: { ...figures, ...network, ...(tab.exceptions.length ? { pageErrors: tab.exceptions } : {}) } };
}

async function measurePage(serverUrl: string, path: string, warm: boolean) {
  const chrome = await startChromium();
  let cdp: CdpConnection | undefined;
  let throttler: Throttler | undefined;
  try {
    debug(`chromium at ${chrome.httpUrl}`);
    cdp = await CdpConnection.open(chrome.wsUrl);
    const { product } = (await cdp.send('Browser.getVersion')) as { product: string };
    throttler = new Throttler(cdp);
    await throttler.start();
    const { browserContextId } = (await cdp.send('Target.createBrowserContext', {})) as { browserContextId: string };
    const cold = await visit(cdp, throttler, browserContextId, `${serverUrl}${path}`);
    debug(`cold done: ${JSON.stringify(throttler.targetSummary())}`);
    const result: Record<string, unknown> = { cold: cold.figures, targets: throttler.targetSummary(), chromium: product };
    if (warm) {
      const swReady = await settleBetweenVisits(throttler, cold.tab);
      const second = await visit(cdp, throttler, browserContextId, `${serverUrl}${path}`);
      result['warm'] = { ...second.figures, serviceWorkerReadyBefore: swReady };
      result['warmTargets'] = throttler.targetSummary();
      await second.tab.close();
    }
    await cdp.send('Target.disposeBrowserContext', { browserContextId }).catch(() => undefined);
    return result;
  } finally {
    throttler?.stop();
    await cdp?.send('Browser.close').catch(() => undefined);
    cdp?.close();
    await chrome.stop();
  }
}

// ---- figures ---------------------------------------------------------------------------------------------------

const HEADLINE = [
  ['firstPaintMs', 'first paint (ms)', TARGETS.firstPaintMs],
  ['firstContentfulPaintMs', 'first contentful paint (ms)', undefined],
  ['firstRowWithPricesMs', 'first match row with prices (ms)', TARGETS.firstRowWithPricesMs],
  ['firstMatchRowWithPricesMs', '… of which a list row (match-row) (ms)', undefined],
  ['appDrewListMs', 'the app drew the list itself (ms)', undefined],
  ['firstLiveDeltaMs', 'first live delta received (ms)', undefined],
  ['firstPriceChangeMs', 'first price change on screen (ms)', undefined],
  ['lcpMs', 'LCP (ms)', undefined],
  ['cls', 'CLS', undefined],
  ['listFetches', 'match-list fetches in 20 s', undefined],
  ['bytesOnWire', 'bytes on the wire in 20 s', undefined],
] as const;

type Visit = Record<string, unknown>;

function medianOf(visits: Visit[], key: string): number | null {
  const values = visits.map((v) => v[key]).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (values.length === 0) return null;
  return round(median(values));
}

function summarise(visits: Visit[]) {
  const out: Record<string, unknown> = {};
  for (const [key] of HEADLINE) out[key] = medianOf(visits, key);
  out['missing'] = Object.fromEntries(
    HEADLINE.map(([key]) => [key, visits.filter((v) => typeof v[key] !== 'number').length]).filter(([, n]) => (n as number) > 0),
  );
  const sw = visits.map(
    (v) => (v['firstListRequest'] as Record<string, { durationMs: number } | null> | undefined)?.['shared_worker']?.durationMs,
  );
  const measured = sw.filter((ms): ms is number => typeof ms === 'number');
  // 90 % of the latency: unthrottled it takes a few tens of ms; the protocol's two timestamps are a little apart.
  out['sharedWorkerThrottledVisits'] = `${measured.filter((ms) => ms >= 0.9 * LATENCY_MS).length}/${measured.length}`;
  out['sharedWorkerFirstListMs'] = medianOf(
    sw.map((durationMs) => ({ durationMs })),
    'durationMs',
  );
  return out;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function markdown(results: Record<string, any>): string {
  const pages = Object.keys(results['medians']);
  const fmt = (value: unknown) => (value === null || value === undefined ? '–' : String(value));
  const lines = [`# First load (tests/bench/firstload.ts)`, ``, `${results['when']} · ${results['checkout']} · ${results['setup']}`, ``];
  for (const phase of ['cold', 'warm']) {
    if (!pages.some((p) => results['medians'][p][phase])) continue;
    lines.push(
      `## ${phase} (median of ${results['runs']} runs)`,
      ``,
      `| | ${pages.join(' | ')} | target |`,
      `|---|${pages.map(() => '---|').join('')}---|`,
    );
    for (const [key, label, target] of HEADLINE)
      lines.push(
        `| ${label} | ${pages.map((p) => fmt(results['medians'][p][phase]?.[key])).join(' | ')} | ${target === undefined ? '' : `≤ ${target}`} |`,
      );
    lines.push(
      `| shared worker's first list request (ms) | ${pages.map((p) => fmt(results['medians'][p][phase]?.['sharedWorkerFirstListMs'])).join(' | ')} | ≥ ${LATENCY_MS} when throttled |`,
      `| visits whose shared worker's first list request took ≥ ${0.9 * LATENCY_MS} ms | ${pages.map((p) => fmt(results['medians'][p][phase]?.['sharedWorkerThrottledVisits'])).join(' | ')} | all |`,
      ``,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function main() {
  const { runs, pages, warm } = options();
  // Interrupted, it still ends the server and chromium it started (their 'exit' handlers).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  if (!existsSync('dist/index.html') || !existsSync('dist/.vite/manifest.json') || !existsSync('server/main.ts')) {
    console.error(
      `firstload: no production build in ${resolve('dist')}: run \`npm run build\` in ${process.cwd()} first (this bench measures the checkout it is run from).`,
    );
    process.exit(1);
  }
  const checkout = `${process.cwd()} ${gitDescribe()}`;
  console.log(`firstload: ${checkout}, ${runs} run(s) of ${pages.join(' ')}${warm ? ' cold + warm' : ' cold'}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'panalo-bench-firstload-'));
  let server: ServerProcess | undefined;
  const perPage: Record<string, { cold: Visit[]; warm: Visit[]; targets: unknown[]; errors: string[] }> = {};
  let chromiumVersion = '';
  try {
    server = await startServerProcess({ DATA_DIR: dataDir, DIST_DIR: resolve('dist'), LOG_LEVEL: 'warn' }, { timeoutMs: 90_000 });
    for (let run = 1; run <= runs; run++) {
      for (const path of pages) {
        const slot = (perPage[path] ??= { cold: [], warm: [], targets: [], errors: [] });
        const started = performance.now();
        try {
          const result = (await measurePage(server.url, path, warm)) as Record<string, unknown>;
          chromiumVersion = String(result['chromium']);
          if (result['warmTargets']) slot.targets.push(result['warmTargets']);
          slot.cold.push(result['cold'] as Visit);
          if (result['warm']) slot.warm.push(result['warm'] as Visit);
          slot.targets.push(result['targets']);
          const c = result['cold'] as Visit;
          console.log(
            `  run ${run} ${path}: cold paint ${fmt0(c['firstPaintMs'])} ms, row ${fmt0(c['firstRowWithPricesMs'])} ms, app ${fmt0(c['appDrewListMs'])} ms, change ${fmt0(c['firstPriceChangeMs'])} ms, ${c['listFetches']} list fetches` +
              (result['warm'] ? `; warm row ${fmt0((result['warm'] as Visit)['firstRowWithPricesMs'])} ms` : '') +
              ` (${round((performance.now() - started) / 1000)} s)`,
          );
        } catch (error) {
          slot.errors.push(errorMessage(error));
          console.log(`  run ${run} ${path}: ${errorMessage(error)}`);
        }
      }
    }
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const results: Record<string, any> = {
    when: new Date().toISOString(),
    checkout,
    setup: `${chromiumVersion} headless, 390×844 @2x; ${SLOW_PHONE}; server/main.ts defaults`,
    runs,
    targets: TARGETS,
    medians: Object.fromEntries(
      Object.entries(perPage).map(([path, slot]) => [
        path,
        { cold: summarise(slot.cold), ...(slot.warm.length ? { warm: summarise(slot.warm) } : {}) },
      ]),
    ),
    perRun: perPage,
  };
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/firstload.json', `${JSON.stringify(results, null, 2)}\n`);
  const md = markdown(results);
  writeFileSync('bench-results/firstload.md', md);
  console.log(`\n${md}\nwritten to ${resolve('bench-results/firstload.{json,md}')}`);
}

function debug(message: string): void {
  if (process.env['FIRSTLOAD_DEBUG']) console.log(`    [${new Date().toISOString().slice(11, 23)}] ${message}`);
}

function fmt0(value: unknown): string {
  return typeof value === 'number' ? String(Math.round(value)) : '–';
}

await main();
