import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { RoundProof } from '../../../../src/contract/games';
import type { Database } from '../../../db';
import { gameTableBets, gameTableRounds, gameTableSeats } from '../../../db/schema';
import type { PlaySession, SessionWallet, SimSessions } from '../engine';
import { fairRng, hashServerSeed, newServerSeed } from '../fair';
import { BALLS_PER_DRAW, bingoCard, bingoResult, daubed, drawOrder, patternLabel } from './bingo';
import { DEFAULT_TABLE_DURATIONS, type TableDurations, type TableGame, TABLE_GAMES, tableGame } from './catalogue';
import {
  checkSpot,
  colourOf,
  dealerCall,
  roulettePayout,
  rouletteOutcome,
  rouletteOutcomeText,
  type RouletteSpot,
  spotLabel,
} from './roulette';

/**
 * The shared-timer games' runtime: rounds, seats and bets in the database, advanced by one leader job
 * (`advance(now)`, every second), so every instance shows the same round and a restart resumes it.
 *
 * A round: `betting` (its seed's hash shown; chips placed or cards bought, each a SessionWallet.bet) →
 * `running` (no more bets: the wheel spins / the balls are called one by one) → `result` (the pocket or
 * the last ball; the seed revealed) → every bet paid by a SessionWallet.win that references it (0 for a
 * loss, which closes the round) → `settled`, and after resultMs the next round opens.
 */

type Round = typeof gameTableRounds.$inferSelect;
type Bet = typeof gameTableBets.$inferSelect;

export class TableRefusal extends Error {
  constructor(
    readonly code: 'NOT_A_TABLE' | 'TABLE_FULL' | 'BETS_CLOSED' | 'BAD_BET' | 'LIMIT' | 'NO_SESSION' | 'WALLET',
    message: string,
  ) {
    super(message);
    this.name = 'TableRefusal';
  }
}

export interface GameTablesOptions {
  db: Database;
  clock: () => number;
  sessions: SimSessions;
  wallet: SessionWallet;
  durations?: Partial<TableDurations>;
  log?: FastifyBaseLogger;
}

/** A player's name as other players see it among the winners. */
const masked = (user: string) => (user.length <= 3 ? `${user[0] ?? '*'}**` : `${user.slice(0, 2)}***${user.slice(-1)}`);

export class GameTables {
  readonly durations: TableDurations;

  constructor(private readonly options: GameTablesOptions) {
    this.durations = { ...DEFAULT_TABLE_DURATIONS, ...options.durations };
  }

  get games(): readonly TableGame[] {
    return TABLE_GAMES;
  }

  isTableGame(gameCode: string): boolean {
    return tableGame(gameCode) !== undefined;
  }

  // ----- seats ------------------------------------------------------------------------------------------

  private activeSince(now: number) {
    return new Date(now - this.durations.seatIdleMs);
  }

  /** The launch's check: a seat is free at the table (or this player already holds one). */
  async seatAvailable(gameCode: string, user: string, now = this.options.clock()): Promise<boolean> {
    const game = tableGame(gameCode);
    if (!game) return true;
    const seated = await this.options.db
      .select({ user: gameTableSeats.user })
      .from(gameTableSeats)
      .where(and(eq(gameTableSeats.gameCode, gameCode), gt(gameTableSeats.seenAt, this.activeSince(now))));
    return seated.some((seat) => seat.user === user) || seated.length < game.seats;
  }

