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
  /** Set when the round is over: the total win in centavos (0 = lost) and the outcome in words. */
  settled?: { win: number; outcome: string };
}

export interface InstantEngine<Params = unknown, State = unknown> {
  readonly engine: GameEngine;
  /** The stated RTP of this paytable variant, basis points (the bench checks it within ±1 %). */
  rtpBps(params: Params): number;
  start(input: { bet: number; params: Params; rng: Rng; action: unknown }): EngineStep<State>;
  /** The player's next action in an open round; `elapsedMs` since start (the crash game's timing). */
  act?(input: { bet: number; params: Params; rng: Rng; state: State; action: unknown; elapsedMs: number }): EngineStep<State>;
  /** One whole round with the engine's reference strategy (the RTP bench plays millions of these). */
  autoplay(input: { bet: number; params: Params; rng: Rng }): { win: number };
  /** The engine's game page: markup and script inserted into the simulator's game shell (see `page.ts`). */
  page(params: Params): { title: string; html: string; script: string; css?: string };
}
