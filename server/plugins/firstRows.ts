import { createHash } from 'node:crypto';
import { createInstance, type TFunction } from 'i18next';
import type { League, ListSnapshot, Market, Match, Selection } from '../../src/contract/feed';
import type { ListQuery } from '../../src/contract/realtime';
import { DEFAULT_ODDS_TYPE } from '../../src/contract/sports';
import { forYouSections, type ForYouEntry } from '../../src/contract/forYou';
import { kickoffLabel, manilaDay } from '../../src/lib/dates';
import { marketShortName, priceName, selectionLabel } from '../../src/lib/marketLabels';
import { formatOdds } from '../../src/lib/odds';
import { formatClock, periodLabel } from '../../src/lib/periods';
import { inListView, orderMatches } from '../../src/contract/lists';

/**
 * The first screen of /sports and /foryou drawn into the HTML from the snapshots the page carries
 * (issue 14): the match rows, featured cards and league heads with the markup, class names (as the build
 * named them) and test ids of React's own (MatchRow.tsx, PriceButton.tsx, MatchCard.tsx, SportsPage.tsx,
 * ForYouPage.tsx), so the player reads and taps the odds before any script ran, and nothing moves when
 * React draws the same rows in their place. English and the default odds format: what a first visit
 * shows (the app switches to the player's own once it runs). tests/e2e/firstrows.spec.ts checks that
 * these rows and React's have the same structure.
 */

/** Class names of each CSS module as built (FirstPaintInfo.rows.classes). */
export type RowClasses = Record<string, Record<string, string>>;

export interface FirstRowLists {
  lists: { query: ListQuery; snapshot: ListSnapshot }[];
}

/** Rows and league heads drawn on /sports: more than a 390×844 screen holds (the list starts ~190 px down). */
const SPORTS_ITEMS = 9;
/** Featured cards drawn on /foryou (a phone shows one and a half). */
const FOR_YOU_CARDS = 3;
/** List rows drawn on /foryou under the rail. */
const FOR_YOU_ROWS = 6;

/** The app's English strings as the build wrote them (FirstPaintInfo.rows.strings: src/i18n's en and its areas'). */
export type EnglishStrings = Record<string, unknown>;

let translate: { strings: EnglishStrings; t: TFunction } | undefined;
/**
 * Reads the build's English strings through i18next as the app reads them (plurals, `{{values}}`), once
 * per build: the server takes the words from the build, not from src/i18n (server/ imports only
 * src/contract and src/lib).
 */
export function useEnglish(strings: EnglishStrings): void {
  if (translate?.strings === strings) return;
  const i18n = createInstance();
  void i18n.init({ lng: 'en', resources: { en: { translation: strings } }, interpolation: { escapeValue: false }, initAsync: false });
  translate = { strings, t: i18n.t.bind(i18n) as TFunction };
}

/** The English of the rows (useEnglish first: rows are drawn only for a build, which carries its strings). */
export function t(): TFunction {
  if (!translate) throw new Error("The first rows need the build's English strings (useEnglish).");
  return translate.t;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (text: string | number): string => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** JSON text made safe inside a `<script>` element (no `</script>`, no line separators JavaScript rejects). */
export const scriptSafe = (json: string): string =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** `class="…"` of a module's classes (as React's `${a} ${b}`), empty names dropped. */
export function cls(classes: RowClasses, module: string, ...names: string[]): string {
  const own = classes[module] ?? {};
  return names.map((name) => own[name] ?? '').join(' ');
}

const ICON_PATHS = { lock: 'M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4', play: 'M7 4l13 8-13 8z' } as const;
/** src/ui/Icon.tsx's markup. */
function icon(name: keyof typeof ICON_PATHS, size: number, label?: string): string {
  const role = label ? ` role="img" aria-label="${esc(label)}"` : ' aria-hidden="true"';
  return `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"${role} focusable="false"><path d="${ICON_PATHS[name]}"></path></svg>`;
}

/** One list as the realtime worker shows it (workers/realtime/core.ts resetList): members, order, main markets by bet type. */
export interface ListRows {
  order: string[];
  leagues: Map<string, League>;
  matches: Map<string, Match>;
  markets: Map<string, Market[]>;
}

