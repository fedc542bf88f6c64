import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListSnapshot } from '../../src/contract/feed';
import type { ListQuery } from '../../src/contract/realtime';
import { FIRST_PAINT_FILE, firstPaintInfo } from '../../scripts/vite-first-paint';
import { APP_LOADER, APP_TEMPLATE_ID, AT_ONCE, deferAppScripts } from '../../server/plugins/appLoader';
import { EARLY_LIVE_SCRIPT } from '../../server/plugins/earlyLive';
import { builtClassNames, fakeDist } from './dist';
import { type TestServer, startServer } from './server';

/**
 * The app's page as the server answers it per address (server/plugins/firstPaint.ts): the prerendered
 * shell of that address, the route's chunks preloaded, the first lists of /sports and
 * /foryou inlined, and its caching (ETag per address, 304, brotli and gzip) still right.
 */
let server: TestServer;
let dist: string;

/** A build's manifest in miniature: the entry and what it imports, two pages with their own imports and CSS. */
const MANIFEST = {
  'index.html': { file: 'assets/index-Main1234.js', isEntry: true, src: 'index.html', imports: ['_react-R1.js'] },
  '_react-R1.js': { file: 'assets/react-R1.js' },
  '_realtime-W1.js': { file: 'assets/realtime-W1.js' },
  '_MatchRow-M1.js': { file: 'assets/MatchRow-M1.js', imports: ['_react-R1.js'], css: ['assets/MatchRow-M1.css'] },
  'src/features/sports/SportsPage.tsx': {
    file: 'assets/SportsPage-S1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_react-R1.js', '_MatchRow-M1.js'],
    css: ['assets/SportsPage-S1.css'],
  },
  'src/features/sports/ForYouPage.tsx': {
    file: 'assets/ForYouPage-F1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_MatchRow-M1.js'],
  },
  'src/features/content/FaqPage.tsx': { file: 'assets/FaqPage-Q1.js', isDynamicEntry: true, imports: ['index.html'] },
  'src/app/pages/DepositRoute.tsx': {
    file: 'assets/DepositRoute-D1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_walletApi-A1.js'],
  },
  '_walletApi-A1.js': { file: 'assets/walletApi-A1.js' },
  'src/i18n/en.areas.ts': { file: 'assets/en.areas-E1.js', isDynamicEntry: true },
  'src/app/routes/prefetch/wallet.ts': { file: 'assets/wallet-P1.js', isDynamicEntry: true, imports: ['index.html', '_walletApi-A1.js'] },
  'src/app/routes/prefetch/sports.ts': { file: 'assets/sports-P2.js', isDynamicEntry: true, imports: ['index.html'] },
};

beforeAll(async () => {
  dist = fakeDist();
  // The real page (its prerendered shell and inline style), as Vite writes it with the entry's script,
  // then as the build's transform leaves it (the entry waits in the template for the first paint).
  const html = deferAppScripts(
    readFileSync('index.html', 'utf8')
      .replace('<script type="module" src="/src/main.tsx"></script>', '')
      .replace('</head>', '<script type="module" crossorigin src="/assets/index-Main1234.js"></script></head>'),
  );
  writeFileSync(join(dist, 'index.html'), html);
  mkdirSync(join(dist, '.vite'), { recursive: true });
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  // The entry starts the worker: its file name is in the entry chunk.
  writeFileSync(join(dist, 'assets', 'index-Main1234.js'), 'new SharedWorker(new URL("/assets/shared-Wk12Ab.js", import.meta.url));');
  writeFileSync(join(dist, FIRST_PAINT_FILE), JSON.stringify(firstPaintInfo(dist)));
  server = await startServer({ distDir: dist });
});

afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });
const preloads = (html: string) => [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => m[1]);

function firstLists(html: string): { query: ListQuery; snapshot: ListSnapshot }[] {
  const json = /<script type="application\/json" id="panalo-first-list">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json ? (JSON.parse(json) as { lists: { query: ListQuery; snapshot: ListSnapshot }[] }).lists : [];
}

async function listCall(query: ListQuery): Promise<ListSnapshot> {
  const response = await server.post('tp', 'saba/queryCompressedMatchList', query);
  expect(response.status).toBe(200);
  return JSON.parse(inflateSync(Buffer.from(await response.arrayBuffer())).toString('utf8')) as ListSnapshot;
}

