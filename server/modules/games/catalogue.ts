import { createHash } from 'node:crypto';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { GAME_LIST_CHUNK } from '../../../src/contract/constants';
import { GAME_KINDS, type GameEntry, type GameListIndex, type GamePlatform, gameEntrySchema } from '../../../src/contract/games';
import type { Database } from '../../db';
import { gameCatalogue, gamePlatforms } from '../../db/schema';
import type { GameProvider, ProviderGame, ProviderPlatform } from '../../providers/games/types';
import { thumbnailSvg } from './thumbs';

/**
 * The operator's copy of the provider's catalogue (issue 13): every game the provider lists gets a
 * numeric gameId that never changes (a row keyed by platform + game code, never deleted), a rank within
 * its kind, and a place in the static game lists: JSON chunks of GAME_LIST_CHUNK games under a version
 * that is a hash of what they say, so a browser keeps a version's chunks forever and only revalidates
 * the index.
 */

export interface CatalogueGame {
  gameId: number;
  game: ProviderGame;
  rank: number;
}

export interface CatalogueSnapshot {
  /** Listed games of listed platforms, in list order (kind tab order, then rank, then id). */
  games: CatalogueGame[];
  /** Listed platforms, in the provider's order. */
  platforms: ProviderPlatform[];
  byId: Map<number, CatalogueGame>;
  platformByCode: Map<string, ProviderPlatform>;
}

/** The site settings the lists depend on (server/modules/site/settings.ts `games`). */
export interface GamesSettings {
  maintenance: readonly string[];
  grayPlatforms: readonly string[];
  grayUsers: readonly string[];
}

/** One built set of lists: the index and its chunks' JSON text. */
export interface GameLists {
  version: string;
  index: GameListIndex;
  chunks: string[];
}

const KIND_ORDER = new Map(GAME_KINDS.map((entry, position) => [entry.kind as string, position]));
const TAG_ORDER = { hot: 0, jackpot: 1, new: 2, live: 3 } as const;

function tagOrder(game: ProviderGame): number {
  return Math.min(4, ...game.tags.map((tag) => TAG_ORDER[tag] ?? 4));
}

/**
 * The rank of each game within its kind (1 = first): hot games first, then jackpot, new and live ones,
 * then the rest, each group in the provider's order. Keyed by `platformCode/gameCode`.
 */
export function rankGames(games: readonly ProviderGame[]): Map<string, number> {
  const ranks = new Map<string, number>();
  const byKind = new Map<string, { game: ProviderGame; position: number }[]>();
  games.forEach((game, position) => {
    const list = byKind.get(game.kind) ?? [];
    list.push({ game, position });
    byKind.set(game.kind, list);
  });
  for (const list of byKind.values()) {
    list.sort((a, b) => tagOrder(a.game) - tagOrder(b.game) || a.position - b.position);
    list.forEach(({ game }, index) => ranks.set(gameKey(game), index + 1));
  }
  return ranks;
}

export const gameKey = (game: Pick<ProviderGame, 'platformCode' | 'gameCode'>) => `${game.platformCode}/${game.gameCode}`;

const shortHash = (text: string, length = 16) => createHash('sha256').update(text).digest('hex').slice(0, length);

/** The thumbnail's address: the SVG drawn from the theme, its hash in the query so a changed theme is a new address. */
export function thumbnailPath(gameId: number, game: ProviderGame): string {
  return `/static/games/thumbs/${gameId}.svg?v=${shortHash(thumbnailSvg(game), 10)}`;
}

/** A catalogue game as the lobby lists it. */
export function gameEntry({ gameId, game, rank }: CatalogueGame): GameEntry {
  return {
    gameId,
    gameCode: game.gameCode,
    gameName: game.gameName,
    platformCode: game.platformCode,
    kind: game.kind,
    category: game.category,
    gameType: game.gameType,
    engine: game.engine,
    rtpBps: game.rtpBps,
    thumbnail: thumbnailPath(gameId, game),
    tags: [...game.tags],
    trial: game.trial,
    minBet: game.minBet,
    maxBet: game.maxBet,
    rank,
  };
}

/** Whether a provider's game can be listed (a malformed entry is left out, never breaking the lists). */
export function listable(game: ProviderGame): boolean {
  return KIND_ORDER.has(game.kind) && gameEntrySchema.safeParse(gameEntry({ gameId: 1, game, rank: 1 })).success;
}

/**
 * The lists as a visitor sees them (`includeGray` false: gray platforms left out, so the static files
 * are the same for everyone) or as a gray-listed player does (everything). The version is a hash of
 * the index's platforms and every entry, so any change of the catalogue, a platform's maintenance or the
 * gray list makes a new version and new chunk addresses.
 */
