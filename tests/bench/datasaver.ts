/**
 * Data saver's first screen (issue 38), for `npm run bench`: figures, never pass/fail. Writes
 * bench-results/datasaver.json and .md in the current directory.
 *
 * It measures the checkout it is run from: `dist/` (run `npm run build` first) served by `server/main.ts`
 * of the current directory (default feed, fresh data dir, 127.0.0.1 on an ephemeral port, its own process
 * group), in Debian's chromium driven by Playwright as a phone (390×844 @2x).
 *
 * Each visit is a first visit: a fresh browser context (empty cache, service workers blocked, so every
 * byte is the page's own and the service worker's precache, the same in both modes, is left out). The
 * two modes alternate visit by visit, so the machine's load falls on both alike:
 *  - normal: a browser that asks nothing;
 *  - data saver: a browser with its data saver on, as Chromium's is: every request carries
 *    `Save-Data: on` and `navigator.connection.saveData` is true (an init script: headless Chromium has no
 *    switch for it), so the app's Auto setting turns the mode on (src/lib/dataSaver.ts).
 * Per visit, the page target's responses (DevTools Network: `loadingFinished.encodedDataLength`, i.e.
 * bytes on the wire, headers included) from navigation until the network is quiet for QUIET_MS after
 * `load` (at most MAX_VISIT_MS): the first screen, no scrolling. The realtime SharedWorker's own requests
 * and the socket are another target and not counted (the first lists come inlined in the page anyway).
 * Bytes by resource type (document, script, stylesheet, image, fetch/xhr, other), the count of images
 * requested, and whether the data saver chip showed. Medians over `--runs` (default 3).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { type ServerProcess, startServerProcess } from '../e2e/serverProcess';
import { benchOptions } from './args';
import { gitDescribe } from './checkout';
import { PHONE } from './browser';
import { errorMessage, median, ratio, round, sleep } from './stats';

const QUIET_MS = 2_000;
const MAX_VISIT_MS = 20_000;
const MODES = ['normal', 'dataSaver'] as const;
type Mode = (typeof MODES)[number];
const KINDS = ['document', 'script', 'stylesheet', 'image', 'fetch', 'other'] as const;
type Kind = (typeof KINDS)[number];

/** What a browser with data saver on says of itself (Chromium: navigator.connection.saveData). */
const SAVE_DATA_INIT = `
(() => {
  const connection = navigator.connection;
  if (connection) Object.defineProperty(connection, 'saveData', { get: () => true, configurable: true });
  else Object.defineProperty(navigator, 'connection', { value: Object.assign(new EventTarget(), { saveData: true, effectiveType: '4g' }), configurable: true });
})();
`;

interface Visit {
  bytes: number;
  byKind: Record<Kind, number>;
  requests: number;
  images: number;
  chip: boolean;
  listImages: number;
  error?: string;
}

function kindOf(type: string | undefined): Kind {
  switch (type) {
    case 'Document':
      return 'document';
    case 'Script':
      return 'script';
    case 'Stylesheet':
      return 'stylesheet';
    case 'Image':
      return 'image';
    case 'Fetch':
    case 'XHR':
      return 'fetch';
    default:
      return 'other';
  }
}