describe('the page answered per address', () => {
  it('preloads the route’s page chunk, its own imports and CSS; nothing the entry already has, nor the realtime worker', async () => {
    const sports = await (await page('/sports')).text();
    // With the sports' prefetches, which the route starts at once; not the areas' strings, which no sports page shows.
    expect(preloads(sports)).toEqual([
      '/assets/SportsPage-S1.js',
      '/assets/MatchRow-M1.js',
      '/assets/sports-P2.js',
      '/assets/SportsPage-S1.css',
      '/assets/MatchRow-M1.css',
    ]);
    // A page that shows the areas' strings waits for them: they come with its chunk, as its data's chunk does.
    const faq = await (await page('/faq')).text();
    expect(preloads(faq)).toEqual(['/assets/FaqPage-Q1.js', '/assets/en.areas-E1.js']);
    expect(preloads(await (await page('/wallet/deposit')).text())).toEqual([
      '/assets/DepositRoute-D1.js',
      '/assets/walletApi-A1.js',
      '/assets/en.areas-E1.js',
      '/assets/wallet-P1.js',
    ]);
    // An unknown address lands on the home tab: its chunks. The worker's script, which the entry names,
    // waits for the entry (it would share a slow link with it and only delay it).
    expect(preloads(await (await page('/no/such/page')).text())).toEqual(preloads(await (await page('/foryou')).text()));
    expect(sports).not.toContain('shared-Wk12Ab.js');
  });

  it('keeps the entry script and the route’s preloads in the template the loader adds once the page painted', async () => {
    const response = await page('/sports');
    const sports = await response.text();
    const template = new RegExp(`<template id="${APP_TEMPLATE_ID}">([\\s\\S]*?)</template>`).exec(sports)?.[1] ?? '';
    expect(template).toContain('<script type="module" crossorigin src="/assets/index-Main1234.js"></script>');
    expect(preloads(template)).toEqual(preloads(sports));
    // Outside the template nothing asks for a script before the first paint: only the loader runs.
    const outside = sports.replace(template, '');
    expect(outside).not.toMatch(/<script[^>]+src=|rel="modulepreload"/);
    expect(outside).toContain(`<script>${APP_LOADER}</script>`);
    const scriptSrc = /script-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
    expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(APP_LOADER).digest('base64')}'`);
  });

  it('inlines the lists /foryou watches, each the snapshot the list call answers', async () => {
    const lists = firstLists(await (await page('/foryou')).text());
    expect(lists.map((l) => `${l.query.sportTypeId}:${l.query.mode}`)).toEqual([
      '1:live',
      '1:today',
      '1:early',
      '2:live',
      '2:today',
      '2:early',
      '43:live',
      '43:today',
      '43:early',
    ]);
    expect(lists.some((l) => l.snapshot.matches.length > 0)).toBe(true);
    for (const { query, snapshot } of lists) expect(snapshot).toEqual(await listCall(query));
  });

  it('inlines on /sports the list its address asks for (football live by default), none for outrights', async () => {
    const [first, ...more] = firstLists(await (await page('/sports')).text());
    expect(more).toEqual([]);
    expect(first?.query).toEqual({ sportTypeId: '1', mode: 'live' });
    expect(first?.snapshot).toEqual(await listCall({ sportTypeId: '1', mode: 'live' }));
    const today = firstLists(await (await page('/sports?mode=today&sportId=2')).text());
    expect(today.map((l) => l.query)).toEqual([{ sportTypeId: '2', mode: 'today' }]);
    expect(firstLists(await (await page('/sports?mode=outright')).text())).toEqual([]);
    // The service worker's copy of the page (served offline) carries no list: it would be old by then.
    expect(firstLists(await (await page('/index.html')).text())).toEqual([]);
  });

  it('draws the home layout on a home tab, with that tab current, and a plain skeleton elsewhere', async () => {
    const sports = await (await page('/sports')).text();
    expect(sports).toContain('data-ps-tab="sports" aria-current="page"');
    expect(sports).toContain('class="ps-filters"');
    const foryou = await (await page('/foryou')).text();
    expect(foryou).toContain('data-ps-tab="foryou" aria-current="page"');
    expect(foryou).not.toContain('class="ps-filters"');
    const faq = await (await page('/faq')).text();
    expect(faq).not.toContain('data-ps-tab');
    expect(faq).toContain('class="ps-lines" role="status"');
  });

  it('allows the shell’s inline style by its hash in the page’s policy', async () => {
    const response = await page('/foryou');
    const style = /<style[^>]*>([\s\S]*?)<\/style>/.exec(await response.text())?.[1] ?? '';
    expect(style).toContain('.ps-home');
    const hash = createHash('sha256').update(style).digest('base64');
    expect(response.headers.get('content-security-policy')).toMatch(
      new RegExp(`style-src 'self'[^;]* 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`),
    );
  });

  it('gives each address its own ETag, answers 304 to its own and 200 to another’s', async () => {
    const etags = new Map<string, string>();
    for (const path of ['/sports', '/foryou', '/faq', '/games/slot']) etags.set(path, (await page(path)).headers.get('etag') ?? '');
    expect(new Set(etags.values()).size).toBe(4);
    const same = await page('/faq', { 'If-None-Match': etags.get('/faq')! });
    expect(same.status).toBe(304);
    expect(same.headers.get('cache-control')).toBe('no-cache');
    expect((await page('/faq', { 'If-None-Match': etags.get('/games/slot')! })).status).toBe(200);
  });

  it('sends the same page brotli- or gzip-compressed when accepted', async () => {
    for (const path of ['/foryou', '/faq']) {
      const plain = await raw(path, 'identity');
      expect(plain.encoding).toBeUndefined();
      const br = await raw(path, 'br');
      expect(br.encoding).toBe('br');
      expect(br.body.length).toBeLessThan(plain.body.length);
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      const gz = await raw(path, 'gzip');
      expect(gz.encoding).toBe('gzip');
      expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    }
  });
});

