/**
 * The screenshot tour (`npm run screens`): every route of the route table (src/app/routes/table.ts) at
 * 390×844, as a visitor and as the demo player, saved as PNGs into `screens/` (git ignores it) for a
 * person to look at, with every console warning and error, uncaught error and failed request of each
 * route. It starts the production build (`dist/`, built by the npm script) on 127.0.0.1 and an ephemeral
 * port over a throw-away data folder, as the browser tests do, and drives Debian's chromium.
 *
 * Options: `--lang en,cn` (default `en`), `--as visitor,player` (default both), `--only <text>` (routes
 * whose name or path contains it). Exit code 1 when any route logged a warning or an error, or shows a
 * title cut short: the console stays clean and titles whole on every route (issue 32).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { ROUTES, type RouteDef } from '../../../src/app/routes/table';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { startServerProcess } from '../serverProcess';
import { cutTitles } from '../titles';

const OUT = 'screens';

/** A sample for each path parameter of the table: a real one where the page looks it up. */
const PARAM_SAMPLES: Record<string, string> = {
  gameKind: 'slot',
  article: 'how-to-play-live-streaming',
  name: 'welcome',
  id: '1',
  eventId: '1',
};

interface Stop {
  readonly name: string;
  readonly path: string;
  readonly loginRequired: boolean;
}

/** Pages that show one thing named in their query: which parameter, found on which page by which link. */
const SUBJECTS = [
  { param: 'matchId', on: '/sports', link: 'a[href*="liveSportGameV3?matchId="]', routes: /^LiveSportGame/ },
  {
    param: 'gameId',
    on: '/games/slot',
    link: 'a[href*="gameId="]',
    routes: /^(game|newGame|newGameV2|ingame|ingameV2|glifeingame|testgame|trial|InGameTransfer)$/,
  },
] as const;

/** A live match and a game to show on the pages that need one (each the first the app links to). */
async function discoverSubjects(page: Page): Promise<(stop: Stop) => Stop> {
  const found = new Map<RegExp, string>();
  for (const subject of SUBJECTS) {
    await page.goto(subject.on);
    const href = await page
      .locator(subject.link)
      .first()
      .getAttribute('href', { timeout: 15_000 })
      .catch(() => null);
    const value = href ? new URL(href, 'http://x').searchParams.get(subject.param) : null;
    if (value) found.set(subject.routes, `${subject.param}=${encodeURIComponent(value)}`);
  }
  return (stop) => {
    const query = [...found].find(([routes]) => routes.test(stop.name))?.[1];
    return query ? { ...stop, path: `${stop.path}?${query}` } : stop;
  };
}

/** Every page of the table (children included) with its parameters filled; optional parameters left out. */
function tourStops(defs: readonly RouteDef[] = ROUTES): Stop[] {
  const fill = (path: string) =>
    path
      .replace(/\/\{-\$\w+\}/g, '')
      .replace(/\$(\w+)/g, (_all, param: string) => PARAM_SAMPLES[param] ?? '1')
      .replace(/\/+$/, '') || '/';
  return defs.flatMap((def) => {
    const own: Stop = { name: def.name, path: fill(def.path), loginRequired: Boolean(def.loginRequired) };
    const children = (def.children ?? []).map((child) => ({
      name: child.name,
      path: fill(`${def.path}/${child.path}`),
      loginRequired: Boolean(def.loginRequired || child.loginRequired),
    }));
    return [own, ...children];
  });
}

interface Visit {
  readonly stop: string;
  readonly path: string;
  readonly landed: string;
  readonly file: string;
  readonly messages: string[];
}

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

