import { randomBytes } from 'node:crypto';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { gameSimRounds, gameSimSessions } from '../../db/schema';
import { findGame } from './catalogue';
import type { BetRefusal, EngineStep, InstantEngine, PlaySession } from './engine';
import { fairRng, hashServerSeed, newServerSeed, type Rng } from './fair';
import type { GameSimulator } from './simulator';
import type { SimWallet } from './wallet';

/**
 * The instant games' runtime (issue 13): a round is `start` (the bet through the session's wallet
 * first, then the engine with the round's provably-fair generator) → zero or more `act` → settled (the
 * win credited, the round closed, the seed revealed). Each round takes the session's pre-committed next
 * server seed (its hash was shown before the round) and commits a new one for the round after; the
 * round's generator is `fairRng({serverSeed, clientSeed, nonce})`, one stream per round: an `act`
 * continues after the values the earlier steps read, so a revealed round replays exactly.
 */

export type RoundAnswer =
  | {
      ok: true;
      roundId: string;
      view: unknown;
      status: 'open' | 'settled';
      bet: number;
      win: number;
      jackpotWin: number;
      /** The wallet balance after this step; null when the step moved no money (a crash tick in flight). */
      balance: number | null;
      /** The seeds of this round (serverSeed only once settled). */
      proof: { serverSeedHash: string; serverSeed: string | null; clientSeed: string; nonce: number; outcome: string };
      /** The next round's committed seed hash. */
      nextServerSeedHash: string;
    }
  | {
      ok: false;
      code: BetRefusal | 'BAD_BET' | 'NOT_FOUND' | 'ROUND_OPEN' | 'ROUND_CLOSED' | 'BAD_ACTION';
      message: string;
      balance?: number;
    };

const REFUSAL_TEXT: Record<BetRefusal, string> = {
  NOT_ENOUGH_MONEY: 'Not enough balance',
  TOKEN_EXPIRED: 'Your game session expired. Close the game and open it again.',
  INVALID_TOKEN: 'Your game session is not valid. Close the game and open it again.',
  USER_DISABLED: 'Your account cannot play right now.',
  WALLET_DOWN: 'The wallet did not answer. Your bet was cancelled; please try again.',
};

/** How long a round may stay open before the sweep finishes it for the player (the page was closed). */
export const ABANDON_AFTER_MS = 10 * 60_000;
/** The elapsed time an abandoned round is acted with: past every engine's timer (crash: past its cap). */
export const ABANDONED_ELAPSED_MS = Number.MAX_SAFE_INTEGER;

/** A session's open round, for a page that reloads mid-round. */
export interface OpenRound {
  roundId: string;
  bet: number;
  view: unknown;
  serverSeedHash: string;
  /** Since the round started, on the server's clock (the crash page redraws its curve from it). */
  elapsedMs: number;
}

type RoundRow = typeof gameSimRounds.$inferSelect;

/** Replays a round's stream up to where the earlier steps stopped. */
function rngAfter(seeds: { serverSeed: string; clientSeed: string; nonce: number }, draws: number): Rng {
  const rng = fairRng(seeds);
  for (let i = 0; i < draws; i += 1) rng.float();
  return rng;
}

export class InstantRuntime {
  constructor(
    private readonly db: Database,
    private readonly simulator: GameSimulator,
    private readonly wallet: SimWallet,
    private readonly clock: () => number,
  ) {}

  private gameOf(session: PlaySession) {
    const found = findGame(session.gameCode, session.platformCode);
    return found?.registration.instant ? { ...found, engine: found.registration.instant as InstantEngine } : undefined;
  }

