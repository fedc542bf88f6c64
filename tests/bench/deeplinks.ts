/**
 * Every route opened directly (issue 31, goal 1), for `npm run bench`: figures, never pass/fail; the
 * targets are printed beside them. Writes bench-results/deeplinks.json and .md in the current directory.
 *
 * It measures the checkout it is run from: `dist/` (run `npm run build` first) served by `server/main.ts`
 * of the current directory (default feed, fresh data dir, 127.0.0.1 on an ephemeral port, its own
 * process group). Another checkout: `cd <it> && npm run build && node --import tsx <this>/tests/bench/deeplinks.ts`.
 *
 * What is opened: every route of the production route table (src/app/routes/table.ts: its children and
 * the redirecting paths too, plus an unknown path), with sensible parameters (a live match of the feed,
 * a game of the lobby, the first FAQ article...), once as a visitor and once as the demo player (logged
 * in once through the login dialog; each visit starts with the session the app stored: tests/bench/player.ts).
 *
 * What is timed, in the page's clock, from `load` (the `load` event's start) and from navigation start,
 * to the first animation frame in which the route's answer is on screen (DEEPLINK_INIT):
 *  - `content`: the page has drawn: #root holds text and no skeleton is shown (the server's prerendered
 *    `.ps-lines` nor a `Skeleton` of src/ui, which every page shows while its code or data is on its way);
 *    a page the server drew (/foryou, /sports, /games/*, /faq) is there at its first frame;
 *  - `login`: a login-required route as a visitor: the Log In dialog open;
 *  - `redirect`: an unknown path: the address changed (to /, which lands on the home tab).
 * A route that redirects the player (/withdraw to the withdrawal password's page, say) is timed to its
 * target's content.
 *
 * Two passes:
 *  - unthrottled, scripts cached: one browser context per identity, its service worker installed and every
 *    script and stylesheet of the build fetched once through it before the first measured visit; each
 *    route then opened in a new tab, closed after (so the realtime SharedWorker starts with it, as when a
 *    player taps a link with the app closed). Median of `--runs` (default 2); prints the slowest 10.
 *  - the slow phone (tests/bench/slowPhone.ts: 50 kB/s each way, 400 ms latency, CPU ×4, every browser
 *    target throttled) on a subset (`--slow-pages`, identity prefix `visitor:` or `player:`), cold (fresh
 *    profile) and warm (the same profile, service worker installed, tabs closed), median of
 *    `--slow-runs` (default 1). `--no-slow` skips it, `--slow-only` runs only it; `--paths a,b` limits the
 *    unthrottled pass to those paths.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { type ServerProcess, startServerProcess } from '../e2e/serverProcess';
import { REDIRECTS, type RouteDef, routesFor } from '../../src/app/routes/table';
import { FAQ_ARTICLES } from '../../src/contract/faq/types';
import { PHONE } from './browser';
import { type Samples, poll, samplesOf } from './samples';
import { CdpConnection, startChromium } from './cdp';
import { type PlayerStorage, demoPlayerStorage, playerStorageScript } from './player';
import { SLOW_PHONE, Throttler, openTab, settleBetweenVisits } from './slowPhone';
import { errorMessage, median, percentile, round, sleep } from './stats';
import { gitDescribe } from './checkout';

const TARGETS = { unthrottledMs: 1_000, slowColdMs: 4_000, slowWarmMs: 2_000 } as const;
const VISIT_TIMEOUT_MS = 20_000;
const SLOW_VISIT_MS = 40_000;
const UNKNOWN_PATH = '/no/such/page';

type Identity = 'visitor' | 'player';
type Expect = 'content' | 'login' | 'redirect';

interface Link {
  /** The route's name (the table's), `redirect:/from` or `unknown`. */
  name: string;
  path: string;
  as: Identity;
  expect: Expect;
}

// ---- options -------------------------------------------------------------------------------------------

