import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { deferAppScripts } from '../server/plugins/appLoader';
import type { FirstPaintInfo } from '../server/plugins/firstPaint';
import { ROUTES_WITH_DATA } from '../src/app/routes/data';
import type { RouteOwner } from '../src/app/routes/meta';
import { type RouteDef, type RouteName, needsAreaStrings, routesFor } from '../src/app/routes/table';
import { SPORTS } from '../src/features/sports/search';
import { FAQ_ARTICLES } from '../src/contract/faq/types';
import type { ContentDoc } from '../src/contract/faq/types';
import basketballEvents from '../src/contract/faq/basketball-events.en';
import esportsEvents from '../src/contract/faq/esports-events.en';
import howATeamWinsPvl from '../src/contract/faq/how-a-team-wins-pvl.en';
import howToPlayLiveStreaming from '../src/contract/faq/how-to-play-live-streaming.en';
import minMaxDeposit from '../src/contract/faq/min-max-deposit.en';
import volleyballTeamWin from '../src/contract/faq/volleyball-team-win.en';
import { routesEn } from '../src/i18n/routes.en';
import { en } from '../src/i18n/en';
import { enAreas } from '../src/i18n/en.areas';

/**
 * Build step of the first paint (issue 14): what the server needs to answer each address with its own
 * preloads and prerendered shell, written to `dist/.vite/first-paint.json` (server/plugins/firstPaint.ts
 * reads it at start). The server imports only src/contract and src/lib, so the route table, the sports
 * of /sports and the router's lazy page imports are read here, at build time.
 */
export const FIRST_PAINT_FILE = join('.vite', 'first-paint.json');

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PAGES_FILE = join(ROOT, 'src/app/routes/table.gen.ts');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The key of pageModules' answer for the page of a route that has none of its own (the coming-soon page). */
export const DEFAULT_PAGE = '*';

/**
 * Route name → the module its page is imported from, read from the generated route table
 * (src/app/routes/table.gen.ts, one route a line: `{ …, name: 'X', …, page: 'src/…' }`, written from the
 * routes' declarations; '' for a page the shell holds), and under DEFAULT_PAGE the page of every other
 * route (COMING_SOON_PAGE).
 */
export function pageModules(source: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const match of source.matchAll(/^\s*\{ path: '[^']*', name: '([\w-]+)'.*?\bpage: '([^']*)'/gm)) pages.set(match[1]!, match[2]!);
  const fallback = /COMING_SOON_PAGE = '([^']+)'/.exec(source)?.[1];
  if (fallback) pages.set(DEFAULT_PAGE, fallback);
  return pages;
}

/** The manifest entry of a source module named without its extension. */
function chunkKey(manifest: Manifest, file: string): string | undefined {
  return ['.tsx', '.ts', '/index.tsx', '/index.ts', ''].map((ext) => file + ext).find((key) => manifest[key]);
}

/** The chunks every page already loads: the entries and their static imports (index.html preloads them). */
function shellChunks(manifest: Manifest): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (!manifest[key] || seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return seen;
}

/**
 * The preload tags of chunks `keys` (a page's chunk, its strings, its data): each chunk and the static
 * imports the shell does not have, once, the scripts first, then their CSS.
 */
function chunkTags(manifest: Manifest, keys: readonly string[], shell: Set<string>): string[] {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || seen.has(name) || shell.has(name)) return;
    seen.add(name);
    scripts.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
    for (const css of chunk.css ?? []) styles.push(`<link rel="preload" as="style" crossorigin href="/${css}">`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...scripts, ...styles];
}

