import { randomBytes } from 'node:crypto';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { Destination } from '../../../src/contract/feed';
import { GatewayCode, SpecCode } from '../../../src/contract/errorCodes';
import {
  DEMO_CURRENCY,
  GAME_HISTORY_MAX,
  GAME_LIKES_MAX,
  type GameListIndex,
  type JackpotMessage,
  PLAY_CURRENCY,
  type WalletMode,
} from '../../../src/contract/games';
import { rgCategoryOfGame } from '../../../src/contract/responsibleGaming';
import type { Database } from '../../db';
import type { MoneyGate } from '../../lib/moneyGate';
import { customers, gameCatalogue, gameHistory, gameJackpot, gameLikes } from '../../db/schema';
import { CallError } from '../../lib/errors';
import type { Broker } from '../../realtime/stomp/broker';
import { type GameProvider, GameProviderError, type LaunchRequest } from '../../providers/games/types';
import type { CasinoWalletApi } from '../casinoWallet';
import { type CatalogueGame, type GameLists, type GamesSettings, gameEntry } from './catalogue';
import type { CatalogueStore } from './store';

export const MAINTENANCE_MESSAGE = 'This game is under maintenance. Please try again later.';
export const PROVIDER_DOWN_MESSAGE = 'Games are not available right now. Please try again later.';
export const NOT_FOUND_MESSAGE = 'This game is not available.';
export const TABLE_FULL_MESSAGE = 'Massive fanatics are waiting, please try again!';
export const TRIAL_UNAVAILABLE_MESSAGE = 'This game has no free play. Log in to play it for real.';
export const LIKES_FULL_MESSAGE = `You can like up to ${GAME_LIKES_MAX} games. Remove one from your likes first.`;

/** How long a demo session's page is meant to last (the provider keeps play money itself; nothing to expire on our side). */
export const TRIAL_SESSION_MS = 4 * 60 * 60 * 1000;
const JACKPOT = 'progressive';

export interface GamesServiceOptions {
  db: Database;
  store: CatalogueStore;
  settings: () => GamesSettings;
  /** The provider (null when none is configured: launches answer GameProviderDown). */
  provider: () => GameProvider | null;
  /** The casino wallet's sessions (server/modules/casinoWallet). */
  casinoWallet: () => CasinoWalletApi | undefined;
  bonusBalance: (customerId: number) => Promise<number>;
  broker: () => Broker | undefined;
  clock: () => number;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** The rules about money (responsible gaming): breaks, exclusion, category switches, the session limit. */
  gate: MoneyGate;
}

export interface LaunchInput {
  gameId: number;
  callbackPath?: string | undefined;
  lang?: string | undefined;
  ip: string;
}

/** A same-origin path the game's lobby button may return to; anything else (another site, a protocol) is replaced. */
export function lobbyPath(callbackPath: string | undefined, kind: string): string {
  if (callbackPath && /^\/(?![/\\])[A-Za-z0-9/_\-.~%?=&]*$/.test(callbackPath)) return callbackPath;
  return `/games/${kind}`;
}

const LANG = /^[a-z]{2}(?:[-_][A-Za-z]{2,4})?$/;

/**
 * The casino's operator side (issue 13): who sees which platforms (gray list), the launch of a real-money
 * session (a casino-wallet token, then the provider's game URL), demo play, likes, recently played, the
 * bonus usable in games and the progressive jackpot's publisher.
 */
export class GamesService {
  constructor(private readonly options: GamesServiceOptions) {}

  private get db() {
    return this.options.db;
  }

  private async loginName(customerId: number): Promise<string> {
    const [row] = await this.db.select({ loginName: customers.loginName }).from(customers).where(eq(customers.id, customerId));
    if (!row) throw new CallError(GatewayCode.LoginRequired, 'login please', 401);
    return row.loginName;
  }

  /** Whether this caller sees gray platforms (a gray-listed player). */
  async isGray(customerId: number | null | undefined, settings = this.options.settings()): Promise<boolean> {
    if (!customerId || settings.grayPlatforms.length === 0 || settings.grayUsers.length === 0) return false;
    return settings.grayUsers.includes(await this.loginName(customerId));
  }