async function visit(browser: Browser, url: string, mode: Mode): Promise<Visit> {
  const context = await browser.newContext({
    ...PHONE,
    serviceWorkers: 'block',
    ...(mode === 'dataSaver' ? { extraHTTPHeaders: { 'Save-Data': 'on' } } : {}),
  });
  try {
    if (mode === 'dataSaver') await context.addInitScript(SAVE_DATA_INIT);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const types = new Map<string, string>();
    const byKind = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
    let requests = 0;
    let images = 0;
    let lastActivity = performance.now();
    cdp.on('Network.requestWillBeSent', (event: { requestId: string; type?: string }) => {
      types.set(event.requestId, event.type ?? '');
      lastActivity = performance.now();
    });
    cdp.on('Network.responseReceived', (event: { requestId: string; type?: string }) => {
      if (event.type) types.set(event.requestId, event.type);
    });
    cdp.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => {
      const kind = kindOf(types.get(event.requestId));
      byKind[kind] += event.encodedDataLength;
      requests += 1;
      if (kind === 'image') images += 1;
      lastActivity = performance.now();
    });
    cdp.on('Network.loadingFailed', () => void (lastActivity = performance.now()));
    await cdp.send('Network.enable');
    const started = performance.now();
    await page.goto(url, { waitUntil: 'load', timeout: MAX_VISIT_MS });
    while (performance.now() - lastActivity < QUIET_MS && performance.now() - started < MAX_VISIT_MS) await sleep(250);
    const chip = await page.getByTestId('data-saver-chip').isVisible();
    const listImages = await page.locator('[data-testid=game-tile] img, [data-testid=news-item] img, [data-testid=bingo-room] img').count();
    const bytes = Object.values(byKind).reduce((sum, value) => sum + value, 0);
    return { bytes, byKind, requests, images, chip, listImages };
  } catch (error) {
    return {
      bytes: Number.NaN,
      byKind: Object.fromEntries(KINDS.map((kind) => [kind, Number.NaN])) as Record<Kind, number>,
      requests: 0,
      images: 0,
      chip: false,
      listImages: 0,
      error: errorMessage(error),
    };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => (Number.isFinite(bytes) ? round(bytes / 1024) : null);

async function main() {
  const { runs, pages } = benchOptions(['/foryou', '/sports', '/games/slot']);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  if (!existsSync('dist/index.html') || !existsSync('server/main.ts')) {
    console.error(`datasaver: no production build in ${resolve('dist')}: run \`npm run build\` in ${process.cwd()} first.`);
    process.exit(1);
  }
  const checkout = `${process.cwd()} ${gitDescribe()}`;
  console.log(`datasaver: ${checkout}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'panalo-bench-datasaver-'));
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  const visits: Record<string, Record<Mode, Visit[]>> = {};
  try {
    server = await startServerProcess({ DATA_DIR: dataDir, DIST_DIR: resolve('dist'), LOG_LEVEL: 'warn' }, { timeoutMs: 90_000 });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    // One visit of each page first, unmeasured: the server builds its pages and reads its catalogue.
    for (const path of pages) for (const mode of MODES) await visit(browser, `${server.url}${path}`, mode);
    for (let run = 1; run <= runs; run++) {
      for (const path of pages) {
        for (const mode of run % 2 ? MODES : [...MODES].reverse()) {
          const result = await visit(browser, `${server.url}${path}`, mode);
          ((visits[path] ??= { normal: [], dataSaver: [] })[mode] as Visit[]).push(result);
          console.log(
            `  run ${run} ${path} ${mode}: ${kb(result.bytes)} KB, ${result.requests} requests, ${result.images} images${result.error ? ` (${result.error})` : ''}`,
          );
        }
      }
    }
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const med = (list: readonly Visit[], pick: (v: Visit) => number) => {
    const values = list.filter((v) => !v.error).map(pick);
    return values.length ? median(values) : Number.NaN;
  };
  const rows = pages.map((path) => {
    const of = (mode: Mode) => {
      const list = visits[path]?.[mode] ?? [];
      return {
        bytes: med(list, (v) => v.bytes),
        byKind: Object.fromEntries(KINDS.map((kind) => [kind, med(list, (v) => v.byKind[kind])])) as Record<Kind, number>,
        requests: med(list, (v) => v.requests),
        images: med(list, (v) => v.images),
        chipShown: list.filter((v) => v.chip).length,
        listImages: med(list, (v) => v.listImages),
        errors: list.filter((v) => v.error).map((v) => v.error),
      };
    };
    const normal = of('normal');
    const dataSaver = of('dataSaver');
    return { path, normal, dataSaver, ratio: ratio(dataSaver.bytes, normal.bytes), savedBytes: normal.bytes - dataSaver.bytes };
  });
  const results = {
    when: new Date().toISOString(),
    checkout,
    setup: `first visits, fresh context each (service workers blocked), phone 390×844 @2x, unthrottled; quiet ${QUIET_MS} ms after load; median of ${runs} runs per mode, modes alternating`,
    rows,
    perRun: visits,
  };
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/datasaver.json', `${JSON.stringify(results, null, 2)}\n`);
  const cell = (value: number) => (Number.isFinite(value) ? String(kb(value)) : '–');
  const md = [
    `# Data saver: the first screen's bytes (tests/bench/datasaver.ts)`,
    ``,
    `${results.when} · ${checkout} · ${results.setup}`,
    ``,
    `KB on the wire (headers included) of the page target's responses; data saver = \`Save-Data: on\` and navigator.connection.saveData (the app's Auto).`,
    ``,
    `| page | mode | total KB | document | script | stylesheet | image | fetch | other | requests | images | chip shown | list images |`,
    `|---|---|---|---|---|---|---|---|---|---|---|---|---|`,
    ...rows.flatMap((row) =>
      MODES.map((mode) => {
        const m = row[mode];
        return `| ${row.path} | ${mode} | ${cell(m.bytes)} | ${KINDS.map((kind) => cell(m.byKind[kind])).join(' | ')} | ${m.requests} | ${m.images} | ${m.chipShown}/${runs} | ${m.listImages} |${m.errors.length ? ` ${m.errors[0]}` : ''}`;
      }),
    ),
    ``,
    `| page | data saver / normal (bytes) | saved KB |`,
    `|---|---|---|`,
    ...rows.map((row) => `| ${row.path} | ${row.ratio} | ${cell(row.savedBytes)} |`),
    ``,
  ].join('\n');
  writeFileSync('bench-results/datasaver.md', md);
  console.log(`\n${md}\nwritten to ${resolve('bench-results/datasaver.{json,md}')}`);
}

await main();
