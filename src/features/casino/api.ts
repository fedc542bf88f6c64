import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { api } from '../../api/instance';
import type {
  gameRecordDetailAnswer,
  gameRecordsAnswer,
  inGameV2Answer,
  launchAnswer,
  playSummaryAnswer,
  transferAnswer,
  transferBalanceAnswer,
} from '../../contract/answers/games';
import { GameCall } from '../../contract/games';
import { loadGameList } from '../../api/gameList';
import type { launchBody } from './rules';

/** The casino's calls of spec §7 as queries and plain calls. Amounts are centavos. */

export type Launch = z.infer<typeof launchAnswer>;
export type InGameV2 = z.infer<typeof inGameV2Answer>;
export type GameRecords = z.infer<typeof gameRecordsAnswer>;
export type GameRound = GameRecords['list'][number];
export type GameRecordDetail = z.infer<typeof gameRecordDetailAnswer>;
export type PlaySummary = z.infer<typeof playSummaryAnswer>;
export type Transfer = z.infer<typeof transferAnswer>;
export type TransferBalance = z.infer<typeof transferBalanceAnswer>;

/** The lobby's lists (static, precached by the service worker): one game and its platform. */
export const gameQuery = (gameId: number) =>
  queryOptions({
    queryKey: ['static', 'games', gameId],
    queryFn: async () => {
      const list = await loadGameList();
      const game = list.byId.get(gameId) ?? null;
      const platform = game ? (list.index.platforms.find((entry) => entry.platformCode === game.platformCode) ?? null) : null;
      return { game, platform };
    },
    staleTime: 5 * 60_000,
    retry: false,
  });

/** A game by the launch's names of spec §7 (its platform's code and its code there), as gameQuery answers. */
export const gameByCodeQuery = (platformCode: string, gameCode: string) =>
  queryOptions({
    queryKey: ['static', 'games', 'code', platformCode, gameCode],
    queryFn: async () => {
      const list = await loadGameList();
      const game = [...list.byId.values()].find((entry) => entry.platformCode === platformCode && entry.gameCode === gameCode) ?? null;
      return { gameId: game?.gameId ?? null };
    },
    staleTime: 5 * 60_000,
    retry: false,
  });

export const gameListQuery = queryOptions({
  queryKey: ['static', 'games', 'list'],
  queryFn: () => loadGameList(),
  staleTime: 5 * 60_000,
  retry: false,
});

/**
 * Launches are quiet: the in-game page says in place what went wrong (GW_510520 included, which the app
 * otherwise toasts); the KYC codes still open the app's KYC dialog (see InGamePage).
 */
export function launchGame(body: ReturnType<typeof launchBody>): Promise<Launch> {
  return api.call<Launch>('main', GameCall.launchGame, { ...body }, { quiet: true });
}

export function inGameV2(body: { gameId: number; lang: string; callbackPath?: string }): Promise<InGameV2> {
  return api.call<InGameV2>('main', GameCall.inGameV2, { ...body }, { quiet: true });
}

export function trialGame(body: { gameId: number; lang: string; callbackPath?: string }): Promise<Launch> {
  return api.call<Launch>('main', GameCall.trialGame, { ...body }, { quiet: true });
}

export const transferBalanceQuery = (platformCode: string) =>
  queryOptions({
    queryKey: ['main', GameCall.transferBalance, { platformCode }],
    queryFn: () => api.call<TransferBalance>('main', GameCall.transferBalance, { platformCode }, { quiet: true }),
    staleTime: 0,
  });

/** Money into a transfer platform; the key makes a retried tap one transfer. */
export function transferIn(platformCode: string, amount: number, idempotencyKey: string): Promise<Transfer> {
  return api.call<Transfer>('main', GameCall.transferIn, { platformCode, amount }, { idempotencyKey });
}

/** Money back from a transfer platform (amount 0: all of it). */
export function transferOut(platformCode: string, amount: number, idempotencyKey: string): Promise<Transfer> {
  return api.call<Transfer>('main', GameCall.transferOut, { platformCode, amount }, { idempotencyKey });
}

export const GAME_RECORD_PAGE_SIZE = 20;

export const gameRecordsQuery = (filter: { beginDate: string; endDate: string; category: number }) =>
  infiniteQueryOptions({
    queryKey: ['main', GameCall.queryGameRecords, filter],
    queryFn: ({ pageParam }) =>
      api.call<GameRecords>(
        'main',
        GameCall.queryGameRecords,
        {
          beginDate: filter.beginDate,
          endDate: filter.endDate,
          ...(filter.category ? { category: filter.category } : {}),
          pageNo: pageParam,
          pageSize: GAME_RECORD_PAGE_SIZE,
        },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * GAME_RECORD_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
    staleTime: 10_000,
  });

export const gameRecordDetailQuery = (roundId: string) =>
  queryOptions({
    queryKey: ['main', GameCall.gameRecordDetail, { roundId }],
    queryFn: () => api.call<GameRecordDetail>('main', GameCall.gameRecordDetail, { roundId }, { quiet: true }),
    staleTime: 10_000,
  });

export function playSummary(category: number): Promise<PlaySummary> {
  return api.call<PlaySummary>('main', GameCall.playSummary, { category }, { quiet: true });
}