  /** game/queryGameList: the public index, or the gray-listed player's. */
  async gameList(customerId: number | null | undefined): Promise<GameListIndex> {
    return (await this.options.store.lists(await this.isGray(customerId))).index;
  }

  /** The public lists (index and chunks) as /static/games serves them: the games lobby's first paint draws and carries them. */
  publicLists(): Promise<GameLists> {
    return this.options.store.lists(false);
  }

  /** game/queryGrayPlatformList: the platforms hidden from this caller. */
  async hiddenPlatforms(customerId: number | null | undefined): Promise<string[]> {
    const settings = this.options.settings();
    return (await this.isGray(customerId, settings)) ? [] : [...settings.grayPlatforms];
  }

  /** A listed game this caller may see, or GameNotFound. */
  async findGame(gameId: number, customerId: number | null | undefined): Promise<CatalogueGame> {
    const game = (await this.options.store.current()).byId.get(gameId);
    const settings = this.options.settings();
    if (!game) throw new CallError(GatewayCode.GameNotFound, NOT_FOUND_MESSAGE, 404);
    if (settings.grayPlatforms.includes(game.game.platformCode) && !(await this.isGray(customerId, settings))) {
      throw new CallError(GatewayCode.GameNotFound, NOT_FOUND_MESSAGE, 404);
    }
    return game;
  }

  private async playable(gameId: number, customerId: number | null): Promise<{ game: CatalogueGame; provider: GameProvider }> {
    const game = await this.findGame(gameId, customerId);
    if (this.options.settings().maintenance.includes(game.game.platformCode)) {
      throw new CallError(GatewayCode.GameMaintenance, MAINTENANCE_MESSAGE, 503);
    }
    const provider = this.options.provider();
    if (!provider) throw new CallError(GatewayCode.GameProviderDown, PROVIDER_DOWN_MESSAGE, 503);
    return { game, provider };
  }

  private walletOf(game: CatalogueGame): Promise<WalletMode> {
    return this.options.store.current().then((snapshot) => snapshot.platformByCode.get(game.game.platformCode)?.wallet ?? 'seamless');
  }

  /** The provider's game URL; its refusals in the player's words. */
  private async providerLaunch(provider: GameProvider, request: LaunchRequest): Promise<string> {
    try {
      return (await provider.launch(request)).url;
    } catch (error) {
      if (error instanceof GameProviderError) {
        if (error.code === 'TABLE_FULL') throw new CallError(SpecCode.MassiveFanatics, TABLE_FULL_MESSAGE, 503);
        if (error.code === 'NOT_FOUND') throw new CallError(GatewayCode.GameNotFound, NOT_FOUND_MESSAGE, 404);
      }
      this.options.log.warn(
        { err: error, gameCode: request.gameCode, platformCode: request.platformCode },
        'game launch failed at the provider',
      );
      throw new CallError(GatewayCode.GameProviderDown, PROVIDER_DOWN_MESSAGE, 503);
    }
  }

  /**
   * game/launchGame: a real-money session. Only the game id is trusted; the platform must not be under
   * maintenance nor gray for this player; the casino wallet issues the token the provider will present
   * at every bet; the launch is recorded in the player's recently played games.
   */
  async launch(customerId: number, input: LaunchInput) {
    const { game, provider } = await this.playable(input.gameId, customerId);
    await this.options.db.transaction((tx) =>
      this.options.gate(tx, { customerId, action: 'launch', category: rgCategoryOfGame(game.game.category) }),
    );
    const casinoWallet = this.options.casinoWallet();
    if (!casinoWallet) throw new CallError(GatewayCode.GameProviderDown, PROVIDER_DOWN_MESSAGE, 503);
    const session = await casinoWallet.openSession({
      customerId,
      gameCode: game.game.gameCode,
      platformCode: game.game.platformCode,
      currency: PLAY_CURRENCY,
      gameId: game.gameId,
      gameName: game.game.gameName,
      category: game.game.category,
    });
    const url = await this.providerLaunch(provider, {
      user: session.user,
      token: session.token,
      gameCode: game.game.gameCode,
      platformCode: game.game.platformCode,
      currency: PLAY_CURRENCY,
      lang: input.lang && LANG.test(input.lang) ? input.lang : 'en',
      lobbyUrl: lobbyPath(input.callbackPath, game.game.kind),
      ip: input.ip,
      country: 'PH',
      platform: 'GPL_MOBILE',
    });
    await this.recordPlayed(customerId, game.gameId);
    return { url, currency: PLAY_CURRENCY, expiresAt: session.expiresAt.toISOString(), game, user: session.user, provider };
  }

