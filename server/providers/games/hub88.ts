import { randomUUID } from 'node:crypto';
import type { RoundProof } from '../../../src/contract/games';
import { checkBodySignature, signBody } from './signing';
import {
  type GameProvider,
  GameProviderError,
  type GameProviderErrorCode,
  type LaunchRequest,
  type ProviderGame,
  type ProviderPlatform,
  type ProviderRound,
  SIGNATURE_HEADER,
  type TransferResult,
} from './types';

/**
 * The game provider adapter (GameProvider) over Hub88's operator API: every call is a POST of JSON to
 * the provider's base URL + path, signed with our operator key (X-Hub88-Signature, RSA-SHA256, base64,
 * over the raw body); every answer must carry the provider's signature over its raw body before anything
 * in it is believed. The transport carries the exact bytes: `fetch` in production, `app.inject` into the
 * simulator in development and tests.
 */

export interface ProviderAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
export type ProviderTransport = (path: string, headers: Record<string, string>, body: string) => Promise<ProviderAnswer>;

/** The provider's API paths (relative to its base URL; the simulator mounts them under /sim/games/api). */
export const PROVIDER_API = {
  launch: '/game/url',
  round: '/game/round',
  jackpot: '/game/jackpot',
  catalogue: '/game/list',
  deposit: '/transfer/deposit',
  withdraw: '/transfer/withdraw',
  transferStatus: '/transfer/status',
  transferBalance: '/transfer/balance',
} as const;

/** The provider's error codes in an answer `{ error: { code, message } }`. */
const ERROR_CODES: Record<string, GameProviderErrorCode> = {
  INVALID_SIGNATURE: 'BAD_SIGNATURE',
  NOT_FOUND: 'NOT_FOUND',
  INVALID_ARGUMENT: 'INVALID_ARGUMENT',
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  TABLE_FULL: 'TABLE_FULL',
};

export function httpProviderTransport(baseUrl: string, timeoutMs = 15_000): ProviderTransport {
  const base = baseUrl.replace(/\/+$/, '');
  return async (path, headers, body) => {
    const answer = await fetch(`${base}${path}`, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
    return { status: answer.status, headers: Object.fromEntries(answer.headers.entries()), body: await answer.text() };
  };
}

export interface Hub88Options {
  operatorId: string;
  /** Read at each call (the simulator's keys are made at first use). */
  operatorPrivateKey: () => string;
  providerPublicKey: () => string;
  transport: ProviderTransport;
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function hub88Provider(options: Hub88Options): GameProvider {
  async function call(path: string, request: Record<string, unknown>): Promise<Record<string, unknown>> {
    const body = JSON.stringify({ operator_id: options.operatorId, request_uuid: randomUUID(), ...request });
    const headers = { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(options.operatorPrivateKey(), body) };
    let answer: ProviderAnswer;
    try {
      answer = await options.transport(path, headers, body);
    } catch {
      throw new GameProviderError('PROVIDER_DOWN', 'The game provider did not answer.');
    }
    if (answer.status >= 500 || answer.status === 429)
      throw new GameProviderError('PROVIDER_DOWN', `The game provider answered ${answer.status}.`);
    if (!checkBodySignature(single(answer.headers[SIGNATURE_HEADER]), options.providerPublicKey(), answer.body))
      throw new GameProviderError('BAD_SIGNATURE', 'The game provider answer is not signed by the provider.');
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(answer.body) as Record<string, unknown>;
    } catch {
      throw new GameProviderError('PROVIDER_DOWN', 'The game provider answered something that is not JSON.');
    }
    const error = parsed['error'] as { code?: string; message?: string } | undefined;
    if (error || answer.status >= 400) {
      const code = ERROR_CODES[error?.code ?? ''] ?? 'PROVIDER_DOWN';
      throw new GameProviderError(code, error?.message ?? `The game provider refused the call (${answer.status}).`);
    }
    return parsed;
  }

  const transferResult = (answer: Record<string, unknown>): TransferResult => ({
    transferId: String(answer['transfer_id']),
    status: answer['status'] === 'succeeded' ? 'succeeded' : 'failed',
    balance: Number(answer['balance'] ?? 0),
  });

  return {
    async platforms() {
      return (await call(PROVIDER_API.catalogue, {}))['platforms'] as ProviderPlatform[];
    },
    async games() {
      return (await call(PROVIDER_API.catalogue, {}))['games'] as ProviderGame[];
    },
    async launch(request: LaunchRequest) {
      const answer = await call(PROVIDER_API.launch, {
        user: request.user,
        token: request.token,
        game_code: request.gameCode,
        platform_code: request.platformCode,
        currency: request.currency,
        lang: request.lang,
        lobby_url: request.lobbyUrl,
        ip: request.ip,
        country: request.country,
        platform: request.platform,
      });
      if (typeof answer['url'] !== 'string') throw new GameProviderError('PROVIDER_DOWN', 'The game provider answered no game URL.');
      return { url: answer['url'] };
    },
    async round(roundId: string): Promise<ProviderRound | null> {
      try {
        const answer = await call(PROVIDER_API.round, { round: roundId });
        return { roundId: String(answer['round']), gameCode: String(answer['game_code']), proof: answer['proof'] as RoundProof };
      } catch (error) {
        if (error instanceof GameProviderError && error.code === 'NOT_FOUND') return null;
        throw error;
      }
    },
    async jackpot() {
      return Number((await call(PROVIDER_API.jackpot, {}))['amount']);
    },
    transfers: {
      async deposit(request) {
        return transferResult(
          await call(PROVIDER_API.deposit, {
            user: request.user,
            platform_code: request.platformCode,
            amount: request.amount,
            transfer_id: request.transferId,
          }),
        );
      },
      async withdraw(request) {
        return transferResult(
          await call(PROVIDER_API.withdraw, {
            user: request.user,
            platform_code: request.platformCode,
            amount: request.amount,
            transfer_id: request.transferId,
          }),
        );
      },
      async transferStatus(request) {
        return transferResult(
          await call(PROVIDER_API.transferStatus, { platform_code: request.platformCode, transfer_id: request.transferId }),
        );
      },
      async balance(request) {
        return Number((await call(PROVIDER_API.transferBalance, { user: request.user, platform_code: request.platformCode }))['balance']);
      },
    },
  };
}
