import {
  FIRST_GAME_KIND,
  GAME_KINDS,
  type GameEntry,
  type GameKind,
  type GameListIndex,
  type GamePlatform,
  isGameKind,
} from '../../src/contract/games';
import { gamesOfKind, platformsOfKind } from '../../src/lib/gameList';
import { StorageKey } from '../../src/contract/storageKeys';
import { FIRST_SCREEN_TILES, GAME_LIST_ID, THUMB_H, THUMB_W, initials, thumbLoading } from '../../src/lib/gameTiles';
import { type RowClasses, cls, esc, scriptSafe, t } from './firstRows';

/**
 * The first screen of the games lobby (/games/<kind>) drawn into the HTML from the catalogue the server
 * already has (issue 14): the jackpot bar, the game kinds, the providers, the count and the first rows
 * of tiles with their thumbnails, with the markup and class names (as the build named them) of React's
 * own (src/features/games/GamesTab.tsx, parts.tsx), so the thumbnails (the page's largest paint) load
 * with the HTML instead of after the scripts, the list and React, and nothing moves when React draws the
 * same tiles in their place. The page also carries the catalogue (`#panalo-game-list`), from which the
 * lobby's first render draws without fetching it. What a visitor sees on a first visit: English, no
 * favourites or recently played rows, the jackpot still coming. tests/e2e/firsttiles.spec.ts checks
 * that these tiles and React's have the same structure and place.
 *
 * A logged-in player's lobby has their recently played and favourites rows above the grid, which the
 * server cannot know (the session lives in the device's storage, not in a cookie). So the page holds
 * their place before it paints (issue 32: the grid moved ~350 px when the app drew them, and a tap on a
 * heart landed on another tile): PLAYER_ROWS_SCRIPT, inline where React puts the rows, reads what the
 * app keeps on the device (the session's player, the likes and history of that player) and puts a row
 * of the same height as React's (GameRow, the name's three lines kept: Lobby.module.css) for each list
 * the app will show, which React's first render then replaces with the games.
 */

/** The catalogue's public lists as the games module builds them (server/modules/games/catalogue.ts GameLists). */
export interface PublicGameLists {
  version: string;
  index: GameListIndex;
  /** Each chunk's JSON text (an array of GameEntry), as /static/games/<version>/<n>.json serves it. */
  chunks: string[];
}

/** The lists now, without waiting (undefined until the first read answered). */
export type GameListSource = () => PublicGameLists | undefined;

/** How long a read of the lists is used before the next request reads them again. */
const LISTS_TTL_MS = 2_000;

/**
 * A synchronous view of the catalogue's lists for the page builder: the last lists read, read again in
 * the background (one read at a time) when older than LISTS_TTL_MS. An empty catalogue (a new deployment
 * before its first refresh from the provider) counts as none: the page then comes with the skeleton.
 */
export function gameListSource(read: () => Promise<PublicGameLists>): GameListSource {
  let last: { lists: PublicGameLists; at: number } | undefined;
  let reading: Promise<void> | undefined;
  const refresh = () => {
    reading ??= read()
      .then((lists) => void (last = { lists, at: Date.now() }))
      .catch(() => undefined)
      .finally(() => (reading = undefined));
  };
  return () => {
    if (!last || Date.now() - last.at > LISTS_TTL_MS) refresh();
    return last && last.lists.index.count > 0 ? last.lists : undefined;
  };
}

/** Tiles drawn: four rows of three (a 390×844 screen shows three and the top of the fourth). */
const DRAWN_TILES = 12;
/** Above this many games React's grid is virtualized (parts.tsx VIRTUALIZE_AT); its items are then list items of a role=list. */
const VIRTUALIZE_AT = 60;

const SEARCH_ICON =
  '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M10.5 18a7.5 7.5 0 1 0 0-15 7.5 7.5 0 0 0 0 15zM16 16l5 5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"></path></svg>';
const HEART_ICON =
  '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.6 3.8 4.5 7.1 4.5c2 0 3.5 1.1 4.9 2.9 1.4-1.8 2.9-2.9 4.9-2.9 3.3 0 5.6 3.1 4.4 6.6-1.8 4.8-9.3 9.4-9.3 9.4z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"></path></svg>';

/**
 * parts.tsx GameTile, for a visitor (no favourites): `position` is its place in the grid, which says how its
 * thumbnail loads. With `saveData` (data saver, issue 38) no thumbnail: the game's name on a light placeholder.
 */