const DEFAULT_SLOW = [
  'visitor:/wallet/deposit',
  `visitor:${UNKNOWN_PATH}`,
  'visitor:/faq/how-to-play-live-streaming',
  'visitor:/liveSportGameV3',
  'visitor:/search',
  'player:/wallet/deposit',
  'player:/account',
  'player:/betRecord',
  'player:/withdraw',
  'player:/security',
];

function options() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '2' },
      'slow-runs': { type: 'string', default: '1' },
      'slow-pages': { type: 'string', default: DEFAULT_SLOW.join(',') },
      paths: { type: 'string', default: '' },
      'no-slow': { type: 'boolean', default: false },
      'slow-only': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const whole = (text: string, name: string) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} takes a whole number ≥ 1`);
    return n;
  };
  const list = (text: string) =>
    text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  return {
    runs: whole(values.runs, 'runs'),
    slowRuns: whole(values['slow-runs'], 'slow-runs'),
    slowPages: list(values['slow-pages']).map((item) => {
      const [as, path] = item.includes(':') ? (item.split(':', 2) as [string, string]) : ['visitor', item];
      if (as !== 'visitor' && as !== 'player') throw new Error(`--slow-pages: ${item}: visitor: or player: before the path`);
      return { as: as as Identity, path };
    }),
    paths: new Set(list(values.paths)),
    unthrottled: !values['slow-only'],
    slow: !values['no-slow'],
  };
}

// ---- the routes ------------------------------------------------------------------------------------------

/** Values for the table's path parameters. */
const PARAMS: Record<string, string> = {
  gameKind: 'slot',
  article: FAQ_ARTICLES[0],
  name: 'welcome',
  id: '1',
  eventId: '1',
};

/** A route's address with its parameters filled ({-$optional} left out) and the query its page needs. */
function addressOf(def: { name: string; path: string }, samples: Samples): string {
  const path = def.path
    .split('/')
    .filter((segment) => !segment.startsWith('{-$'))
    .map((segment) => (segment.startsWith('$') ? (PARAMS[segment.slice(1)] ?? '1') : segment))
    .join('/');
  const query = queryOf(def.name, samples);
  return `${path || '/'}${query ? `?${query}` : ''}`;
}

function queryOf(name: string, samples: Samples): string {
  if (name.startsWith('LiveSportGame')) return `matchId=${samples.matchId}`;
  if (['game', 'newGame', 'newGameV2', 'ingame', 'ingameV2', 'glifeingame', 'testgame', 'trial', 'InGameTransfer'].includes(name))
    return `gameId=${samples.gameId}`;
  if (name === 'MessageDetails') return 'id=1';
  return '';
}

/** Every route of the production table, its children, the redirecting paths and an unknown path, for one identity. */
function linksOf(samples: Samples, as: Identity): Link[] {
  const links: Link[] = [];
  const add = (name: string, path: string, loginRequired: boolean) =>
    links.push({ name, path, as, expect: as === 'visitor' && loginRequired ? 'login' : 'content' });
  for (const def of routesFor(true) as readonly RouteDef[]) {
    add(def.name, addressOf(def, samples), def.loginRequired === true);
    for (const child of def.children ?? [])
      add(
        child.name,
        addressOf({ name: child.name, path: `${def.path}/${child.path}` }, samples),
        def.loginRequired === true || child.loginRequired === true,
      );
  }
  // A redirecting path answers as the route it sends to does (/wallet: a visitor gets the login dialog).
  for (const r of REDIRECTS) {
    const target = links.find((link) => link.path === r.to);
    links.push({ name: `redirect:${r.from}`, path: r.from, as, expect: target?.expect ?? 'content' });
  }
  links.push({ name: 'unknown', path: UNKNOWN_PATH, as, expect: 'redirect' });
  return links;
}

// ---- in the page ---------------------------------------------------------------------------------------

/**
 * Installed before any page script (a string: tests/bench is compiled without the DOM library). Each
 * animation frame, until the content and a login dialog were both seen (or the tab closes): the first
 * address change, the first frame with the Log In dialog open, the first frame with the page drawn.
 */
const DEEPLINK_INIT = `
(() => {
  if (window.top !== window) return;
  const b = (window.__deeplink = { start: location.pathname, redirectMs: null, redirectTo: null, dialogMs: null, contentMs: null, contentPath: null });
  const shown = (el) => el.getClientRects().length > 0;
  const loading = () => !!document.querySelector('#root .ps-lines') || Array.prototype.some.call(document.querySelectorAll('[class*="_skeleton_"]'), shown);
  const loginOpen = () => Array.prototype.some.call(document.querySelectorAll('dialog[open]'), (dialog) => {
    const title = document.getElementById(dialog.getAttribute('aria-labelledby') || '');
    return !!title && title.textContent.trim() === 'Log In';
  });
  const frame = () => {
    const now = performance.now();
    if (b.redirectMs === null && location.pathname !== b.start) { b.redirectMs = now; b.redirectTo = location.pathname + location.search; }
    if (b.dialogMs === null && loginOpen()) b.dialogMs = now;
    const root = document.getElementById('root');
    if (b.contentMs === null && root && root.textContent.trim() && !loading()) { b.contentMs = now; b.contentPath = location.pathname + location.search; }
    if (b.contentMs === null || b.dialogMs === null) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
`;

const readyCondition = (expect: Expect) =>
  ({ content: 'b.contentMs !== null', login: 'b.dialogMs !== null', redirect: 'b.redirectMs !== null' })[expect];

const READY = (expect: Expect) => `(() => {
  const b = window.__deeplink;
  const nav = performance.getEntriesByType('navigation')[0];
  return !!b && !!nav && nav.loadEventStart > 0 && ${readyCondition(expect)};
})()`;

const COLLECT = `(() => {
  const b = window.__deeplink || {};
  const nav = performance.getEntriesByType('navigation')[0];
  return { ...b, loadMs: nav && nav.loadEventStart > 0 ? nav.loadEventStart : null, finalPath: location.pathname + location.search, now: performance.now() };
})()`;

interface Collected {
  redirectMs: number | null;
  redirectTo: string | null;
  dialogMs: number | null;
  contentMs: number | null;
  contentPath: string | null;
  loadMs: number | null;
  finalPath: string;
}

interface Visit {
  /** ms from `load` to the answer (0 when it was there before `load`). */
  fromLoadMs: number | null;
  /** ms from navigation start to the answer. */
  fromNavMs: number | null;
  loadMs: number | null;
  finalPath?: string;
  error?: string;
}

function visitOf(expect: Expect, c: Collected): Visit {
  const at = { content: c.contentMs, login: c.dialogMs, redirect: c.redirectMs }[expect];
  return {
    fromLoadMs: at === null || c.loadMs === null ? null : round(Math.max(0, at - c.loadMs)),
    fromNavMs: at === null ? null : round(at),
    loadMs: c.loadMs === null ? null : round(c.loadMs),
    finalPath: c.finalPath,
  };
}

// ---- unthrottled ------------------------------------------------------------------------------------------

/** Every script and stylesheet of the build: fetched once through the service worker, so every route's code is cached. */
function buildAssets(): string[] {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string; css?: string[] }>;
  const files = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    if (chunk.file.endsWith('.js')) files.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) files.add(`/${css}`);
  }
  return [...files];
}

async function warmContext(browser: Browser, serverUrl: string, storage: PlayerStorage | undefined): Promise<BrowserContext> {
  const context = await browser.newContext({ ...PHONE, baseURL: serverUrl, serviceWorkers: 'allow' });
  if (storage) await context.addInitScript(playerStorageScript(storage));
  await context.addInitScript(DEEPLINK_INIT);
  const page = await context.newPage();
  await page.goto('/foryou');
  await page.evaluate(
    `navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller !== null || new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', () => r(true), { once: true })))`,
  );
  await page.evaluate(`Promise.all(${JSON.stringify(buildAssets())}.map((url) => fetch(url).then((r) => r.blob(), () => null)))`);
  await page.close();
  return context;
}

async function visitUnthrottled(context: BrowserContext, link: Link): Promise<Visit> {
  const page = await context.newPage();
  try {
    await page.goto(link.path, { waitUntil: 'commit', timeout: VISIT_TIMEOUT_MS });
    await poll(page, READY(link.expect), VISIT_TIMEOUT_MS);
    return visitOf(link.expect, await page.evaluate<Collected>(COLLECT));
  } catch (error) {
    const seen = await page.evaluate<Collected>(COLLECT).catch(() => undefined);
    return {
      fromLoadMs: null,
      fromNavMs: null,
      loadMs: seen?.loadMs ?? null,
      finalPath: seen?.finalPath ?? '',
      error: errorMessage(error).split('\n')[0],
    };
  } finally {
    await page.close().catch(() => undefined);
  }
}

// ---- the slow phone -----------------------------------------------------------------------------------------

async function slowVisit(cdp: CdpConnection, throttler: Throttler, browserContextId: string, url: string, expect: Expect, init: string) {
  throttler.reset();
  const tab = await openTab(cdp, throttler, browserContextId, init);
  const started = performance.now();
  await tab.navigate(url);
  while (performance.now() - started < SLOW_VISIT_MS + 20_000) {
    await sleep(500);
    const ready = await tab.evaluate<boolean>(READY(expect)).catch(() => false);
    const now = await tab.evaluate<number>('performance.now()').catch(() => 0);
    if (ready || now > SLOW_VISIT_MS) break;
  }
  const collected = await tab.evaluate<Collected>(COLLECT).catch(() => undefined);
  const visit: Visit = collected
    ? visitOf(expect, collected)
    : { fromLoadMs: null, fromNavMs: null, loadMs: null, error: 'the page did not answer' };
  if (collected && visit.fromNavMs === null) visit.error = `not ready in ${SLOW_VISIT_MS / 1000} s`;
  return { tab, visit: { ...visit, ...(tab.exceptions.length ? { pageErrors: tab.exceptions } : {}) } };
}

async function measureSlow(serverUrl: string, link: Link, storage: PlayerStorage | undefined) {
  const chrome = await startChromium();
  let cdp: CdpConnection | undefined;
  let throttler: Throttler | undefined;
  const init = (storage ? playerStorageScript(storage) : '') + DEEPLINK_INIT;
  try {
    cdp = await CdpConnection.open(chrome.wsUrl);
    throttler = new Throttler(cdp);
    await throttler.start();
    const { browserContextId } = (await cdp.send('Target.createBrowserContext', {})) as { browserContextId: string };
    const cold = await slowVisit(cdp, throttler, browserContextId, `${serverUrl}${link.path}`, link.expect, init);
    const swReady = await settleBetweenVisits(throttler, cold.tab);
    const warm = await slowVisit(cdp, throttler, browserContextId, `${serverUrl}${link.path}`, link.expect, init);
    await warm.tab.close();
    await cdp.send('Target.disposeBrowserContext', { browserContextId }).catch(() => undefined);
    return { cold: cold.visit, warm: { ...warm.visit, serviceWorkerReadyBefore: swReady }, targets: throttler.targetSummary() };
  } finally {
    throttler?.stop();
    await cdp?.send('Browser.close').catch(() => undefined);
    cdp?.close();
    await chrome.stop();
  }
}

// ---- figures ---------------------------------------------------------------------------------------------------

const key = (link: { as: Identity; path: string }) => `${link.as} ${link.path}`;

function medianOf(visits: readonly Visit[], field: 'fromLoadMs' | 'fromNavMs' | 'loadMs'): number | null {
  const values = visits.map((v) => v[field]).filter((v): v is number => typeof v === 'number');
  return values.length ? round(median(values)) : null;
}

const fmt = (value: unknown) => (value === null || value === undefined ? '–' : String(value));

async function main() {
  const opts = options();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  if (!existsSync('dist/index.html') || !existsSync('dist/.vite/manifest.json') || !existsSync('server/main.ts')) {
    console.error(`deeplinks: no production build in ${resolve('dist')}: run \`npm run build\` in ${process.cwd()} first.`);
    process.exit(1);
  }
  const checkout = `${process.cwd()} ${gitDescribe()}`;
  console.log(`deeplinks: ${checkout}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'panalo-bench-deeplinks-'));
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  const perLink = new Map<string, { link: Link; visits: Visit[] }>();
  const slow: Record<string, { link: Link; cold: Visit[]; warm: Visit[]; errors: string[] }> = {};
  let samples: Samples | undefined;
  try {
    server = await startServerProcess({ DATA_DIR: dataDir, DIST_DIR: resolve('dist'), LOG_LEVEL: 'warn' }, { timeoutMs: 90_000 });
    const storage = await demoPlayerStorage(server.url);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    samples = await samplesOf(browser, server.url);
    console.log(`  live match ${samples.matchId}, game ${samples.gameId}`);
    if (opts.unthrottled) {
      for (const as of ['visitor', 'player'] as const) {
        const links = linksOf(samples, as).filter((link) => opts.paths.size === 0 || opts.paths.has(link.path.replace(/\?.*$/, '')));
        const context = await warmContext(browser, server.url, as === 'player' ? storage : undefined);
        const started = performance.now();
        for (let run = 1; run <= opts.runs; run++) {
          for (const link of links) {
            const visit = await visitUnthrottled(context, link);
            const slot = perLink.get(key(link)) ?? { link, visits: [] };
            slot.visits.push(visit);
            perLink.set(key(link), slot);
            if (visit.error) console.log(`  ${as} ${link.path}: ${visit.error}`);
          }
        }
        await context.close();
        console.log(`  ${as}: ${links.length} routes × ${opts.runs} in ${round((performance.now() - started) / 1000)} s`);
      }
    }
    await browser.close();
    browser = undefined;
    if (opts.slow) {
      const all = [...linksOf(samples, 'visitor'), ...linksOf(samples, 'player')];
      for (let run = 1; run <= opts.slowRuns; run++) {
        for (const wanted of opts.slowPages) {
          const link = all.find((l) => l.as === wanted.as && l.path.replace(/\?.*$/, '') === wanted.path);
          if (!link) {
            console.log(`  slow: ${wanted.as} ${wanted.path} is no route of the table`);
            continue;
          }
          const slot = (slow[key(link)] ??= { link, cold: [], warm: [], errors: [] });
          try {
            const result = await measureSlow(server.url, link, link.as === 'player' ? storage : undefined);
            slot.cold.push(result.cold);
            slot.warm.push(result.warm);
            console.log(
              `  slow run ${run} ${key(link)}: cold ${fmt(result.cold.fromLoadMs)} ms after load (${fmt(result.cold.fromNavMs)} from navigation), warm ${fmt(result.warm.fromLoadMs)} (${fmt(result.warm.fromNavMs)})`,
            );
          } catch (error) {
            slot.errors.push(errorMessage(error));
            console.log(`  slow run ${run} ${key(link)}: ${errorMessage(error)}`);
          }
        }
      }
    }
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const routes = [...perLink.values()].map(({ link, visits }) => ({
    ...link,
    fromLoadMs: medianOf(visits, 'fromLoadMs'),
    fromNavMs: medianOf(visits, 'fromNavMs'),
    loadMs: medianOf(visits, 'loadMs'),
    finalPath: visits.at(-1)?.finalPath,
    errors: visits.flatMap((v) => (v.error ? [v.error] : [])),
  }));
  const measured = routes.filter((r) => r.fromLoadMs !== null).map((r) => r.fromLoadMs!);
  const slowest = [...routes].sort((a, b) => (b.fromLoadMs ?? Infinity) - (a.fromLoadMs ?? Infinity)).slice(0, 10);
  const summary = {
    routes: routes.length,
    answered: measured.length,
    overTarget: measured.filter((ms) => ms > TARGETS.unthrottledMs).length,
    medianFromLoadMs: measured.length ? round(median(measured)) : null,
    p90FromLoadMs: measured.length ? round(percentile(measured, 90)) : null,
    maxFromLoadMs: measured.length ? round(Math.max(...measured)) : null,
  };
  const slowRows = Object.values(slow).map(({ link, cold, warm, errors }) => ({
    ...link,
    cold: { fromLoadMs: medianOf(cold, 'fromLoadMs'), fromNavMs: medianOf(cold, 'fromNavMs'), loadMs: medianOf(cold, 'loadMs') },
    warm: { fromLoadMs: medianOf(warm, 'fromLoadMs'), fromNavMs: medianOf(warm, 'fromNavMs'), loadMs: medianOf(warm, 'loadMs') },
    errors: [...errors, ...[...cold, ...warm].flatMap((v) => (v.error ? [v.error] : []))],
  }));
  const results = {
    when: new Date().toISOString(),
    checkout,
    setup: `Debian chromium headless, 390×844 @2x; unthrottled with scripts cached (median of ${opts.runs}); slow phone: ${SLOW_PHONE}, cold and warm (median of ${opts.slowRuns})`,
    samples,
    targets: TARGETS,
    summary,
    slowest,
    routes,
    slow: slowRows,
    perRun: { unthrottled: Object.fromEntries([...perLink].map(([k, v]) => [k, v.visits])), slow },
  };
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/deeplinks.json', `${JSON.stringify(results, null, 2)}\n`);
  const md = [
    `# Deep links (tests/bench/deeplinks.ts)`,
    ``,
    `${results.when} · ${checkout} · ${results.setup}`,
    ``,
    `ms from \`load\` to the route's answer (its content, the Log In dialog for a visitor on a login-required route, the redirect of an unknown path); in brackets from navigation start.`,
    ``,
    ...(routes.length
      ? [
          `## Unthrottled, scripts cached: ${summary.routes} routes (visitor and player)`,
          ``,
          `median ${fmt(summary.medianFromLoadMs)} ms, p90 ${fmt(summary.p90FromLoadMs)} ms, max ${fmt(summary.maxFromLoadMs)} ms; over ${TARGETS.unthrottledMs} ms: ${summary.overTarget}; unanswered: ${summary.routes - summary.answered}`,
          ``,
          `### The slowest 10`,
          ``,
          `| route | as | answer | from load (ms) | from navigation (ms) | load (ms) | landed on |`,
          `|---|---|---|---|---|---|---|`,
          ...slowest.map(
            (r) =>
              `| ${r.path} | ${r.as} | ${r.expect} | ${fmt(r.fromLoadMs)}${r.errors.length ? ` (${r.errors[0]})` : ''} | ${fmt(r.fromNavMs)} | ${fmt(r.loadMs)} | ${fmt(r.finalPath)} |`,
          ),
          ``,
        ]
      : []),
    ...(slowRows.length
      ? [
          `## Slow phone (target: cold ≤ ${TARGETS.slowColdMs} ms, warm ≤ ${TARGETS.slowWarmMs} ms from load)`,
          ``,
          `| route | as | answer | cold from load | cold from navigation | cold load | warm from load | warm from navigation | warm load |`,
          `|---|---|---|---|---|---|---|---|---|`,
          ...slowRows.map(
            (r) =>
              `| ${r.path} | ${r.as} | ${r.expect} | ${fmt(r.cold.fromLoadMs)} | ${fmt(r.cold.fromNavMs)} | ${fmt(r.cold.loadMs)} | ${fmt(r.warm.fromLoadMs)} | ${fmt(r.warm.fromNavMs)} | ${fmt(r.warm.loadMs)} |${r.errors.length ? ` ${r.errors[0]}` : ''}`,
          ),
          ``,
        ]
      : []),
  ].join('\n');
  writeFileSync('bench-results/deeplinks.md', md);
  console.log(`\n${md}\nwritten to ${resolve('bench-results/deeplinks.{json,md}')}`);
}

await main();
