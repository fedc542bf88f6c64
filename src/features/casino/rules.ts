import type { GameEntry, GamePlatform } from '../../contract/games';
import { GameEngine, PLAY_CURRENCY } from '../../contract/gameConstants';
import { GatewayCode, SpecCode } from '../../contract/errorCodes';
import { manilaDay } from '../../lib/dates';

/**
 * The pure rules of the play pages: what the landing states about a game, the launch call's fields,
 * what a failed launch tells the player, the records' date windows, the frame's messages, the
 * anti-addiction reminder's words and the round verification. No React, no calls: unit tests read them.
 */

/** 9600 → '96.00 %' (the stated return to player). */
export function formatRtp(rtpBps: number): string {
  return `${(rtpBps / 100).toFixed(2)} %`;
}

/** Where the game's lobby/close button returns: the lobby of its kind (bingo rooms have their own). */
export function callbackPathOf(game: Pick<GameEntry, 'kind'>): string {
  return game.kind === 'bingo' ? '/bingo_gamezone' : `/games/${game.kind}`;
}

export function isTransferPlatform(platform: Pick<GamePlatform, 'wallet'> | undefined): boolean {
  return platform?.wallet === 'transfer';
}

/** The spec's game-launch fields (§7), from the catalogue entry; identity comes from the session on the server. */
export function launchBody(game: GameEntry, platform: GamePlatform | undefined, lang: string, domainName: string) {
  return {
    gameId: game.gameId,
    gameCode: game.gameCode,
    platformCode: game.platformCode,
    gameName: game.gameName,
    gameType: game.gameType,
    callbackPath: callbackPathOf(game),
    domainName,
    lang,
    isWithTransfer: isTransferPlatform(platform),
    platformCurrency: PLAY_CURRENCY,
  };
}

/** Why a launch failed, in the words the in-game page shows in place of the frame. */
export type LaunchProblem = 'notFound' | 'maintenance' | 'providerDown' | 'tableFull' | 'trialUnavailable' | 'kyc' | 'offline' | 'other';

const PROBLEM_OF_CODE: Readonly<Record<string, LaunchProblem>> = {
  [GatewayCode.GameNotFound]: 'notFound',
  [GatewayCode.GameMaintenance]: 'maintenance',
  [GatewayCode.GameProviderDown]: 'providerDown',
  [SpecCode.MassiveFanatics]: 'tableFull',
  [GatewayCode.TrialUnavailable]: 'trialUnavailable',
  [GatewayCode.KycRequired]: 'kyc',
  [GatewayCode.KycDailyLimit]: 'kyc',
  [GatewayCode.KycRefused]: 'kyc',
};

export function launchProblemOf(error: unknown): LaunchProblem {
  const { kind, code } = (error ?? {}) as { kind?: string; code?: string };
  if (kind === 'network' || kind === 'timeout') return 'offline';
  return (code && PROBLEM_OF_CODE[code]) || 'other';
}

/** The records' date windows, in Manila calendar days (the call takes at most 30 days). */
export const GAME_RECORD_PERIODS = { today: 0, week: 6, month: 29 } as const;
export type GameRecordPeriod = keyof typeof GAME_RECORD_PERIODS;

export function gameRecordWindow(period: GameRecordPeriod, now: Date | number): { beginDate: string; endDate: string } {
  const endDate = manilaDay(now);
  const [y, m, d] = endDate.split('-').map(Number) as [number, number, number];
  const beginDate = new Date(Date.UTC(y, m - 1, d - GAME_RECORD_PERIODS[period])).toISOString().slice(0, 10);
  return { beginDate, endDate };
}

/**
 * What a game page may tell the app through postMessage: close, or that its balance changed (with the
 * balance it shows, in centavos, when it says it: the play money of a trial).
 */
export type FrameMessage = { type: 'panalo:close' } | { type: 'panalo:balance'; balance?: number };

export function readFrameMessage(data: unknown): FrameMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { type, balance } = data as { type?: unknown; balance?: unknown };
  if (type === 'panalo:close') return { type };
  if (type !== 'panalo:balance') return undefined;
  return typeof balance === 'number' && Number.isSafeInteger(balance) ? { type, balance } : { type };
}

/** 3_600_000 → '1 h 00 min'; under an hour '25 min'. */
export function formatPlayed(playedMs: number): string {
  const minutes = Math.max(0, Math.floor(playedMs / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `${hours} h ${String(rest).padStart(2, '0')} min` : `${rest} min`;
}

/** Minutes between reminders for a category, from the siteinfo setting (0 or absent: none). */
export function remindEveryMinutes(setting: unknown, category: number): number {
  if (typeof setting !== 'object' || setting === null) return 0;
  const entry = (setting as Record<string, unknown>)[String(category)];
  const minutes = typeof entry === 'object' && entry !== null ? (entry as { remindEveryMinutes?: unknown }).remindEveryMinutes : undefined;
  return typeof minutes === 'number' && Number.isInteger(minutes) && minutes > 0 ? minutes : 0;
}

/** Lowercase hex SHA-256 of a text, with the browser's WebCrypto. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether the revealed seed is the one whose hash was shown before the round. */
export async function seedMatchesHash(serverSeed: string, serverSeedHash: string): Promise<boolean> {
  return (await sha256Hex(serverSeed)) === serverSeedHash.trim().toLowerCase();
}

/** Quick amounts for a transfer into a platform (centavos), those the main balance covers. */
export const TRANSFER_PRESETS = [10_000, 50_000, 100_000, 500_000] as const;

export function transferPresets(mainBalance: number | null): number[] {
  return TRANSFER_PRESETS.filter((amount) => mainBalance === null || amount <= mainBalance);
}

/** The bingo rooms of /bingo_gamezone: the bingo games of the lists, in lobby order. */
export function bingoRooms(games: readonly GameEntry[]): GameEntry[] {
  return games.filter((game) => game.engine === GameEngine.Bingo || game.kind === 'bingo').sort((a, b) => a.rank - b.rank);
}