export function listRows(query: ListQuery, snapshot: ListSnapshot, now: number): ListRows {
  const today = manilaDay(now);
  const leagues = new Map(snapshot.leagues.map((league) => [league.leagueId, league]));
  const members = snapshot.matches.filter((match) => inListView(match, query, today));
  const markets = new Map<string, Market[]>();
  for (const market of snapshot.markets) {
    if (!market.main) continue;
    markets.set(market.matchId, [...(markets.get(market.matchId) ?? []), market]);
  }
  for (const list of markets.values()) list.sort((a, b) => a.betType - b.betType);
  return { order: orderMatches(members, leagues), leagues, matches: new Map(members.map((m) => [m.matchId, m])), markets };
}

// ---- the components ----------------------------------------------------------------------------------

/** MatchStatus.tsx. */
function matchStatus(classes: RowClasses, match: Match, now: number): string {
  const tr = t();
  if (match.runningStatus === '0' && match.live) {
    const live = match.live;
    const label = periodLabel(match.sportTypeId, live);
    const showClock = !live.isHT && !live.delayLive && live.livePeriod > 0 && live.inPlayTime3 > 0;
    return (
      `<span class="${cls(classes, 'MatchRow', 'live')}"><span class="${cls(classes, 'MatchRow', 'liveDot')}" aria-hidden="true"></span>` +
      esc(tr(label.key, label.values ?? {})) +
      (showClock ? `<span class="${cls(classes, 'MatchRow', 'clock')}">${formatClock(live.inPlayTime3)}</span>` : '') +
      '</span>'
    );
  }
  const when = kickoffLabel(match.kickoff, now);
  const day = when.day === 'date' ? when.date : tr(when.day === 'today' ? 'sports.today' : 'sports.tomorrow');
  return `<span class="${cls(classes, 'MatchRow', 'when')}">${esc(day)} ${esc(when.time)}</span>`;
}

/** PriceButton.tsx, not on the slip (a first visit has an empty slip), its name and its text as React's. */
export function priceButton(classes: RowClasses, market: Market, selection: Selection): string {
  const tr = t();
  const label = selectionLabel(market, selection, tr);
  const locked = market.status !== 'Running' || selection.price <= 1;
  const odds = formatOdds(selection.price, DEFAULT_ODDS_TYPE);
  const name = priceName(market, selection, { label, odds: locked ? undefined : odds }, tr);
  return (
    `<button type="button" class="${cls(classes, 'PriceButton', 'price')} ${locked ? cls(classes, 'PriceButton', 'locked') : ''}" aria-pressed="false" aria-label="${esc(name)}" data-testid="price" data-market="${esc(market.marketId)}" data-key="${esc(selection.key)}">` +
    `<span class="${cls(classes, 'PriceButton', 'label')}">${esc(label)}</span> ` +
    (locked
      ? icon('lock', 14)
      : `<span class="${cls(classes, 'PriceButton', 'odds')} " data-price="${esc(selection.price)}">${esc(odds)}</span>`) +
    '</button>'
  );
}

const prices = (classes: RowClasses, market: Market) => market.selections.map((s) => priceButton(classes, market, s)).join('');
const matchHref = (match: Match) => `/liveSportGameV3?matchId=${encodeURIComponent(match.matchId)}`;

/** MatchRow.tsx. */
export function matchRow(classes: RowClasses, match: Match, markets: Market[], now: number): string {
  const tr = t();
  const live = match.runningStatus === '0' && match.live;
  const team = (name: string, score: number | undefined) =>
    `<span class="${cls(classes, 'MatchRow', 'team')}"><span class="${cls(classes, 'MatchRow', 'teamName')}">${esc(name)}</span>` +
    (live ? `<span class="${cls(classes, 'MatchRow', 'score')}">${esc(score ?? '')}</span>` : '') +
    '</span>';
  const columns = markets
    .slice(0, 2)
    .map(
      (market) =>
        `<div class="${cls(classes, 'MatchRow', 'column')}"><span class="${cls(classes, 'MatchRow', 'columnName')}">${esc(marketShortName(market, tr))}</span>${prices(classes, market)}</div>`,
    )
    .join('');
  return (
    `<div class="${cls(classes, 'MatchRow', 'row')}" data-testid="match-row" data-match="${esc(match.matchId)}">` +
    `<a class="${cls(classes, 'MatchRow', 'info')}" href="${esc(matchHref(match))}">` +
    `<span class="${cls(classes, 'MatchRow', 'meta')}">${matchStatus(classes, match, now)}` +
    (match.video
      ? `<span class="${cls(classes, 'MatchRow', 'video')}" aria-label="${esc(tr('match.watch'))}">${icon('play', 12)}</span>`
      : '') +
    `<span class="${cls(classes, 'MatchRow', 'more')}">${esc(tr('sports.more', { count: Math.max(0, match.marketCount - markets.length) }))}</span></span>` +
    team(match.homeName, match.live?.homeScore) +
    team(match.awayName, match.live?.awayScore) +
    `</a><div class="${cls(classes, 'MatchRow', 'markets')}">${columns}</div></div>`
  );
}

