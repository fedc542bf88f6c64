import type { LaunchRequest } from '../../server/providers/games/types';
import type { TestServer } from './server';

/**
 * The provider simulator's game pages as the tests drive them: a launch request as the games module sends
 * it, and the page's own API (/sim/games/api/round/{start,act}, /sim/games/api/session/:id).
 */

/** A round as the game page's API answers it. */
export interface SimRound {
  ok: boolean;
  roundId: string;
  status: 'open' | 'settled';
  view: Record<string, unknown>;
  bet: number;
  win: number;
  /** The session's balance after the round (null where the simulator does not hold it). */
  balance: number | null;
  code?: string;
  message?: string;
  proof: { serverSeedHash: string; serverSeed: string | null; clientSeed: string; nonce: number; outcome: string };
}

/** A game session as the game page reads it. */
export interface SimSession {
  ok: boolean;
  balance: number | null;
  mode: string;
  rtpBps: number;
  nextServerSeedHash: string;
  open: { roundId: string; bet: number; view: Record<string, unknown>; serverSeedHash: string; elapsedMs: number } | null;
  history: { roundId: string; bet: number; win: number; net: number; status: string }[];
}

/** POSTs JSON to the simulator's `/sim/games/<path>` and reads its JSON answer. */
export async function simPost<T>(server: TestServer, path: string, body: unknown): Promise<T> {
  const answer = await fetch(`${server.url}/sim/games/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await answer.json()) as T;
}

/** Starts a round (`start`: sessionId, bet, action) or plays its next step (`act`: sessionId, roundId, action). */
export const simRound = (server: TestServer, step: 'start' | 'act', body: Record<string, unknown>) =>
  simPost<SimRound>(server, `api/round/${step}`, body);

export async function simSession(server: TestServer, sessionId: string): Promise<SimSession> {
  return (await (await fetch(`${server.url}/sim/games/api/session/${sessionId}`)).json()) as SimSession;
}

/** A launch of `game` for a mobile player in the Philippines, in English, back to the slots lobby; `over` on top. */
export function launchRequest(game: { gameCode: string; platformCode: string }, over: Partial<LaunchRequest> = {}): LaunchRequest {
  return {
    user: 'nobody',
    token: null,
    gameCode: game.gameCode,
    platformCode: game.platformCode,
    currency: 'PHP',
    lang: 'en',
    lobbyUrl: '/games/slot',
    ip: '127.0.0.1',
    country: 'PH',
    platform: 'GPL_MOBILE',
    ...over,
  };
}
