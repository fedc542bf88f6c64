import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';
import { LIST_MODES, type ListSnapshot } from '../../src/contract/feed';
import { DEFAULT_HOME_TAB, type HomeTab } from '../../src/contract/navigation';
import type { ListQuery } from '../../src/contract/realtime';
import type { SiteInfo } from '../../src/contract/site';
import { FOR_YOU_SPORTS } from '../../src/contract/sports';
import { APP_TEMPLATE_ID, AT_ONCE, PRELOADS_MARK } from './appLoader';
import { EARLY_TAP_SCRIPT, type EnglishStrings, firstScreen, rowsCss, scriptSafe, sha256Source, useEnglish } from './firstRows';
import { EARLY_LIVE_SCRIPT, LIVE_SINCE_ID, liveSince } from './earlyLive';
import { type GameListSource, PLAYER_ROWS_SCRIPT, gameListScript, gamesOf, kindOf, lobbyScreen, thumbPreloads } from './firstTiles';

/**
 * What makes the app's page paint before its scripts ran and show odds soon after, on a slow link
 * (issue 14): the page answered for an address is index.html with
 * - the prerendered shell of that address (index.html's home layout on a home tab, a plain skeleton on
 *   any other page), so the player sees the layout while the scripts load;
 * - `<link rel=modulepreload>` of the route's page chunk and what it imports (from the build manifest and
 *   the router's lazy imports), so it loads beside the main bundle instead of after it; both wait in
 *   the template ./appLoader.ts asks for once the page has painted;
 * - on /sports and /foryou the first list snapshots the page will watch, inlined as JSON
 *   (`#panalo-first-list`): the page hands them to the realtime worker (RealtimeApi.seedList), which
 *   then shows the rows without fetching them first.
 * The build writes what this needs from the app (routes, sports, each route's preload tags) to
 * dist/.vite/first-paint.json (scripts/vite-first-paint.ts), read once at start; a page with snapshots
 * is rebuilt at most every LIST_TTL_MS.
 */

/** The element the inlined snapshots travel in (read by src/realtime/client.ts). */
export const FIRST_LIST_ID = 'panalo-first-list';

/** The element the site information travels in (read by src/stores/siteInfo.ts): no round trip before the route guards. */
export const SITE_INFO_ID = 'panalo-site-info';

/** A page with inlined snapshots is kept this long: a busy server builds it about once a second. */
export const LIST_TTL_MS = 1_000;

/** What `#panalo-first-list` holds. */
export interface FirstLists {
  lists: { query: ListQuery; snapshot: ListSnapshot }[];
}

/** The lists /foryou watches: FOR_YOU_SPORTS × its three modes (src/features/sports/ForYouPage.tsx). */
const FOR_YOU_MODES = ['live', 'today', 'early'] as const;

/** What the build tells the server about the app (dist/.vite/first-paint.json). */
export interface FirstPaintInfo {
  /** The production build's routes: TanStack paths (`$param`, `{-$param}`). */
  routes: { path: string; name: string; homeTab?: boolean; children?: boolean }[];
  /** The sports /sports offers (its sportId values). */
  sports: string[];
  /** Route name → its preload tags (the page chunk, its imports and their CSS); '' for any other page. */
  preloads: Record<string, string>;
  /**
   * What the server needs to draw the first rows as React draws them (./firstRows.ts): each CSS
   * module's class names as built ('MatchRow' → `row` → `_row_x1y2z`), and the compiled CSS of the
   * tokens, base rules and those modules, inlined with the rows. Absent: no rows are drawn.
   */
  rows?: { classes: Record<string, Record<string, string>>; css: string; strings: EnglishStrings };
  /** Route name → its first screen drawn at build time (static text: /faq), put in place of the skeleton with rows.css. */
  pages?: Record<string, string>;
}

export const EMPTY_INFO: FirstPaintInfo = { routes: [], sports: [], preloads: {} };