  /** game/v2/inGame: the launch, plus the game, its wallet mode and (transfer platforms) the player's balance there. */
  async inGameV2(customerId: number, input: LaunchInput) {
    const launched = await this.launch(customerId, input);
    const wallet = await this.walletOf(launched.game);
    let transferBalance: number | null = null;
    if (wallet === 'transfer') {
      try {
        transferBalance = await launched.provider.transfers.balance({ user: launched.user, platformCode: launched.game.game.platformCode });
      } catch (error) {
        this.options.log.warn({ err: error, platformCode: launched.game.game.platformCode }, 'transfer balance not available');
        throw new CallError(GatewayCode.GameProviderDown, PROVIDER_DOWN_MESSAGE, 503);
      }
    }
    return {
      url: launched.url,
      currency: launched.currency,
      expiresAt: launched.expiresAt,
      game: gameEntry(launched.game),
      wallet,
      transferBalance,
    };
  }

  /** game/trialGame: demo play with the provider's play money (currency XXX, no token, no wallet). */
  async trial(customerId: number | null, input: LaunchInput) {
    const { game, provider } = await this.playable(input.gameId, customerId);
    if (!game.game.trial) throw new CallError(GatewayCode.TrialUnavailable, TRIAL_UNAVAILABLE_MESSAGE, 400);
    const user = customerId ? await this.loginName(customerId) : `guest-${randomBytes(6).toString('hex')}`;
    const url = await this.providerLaunch(provider, {
      user,
      token: null,
      gameCode: game.game.gameCode,
      platformCode: game.game.platformCode,
      currency: DEMO_CURRENCY,
      lang: input.lang && LANG.test(input.lang) ? input.lang : 'en',
      lobbyUrl: lobbyPath(input.callbackPath, game.game.kind),
      ip: input.ip,
      country: 'PH',
      platform: 'GPL_MOBILE',
    });
    return { url, currency: DEMO_CURRENCY, expiresAt: new Date(this.options.clock() + TRIAL_SESSION_MS).toISOString() };
  }

  gameBonusBalance(customerId: number): Promise<number> {
    return this.options.bonusBalance(customerId);
  }

  // Likes and recently played -------------------------------------------------------------------------

  /** likeGameList: liked games still listed, newest first. */
  async likes(customerId: number): Promise<number[]> {
    const rows = await this.db
      .select({ gameId: gameLikes.gameId })
      .from(gameLikes)
      .innerJoin(gameCatalogue, eq(gameCatalogue.id, gameLikes.gameId))
      .where(and(eq(gameLikes.customerId, customerId), eq(gameCatalogue.listed, true)))
      .orderBy(desc(gameLikes.createdAt), desc(gameLikes.gameId))
      .limit(GAME_LIKES_MAX);
    return rows.map((row) => row.gameId);
  }