export function buildLists(snapshot: CatalogueSnapshot, settings: GamesSettings, includeGray: boolean): GameLists {
  const gray = new Set(settings.grayPlatforms);
  const maintenance = new Set(settings.maintenance);
  const platforms: GamePlatform[] = snapshot.platforms
    .filter((platform) => includeGray || !gray.has(platform.platformCode))
    .map((platform) => ({
      platformCode: platform.platformCode,
      name: platform.name,
      wallet: platform.wallet,
      maintenance: maintenance.has(platform.platformCode),
    }));
  const shown = new Set(platforms.map((platform) => platform.platformCode));
  const entries = snapshot.games.filter((entry) => shown.has(entry.game.platformCode)).map(gameEntry);
  const chunkEntries: GameEntry[][] = [];
  for (let start = 0; start < entries.length; start += GAME_LIST_CHUNK) chunkEntries.push(entries.slice(start, start + GAME_LIST_CHUNK));
  const chunks = chunkEntries.map((chunk) => JSON.stringify(chunk));
  const version = shortHash(JSON.stringify({ platforms, chunks }));
  return {
    version,
    index: { version, count: entries.length, chunks: chunks.map((_, n) => chunkUrl(version, n)), platforms },
    chunks,
  };
}

export const chunkUrl = (version: string, n: number) => `/static/games/${version}/${n}.json`;

/** Reads the listed catalogue (listed games of listed platforms) from the database. */
export async function loadSnapshot(db: Database): Promise<CatalogueSnapshot> {
  const [platformRows, gameRows] = await Promise.all([
    db.select().from(gamePlatforms).where(eq(gamePlatforms.listed, true)).orderBy(asc(gamePlatforms.position)),
    db.select().from(gameCatalogue).where(eq(gameCatalogue.listed, true)),
  ]);
  const platforms: ProviderPlatform[] = platformRows.map((row) => ({
    platformCode: row.platformCode,
    name: row.name,
    wallet: row.wallet === 'transfer' ? 'transfer' : 'seamless',
  }));
  const platformByCode = new Map(platforms.map((platform) => [platform.platformCode, platform]));
  const games = gameRows
    .filter((row) => platformByCode.has(row.platformCode))
    .map((row) => ({ gameId: row.id, game: row.data as unknown as ProviderGame, rank: row.rank }))
    .sort((a, b) => (KIND_ORDER.get(a.game.kind) ?? 99) - (KIND_ORDER.get(b.game.kind) ?? 99) || a.rank - b.rank || a.gameId - b.gameId);
  return { games, platforms, byId: new Map(games.map((entry) => [entry.gameId, entry])), platformByCode };
}

/**
 * Copies the provider's catalogue into the database: new games get their id, known ones keep theirs,
 * games and platforms the provider no longer lists are unlisted (kept, so ids are never reused). An
 * empty answer is taken as a provider fault, not as "no games": nothing is unlisted then.
 */
export async function syncCatalogue(
  db: Database,
  provider: GameProvider,
  log: { warn(obj: object, msg: string): void },
): Promise<{ games: number; platforms: number; skipped: number }> {
  const [platforms, all] = await Promise.all([provider.platforms(), provider.games()]);
  const known = new Set(platforms.map((platform) => platform.platformCode));
  const games = all.filter((game) => known.has(game.platformCode) && listable(game));
  const skipped = all.length - games.length;
  if (skipped > 0) log.warn({ skipped }, 'games of the provider’s catalogue left out (unknown platform or malformed entry)');
  if (platforms.length === 0 || games.length === 0) {
    log.warn({ platforms: platforms.length, games: games.length }, 'the provider listed no games; the catalogue is kept as it was');
    return { games: 0, platforms: 0, skipped };
  }
  const ranks = rankGames(games);
  await db.transaction(async (tx) => {
    await tx
      .insert(gamePlatforms)
      .values(platforms.map((platform, position) => ({ ...pick(platform), position, listed: true })))
      .onConflictDoUpdate({
        target: gamePlatforms.platformCode,
        set: { name: sql`excluded.name`, wallet: sql`excluded.wallet`, position: sql`excluded.position`, listed: true },
      });
    await tx
      .update(gamePlatforms)
      .set({ listed: false })
      .where(notInArray(gamePlatforms.platformCode, [...known]));
    await tx
      .insert(gameCatalogue)
      .values(
        games.map((game) => ({
          platformCode: game.platformCode,
          gameCode: game.gameCode,
          data: game as unknown as Record<string, unknown>,
          rank: ranks.get(gameKey(game)) ?? 0,
          listed: true,
        })),
      )
      .onConflictDoUpdate({
        target: [gameCatalogue.platformCode, gameCatalogue.gameCode],
        set: { data: sql`excluded.data`, rank: sql`excluded.rank`, listed: true, updatedAt: sql`now()` },
      });
    const listedKeys = games.map((game) => gameKey(game));
    await tx
      .update(gameCatalogue)
      .set({ listed: false, updatedAt: sql`now()` })
      .where(
        and(eq(gameCatalogue.listed, true), notInArray(sql`${gameCatalogue.platformCode} || '/' || ${gameCatalogue.gameCode}`, listedKeys)),
      );
  });
  return { games: games.length, platforms: platforms.length, skipped };
}

const pick = (platform: ProviderPlatform) => ({ platformCode: platform.platformCode, name: platform.name, wallet: platform.wallet });