/** The build's first-paint file, or nothing known (every page then gets the plain shell and no preloads). */
export function readFirstPaintInfo(distDir: string): FirstPaintInfo {
  const file = join(distDir, '.vite', 'first-paint.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as FirstPaintInfo) : EMPTY_INFO;
}

// ---- routes ----------------------------------------------------------------------------------------

type RouteInfo = FirstPaintInfo['routes'][number];

/** A TanStack path as a pattern: `$param` one segment, `{-$param}` an optional one. */
function patternOf(path: string): string {
  return path
    .split('/')
    .map((segment) =>
      segment === ''
        ? ''
        : segment.startsWith('{-$')
          ? '(?:/[^/]+)?'
          : segment.startsWith('$')
            ? '/[^/]+'
            : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
    )
    .join('');
}

/** Finds the route an address shows, as the router would match it (case-insensitive, a trailing slash allowed). */
export function routeMatcher(info: FirstPaintInfo): (pathname: string) => RouteInfo | undefined {
  const home = info.routes.find((route) => route.path === '/') ?? { path: '/', name: 'Home' };
  const matchers = info.routes.flatMap((route) => [
    { pattern: new RegExp(`^${patternOf(route.path)}/?$`, 'i'), route },
    ...(route.children ? [{ pattern: new RegExp(`^${patternOf(route.path)}/[^/]+/?$`, 'i'), route }] : []),
  ]);
  return (pathname) => (pathname === '/' || pathname === '/index.html' ? home : matchers.find((m) => m.pattern.test(pathname))?.route);
}

const TAB_NAME: Record<HomeTab, string> = { foryou: 'Home_foryou', sports: 'Home_sports', games: 'Home_games' };
const TAB_OF: Record<string, HomeTab> = { Home_foryou: 'foryou', Home_sports: 'sports', Home_games: 'games' };

/** The lists a page watches first, as it asks the realtime worker for them; none for other pages. */
/** /sports's address read as SportsPage reads it (src/features/sports/search.ts): unknown values are absent. */
function sportsQuery(search: URLSearchParams, sports: readonly string[]) {
  const mode = search.get('mode') ?? '';
  const sportId = search.get('sportId') ?? '';
  return {
    mode: (LIST_MODES as readonly string[]).includes(mode) ? (mode as (typeof LIST_MODES)[number]) : undefined,
    sportId: sports.includes(sportId) ? sportId : undefined,
    dateId: search.get('dateId') || undefined,
  };
}

export function firstQueries(routeName: string, search: URLSearchParams, sports: readonly string[]): ListQuery[] {
  if (routeName === 'Home_foryou') return FOR_YOU_SPORTS.flatMap((sportTypeId) => FOR_YOU_MODES.map((mode) => ({ sportTypeId, mode })));
  if (routeName !== 'Home_sports') return [];
  // As SportsPage reads its address: absent or unknown values are the defaults (live, football).
  const parsed = sportsQuery(search, sports);
  const mode = parsed.mode ?? 'live';
  // Outrights are another call; a day of the early markets is checked against the coming days by the page.
  if (mode === 'outright' || (mode === 'early' && parsed.dateId)) return [];
  return [{ sportTypeId: parsed.sportId ?? '1', mode }];
}

// ---- the page --------------------------------------------------------------------------------------

/** JSON safe inside a <script> element (no `</script>`, no `<!--`, no line separators). */
export function scriptJson(value: unknown): string {
  return scriptSafe(JSON.stringify(value));
}

const BEGIN = '<!--ps:begin-->';
const END = '<!--ps:end-->';
const PLAIN_SKELETON = '<div class="ps-lines" role="status" aria-label="Loading…">' + '<span class="ps-k"></span>'.repeat(7) + '</div>';
const MODE_LABELS = { live: 'Live', today: 'Today', early: 'Early', outright: 'Outright' } as const;

/** /sports's filter bars as the page draws them: the sport pills (placeholders) and the modes, the one asked marked. */
function sportsFilters(mode: string): string {
  const modes = Object.entries(MODE_LABELS)
    .map(([value, label]) => `<span class="ps-tab${value === mode ? ' ps-on' : ''}">${label}</span>`)
    .join('');
  return `<div class="ps-filters"><div class="ps-pills">${'<span class="ps-k ps-pill"></span>'.repeat(5)}</div><div class="ps-tabs">${modes}</div></div>`;
}

/** index.html's prerendered shell made the address's own: which tab is current, or a plain skeleton off the home tabs. */
export function shellFor(html: string, route: RouteInfo | undefined, mode = 'live'): string {
  const begin = html.indexOf(BEGIN);
  const end = html.indexOf(END);
  if (begin < 0 || end < begin) return html;
  const home = route?.path === '/' || route?.homeTab === true;
  if (!home) return html.slice(0, begin + BEGIN.length) + PLAIN_SKELETON + html.slice(end);
  const tab = route ? TAB_OF[route.name] : undefined;
  let out = html;
  if (tab) {
    out = out
      .replace(`data-ps-tab="${tab}"`, `data-ps-tab="${tab}" aria-current="page"`)
      .replace('data-ps-nav="home"', 'data-ps-nav="home" aria-current="page"');
  }
  if (tab === 'sports') out = out.replace('<!--ps:filters-->', sportsFilters(mode));
  return out;
}

/** The sha256 source of index.html's inline style (the shell's critical CSS), for the page's policy. */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  );
}