/** The bytes as sent (fetch would decode them). */
function raw(path: string, encoding: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${server.url}${path}`, { headers: { 'Accept-Encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('the first screen drawn into the page', () => {
  let drawn: TestServer;
  let drawnDist: string;
  const names = builtClassNames;
  const CLASSES = {
    MatchRow: names(
      'mr',
      'row',
      'info',
      'meta',
      'team',
      'teamName',
      'score',
      'markets',
      'column',
      'columnName',
      'live',
      'liveDot',
      'clock',
      'when',
      'more',
      'video',
    ),
    PriceButton: names('pb', 'price', 'locked', 'label', 'odds'),
    MatchCard: names('mc', 'card', 'info', 'league', 'status', 'teams', 'team', 'score', 'marketName', 'prices'),
    SportsPage: names('sp', 'league', 'list'),
    ForYouPage: names('fy', 'page', 'section', 'sectionHead', 'sectionTitle', 'seeAll', 'rail', 'note'),
  };
  const CSS = '._row_mr1{display:grid}._price_pb1{display:flex}';

  beforeAll(async () => {
    drawnDist = fakeDist();
    writeFileSync(join(drawnDist, 'index.html'), readFileSync(join(dist, 'index.html'), 'utf8'));
    mkdirSync(join(drawnDist, '.vite'), { recursive: true });
    writeFileSync(join(drawnDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    writeFileSync(join(drawnDist, 'assets', 'index-Main1234.js'), readFileSync(join(dist, 'assets', 'index-Main1234.js')));
    const info = firstPaintInfo(drawnDist, undefined, { classes: CLASSES, css: CSS });
    info.pages = { faq: '<div class="_page_pl1"><main><ul data-first-page="faq"><li>How to watch live streaming</li></ul></main></div>' };
    writeFileSync(join(drawnDist, FIRST_PAINT_FILE), JSON.stringify(info));
    drawn = await startServer({ distDir: drawnDist });
  });

  afterAll(async () => {
    await drawn.close();
    rmSync(drawnDist, { recursive: true, force: true });
  });

  const drawnPage = (path: string) => fetch(`${drawn.url}${path}`);
  /** Each match row drawn: its match and the prices it shows, by market:key. */
  const rowsOf = (html: string) =>
    [...html.matchAll(/data-testid="match-row" data-match="([^"]+)"([\s\S]*?)(?=data-testid="match-row"|<\/main>)/g)].map((m) => ({
      matchId: m[1]!,
      prices: Object.fromEntries(
        [...m[2]!.matchAll(/data-market="([^"]+)" data-key="([^"]+)">[\s\S]*?data-price="([^"]+)"/g)].map((p) => [
          `${p[1]}:${p[2]}`,
          Number(p[3]),
        ]),
      ),
    }));

  it('draws /sports’s first rows, with their prices, from the list it inlines, in place of the skeleton', async () => {
    const html = await (await drawnPage('/sports')).text();
    const [list] = firstLists(html);
    expect(list).toBeDefined();
    const rows = rowsOf(html);
    expect(rows.length).toBeGreaterThan(0);
    expect(html).not.toContain('class="ps-lines"');
    for (const row of rows) {
      const match = list!.snapshot.matches.find((m) => m.matchId === row.matchId);
      expect(match?.runningStatus).toBe('0');
      for (const [id, price] of Object.entries(row.prices)) {
        const [marketId, key] = id.split(':');
        const market = list!.snapshot.markets.find((m) => m.marketId === marketId);
        expect(market?.matchId).toBe(row.matchId);
        expect(market?.selections.find((s) => s.key === key)?.price).toBe(price);
      }
    }
    // With the build's class names: what React's rows carry.
    expect(html).toContain('class="_row_mr1" data-testid="match-row"');
    // The page's heading as SportsPage draws it: a screen reader finds the page by it before the app runs.
    expect(html).toContain('<h1 class="visually-hidden">Sports</h1><div');
  });

  it('draws /foryou’s featured cards and live rows; /faq its build-time text; other pages keep the skeleton', async () => {
    const foryou = await (await drawnPage('/foryou')).text();
    expect(foryou).toContain('data-testid="live-now"');
    expect(rowsOf(foryou).length + (foryou.match(/data-testid="match-card"/g)?.length ?? 0)).toBeGreaterThan(0);
    const faq = await (await drawnPage('/faq')).text();
    expect(faq).toContain('How to watch live streaming');
    expect(faq).not.toContain('class="ps-lines"');
    expect(await (await drawnPage('/account')).text()).toContain('class="ps-lines"');
  });

  it('keeps the drawn prices live from the head: the seq each list destination stands at, and the script that asks from it', async () => {
    for (const path of ['/sports', '/foryou']) {
      const html = await (await drawnPage(path)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      const since = JSON.parse(
        /<script type="application\/json" id="panalo-live-since">([\s\S]*?)<\/script>/.exec(head)?.[1] ?? 'null',
      ) as Record<string, number>;
      // Each inlined list's destination, from the oldest snapshot's seq.
      const lists = firstLists(html);
      expect(Object.keys(since).sort()).toEqual([...new Set(lists.map((l) => `/topic/sport/${l.query.sportTypeId}`))].sort());
      for (const { query, snapshot } of lists) expect(since[`/topic/sport/${query.sportTypeId}`]).toBeLessThanOrEqual(snapshot.seq);
      expect(head).toContain(`<script>${EARLY_LIVE_SCRIPT}</script>`);
    }
    // Not where nothing is drawn from lists.
    expect(await (await drawnPage('/faq')).text()).not.toContain('panalo-live-since');
  });

  it('has the loader ask for the scripts at once where it drew only a skeleton, and wait for the paint where it drew the page', async () => {
    const template = (html: string) => /<template [^>]*>/.exec(html)?.[0];
    for (const path of ['/account', '/wallet/deposit', '/no/such/page'])
      expect(template(await (await drawnPage(path)).text()), path).toBe(`<template id="${APP_TEMPLATE_ID}" ${AT_ONCE}>`);
    for (const path of ['/sports', '/foryou', '/faq', '/'])
      expect(template(await (await drawnPage(path)).text()), path).toBe(`<template id="${APP_TEMPLATE_ID}">`);
  });

  it('allows every inline style and script of a drawn page by its hash, and inlines the site information', async () => {
    for (const path of ['/sports', '/foryou', '/faq']) {
      const response = await drawnPage(path);
      const html = await response.text();
      const policy = response.headers.get('content-security-policy') ?? '';
      const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
      const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
      const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(styles.length).toBe(2);
      // The app's loader and the early taps' recorder; on the pages with lists the early live prices too.
      expect(scripts.length).toBe(path === '/faq' ? 2 : 3);
      const styleSrc = /style-src ([^;]*)/.exec(policy)?.[1] ?? '';
      const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
      for (const style of styles) expect(styleSrc).toContain(sha(style));
      for (const script of scripts) expect(scriptSrc).toContain(sha(script));
      const site = /<script type="application\/json" id="panalo-site-info">([\s\S]*?)<\/script>/.exec(html)?.[1];
      expect(JSON.parse(site ?? 'null')).toMatchObject({ pagcorVersion: expect.any(Boolean), kycDays: expect.any(Number), clientIp: '' });
    }
  });
});