  async start(sessionId: string, bet: unknown, action: unknown): Promise<RoundAnswer> {
    const session = await this.simulator.find(sessionId);
    const game = session && this.gameOf(session);
    if (!session || !game)
      return { ok: false, code: 'NOT_FOUND', message: 'This game session does not exist. Close the game and open it again.' };
    const { minBet, maxBet } = game.game;
    if (typeof bet !== 'number' || !Number.isInteger(bet) || bet < minBet || bet > maxBet || bet % 10 !== 0)
      return { ok: false, code: 'BAD_BET', message: `Choose a bet between ${minBet / 100} and ${maxBet / 100}.` };
    const [open] = await this.db
      .select({ roundId: gameSimRounds.roundId })
      .from(gameSimRounds)
      .where(and(eq(gameSimRounds.sessionId, sessionId), eq(gameSimRounds.status, 'open')))
      .limit(1);
    if (open) return { ok: false, code: 'ROUND_OPEN', message: 'Finish the round in play first.' };

    // Take the committed seed and commit the next one, atomically.
    const roundId = `r${randomBytes(12).toString('hex')}`;
    const now = new Date(this.clock());
    const seeds = await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(gameSimSessions).where(eq(gameSimSessions.sessionId, sessionId)).for('update');
      const taken = { serverSeed: row!.nextServerSeed, clientSeed: row!.clientSeed, nonce: row!.nonce };
      await tx
        .update(gameSimSessions)
        .set({ nextServerSeed: newServerSeed(), nonce: sql`${gameSimSessions.nonce} + 1` })
        .where(eq(gameSimSessions.sessionId, sessionId));
      await tx.insert(gameSimRounds).values({
        roundId,
        sessionId,
        gameCode: session.gameCode,
        bet,
        status: 'betting',
        serverSeed: taken.serverSeed,
        serverSeedHash: hashServerSeed(taken.serverSeed),
        clientSeed: taken.clientSeed,
        nonce: taken.nonce,
        actions: [action ?? null],
        startedAt: now,
      });
      return taken;
    });

    // The engine is pure: its first step is known before the bet, so a round that ends at once is one closed bet.
    const rng = fairRng(seeds);
    let step: EngineStep<unknown>;
    try {
      step = game.engine.start({ bet, params: game.variant.params, rng, action });
    } catch (error) {
      await this.db.update(gameSimRounds).set({ status: 'refused' }).where(eq(gameSimRounds.roundId, roundId));
      return { ok: false, code: 'BAD_ACTION', message: error instanceof Error ? error.message : 'That move is not allowed.' };
    }
    const betTx = `${roundId}:bet`;
    const placed = await this.wallet.bet(session, {
      round: roundId,
      transactionId: betTx,
      amount: bet,
      bet: game.game.engine,
      roundClosed: Boolean(step.settled && step.settled.win === 0 && !step.settled.jackpot),
    });
    if (!placed.ok) {
      await this.db.update(gameSimRounds).set({ status: 'refused' }).where(eq(gameSimRounds.roundId, roundId));
      return {
        ok: false,
        code: placed.refusal,
        message: REFUSAL_TEXT[placed.refusal],
        ...(placed.balance === null ? {} : { balance: placed.balance }),
      };
    }
    if (game.game.engine === 'slot' && session.mode !== 'demo') await this.simulator.contribute(bet);
    return this.record(session, roundId, seeds, bet, step, rng.draws, placed.balance, true);
  }

  async act(sessionId: string, roundId: unknown, action: unknown): Promise<RoundAnswer> {
    const session = await this.simulator.find(sessionId);
    const game = session && this.gameOf(session);
    if (!session || !game || typeof roundId !== 'string') return { ok: false, code: 'NOT_FOUND', message: 'This round does not exist.' };
    const [round] = await this.db
      .select()
      .from(gameSimRounds)
      .where(and(eq(gameSimRounds.roundId, roundId), eq(gameSimRounds.sessionId, sessionId)));
    if (!round) return { ok: false, code: 'NOT_FOUND', message: 'This round does not exist.' };
    return this.step(session, game, round, action, this.clock() - round.startedAt.getTime());
  }

  /** The session's open round (at most one: a start refuses while one is open), or null. */
  async openRound(sessionId: string): Promise<OpenRound | null> {
    const [round] = await this.db
      .select()
      .from(gameSimRounds)
      .where(and(eq(gameSimRounds.sessionId, sessionId), eq(gameSimRounds.status, 'open')))
      .limit(1);
    if (!round) return null;
    return {
      roundId: round.roundId,
      bet: round.bet,
      view: round.view,
      serverSeedHash: round.serverSeedHash,
      elapsedMs: Math.max(0, this.clock() - round.startedAt.getTime()),
    };
  }

  /**
   * The sweep (a leader job): finishes the rounds left open longer than `olderThanMs` with the engine's
   * `abandon` action, past every timer; the win (0 for a loss) goes through the session's wallet with the
   * round's own transaction id, as if the player had played it out. A round the player moves at the same
   * moment counts once (act's compare-and-set on the recorded actions). Answers how many it settled.
   */
  async settleAbandoned(now: number, olderThanMs = ABANDON_AFTER_MS, limit = 100): Promise<number> {
    const rounds = await this.db
      .select()
      .from(gameSimRounds)
      .where(and(eq(gameSimRounds.status, 'open'), lte(gameSimRounds.startedAt, new Date(now - olderThanMs))))
      .orderBy(asc(gameSimRounds.startedAt))
      .limit(limit);
    let settled = 0;
    // A round stuck at 'betting' (the process stopped between recording it and the wallet's answer): its
    // bet may have landed, so it is rolled back (the same transaction id as the bet's own cancel; a bet
    // the wallet never saw leaves its tombstone) and the round counts as rolled back.
    const stuck = await this.db
      .select()
      .from(gameSimRounds)
      .where(and(eq(gameSimRounds.status, 'betting'), lte(gameSimRounds.startedAt, new Date(now - olderThanMs))))
      .limit(limit);
    for (const round of stuck) {
      const session = await this.simulator.find(round.sessionId);
      if (!session) continue;
      const betTx = `${round.roundId}:bet`;
      await this.wallet.rollback(session, { round: round.roundId, transactionId: `${betTx}:rollback`, betTransactionId: betTx });
      await this.db
        .update(gameSimRounds)
        .set({ status: 'rolled_back', settledAt: new Date(this.clock()) })
        .where(and(eq(gameSimRounds.roundId, round.roundId), eq(gameSimRounds.status, 'betting')));
    }
    for (const round of rounds) {
      const session = await this.simulator.find(round.sessionId);
      const game = session && this.gameOf(session);
      if (!session || !game?.engine.abandon) continue;
      const action = game.engine.abandon({ bet: round.bet, params: game.variant.params, state: round.state });
      const answer = await this.step(session, game, round, action, ABANDONED_ELAPSED_MS);
      if (answer.ok && answer.status === 'settled') settled += 1;
    }
    return settled;
  }

  private async step(
    session: PlaySession,
    game: NonNullable<ReturnType<InstantRuntime['gameOf']>>,
    round: RoundRow,
    action: unknown,
    elapsedMs: number,
  ): Promise<RoundAnswer> {
    if (round.status !== 'open' || !game.engine.act) return { ok: false, code: 'ROUND_CLOSED', message: 'This round is over.' };
    const seeds = { serverSeed: round.serverSeed, clientSeed: round.clientSeed, nonce: round.nonce };
    const rng = rngAfter(seeds, round.draws);
    let step: EngineStep<unknown>;
    try {
      step = game.engine.act({ bet: round.bet, params: game.variant.params, rng, state: round.state, action, elapsedMs });
    } catch (error) {
      return { ok: false, code: 'BAD_ACTION', message: error instanceof Error ? error.message : 'That move is not allowed.' };
    }
    // A step that settles nothing, reads nothing from the stream and leaves the state as it was (a crash
    // tick in flight) changes no record: it is not stored, and it moves no money, so no balance is read.
    if (!step.settled && rng.draws === round.draws && JSON.stringify(step.state ?? null) === JSON.stringify(round.state ?? null)) {
      return this.answer(session, round.roundId, seeds, round.bet, step, null, 0, 0);
    }
    // One step at a time: the step counts only where the round is still at the actions it was computed from.
    const moved = await this.db
      .update(gameSimRounds)
      .set({ actions: sql`${gameSimRounds.actions} || ${JSON.stringify([action ?? null])}::jsonb` })
      .where(
        and(
          eq(gameSimRounds.roundId, round.roundId),
          eq(gameSimRounds.status, 'open'),
          sql`jsonb_array_length(${gameSimRounds.actions}) = ${round.actions.length}`,
        ),
      )
      .returning({ roundId: gameSimRounds.roundId });
    if (moved.length === 0) return { ok: false, code: 'ROUND_CLOSED', message: 'This round already moved on.' };
    const balance = step.settled ? 0 : await this.wallet.balance(session).catch(() => null);
    return this.record(session, round.roundId, seeds, round.bet, step, rng.draws, balance, false);
  }

  private async record(
    session: PlaySession,
    roundId: string,
    seeds: { serverSeed: string; clientSeed: string; nonce: number },
    bet: number,
    step: EngineStep<unknown>,
    draws: number,
    balanceAfterBet: number | null,
    first: boolean,
  ): Promise<RoundAnswer> {
    let balance = balanceAfterBet;
    let win = 0;
    let jackpotWin = 0;
    const settled = step.settled;
    if (settled) {
      if (settled.jackpot) jackpotWin = session.mode === 'demo' ? await this.simulator.jackpot() : await this.simulator.takeJackpot();
      win = settled.win + jackpotWin;
      // Hub88 closes a round with its win (0 for a loss) unless the bet already closed it.
      const closedByBet = first && win === 0;
      if (!closedByBet) {
        balance = (
          await this.wallet.win(session, {
            round: roundId,
            transactionId: `${roundId}:win`,
            betTransactionId: `${roundId}:bet`,
            amount: win,
            roundClosed: true,
          })
        ).balance;
      }
    }
    await this.db
      .update(gameSimRounds)
      .set({
        status: settled ? 'settled' : 'open',
        win,
        jackpotWin,
        draws,
        state: step.state ?? null,
        view: step.view ?? null,
        outcome: settled?.outcome ?? '',
        ...(settled ? { settledAt: new Date(this.clock()) } : {}),
      })
      .where(eq(gameSimRounds.roundId, roundId));
    return this.answer(session, roundId, seeds, bet, step, balance, win, jackpotWin);
  }

  private async answer(
    session: PlaySession,
    roundId: string,
    seeds: { serverSeed: string; clientSeed: string; nonce: number },
    bet: number,
    step: EngineStep<unknown>,
    balance: number | null,
    win: number,
    jackpotWin: number,
  ): Promise<RoundAnswer> {
    const settled = step.settled;
    return {
      ok: true,
      roundId,
      view: step.view,
      status: settled ? 'settled' : 'open',
      bet,
      win,
      jackpotWin,
      balance,
      proof: {
        serverSeedHash: hashServerSeed(seeds.serverSeed),
        serverSeed: settled ? seeds.serverSeed : null,
        clientSeed: seeds.clientSeed,
        nonce: seeds.nonce,
        outcome: settled?.outcome ?? '',
      },
      nextServerSeedHash: (await this.simulator.nextSeedHash(session.sessionId)) ?? '',
    };
  }
}