/** A page drawn at build time in place of the prerendered shell, with the rows' stylesheet. */
function drawnPage(html: string, drawn: string, rows: NonNullable<FirstPaintInfo['rows']>): string {
  const begin = html.indexOf(BEGIN);
  const end = html.indexOf(END);
  if (begin < 0 || end < begin) return html;
  return (html.slice(0, begin + BEGIN.length) + drawn + html.slice(end)).replace('</head>', () => `${rowsHead(rows)}</head>`);
}

/** The sha256 sources of index.html's inline classic scripts (the app's loader), for the page's policy. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => sha256Source(match[1]!));
}

/** The inline style and script of a page with drawn rows (their hashes, with EARLY_LIVE_SCRIPT's: rowsPolicyHashes). */
export function rowsHead(rows: NonNullable<FirstPaintInfo['rows']>): string {
  return `<style id="panalo-rows-css">${rowsCss(rows.classes, rows.css)}</style><script>${EARLY_TAP_SCRIPT}</script>`;
}

/** The sha256 sources the rows' inline style and script need in the policy (none without rows). */
export function rowsPolicyHashes(info: FirstPaintInfo): { styles: string[]; scripts: string[] } {
  if (!info.rows) return { styles: [], scripts: [] };
  return {
    styles: [sha256Source(rowsCss(info.rows.classes, info.rows.css))],
    scripts: [sha256Source(EARLY_TAP_SCRIPT), sha256Source(EARLY_LIVE_SCRIPT), sha256Source(PLAYER_ROWS_SCRIPT)],
  };
}

/** Adds inline scripts' hashes to the policy the security headers wrote for this answer. */
export function allowInlineScripts(reply: FastifyReply, hashes: readonly string[]): void {
  allowInline(reply, 'script-src', hashes);
}

/** Adds the inline style's hash to the policy the security headers wrote for this answer. */
export function allowInlineStyles(reply: FastifyReply, hashes: readonly string[]): void {
  allowInline(reply, 'style-src', hashes);
}

/** Appends the hashes to one directive of the answer's content security policy. */
function allowInline(reply: FastifyReply, directive: 'script-src' | 'style-src', hashes: readonly string[]): void {
  if (hashes.length === 0) return;
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  const pattern = new RegExp(`(^|;\\s*)${directive} ([^;]*)`);
  reply.header(
    'content-security-policy',
    policy.replace(pattern, (_, lead: string, sources: string) => `${lead}${directive} ${sources} ${hashes.join(' ')}`),
  );
}

export type ListSource = (query: ListQuery) => ListSnapshot | undefined;

export interface PageVariant {
  /** Names what the page holds: the same key, the same bytes (until `expires`). */
  key: string;
  build: () => string;
  /** How long a build may be reused: a second with snapshots, for ever without. */
  ttlMs: number;
}

/**
 * The page for one address: `html` is index.html as built (or as Vite transformed it), `info` what the
 * build says of the app (no preloads in development), `lists` where the snapshots come from (absent:
 * none inlined).
 */