export function gameTile(
  classes: RowClasses,
  game: GameEntry,
  platform: GamePlatform | undefined,
  position: number,
  saveData = false,
): string {
  const tr = t();
  const c = (...names: string[]) => cls(classes, 'Lobby', ...names);
  const maintenance = platform?.maintenance ?? false;
  const { loading, fetchPriority } = thumbLoading(position);
  const badges = game.tags
    .map((tag) => `<span class="${c('badge')} ${cls(classes, 'Lobby', `badge_${tag}`)}">${esc(tr(`games.badge.${tag}`))}</span>`)
    .join('');
  return (
    `<div class="${c('tile')}" data-testid="game-tile"${maintenance ? ' data-maintenance="true"' : ''}>` +
    `<a class="${c('tileLink')}" href="/game?gameId=${game.gameId}"><span class="${c('thumbBox')}">` +
    (saveData
      ? `<span class="${c('thumbFallback')} ${c('thumbSaved')}" aria-hidden="true" data-testid="thumb-saved">${esc(game.gameName)}</span>`
      : `<span class="${c('thumbFallback')}" aria-hidden="true">${esc(initials(game.gameName))}</span>` +
        `<img class="${c('thumb')}" alt="" width="${THUMB_W}" height="${THUMB_H}" loading="${loading}" fetchpriority="${fetchPriority}" decoding="async" src="${esc(game.thumbnail)}">`) +
    `<span class="${c('badges')}">${badges}</span>` +
    (maintenance ? `<span class="${c('maintenance')}">${esc(tr('games.maintenance'))}</span>` : '') +
    `</span><span class="${c('name')}">${esc(game.gameName)}</span><span class="${c('platform')}">${esc(platform?.name ?? game.platformCode)}</span></a>` +
    `<button type="button" class="${c('heart')}" aria-pressed="false" disabled aria-label="${esc(tr('games.like', { name: game.gameName }))}">${HEART_ICON}</button></div>`
  );
}

/** Where PLAYER_ROWS_SCRIPT finds the row it copies, with the rows' titles. */
const PLAYER_ROWS_TEMPLATE_ID = 'panalo-player-rows';

/**
 * Inline, right after the template: the rows the app will draw for the player of this device, held as
 * empty rows of their height (see above). ES5; the same text on every page (its hash is in the policy:
 * ./firstPaint.ts rowsPolicyHashes). The stored shapes are src/stores/session.ts's and games.ts's.
 */
export const PLAYER_ROWS_SCRIPT =
  '(function(){try{var s=document.currentScript,t=document.getElementById(' +
  `'${PLAYER_ROWS_TEMPLATE_ID}'` +
  ');if(!s||!t)return;' +
  'function j(k){try{return JSON.parse(localStorage.getItem(k)||"null")}catch(e){return null}}' +
  `var u=j('${StorageKey.session}'),g=j('${StorageKey.games}'),n=u&&u.user&&u.user.loginName;if(!n||!g||g.owner!==n)return;` +
  "var r=[];if(g.historyGameList&&g.historyGameList.length)r.push(t.getAttribute('data-recent'));" +
  "if(g.likeGameList&&g.likeGameList.length)r.push(t.getAttribute('data-favourites'));" +
  "for(var i=0;i<r.length;i++){var c=t.content.firstElementChild.cloneNode(true);c.querySelector('h2').textContent=r[i];s.parentNode.insertBefore(c,s);}" +
  '}catch(e){}})();';

/** The template of a held row (parts.tsx GameRow with one empty tile) and the script that places them. */
function playerRowsHolder(classes: RowClasses): string {
  const tr = t();
  const c = (...names: string[]) => cls(classes, 'Lobby', ...names);
  const tile =
    `<div class="${c('tile')}"><span class="${c('tileLink')}"><span class="${c('thumbBox')}"></span>` +
    `<span class="${c('name')}"></span><span class="${c('platform')}">&nbsp;</span></span></div>`;
  return (
    `<template id="${PLAYER_ROWS_TEMPLATE_ID}" data-recent="${esc(tr('games.recent'))}" data-favourites="${esc(tr('games.favourites'))}">` +
    `<section class="${c('rowSection')}" aria-hidden="true" data-held-row=""><h2 class="${c('rowTitle')}"></h2>` +
    `<ul class="${c('row')}"><li class="${c('rowItem')}">${tile}</li></ul></section></template>` +
    `<script>${PLAYER_ROWS_SCRIPT}</script>`
  );
}

/** The game kind an address shows, as GamesTab reads it: an unknown one is the first kind. */
export function kindOf(pathname: string): GameKind {
  const kind = /^\/games\/([^/]+)\/?$/i.exec(pathname)?.[1] ?? '';
  return isGameKind(kind) ? kind : FIRST_GAME_KIND;
}

/** The catalogue of the lists, parsed (chunks are the server's own JSON text). */
export function gamesOf(lists: PublicGameLists): GameEntry[] {
  return lists.chunks.flatMap((chunk) => JSON.parse(chunk) as GameEntry[]);
}