  /** game/likeGame: sets the like of one game (liking twice or unliking a game not liked changes nothing). */
  async like(customerId: number, gameId: number, like: boolean): Promise<number[]> {
    if (like) {
      await this.findGame(gameId, customerId);
      await this.db.transaction(async (tx) => {
        // One player's likes one at a time, so two at once cannot pass the limit together.
        await tx.execute(sql`SELECT id FROM customers WHERE id = ${customerId} FOR UPDATE`);
        const inserted = await tx
          .insert(gameLikes)
          .values({ customerId, gameId, createdAt: new Date(this.options.clock()) })
          .onConflictDoNothing()
          .returning({ gameId: gameLikes.gameId });
        if (inserted.length === 0) return;
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(gameLikes)
          .where(eq(gameLikes.customerId, customerId));
        if ((count?.n ?? 0) > GAME_LIKES_MAX) throw new CallError(GatewayCode.InvalidRequest, LIKES_FULL_MESSAGE, 400);
      });
    } else {
      await this.db.delete(gameLikes).where(and(eq(gameLikes.customerId, customerId), eq(gameLikes.gameId, gameId)));
    }
    return this.likes(customerId);
  }

  /** Records a real-money launch: the game moves to the top of the player's recently played (kept to GAME_HISTORY_MAX). */
  async recordPlayed(customerId: number, gameId: number): Promise<void> {
    const at = new Date(this.options.clock());
    await this.db.transaction(async (tx) => {
      await tx
        .insert(gameHistory)
        .values({ customerId, gameId, lastPlayedAt: at })
        .onConflictDoUpdate({ target: [gameHistory.customerId, gameHistory.gameId], set: { lastPlayedAt: at } });
      const keep = tx
        .select({ gameId: gameHistory.gameId })
        .from(gameHistory)
        .where(eq(gameHistory.customerId, customerId))
        .orderBy(desc(gameHistory.lastPlayedAt), desc(gameHistory.gameId))
        .limit(GAME_HISTORY_MAX);
      await tx.delete(gameHistory).where(and(eq(gameHistory.customerId, customerId), notInArray(gameHistory.gameId, keep)));
    });
  }

  /** historyGameList (newest first, listed games) and lastGamePlayed (the newest of them). */
  async history(customerId: number) {
    const rows = await this.db
      .select({ gameId: gameHistory.gameId, lastPlayedAt: gameHistory.lastPlayedAt })
      .from(gameHistory)
      .innerJoin(gameCatalogue, eq(gameCatalogue.id, gameHistory.gameId))
      .where(and(eq(gameHistory.customerId, customerId), eq(gameCatalogue.listed, true)))
      .orderBy(desc(gameHistory.lastPlayedAt), desc(gameHistory.gameId))
      .limit(GAME_HISTORY_MAX);
    return {
      historyGameList: rows.map((row) => ({ gameId: row.gameId, lastPlayedAt: row.lastPlayedAt.toISOString() })),
      lastGamePlayed: rows[0]?.gameId ?? null,
    };
  }

  // The progressive jackpot ----------------------------------------------------------------------------

  /** The last amount the provider told (0 before any). */
  async jackpot(): Promise<number> {
    const [row] = await this.db.select({ amount: gameJackpot.amount }).from(gameJackpot).where(eq(gameJackpot.name, JACKPOT));
    return row?.amount ?? 0;
  }

  /**
   * The jackpot job (leader only): asks the provider, and when the amount changed stores it and
   * publishes it on /topic/jackpot. Answers the message published, or null when nothing changed.
   */
  async pollJackpot(now: number): Promise<JackpotMessage | null> {
    const provider = this.options.provider();
    if (!provider) return null;
    const amount = Math.trunc(await provider.jackpot());
    if (!Number.isSafeInteger(amount) || amount < 0) {
      this.options.log.warn({ amount }, 'the provider told a jackpot that is not an amount');
      return null;
    }
    const changed = await this.db
      .insert(gameJackpot)
      .values({ name: JACKPOT, amount, updatedAt: new Date(now) })
      .onConflictDoUpdate({
        target: gameJackpot.name,
        set: { amount, updatedAt: new Date(now) },
        setWhere: sql`${gameJackpot.amount} <> ${amount}`,
      })
      .returning({ amount: gameJackpot.amount });
    if (changed.length === 0) return null;
    const message: JackpotMessage = { amount, ts: now };
    this.options.broker()?.publish(Destination.jackpot, JSON.stringify(message));
    return message;
  }
}
