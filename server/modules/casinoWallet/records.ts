import { and, asc, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { GatewayCode } from '../../../src/contract/errorCodes';
import type { RoundProof } from '../../../src/contract/games';
import type { Database } from '../../db';
import { casinoRounds, casinoTransactions } from '../../db/schema';
import { CallError } from '../../lib/errors';
import type { GameProvider } from '../../providers/games/types';
import { manilaSpan } from '../records';

/** The games tab of /record reaches back at most this many days at a time. */
export const GAME_RECORD_WINDOW_DAYS = 30;
/** A category's play session begins at the first round after this long without one (anti-addiction). */
export const PLAY_SESSION_GAP_MS = 30 * 60_000;

type RoundRow = typeof casinoRounds.$inferSelect;

function roundAnswer(row: RoundRow) {
  return {
    roundId: row.roundId,
    gameId: row.gameId,
    gameName: row.gameName,
    platformCode: row.platformCode,
    category: row.category,
    startedAt: row.startedAt.toISOString(),
    status: row.status as 'open' | 'settled' | 'rolled_back',
    bet: row.bet,
    win: row.win,
    net: row.win - row.bet,
  };
}

/** The player's casino records: rounds by date, one round with its transactions and proof, and play time per category. */
export class CasinoRecords {
  constructor(private readonly options: { db: Database; clock: () => number; provider: () => GameProvider | null }) {}

  async rounds(
    customerId: number,
    query: { beginDate: string; endDate: string; category?: number | undefined; pageNo: number; pageSize: number },
  ) {
    const { db } = this.options;
    const span = manilaSpan(query.beginDate, query.endDate, GAME_RECORD_WINDOW_DAYS);
    const where = and(
      eq(casinoRounds.customerId, customerId),
      gte(casinoRounds.startedAt, span.from),
      lt(casinoRounds.startedAt, span.to),
      query.category === undefined ? undefined : eq(casinoRounds.category, query.category),
    );
    const [totals] = await db
      .select({
        total: sql<number>`count(*)::int`,
        totalBet: sql<string>`coalesce(sum(${casinoRounds.bet}), 0)`,
        totalWin: sql<string>`coalesce(sum(${casinoRounds.win}), 0)`,
      })
      .from(casinoRounds)
      .where(where);
    const offset = (query.pageNo - 1) * query.pageSize;
    // A page past every round is empty (and an absurd page number never reaches the database).
    const rows =
      offset >= (totals?.total ?? 0)
        ? []
        : await db
            .select()
            .from(casinoRounds)
            .where(where)
            .orderBy(desc(casinoRounds.startedAt), desc(casinoRounds.id))
            .limit(query.pageSize)
            .offset(offset);
    return {
      list: rows.map(roundAnswer),
      total: totals?.total ?? 0,
      totalBet: Number(totals?.totalBet ?? 0),
      totalWin: Number(totals?.totalWin ?? 0),
    };
  }

  async round(customerId: number, roundId: string) {
    const { db } = this.options;
    const [row] = await db
      .select()
      .from(casinoRounds)
      .where(and(eq(casinoRounds.customerId, customerId), eq(casinoRounds.roundId, roundId)));
    // Another player's round is as unknown as one that never was.
    if (!row) throw new CallError(GatewayCode.RoundNotFound, 'We could not find this game round.', 404);
    const transactions = await db
      .select()
      .from(casinoTransactions)
      .where(
        and(
          eq(casinoTransactions.customerId, customerId),
          eq(casinoTransactions.roundId, roundId),
          // Refused bets and tombstones moved no money: not part of the round.
          ne(casinoTransactions.status, 'refused'),
          ne(casinoTransactions.status, 'tombstone'),
        ),
      )
      .orderBy(asc(casinoTransactions.createdAt), asc(casinoTransactions.transactionUuid));
    return {
      round: roundAnswer(row),
      transactions: transactions.map((t) => ({
        kind: t.kind as 'bet' | 'win' | 'rollback',
        amount: t.amount,
        at: t.createdAt.toISOString(),
        transactionId: t.transactionUuid,
      })),
      proof: await this.proof(roundId),
    };
  }

  /** The provider's verification data; null when it cannot tell (none configured, down, or no such round). */
  private async proof(roundId: string): Promise<RoundProof | null> {
    const provider = this.options.provider();
    if (!provider) return null;
    try {
      return (await provider.round(roundId))?.proof ?? null;
    } catch {
      return null;
    }
  }

  /**
   * Time played and net result in a category since its play session began: walking back from the
   * newest round, the session begins at the first round after a gap of PLAY_SESSION_GAP_MS; a player
   * whose last round is older than that is not playing.
   */
  async playSummary(customerId: number, category: number) {
    const { db, clock } = this.options;
    const now = clock();
    const rows = await db
      .select({ startedAt: casinoRounds.startedAt, lastAt: casinoRounds.lastAt, bet: casinoRounds.bet, win: casinoRounds.win })
      .from(casinoRounds)
      .where(
        and(
          eq(casinoRounds.customerId, customerId),
          eq(casinoRounds.category, category),
          // A session is at most a day of play in practice; look back no further.
          gte(casinoRounds.lastAt, new Date(now - 24 * 3_600_000)),
        ),
      )
      .orderBy(desc(casinoRounds.startedAt));
    const idle = { category, since: null, playedMs: 0, rounds: 0, net: 0 };
    const newest = rows[0];
    if (!newest || now - Math.max(...rows.map((r) => r.lastAt.getTime())) > PLAY_SESSION_GAP_MS) return idle;
    let since = newest.startedAt.getTime();
    let rounds = 1;
    let net = newest.win - newest.bet;
    for (let i = 1; i < rows.length; i++) {
      const row = rows[i]!;
      if (since - row.lastAt.getTime() > PLAY_SESSION_GAP_MS) break;
      since = Math.min(since, row.startedAt.getTime());
      rounds += 1;
      net += row.win - row.bet;
    }
    return { category, since: new Date(since).toISOString(), playedMs: Math.max(0, now - since), rounds, net };
  }
}
