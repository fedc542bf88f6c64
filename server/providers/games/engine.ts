import type { GameEngine } from '../../../src/contract/games';
import type { Rng } from './fair';

/**
 * A game engine of the provider simulator: the pure rules of one game (no I/O, no clock, no money
 * moves). The simulator's runtime (`runtime.ts`) owns sessions, seeds, the wallet calls and the round
 * store; an engine only turns a bet, the player's actions and the round's provably-fair generator into
 * views and a win. Instant engines (slot, video poker, crash, fishing) live in `engines/<name>.ts`;
 * shared-timer games (the live roulette table, bingo draws) run on the leader's clock in `tables/`.
 *
 * A round is: `start` (the bet is debited first; the generator is the round's) → zero or more `act`
 * (e.g. hold cards, cash out) → a step with `settled` set: the win is credited (0 = a loss) and the
 * round closes. Every step must be reproducible from the seeds and the recorded actions, so a player
 * can verify it after the seed is revealed.
 */
export interface EngineStep<State> {
  state: State;
  /** What the game page shows (JSON). Never includes anything the player must not know yet. */
  view: unknown;
  /**
   * Set when the round is over: the total win in centavos (0 = lost) and the outcome in words.
   * `jackpot`: the outcome also wins the progressive jackpot (the runtime adds the pot to the win).
   */
  settled?: { win: number; outcome: string; jackpot?: boolean };
}

export interface InstantEngine<Params = unknown, State = unknown> {
  readonly engine: GameEngine;
  /** The stated RTP of this paytable variant, basis points (the bench checks it within ±1 %). */
  rtpBps(params: Params): number;
  start(input: { bet: number; params: Params; rng: Rng; action: unknown }): EngineStep<State>;
  /** The player's next action in an open round; `elapsedMs` since start (the crash game's timing). */
  act?(input: { bet: number; params: Params; rng: Rng; state: State; action: unknown; elapsedMs: number }): EngineStep<State>;
  /**
   * The action that finishes an open round the player left (closed page, lost connection): the runtime's
   * sweep acts it with an elapsed time past any timer (`ABANDONED_ELAPSED_MS`) and the step must settle.
   * E.g. video poker stands on the dealt hand; crash ticks past its cap (pays the auto cash-out if the
   * crash point reached it, else crashed). Engines whose rounds settle at `start` need none.
   */
  abandon?(input: { bet: number; params: Params; state: State }): unknown;
  /** One whole round with the engine's reference strategy (the RTP bench plays millions of these). */
  autoplay(input: { bet: number; params: Params; rng: Rng }): { win: number };
  /** The engine's game page: markup and script inserted into the simulator's game shell (see `page.ts`). */
  page(params: Params): { title: string; html: string; script: string; css?: string };
}

/** One player's launched game at the simulator (a row of the simulator's session table). */
export interface PlaySession {
  /** The simulator's own id of the launched game (in the game page's URL; unguessable). */
  sessionId: string;
  /** Our operator's player id (LaunchRequest.user). */
  user: string;
  /** The operator's token (null in demo play). */
  token: string | null;
  gameCode: string;
  platformCode: string;
  currency: string;
  /** seamless: the operator's wallet API; transfer: the platform's own balance; demo: play money. */
  mode: 'seamless' | 'transfer' | 'demo';
  clientSeed: string;
}

export type BetRefusal = 'NOT_ENOUGH_MONEY' | 'TOKEN_EXPIRED' | 'INVALID_TOKEN' | 'USER_DISABLED' | 'WALLET_DOWN';

/**
 * How the simulator's games move money, whatever the session's mode. `bet` answers a refusal instead of
 * throwing; `win` and `rollback` are retried by the implementation until the wallet accepts them (Hub88:
 * wins and rollbacks are accepted even after the token expired), so a game may await them and move on.
 * Every call carries the provider's transaction id: calling again with the same id is safe.
 */
export interface SessionWallet {
  balance(session: PlaySession): Promise<number>;
  bet(
    session: PlaySession,
    input: { round: string; transactionId: string; amount: number; bet: string; roundClosed: boolean },
  ): Promise<{ ok: true; balance: number } | { ok: false; refusal: BetRefusal; balance: number | null }>;
  /** `balance` null: the wallet has not taken it yet (left to the retry job), so the balance is not known now. */
  win(
    session: PlaySession,
    input: { round: string; transactionId: string; betTransactionId: string; amount: number; roundClosed: boolean },
  ): Promise<{ balance: number | null }>;
  rollback(
    session: PlaySession,
    input: { round: string; transactionId: string; betTransactionId: string },
  ): Promise<{ balance: number | null }>;
}

/** The simulator's sessions, shared by the instant runtime and the tables. */
export interface SimSessions {
  find(sessionId: string): Promise<PlaySession | null>;
}