/** Collects what the page logs as a warning or an error, failed requests and answers of 400 and above. */
function watchConsole(page: Page, sink: () => string[]): void {
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') {
      const where = message.location().url ? ` (${message.location().url.replace(/^https?:\/\/[^/]+/, '')})` : '';
      sink().push(`${message.type()}: ${message.text()}${where}`);
    }
  });
  page.on('pageerror', (error) => sink().push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    // A navigation away cancels what the last page still loaded: not this page's fault.
    if (!/ERR_ABORTED/.test(failure)) sink().push(`request failed: ${request.method()} ${request.url()} ${failure}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) sink().push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
}

/** What the server drew before the app ran: its prerendered shell (`ps-` classes), rows and tiles. */
const SERVER_DRAWN = '#root [class^="ps-"], #root [data-first-rows], #root [data-first-tiles]';

/** The page has drawn what it will draw: the app replaced the server's drawing, the network went quiet, two frames. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load').catch(() => undefined);
  await page.waitForFunction((drawn) => !document.querySelector(drawn), SERVER_DRAWN, { timeout: 15_000 }).catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  await page.waitForTimeout(500);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Today's weak KYC prompt counts as seen, so it does not stand in front of the first page of the tour. */
async function prepareContext(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(),
    );
    window.localStorage.setItem('kycWeakPromptDay', JSON.stringify(today));
  });
}

/** The stored language preference; the next page load starts in it. */
async function chooseLanguage(page: Page, language: string): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/faq');
  await page.evaluate((lang) => {
    const stored = JSON.parse(window.localStorage.getItem('preferences') ?? '{}') as Record<string, unknown>;
    window.localStorage.setItem('preferences', JSON.stringify({ ...stored, language: lang }));
  }, language);
}

/** The demo player (README) logs in through the Log In dialog a login-required page opens for a visitor. */
async function logIn(page: Page): Promise<void> {
  await page.goto('/security');
  const dialog = page.getByRole('dialog', { name: 'Log In' });
  await dialog.getByRole('tab', { name: 'Password' }).click();
  await dialog.getByLabel('Mobile number').fill('917 555 0123');
  await dialog.getByLabel('Password').fill('Panalo2026');
  await dialog.getByRole('button', { name: 'Log In' }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
}

async function tour(page: Page, who: string, language: string, stops: readonly Stop[], visits: Visit[]): Promise<void> {
  const dir = join(OUT, language, who);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let messages: string[] = [];
  watchConsole(page, () => messages);
  for (const [index, stop] of stops.entries()) {
    messages = [];
    const file = join(dir, `${String(index).padStart(3, '0')}-${stop.name.replace(/[^\w-]+/g, '_')}.png`);
    try {
      await page.goto(stop.path, { waitUntil: 'commit' });
      await settle(page);
      await page.screenshot({ path: file });
      for (const title of await cutTitles(page)) messages.push(`cut title: ${title}`);
    } catch (error) {
      messages.push(`tour: ${(error as Error).message.split('\n')[0]}`);
    }
    const landed = new URL(page.url()).pathname + new URL(page.url()).search;
    visits.push({ stop: `${language}/${who}/${stop.name}`, path: stop.path, landed, file, messages: [...messages] });
    const note = messages.length ? `  ${messages.length} console message(s)` : '';
    console.log(`${language} ${who.padEnd(7)} ${stop.path.padEnd(34)} → ${landed}${note}`);
  }
}

async function main(): Promise<void> {
  const languages = option('lang', 'en').split(',');
  const roles = option('as', 'visitor,player').split(',');
  const only = option('only', '');
  const stops = tourStops().filter((stop) => !only || stop.name.includes(only) || stop.path.includes(only));

  const dataDir = mkdtempSync(join(tmpdir(), 'panalo-screens-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const visits: Visit[] = [];
  try {
    for (const language of languages) {
      for (const who of roles) {
        const context = await browser.newContext({
          baseURL: server.url,
          viewport: { width: 390, height: 844 },
          deviceScaleFactor: 1,
          isMobile: true,
          hasTouch: true,
          locale: 'en-PH',
          timezoneId: 'Asia/Manila',
        });
        await prepareContext(context);
        const page = await context.newPage();
        if (who === 'player') await logIn(page);
        await chooseLanguage(page, language);
        const withSubject = await discoverSubjects(page);
        await tour(page, who, language, stops.map(withSubject), visits);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const noisy = visits.filter((visit) => visit.messages.length > 0);
  const report = join(OUT, `report-${languages.join('+')}-${roles.join('+')}.json`);
  writeFileSync(report, `${JSON.stringify(visits, null, 2)}\n`);
  console.log(`\n${visits.length} screens in ${OUT}/ (report: ${report})`);
  if (noisy.length > 0) {
    console.log(`\n${noisy.length} route(s) logged warnings or errors:`);
    for (const visit of noisy) console.log(`\n${visit.stop} (${visit.path}):\n  ${visit.messages.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('no console warning or error on any route');
  }
}

await main();