  /** Takes (or keeps) the session's seat; false when the table is full. */
  async takeSeat(session: PlaySession, now = this.options.clock()): Promise<boolean> {
    const game = tableGame(session.gameCode);
    if (!game) return false;
    return this.options.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`game-table:${game.gameCode}`}))`);
      const [mine] = await tx
        .update(gameTableSeats)
        .set({ seenAt: new Date(now) })
        .where(
          and(
            eq(gameTableSeats.gameCode, game.gameCode),
            eq(gameTableSeats.sessionId, session.sessionId),
            gt(gameTableSeats.seenAt, this.activeSince(now)),
          ),
        )
        .returning({ sessionId: gameTableSeats.sessionId });
      if (mine) return true;
      const seated = await tx
        .select({ user: gameTableSeats.user, sessionId: gameTableSeats.sessionId })
        .from(gameTableSeats)
        .where(and(eq(gameTableSeats.gameCode, game.gameCode), gt(gameTableSeats.seenAt, this.activeSince(now))));
      // A player who launches the table again moves to the new session's seat.
      const own = seated.filter((seat) => seat.user === session.user);
      if (own.length === 0 && seated.length >= game.seats) return false;
      if (own.length > 0)
        await tx.delete(gameTableSeats).where(
          and(
            eq(gameTableSeats.gameCode, game.gameCode),
            inArray(
              gameTableSeats.sessionId,
              own.map((seat) => seat.sessionId),
            ),
          ),
        );
      await tx
        .insert(gameTableSeats)
        .values({
          gameCode: game.gameCode,
          sessionId: session.sessionId,
          user: session.user,
          joinedAt: new Date(now),
          seenAt: new Date(now),
        })
        .onConflictDoUpdate({
          target: [gameTableSeats.gameCode, gameTableSeats.sessionId],
          set: { seenAt: new Date(now), joinedAt: new Date(now) },
        });
      return true;
    });
  }

  /** Leaves the table (the page's close button). */
  async leave(session: PlaySession): Promise<void> {
    await this.options.db
      .delete(gameTableSeats)
      .where(and(eq(gameTableSeats.gameCode, session.gameCode), eq(gameTableSeats.sessionId, session.sessionId)));
  }

  // ----- rounds -------------------------------------------------------------------------------------------

  async currentRound(gameCode: string): Promise<Round | null> {
    const [round] = await this.options.db
      .select()
      .from(gameTableRounds)
      .where(eq(gameTableRounds.gameCode, gameCode))
      .orderBy(desc(gameTableRounds.seq))
      .limit(1);
    return round ?? null;
  }

  private plan(game: TableGame, now: number) {
    const d = this.durations;
    const closesAt = now + (game.engine === 'roulette' ? d.bettingMs : d.sellingMs);
    const resultAt = game.engine === 'roulette' ? closesAt + d.spinMs : closesAt + (BALLS_PER_DRAW - 1) * d.ballMs;
    return { opensAt: new Date(now), closesAt: new Date(closesAt), resultAt: new Date(resultAt), endsAt: new Date(resultAt + d.resultMs) };
  }

  private async open(game: TableGame, seq: number, now: number): Promise<void> {
    const serverSeed = newServerSeed();
    await this.options.db
      .insert(gameTableRounds)
      .values({
        id: `${game.gameCode}-${seq}`,
        gameCode: game.gameCode,
        engine: game.engine,
        seq,
        phase: 'betting',
        serverSeed,
        serverSeedHash: hashServerSeed(serverSeed),
        // The shared round's client seed is public and fixed in advance: the table and the round number.
        clientSeed: `${game.gameCode}:${seq}`,
        ...this.plan(game, now),
      })
      .onConflictDoNothing();
  }

  /** The leader job: moves every table's round on to where the clock says it is. */
  async advance(now = this.options.clock()): Promise<{ opened: string[]; results: string[]; settled: string[] }> {
    const done = { opened: [] as string[], results: [] as string[], settled: [] as string[] };
    for (const game of TABLE_GAMES) {
      try {
        for (let step = 0; step < 6; step += 1) {
          const round = await this.currentRound(game.gameCode);
          if (!round || (round.phase === 'settled' && now >= round.endsAt.getTime())) {
            await this.open(game, (round?.seq ?? 0) + 1, now);
            done.opened.push(`${game.gameCode}-${(round?.seq ?? 0) + 1}`);
            continue;
          }
          if (!(await this.step(game, round, now, done))) break;
        }
      } catch (error) {
        // One table's trouble does not stop the others; the next run carries on from the database.
        this.options.log?.error({ err: error, table: game.gameCode }, 'a game table could not advance');
      }
    }
    return done;
  }

  /** One move of the round; false when it stays where it is. */
  private async step(game: TableGame, round: Round, now: number, done: { results: string[]; settled: string[] }): Promise<boolean> {
    const db = this.options.db;
    if (round.phase === 'betting') {
      if (now < round.closesAt.getTime()) return false;
      // Waits for a bet being written (FOR UPDATE there): no bet enters after this.
      await db
        .update(gameTableRounds)
        .set({ phase: 'running' })
        .where(and(eq(gameTableRounds.id, round.id), eq(gameTableRounds.phase, 'betting')));
      return true;
    }
    if (round.phase === 'running') {
      if (game.engine === 'bingo') {
        const called = Math.min(BALLS_PER_DRAW, Math.floor((now - round.closesAt.getTime()) / this.durations.ballMs) + 1);
        if (called > round.called) await db.update(gameTableRounds).set({ called }).where(eq(gameTableRounds.id, round.id));
      }
      if (now < round.resultAt.getTime()) return false;
      const pocket =
        game.engine === 'roulette'
          ? rouletteOutcome(fairRng({ serverSeed: round.serverSeed, clientSeed: round.clientSeed, nonce: 0 }))
          : null;
      await db
        .update(gameTableRounds)
        .set({ phase: 'result', pocket, called: game.engine === 'bingo' ? BALLS_PER_DRAW : 0 })
        .where(and(eq(gameTableRounds.id, round.id), eq(gameTableRounds.phase, 'running')));
      done.results.push(round.id);
      return true;
    }
    if (round.phase === 'result') {
      if (!(await this.settle(round, now))) return false;
      // The result stays on show resultMs after it was paid, also when paying came late (a wait, an outage).
      const endsAt = new Date(Math.max(round.endsAt.getTime(), now + this.durations.resultMs));
      await db
        .update(gameTableRounds)
        .set({ phase: 'settled', settledAt: new Date(now), endsAt })
        .where(eq(gameTableRounds.id, round.id));
      done.settled.push(round.id);
      return true;
    }
    return false;
  }

  /** Pays every bet of the round (each win references its bet); true once none is left to pay. */
  private async settle(round: Round, now: number): Promise<boolean> {
    const { db, sessions, wallet } = this.options;
    const open = await db
      .select()
      .from(gameTableBets)
      .where(and(eq(gameTableBets.roundId, round.id), inArray(gameTableBets.state, ['pending', 'placed'])));
    const called = round.engine === 'bingo' ? drawOrder(round).slice(0, BALLS_PER_DRAW) : [];
    let left = false;
    for (const bet of open) {
      const session = await sessions.find(bet.sessionId);
      if (!session) {
        // Cannot happen while the simulator keeps its sessions; if it does, the table must not stop for it.
        this.options.log?.error({ bet: bet.id }, 'a table bet has no session: left unpaid');
        await db
          .update(gameTableBets)
          .set({ state: 'orphaned', settledAt: new Date(now) })
          .where(eq(gameTableBets.id, bet.id));
        continue;
      }
      if (bet.state === 'pending') {
        // Its wallet call never answered here (a crash in between): after pendingMs it is rolled back.
        if (now - bet.createdAt.getTime() < this.durations.pendingMs) {
          left = true;
          continue;
        }
        await wallet.rollback(session, { round: round.id, transactionId: `${bet.id}:rollback`, betTransactionId: bet.id });
        await db
          .update(gameTableBets)
          .set({ state: 'rolled-back', win: 0, settledAt: new Date(now) })
          .where(eq(gameTableBets.id, bet.id));
        continue;
      }
      const win = this.winOf(round, bet, called);
      await wallet.win(session, {
        round: round.id,
        transactionId: `${bet.id}:win`,
        betTransactionId: bet.id,
        amount: win,
        roundClosed: true,
      });
      await db
        .update(gameTableBets)
        .set({ state: 'settled', win, settledAt: new Date(now) })
        .where(eq(gameTableBets.id, bet.id));
    }
    return !left;
  }

  private winOf(round: Round, bet: Bet, called: number[]): number {
    if (round.engine === 'roulette') return roulettePayout(bet.spot as unknown as RouletteSpot, bet.amount, round.pocket!);
    return bingoResult(bingoCard(round, bet.cardIndex!), called, bet.amount).win;
  }

  // ----- bets -----------------------------------------------------------------------------------------------

  /**
   * Places chips (roulette) or buys cards (bingo) in the open round: each one a bet row, then a
   * SessionWallet.bet with the row's id. `chipId` (from the page) makes a repeated request harmless.
   */
  async bet(
    session: PlaySession,
    input: { spot?: RouletteSpot; amount?: number; cards?: number; chipId?: string },
    now = this.options.clock(),
  ): Promise<{ placed: Bet[]; balance: number }> {
    const game = tableGame(session.gameCode);
    if (!game) throw new TableRefusal('NOT_A_TABLE', 'This game is not a table game.');
    if (!(await this.takeSeat(session, now))) throw new TableRefusal('TABLE_FULL', 'Massive fanatics are waiting, please try again!');
    const chipId = (input.chipId ?? randomUUID()).replace(/[^A-Za-z0-9-]/g, '').slice(0, 40) || randomUUID();
    const items: { id: string; spot: Record<string, unknown>; label: string; amount: number }[] = [];
    const idBase = `${session.sessionId.slice(0, 16)}-${chipId}`;
    if (game.engine === 'roulette') {
      const spot = input.spot ? checkSpot(input.spot) : 'Choose where to put your chip.';
      if (typeof spot === 'string') throw new TableRefusal('BAD_BET', spot);
      const amount = input.amount ?? 0;
      if (!Number.isInteger(amount) || amount < game.minBet)
        throw new TableRefusal('BAD_BET', `The smallest chip at this table is ₱${game.minBet / 100}.`);
      items.push({ id: idBase, spot: { ...spot }, label: spotLabel(spot), amount });
    } else {
      const cards = input.cards ?? 1;
      if (!Number.isInteger(cards) || cards < 1 || cards > game.maxBet / game.minBet)
        throw new TableRefusal('BAD_BET', `Buy from 1 to ${game.maxBet / game.minBet} cards.`);
      for (let i = 0; i < cards; i += 1) items.push({ id: `${idBase}-${i + 1}`, spot: {}, label: 'Card', amount: game.minBet });
    }

    // The rows first, under the round's lock, while it still takes bets.
    const rows = await this.options.db.transaction(async (tx) => {
      const [round] = await tx
        .select()
        .from(gameTableRounds)
        .where(eq(gameTableRounds.gameCode, game.gameCode))
        .orderBy(desc(gameTableRounds.seq))
        .limit(1)
        .for('update');
      const known = await tx
        .select()
        .from(gameTableBets)
        .where(
          inArray(
            gameTableBets.id,
            items.map((item) => item.id),
          ),
        );
      if (known.length > 0) return known;
      if (!round || round.phase !== 'betting' || now >= round.closesAt.getTime())
        throw new TableRefusal(
          'BETS_CLOSED',
          game.engine === 'roulette' ? 'No more bets: wait for the next round.' : 'Cards for this draw are sold: wait for the next one.',
        );
      const mine = await tx
        .select({ total: sql<string>`coalesce(sum(${gameTableBets.amount}), 0)` })
        .from(gameTableBets)
        .where(
          and(
            eq(gameTableBets.roundId, round.id),
            eq(gameTableBets.sessionId, session.sessionId),
            inArray(gameTableBets.state, ['pending', 'placed']),
          ),
        );
      const staked = Number(mine[0]?.total ?? 0) + items.reduce((sum, item) => sum + item.amount, 0);
      if (staked > game.maxBet)
        throw new TableRefusal(
          'LIMIT',
          game.engine === 'roulette'
            ? `The table limit is ₱${game.maxBet / 100} a round.`
            : `You can hold ${game.maxBet / game.minBet} cards in a draw.`,
        );
      let cardIndex = round.cards;
      if (game.engine === 'bingo') {
        await tx
          .update(gameTableRounds)
          .set({ cards: round.cards + items.length })
          .where(eq(gameTableRounds.id, round.id));
      }
      return tx
        .insert(gameTableBets)
        .values(
          items.map((item) => {
            const card = game.engine === 'bingo' ? (cardIndex += 1) : null;
            return {
              id: item.id,
              roundId: round.id,
              gameCode: game.gameCode,
              sessionId: session.sessionId,
              user: session.user,
              spot: card ? { card } : item.spot,
              label: card ? `Card ${card}` : item.label,
              amount: item.amount,
              cardIndex: card,
              state: 'pending',
              createdAt: new Date(now),
            };
          }),
        )
        .returning();
    });

    let balance: number | null = null;
    const placed: Bet[] = [];
    for (const row of rows) {
      if (row.state !== 'pending') {
        placed.push(row);
        continue;
      }
      const answer = await this.options.wallet.bet(session, {
        round: row.roundId,
        transactionId: row.id,
        amount: row.amount,
        bet: row.label,
        roundClosed: false,
      });
      balance = answer.balance;
      const [updated] = await this.options.db
        .update(gameTableBets)
        .set(answer.ok ? { state: 'placed' } : { state: 'refused', refusal: answer.refusal, win: 0 })
        .where(and(eq(gameTableBets.id, row.id), eq(gameTableBets.state, 'pending')))
        .returning();
      placed.push(updated ?? row);
      if (!answer.ok) {
        // The cards or chips after a refused one are not asked for.
        const rest = rows.filter((other) => other.state === 'pending' && !placed.includes(other) && other.id !== row.id);
        if (rest.length)
          await this.options.db
            .update(gameTableBets)
            .set({ state: 'refused', refusal: answer.refusal, win: 0 })
            .where(
              inArray(
                gameTableBets.id,
                rest.map((other) => other.id),
              ),
            );
        throw new TableRefusal(
          'WALLET',
          answer.refusal === 'NOT_ENOUGH_MONEY' ? 'Not enough balance for this bet.' : 'Your game session has ended: open the game again.',
        );
      }
    }
    return { placed, balance: balance ?? (await this.options.wallet.balance(session)) };
  }

  // ----- views ------------------------------------------------------------------------------------------------

  /** What the player's page shows now (also holds the seat). */
  async view(session: PlaySession, now = this.options.clock()) {
    const game = tableGame(session.gameCode);
    if (!game) throw new TableRefusal('NOT_A_TABLE', 'This game is not a table game.');
    const seated = await this.takeSeat(session, now);
    const round = await this.currentRound(game.gameCode);
    const { db } = this.options;
    const seats = await db
      .select({ n: sql<string>`count(*)` })
      .from(gameTableSeats)
      .where(and(eq(gameTableSeats.gameCode, game.gameCode), gt(gameTableSeats.seenAt, this.activeSince(now))));
    const previous = await db
      .select()
      .from(gameTableRounds)
      .where(and(eq(gameTableRounds.gameCode, game.gameCode), inArray(gameTableRounds.phase, ['result', 'settled'])))
      .orderBy(desc(gameTableRounds.seq))
      .limit(12);
    const mine = round
      ? await db
          .select()
          .from(gameTableBets)
          .where(and(eq(gameTableBets.roundId, round.id), eq(gameTableBets.sessionId, session.sessionId)))
          .orderBy(gameTableBets.createdAt, gameTableBets.id)
      : [];
    const revealed = round !== null && (round.phase === 'result' || round.phase === 'settled');
    const phaseEnds = round
      ? round.phase === 'betting'
        ? round.closesAt
        : round.phase === 'running'
          ? round.resultAt
          : round.endsAt
      : null;
    const base = {
      game: {
        gameCode: game.gameCode,
        gameName: game.gameName,
        engine: game.engine,
        minBet: game.minBet,
        maxBet: game.maxBet,
        rtpBps: game.rtpBps,
        seats: game.seats,
        seated: Number(seats[0]?.n ?? 0),
        dealer: game.dealer,
      },
      seated,
      now,
      round: round && {
        id: round.id,
        seq: round.seq,
        phase: round.phase,
        msLeft: phaseEnds ? Math.max(0, phaseEnds.getTime() - now) : 0,
        serverSeedHash: round.serverSeedHash,
        serverSeed: revealed ? round.serverSeed : null,
        clientSeed: round.clientSeed,
        nonce: 0,
      },
      currency: session.currency,
      /** The latest round with a result: its seed revealed, to check against the hash shown before it. */
      last: previous[0]
        ? {
            roundId: previous[0].id,
            serverSeedHash: previous[0].serverSeedHash,
            serverSeed: previous[0].serverSeed,
            clientSeed: previous[0].clientSeed,
            nonce: 0,
            outcome: outcomeText(previous[0]),
          }
        : null,
      bets: mine.map((bet) => ({
        id: bet.id,
        spot: bet.spot,
        label: bet.label,
        amount: bet.amount,
        state: bet.state,
        win: bet.win,
        refusal: bet.refusal,
      })),
      history: await this.history(session.sessionId),
    };
    if (game.engine === 'roulette') {
      const pocket = revealed ? round!.pocket : null;
      const dealer = !round
        ? 'The table opens in a moment'
        : round.phase === 'betting'
          ? round.closesAt.getTime() - now <= 3_000
            ? 'Last bets, please'
            : 'Place your bets'
          : round.phase === 'running'
            ? 'No more bets'
            : dealerCall(pocket!);
      return {
        ...base,
        roulette: {
          pocket,
          colour: pocket === null ? null : colourOf(pocket),
          dealer,
          last: previous.filter((r) => r.pocket !== null).map((r) => ({ roundId: r.id, pocket: r.pocket!, colour: colourOf(r.pocket!) })),
        },
      };
    }
    const called = round ? drawOrder(round).slice(0, round.phase === 'betting' ? 0 : round.called) : [];
    const cards = mine
      .filter((bet) => bet.cardIndex !== null && bet.state !== 'refused')
      .map((bet) => {
        const numbers = bingoCard(round!, bet.cardIndex!);
        const result = bingoResult(numbers, called, bet.amount);
        return {
          index: bet.cardIndex!,
          numbers,
          daubed: daubed(numbers, called),
          lines: result.lines,
          pattern: patternLabel(result.pattern),
          win: bet.win,
        };
      });
    const winners =
      round && revealed
        ? (
            await db
              .select()
              .from(gameTableBets)
              .where(and(eq(gameTableBets.roundId, round.id), gt(gameTableBets.win, 0)))
              .orderBy(desc(gameTableBets.win))
              .limit(20)
          ).map((bet) => ({
            player: masked(bet.user),
            card: bet.cardIndex,
            pattern: patternLabel(bingoResult(bingoCard(round, bet.cardIndex!), called, bet.amount).pattern),
            win: bet.win,
          }))
        : [];
    return {
      ...base,
      bingo: {
        called,
        ballsPerDraw: BALLS_PER_DRAW,
        cardsSold: round?.cards ?? 0,
        cards,
        winners,
        caller: !round
          ? 'The room opens in a moment'
          : round.phase === 'betting'
            ? 'Cards on sale for the next draw'
            : round.phase === 'running'
              ? `Ball ${called.length}: ${ballCall(called.at(-1)!)}`
              : 'That is the draw: prizes paid',
      },
    };
  }

  /** This session's rounds (round id, bet, win, net), newest first. */
  async history(sessionId: string, limit = 20) {
    const rows = await this.options.db
      .select({
        roundId: gameTableBets.roundId,
        bet: sql<string>`sum(${gameTableBets.amount})`,
        win: sql<string>`sum(coalesce(${gameTableBets.win}, 0))`,
        open: sql<string>`count(*) filter (where ${gameTableBets.state} in ('pending', 'placed'))`,
        at: sql<string>`max(${gameTableBets.createdAt})`,
      })
      .from(gameTableBets)
      .where(and(eq(gameTableBets.sessionId, sessionId), inArray(gameTableBets.state, ['pending', 'placed', 'settled'])))
      .groupBy(gameTableBets.roundId)
      .orderBy(sql`max(${gameTableBets.createdAt}) desc`)
      .limit(limit);
    return rows.map((row) => {
      const bet = Number(row.bet);
      const win = Number(row.win);
      return { roundId: row.roundId, bet, win, net: win - bet, settled: Number(row.open) === 0 };
    });
  }

  /** The round's proof for the records (provider.round): the seed only once the round has its result. */
  async round(roundId: string): Promise<{ roundId: string; gameCode: string; proof: RoundProof } | null> {
    const [round] = await this.options.db.select().from(gameTableRounds).where(eq(gameTableRounds.id, roundId));
    if (!round) return null;
    const revealed = round.phase === 'result' || round.phase === 'settled';
    const outcome = revealed ? outcomeText(round) : 'Not drawn yet';
    return {
      roundId,
      gameCode: round.gameCode,
      proof: {
        serverSeedHash: round.serverSeedHash,
        serverSeed: revealed ? round.serverSeed : null,
        clientSeed: round.clientSeed,
        nonce: 0,
        outcome,
      },
    };
  }
}

/** A round's result in words for the proof ('Ball 17 black', 'Balls 27 50 44 …'). */
function outcomeText(round: Round): string {
  return round.engine === 'roulette' ? rouletteOutcomeText(round.pocket!) : `Balls ${drawOrder(round).slice(0, BALLS_PER_DRAW).join(' ')}`;
}

/** A bingo caller's call: 'B 7', 'N 42'. */
export function ballCall(ball: number): string {
  return `${'BINGO'[Math.floor((ball - 1) / 15)]} ${ball}`;
}