/** The FAQ articles' English text (src/contract/faq), by slug. */
const FAQ_DOCS: Record<string, ContentDoc> = {
  'how-to-play-live-streaming': howToPlayLiveStreaming,
  'basketball-events': basketballEvents,
  'esports-events': esportsEvents,
  'volleyball-team-win': volleyballTeamWin,
  'how-a-team-wins-pvl': howATeamWinsPvl,
  'min-max-deposit': minMaxDeposit,
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const svg = (path: string, size: number) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="${path}"></path></svg>`;

/**
 * /faq as React draws it in English (FaqPage.tsx: PageLayout flush, NavBar, FaqList), with the class
 * names as built: the server puts it in place of the skeleton, so the page's text (its largest paint)
 * is there before any script. Its text changes only with a release, so it is drawn here, once.
 */
export function faqPage(classes: Record<string, Record<string, string>>): string {
  const c = (module: string, name: string) => classes[module]?.[name] ?? '';
  const items = FAQ_ARTICLES.map((slug) => {
    const doc = FAQ_DOCS[slug];
    if (!doc) throw new Error(`first paint: no English text for the FAQ article ${slug}`);
    return (
      `<li><a class="${c('Doc', 'item')}" href="/faq/${slug}"><span class="${c('Doc', 'itemText')}">` +
      `<span class="${c('Doc', 'itemTitle')}">${esc(doc.title)}</span><span class="${c('Doc', 'itemSummary')}">${esc(doc.summary)}</span></span>` +
      `<span class="${c('Doc', 'chevron')}">${svg('m9 6 6 6-6 6', 18)}</span></a></li>`
    );
  }).join('');
  return (
    `<div class="${c('PageLayout', 'page')}"><header class="${c('NavBar', 'bar')}">` +
    `<button type="button" class="${c('NavBar', 'back')}" aria-label="${esc(en.common.back)}">${svg('M15 18 9 12l6-6', 22)}</button>` +
    `<h1 class="${c('NavBar', 'title')}">${esc(routesEn['faq']?.title ?? 'FAQ')}</h1><div class="${c('NavBar', 'action')}"></div></header>` +
    `<main><ul class="${c('Doc', 'list')}" data-first-page="faq">${items}</ul></main></div>`
  );
}

/** Comments and runs of white space out (the CSS is inlined into every page with rows). */
export function minifyCss(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .trim();
}

/** The routes and sports the server needs (no preloads: the development server serves modules as asked). */
export function routeInfo(): FirstPaintInfo {
  return {
    routes: routesFor(true).map((def: RouteDef) => ({
      path: def.path,
      name: def.name,
      ...(def.homeTab ? { homeTab: true } : {}),
      ...(def.children ? { children: true } : {}),
    })),
    sports: [...SPORTS],
    preloads: {},
  };
}

/** Everything the server needs for a build in `outDir`: the routes, and each route's preload tags. */
export function firstPaintInfo(
  outDir: string,
  pagesSource = readFileSync(PAGES_FILE, 'utf8'),
  rows?: Omit<NonNullable<FirstPaintInfo['rows']>, 'strings'>,
): FirstPaintInfo {
  // The rows are drawn in the app's English, which the build hands the server (server/ reads no src/i18n).
  const info: FirstPaintInfo = { ...routeInfo(), ...(rows ? { rows: { ...rows, strings: { ...en, ...enAreas } } } : {}) };
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const shell = shellChunks(manifest);
  // A route's own page chunk and what it imports: the entry asks for them only once it runs. Not the
  // realtime worker's script: the page carries its first lists and the worker can start only once the
  // entry ran, so on a slow link loading it beside the entry only made the entry (and the app taking
  // over the drawn page) about 0.8 s later (tests/bench/firstload.ts, 50 kB/s, 6 runs each).
  info.preloads[''] = '';
  const pages = pageModules(pagesSource);
  // What every route's page needs from its first render (issue 31): its page chunk (a route without a
  // page of its own shows the page of a later release), the areas' English for a page that shows it
  // (src/app/router.tsx waits for it), and its owner's prefetches (src/app/routes/data.ts, from their declarations' `load`), which the
  // route starts at once: asked for beside the entry, not one round trip after it.
  const areas = chunkKey(manifest, 'src/i18n/en.areas');
  for (const route of routesFor(true) as readonly RouteDef[]) {
    const file = pages.get(route.name) ?? pages.get(DEFAULT_PAGE) ?? '';
    const page = file ? chunkKey(manifest, file) : undefined;
    const owner = route.owner as RouteOwner;
    const prefetch = ROUTES_WITH_DATA[owner]?.includes(route.name as RouteName)
      ? chunkKey(manifest, `src/app/routes/prefetch/${owner}`)
      : undefined;
    const keys = [page, needsAreaStrings(route) ? areas : undefined, prefetch].filter((key): key is string => key !== undefined);
    info.preloads[route.name] = chunkTags(manifest, keys, shell).join('');
  }
  return info;
}

/**
 * The stylesheets the server-rendered first rows need (server/plugins/firstRows.ts draws them with the
 * class names React's rows get), by their path from the project root: the tokens and base rules, and
 * the row, price, card and page modules. Their compiled CSS is inlined into those pages.
 */
export const ROW_STYLESHEETS = [
  'src/ui/tokens.css',
  'src/ui/global.css',
  'src/features/sports/MatchRow.module.css',
  'src/features/sports/PriceButton.module.css',
  'src/features/sports/MatchCard.module.css',
  'src/features/sports/SportsPage.module.css',
  'src/features/sports/ForYouPage.module.css',
  'src/ui/NavBar.module.css',
  'src/ui/PageLayout.module.css',
  'src/features/content/Doc.module.css',
  // The games lobby's first screen (server/plugins/firstTiles.ts).
  'src/ui/Tabs.module.css',
  'src/features/games/Lobby.module.css',
] as const;

/** A module's file name without its folder and `.module.css`: the key of its class names ('MatchRow'). */
export const moduleName = (file: string) => file.replace(/^.*\//, '').replace(/\.module\.css$/, '');

/** Writes dist/.vite/first-paint.json after the app's build (not the service worker's). */
export function firstPaint(): Plugin {
  let outDir = 'dist';
  let root = ROOT;
  /** Module → its class names as built (`row` → `_row_1x2y3`), from Vite's CSS modules. */
  const classes: Record<string, Record<string, string>> = {};
  /** Stylesheet → its compiled CSS (class names as built), caught between Vite's CSS compile and bundling. */
  const css = new Map<string, string>();
  const wanted = (id: string) => {
    const file = relative(root, id.replace(/\?.*$/, '')).split('\\').join('/');
    return (ROW_STYLESHEETS as readonly string[]).includes(file) ? file : undefined;
  };
  return {
    name: 'panalo-first-paint',
    apply: 'build',
    config: () => ({
      css: {
        modules: {
          getJSON(cssFileName: string, json: Record<string, string>) {
            const file = wanted(cssFileName);
            if (file?.endsWith('.module.css')) classes[moduleName(file)] = json;
          },
        },
      },
    }),
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      root = config.root;
    },
    // Runs after Vite compiled the stylesheet (imports inlined, module class names hashed) and before it
    // becomes a JS module: the code here is the CSS as the bundle will hold it.
    transform(code, id) {
      const file = wanted(id);
      if (file && !id.includes('?')) css.set(file, code);
      return null;
    },
    // The app's stylesheets go after #root: the prerendered shell (styled by its own inline rules) paints as
    // soon as the page arrives instead of after them; the entry still waits for them (the loader adds it
    // once the page's stylesheets have loaded), so React never draws unstyled. The entry script waits in
    // a template until the page has painted (server/plugins/appLoader.ts).
    transformIndexHtml: {
      order: 'post',
      handler(rawHtml) {
        const html = deferAppScripts(rawHtml);
        const sheets: string[] = [];
        const head = html.slice(0, html.indexOf('</head>')).replace(/\s*<link rel="stylesheet"[^>]*>/g, (tag) => {
          sheets.push(tag.trim());
          return '';
        });
        if (sheets.length === 0) return html;
        return (head + html.slice(html.indexOf('</head>'))).replace('</body>', `${sheets.join('')}</body>`);
      },
    },
    writeBundle() {
      const manifestFile = join(outDir, '.vite', 'manifest.json');
      if (!existsSync(manifestFile) || !readFileSync(manifestFile, 'utf8').includes('"index.html"')) return;
      // tokens.css comes inside global.css (its @import is inlined by then).
      const sheets = ROW_STYLESHEETS.filter((file) => file !== 'src/ui/tokens.css' || !css.has('src/ui/global.css'));
      const rowCss = sheets.map((file) => css.get(file) ?? '').join('\n');
      const rows = Object.keys(classes).length > 0 && rowCss ? { classes, css: minifyCss(rowCss) } : undefined;
      const info = firstPaintInfo(outDir, undefined, rows);
      if (rows) info.pages = { faq: faqPage(classes) };
      writeFileSync(join(outDir, FIRST_PAINT_FILE), JSON.stringify(info));
    },
  };
}