/** MatchCard.tsx (its price grid's columns come from the inlined CSS: a style attribute would need the policy's 'unsafe-hashes'). */
export function matchCard(classes: RowClasses, match: Match, markets: Market[], now: number): string {
  const tr = t();
  const market = markets[0];
  const live = match.runningStatus === '0' && match.live;
  const score = live ? `${match.live?.homeScore} – ${match.live?.awayScore}` : tr('sports.vs');
  return (
    `<article class="${cls(classes, 'MatchCard', 'card')}" data-testid="match-card" data-match="${esc(match.matchId)}">` +
    `<a class="${cls(classes, 'MatchCard', 'info')}" href="${esc(matchHref(match))}">` +
    `<span class="${cls(classes, 'MatchCard', 'league')}">${esc(match.leagueName)}</span>` +
    `<span class="${cls(classes, 'MatchCard', 'status')}">${matchStatus(classes, match, now)}</span>` +
    `<span class="${cls(classes, 'MatchCard', 'teams')}"><span class="${cls(classes, 'MatchCard', 'team')}">${esc(match.homeName)}</span>` +
    `<span class="${cls(classes, 'MatchCard', 'score')}">${esc(score)}</span><span class="${cls(classes, 'MatchCard', 'team')}">${esc(match.awayName)}</span></span></a>` +
    (market
      ? `<span class="${cls(classes, 'MatchCard', 'marketName')}">${esc(marketShortName(market, tr))}</span><div class="${cls(classes, 'MatchCard', 'prices')}">${prices(classes, market)}</div>`
      : '') +
    '</article>'
  );
}

/** SportsPage.tsx's MatchList, its first items in the page's flow (React positions them absolutely, at the same places). */
export function sportsList(classes: RowClasses, rows: ListRows, now: number): string {
  const items: string[] = [];
  let league = '';
  for (const matchId of rows.order) {
    if (items.length >= SPORTS_ITEMS) break;
    const match = rows.matches.get(matchId)!;
    if (match.leagueId !== league) {
      league = match.leagueId;
      const name = rows.leagues.get(league)?.name ?? match.leagueName;
      items.push(`<div class="${cls(classes, 'SportsPage', 'league')}">${esc(name)}</div>`);
    }
    items.push(matchRow(classes, match, rows.markets.get(matchId) ?? [], now));
  }
  if (items.length === 0) return '';
  const wrapped = items.map((item, index) => `<div data-index="${index}">${item}</div>`).join('');
  return `<div class="${cls(classes, 'SportsPage', 'list')}" data-testid="match-list" data-first-rows="">${wrapped}</div>`;
}