export function pageVariant(
  html: string,
  url: string,
  info: FirstPaintInfo,
  routeOf: ReturnType<typeof routeMatcher>,
  lists?: ListSource,
  site?: SiteInfo,
  games?: GameListSource,
  /** Data saver (issue 38: `Save-Data: on`, or the player's choice in its cookie): no pictures asked by the page. */
  saveData = false,
): PageVariant {
  const { pathname, searchParams } = new URL(url, 'http://x');
  const route = routeOf(pathname);
  // / lands on the saved home tab, the default one for most: its chunk and lists come along.
  const shown = route?.path === '/' ? TAB_NAME[DEFAULT_HOME_TAB] : route?.name;
  const queries = lists && shown && pathname !== '/index.html' ? firstQueries(shown, searchParams, info.sports) : [];
  // An unknown address is sent to / and on to the home tab (src/app/routes/guards.ts): that tab's chunks.
  const tags = info.preloads[shown ?? TAB_NAME[DEFAULT_HOME_TAB]] ?? info.preloads[''] ?? '';
  const mode = route?.name === 'Home_sports' ? (sportsQuery(searchParams, info.sports).mode ?? 'live') : '';
  // The site information is the same for every visitor (its clientIp is left to the API's answer).
  const siteJson = site ? scriptJson(site) : '';
  const siteKey = siteJson ? createHash('sha1').update(siteJson).digest('base64url').slice(0, 12) : '';
  // The games lobby: its first tiles and its catalogue, from the lists of this version (./firstTiles.ts).
  const gameLists = shown === 'Home_games' && pathname !== '/index.html' && info.rows ? games?.() : undefined;
  const gameKind = gameLists ? kindOf(pathname) : undefined;
  const key = `${route?.name ?? '?'}|${pathname === '/index.html' ? 'shell' : mode}|${queries.map((q) => `${q.sportTypeId}:${q.mode}`).join(',')}|${siteKey}${gameLists ? `|${gameKind}:${gameLists.version}` : ''}${saveData ? '|save-data' : ''}`;
  return {
    key,
    ttlMs: queries.length > 0 ? LIST_TTL_MS : Infinity,
    build: () => {
      if (info.rows) useEnglish(info.rows.strings);
      let page = shellFor(html, route, mode);
      const drawn = route && info.rows ? info.pages?.[route.name] : undefined;
      if (drawn && info.rows) page = drawnPage(page, drawn, info.rows);
      // Into the template the entry waits in until the page has painted (./appLoader.ts); before </head>
      // in a page without it.
      if (tags)
        page = page.includes(PRELOADS_MARK) ? page.replace(PRELOADS_MARK, () => tags) : page.replace('</head>', () => `${tags}</head>`);
      if (siteJson)
        page = page.replace('</body>', () => `<script type="application/json" id="${SITE_INFO_ID}">${siteJson}</script></body>`);
      if (gameLists && gameKind && info.rows) {
        const catalogue = gamesOf(gameLists);
        const skeleton = /<div class="ps-lines"[^>]*>[\s\S]*?<\/div>/;
        if (skeleton.test(page)) {
          const lobby = lobbyScreen(info.rows.classes, gameLists.index, catalogue, gameKind, saveData);
          page = page
            .replace(skeleton, () => lobby)
            // The first screen's thumbnails are asked before the scripts (the page's largest paint), its style
            // with the rows'; with data saver there are none to ask.
            .replace('<title>', () => `${saveData ? '' : thumbPreloads(catalogue, gameKind)}<title>`)
            .replace('</head>', () => `${rowsHead(info.rows!)}</head>`)
            .replace('</body>', () => `${gameListScript(gameLists)}</body>`);
        }
      }
      const inlined: FirstLists = { lists: [] };
      for (const query of queries) {
        try {
          const snapshot = lists?.(query);
          if (snapshot) inlined.lists.push({ query, snapshot });
        } catch {
          // A list the feed cannot give now: the worker fetches it as it would without one.
        }
      }
      if (inlined.lists.length > 0) {
        page = page.replace('</body>', `<script type="application/json" id="${FIRST_LIST_ID}">${scriptJson(inlined)}</script></body>`);
        // The rows of the first screen in place of the skeleton, styled by the build's own CSS (./firstRows.ts).
        const rows = info.rows && shown ? firstScreen(shown, info.rows.classes, inlined.lists, Date.now()) : '';
        const skeleton = /<div class="ps-lines"[^>]*>[\s\S]*?<\/div>/;
        if (rows && info.rows && skeleton.test(page)) {
          // The drawn rows, and at the top of the head (before the shell's rules, as soon as the page
          // starts to arrive) the script that keeps their prices live until the app runs, with the seq
          // it asks from (./earlyLive.ts).
          const live = `<script type="application/json" id="${LIVE_SINCE_ID}">${scriptJson(liveSince(inlined.lists))}</script><script>${EARLY_LIVE_SCRIPT}</script>`;
          page = page
            .replace(skeleton, () => rows)
            .replace('<title>', () => `${live}<title>`)
            .replace('</head>', () => `${rowsHead(info.rows!)}</head>`);
        }
      }
      // Nothing but a skeleton to paint: the scripts draw the page, so the loader asks for them at once
      // instead of waiting for a contentful paint that only they can bring (./appLoader.ts).
      if (page.includes(PLAIN_SKELETON))
        page = page.replace(`<template id="${APP_TEMPLATE_ID}"`, () => `<template id="${APP_TEMPLATE_ID}" ${AT_ONCE}`);
      return page;
    },
  };
}