/** GamesTab.tsx's first screen for a visitor, with the first DRAWN_TILES tiles of the kind. */
export function lobbyScreen(
  classes: RowClasses,
  index: GameListIndex,
  games: readonly GameEntry[],
  kind: GameKind,
  saveData = false,
): string {
  const tr = t();
  const c = (...names: string[]) => cls(classes, 'Lobby', ...names);
  const tab = cls(classes, 'Tabs', 'tab');
  const pills = cls(classes, 'Tabs', 'tabs', 'pills');
  const platforms = new Map(index.platforms.map((platform) => [platform.platformCode, platform]));
  const kindGames = gamesOfKind(games, kind);
  const kindPlatforms = platformsOfKind(games, kind, index.platforms);
  const kinds = GAME_KINDS.map(({ kind: each }) =>
    each === kind
      ? `<a class="${tab} active" aria-current="page" href="/games/${each}" data-status="active">${esc(tr(`gameKinds.${each}`))}</a>`
      : `<a class="${tab}" href="/games/${each}">${esc(tr(`gameKinds.${each}`))}</a>`,
  ).join('');
  let html =
    `<h1 class="visually-hidden">${esc(tr('routes.Home_games.title'))}</h1>` +
    `<section class="${c('jackpot')}" aria-label="${esc(tr('games.jackpot'))}" data-testid="jackpot"><span class="${c('jackpotLabel')}">${esc(tr('games.jackpot'))}</span>` +
    `<span class="${c('jackpotAmount')}" data-waiting="true">${esc(tr('games.jackpotWaiting'))}</span></section>` +
    `<div class="${c('kindBar')}"><nav aria-label="${esc(tr('gameKinds.label'))}" class="${pills}">${kinds}</nav>` +
    `<a class="${c('searchLink')}" aria-label="${esc(tr('games.search.open'))}" href="/search">${SEARCH_ICON}</a></div>` +
    playerRowsHolder(classes);
  if (kindPlatforms.length > 1) {
    const buttons = kindPlatforms
      .map(
        (platform) =>
          `<button type="button" class="${tab}" aria-pressed="false" aria-disabled="true">${esc(platform.name)}` +
          (platform.maintenance ? `<span class="${c('pillMark')}">${esc(tr('games.maintenance'))}</span>` : '') +
          '</button>',
      )
      .join('');
    // The pills and hearts do nothing until the app runs, and say so. The pills stay in the Tab order
    // (aria-disabled, not disabled): a row wider than the screen scrolls by moving the focus along it.
    html += `<nav aria-label="${esc(tr('games.providers'))}" class="${pills}"><button type="button" class="${tab}" aria-pressed="true" aria-disabled="true">${esc(tr('games.allProviders'))}</button>${buttons}</nav>`;
  }
  html += `<p class="${c('count')}">${esc(tr('games.count', { count: kindGames.length }))}</p>`;
  const label = esc(tr(`gameKinds.${kind}`));
  const drawn = kindGames
    .slice(0, DRAWN_TILES)
    .map((game, position) => gameTile(classes, game, platforms.get(game.platformCode), position, saveData));
  if (kindGames.length === 0) html += `<p class="${c('empty')}">${esc(tr('games.empty'))}</p>`;
  else if (kindGames.length <= VIRTUALIZE_AT)
    html += `<ul class="${c('grid')}" aria-label="${label}">${drawn.map((tile) => `<li>${tile}</li>`).join('')}</ul>`;
  // React's long grid places rows of three absolutely, each as tall as its tiles plus the row gap: the
  // same places as one grid's rows in the page's flow.
  else
    html +=
      `<div role="list" aria-label="${label}" class="${c('grid')}">` +
      drawn
        .map((tile, position) => `<div role="listitem" aria-setsize="${kindGames.length}" aria-posinset="${position + 1}">${tile}</div>`)
        .join('') +
      '</div>';
  return `<div class="${c('lobby')}" data-first-tiles="">${html}</div>`;
}

/** The catalogue as `#panalo-game-list` carries it: the chunks' own JSON text, safe inside a <script>. */
export function gameListJson(lists: PublicGameLists): string {
  return scriptSafe(`{"index":${JSON.stringify(lists.index)},"chunks":[${lists.chunks.join(',')}]}`);
}

/** The script element carrying the catalogue. */
export const gameListScript = (lists: PublicGameLists) =>
  `<script type="application/json" id="${GAME_LIST_ID}">${gameListJson(lists)}</script>`;

/** The preloads of the first screen's thumbnails (the page's largest paint), for the head before the scripts. */
export function thumbPreloads(games: readonly GameEntry[], kind: GameKind): string {
  return gamesOfKind(games, kind)
    .slice(0, FIRST_SCREEN_TILES)
    .map((game) => `<link rel="preload" as="image" href="${esc(game.thumbnail)}" fetchpriority="high">`)
    .join('');
}