/** ForYouPage.tsx's first screen: the featured rail and the first section's rows. */
export function forYouPage(classes: RowClasses, byMode: Record<'live' | 'today' | 'early', ListRows[]>, now: number): string {
  const tr = t();
  type Entry = ForYouEntry & { markets: Market[] };
  const entries = (lists: ListRows[]): Entry[] =>
    lists.flatMap((rows) =>
      rows.order.map((matchId) => {
        const match = rows.matches.get(matchId)!;
        return { match, priority: rows.leagues.get(match.leagueId)?.priority ?? 99, markets: rows.markets.get(matchId) ?? [] };
      }),
    );
  const sections = forYouSections(entries(byMode.live), [...entries(byMode.today), ...entries(byMode.early)], now);
  const section = (title: string, testId: string, mode: string | undefined, body: string) =>
    `<section class="${cls(classes, 'ForYouPage', 'section')}" data-testid="${testId}"><header class="${cls(classes, 'ForYouPage', 'sectionHead')}">` +
    `<h2 class="${cls(classes, 'ForYouPage', 'sectionTitle')}">${esc(title)}</h2>` +
    (mode ? `<a class="${cls(classes, 'ForYouPage', 'seeAll')}" href="/sports?mode=${mode}">${esc(tr('forYou.seeAll'))}</a>` : '') +
    `</header>${body}</section>`;
  const rows = (list: Entry[]) =>
    list
      .slice(0, FOR_YOU_ROWS)
      .map((e) => matchRow(classes, e.match, e.markets, now))
      .join('');
  let html = `<h1 class="visually-hidden">${esc(tr('routes.Home_foryou.title'))}</h1>`;
  if (sections.featured.length > 0) {
    const cards = sections.featured
      .slice(0, FOR_YOU_CARDS)
      .map((e) => matchCard(classes, e.match, e.markets, now))
      .join('');
    html += section(tr('forYou.featured'), 'featured', undefined, `<div class="${cls(classes, 'ForYouPage', 'rail')}">${cards}</div>`);
  }
  html += section(
    tr('forYou.liveNow'),
    'live-now',
    'live',
    sections.inPlay.length > 0
      ? rows(sections.inPlay)
      : `<p class="${cls(classes, 'ForYouPage', 'note')}">${esc(tr('forYou.nothingLive'))}</p>`,
  );
  if (sections.inPlay.length < FOR_YOU_ROWS && sections.soon.length > 0) {
    html += section(tr('forYou.startingSoon'), 'starting-soon', 'today', rows(sections.soon));
  }
  return `<div class="${cls(classes, 'ForYouPage', 'page')}" data-first-rows="">${html}</div>`;
}

// ---- the page --------------------------------------------------------------------------------------

/** The rows' stylesheet: the build's compiled CSS, plus the card's price columns (React sets them inline). */
export function rowsCss(classes: RowClasses, css: string): string {
  const grid = classes['MatchCard']?.['prices'];
  const columns = grid
    ? `.${grid}{grid-template-columns:repeat(2,1fr)}.${grid}:has(>:nth-child(3)){grid-template-columns:repeat(3,1fr)}`
    : '';
  return css + columns;
}

/**
 * Early taps: a tap on a server-drawn price before the app runs is kept (window.__panaloTaps, in the
 * order tapped; a second tap on the same price takes it back) and the price shows as picked; the app
 * puts them on the slip when it starts (src/features/sports/earlyTaps.ts). A player expects the price
 * they tapped to be on their slip, not a tap that did nothing.
 */
export const EARLY_TAP_SCRIPT =
  "(function(){var q=window.__panaloTaps=[];document.addEventListener('click',function(e){var b=e.target&&e.target.closest&&e.target.closest('[data-first-rows] [data-testid=price]');if(!b||b.disabled)return;e.preventDefault();var m=b.getAttribute('data-market'),k=b.getAttribute('data-key'),on=b.getAttribute('aria-pressed')!=='true';for(var i=q.length-1;i>=0;i--)if(q[i].marketId===m&&q[i].key===k)q.splice(i,1);if(on)q.push({marketId:m,key:k});b.setAttribute('aria-pressed',on?'true':'false');},true);})();";

/** The sha256 source of an inline element's text, for the page's policy. */
export const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The first screen of a page with lists, or '' (no class names known, or no rows to draw). */
export function firstScreen(routeName: string, classes: RowClasses, lists: FirstRowLists['lists'], now: number): string {
  if (lists.length === 0) return '';
  if (routeName === 'Home_sports') {
    const [first] = lists;
    const list = first ? sportsList(classes, listRows(first.query, first.snapshot, now), now) : '';
    // The page's heading, as SportsPage.tsx has it (hidden; a screen reader's way round the page).
    return list && `<h1 class="visually-hidden">${esc(t()('tabs.sports'))}</h1>${list}`;
  }
  if (routeName === 'Home_foryou') {
    const byMode: Record<'live' | 'today' | 'early', ListRows[]> = { live: [], today: [], early: [] };
    for (const { query, snapshot } of lists) {
      if (query.mode === 'live' || query.mode === 'today' || query.mode === 'early')
        byMode[query.mode].push(listRows(query, snapshot, now));
    }
    return forYouPage(classes, byMode, now);
  }
  return '';
}
