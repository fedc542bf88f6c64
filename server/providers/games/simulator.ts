import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { DEMO_CURRENCY, PLAY_CURRENCY, type RoundProof } from '../../../src/contract/games';
import type { Database } from '../../db';
import { gameSimRounds, gameSimSessions, gameSimSettings, gameSimWalletMoves, gameSimWallets } from '../../db/schema';
import { findGame } from './catalogue';
import { ENGINES } from './engines';
import type { PlaySession, SimSessions } from './engine';
import { hashServerSeed, newClientSeed, newServerSeed } from './fair';
import { DEMO_BALANCE, type SimWallet } from './wallet';
import type { LaunchRequest, ProviderRound, TransferResult } from './types';

/**
 * The game provider simulator's state (development and tests only): launched sessions, the progressive
 * jackpot, the transfer platform's transfers and the switches (outage, duplicate sends).
 */

export class SimulatorRefusal extends Error {
  constructor(
    readonly code: 'INVALID_ARGUMENT' | 'NOT_FOUND' | 'TABLE_FULL',
    message: string,
  ) {
    super(message);
  }
}

/** The jackpot starts (and restarts after a win) at ₱100,000. */
export const JACKPOT_SEED = 10_000_000;
/** The share of every real-money slot stake that grows the jackpot (1 %, on top of the stated RTP). */
export const JACKPOT_SHARE_BPS = 100;

export class GameSimulator implements SimSessions {
  constructor(
    private readonly db: Database,
    private readonly wallet: SimWallet,
    private readonly clock: () => number,
  ) {}

  // --- Switches ----------------------------------------------------------------------------------------

  private async setting<T>(name: string, fallback: T): Promise<T> {
    const [row] = await this.db.select().from(gameSimSettings).where(eq(gameSimSettings.name, name));
    return row ? (row.value as T) : fallback;
  }

  private async setSetting(name: string, value: unknown): Promise<void> {
    await this.db.insert(gameSimSettings).values({ name, value }).onConflictDoUpdate({ target: gameSimSettings.name, set: { value } });
  }

  /** The outage switch: the provider's API answers 503 while it is on (game pages keep working). */
  isDown(): Promise<boolean> {
    return this.setting('down', false);
  }
  setDown(down: boolean): Promise<void> {
    return this.setSetting('down', down);
  }
  /** Deliver every seamless wallet transaction twice. */
  duplicates(): Promise<boolean> {
    return this.setting('duplicates', false);
  }
  setDuplicates(on: boolean): Promise<void> {
    return this.setSetting('duplicates', on);
  }

  // --- Sessions ----------------------------------------------------------------------------------------

  async launch(request: LaunchRequest): Promise<{ sessionId: string }> {
    const found = findGame(request.gameCode, request.platformCode);
    if (!found) throw new SimulatorRefusal('NOT_FOUND', `No game ${request.gameCode} at ${request.platformCode}.`);
    if (!request.user) throw new SimulatorRefusal('INVALID_ARGUMENT', 'user is required.');
    const demo = request.currency === DEMO_CURRENCY;
    if (!demo && request.currency !== PLAY_CURRENCY)
      throw new SimulatorRefusal('INVALID_ARGUMENT', `Currency ${request.currency} is not offered.`);
    if (demo && !found.game.trial) throw new SimulatorRefusal('INVALID_ARGUMENT', 'This game has no demo play.');
    // A live table seats so many players: a full one refuses the launch (the operator answers GW_510520).
    if (found.registration.table?.seatAvailable && !(await found.registration.table.seatAvailable(request.gameCode, request.user)))
      throw new SimulatorRefusal('TABLE_FULL', 'Massive fanatics are waiting, please try again!');
    if (!demo && !request.token) throw new SimulatorRefusal('INVALID_ARGUMENT', 'token is required for real-money play.');
    const transfer = found.game.platformCode === 'SABA';
    const sessionId = randomBytes(24).toString('base64url');
    const mode = demo ? 'demo' : transfer ? 'transfer' : 'seamless';
    await this.db.insert(gameSimSessions).values({
      sessionId,
      user: request.user,
      token: demo ? null : request.token,
      gameCode: request.gameCode,
      platformCode: request.platformCode,
      currency: request.currency,
      mode,
      clientSeed: newClientSeed(),
      nextServerSeed: newServerSeed(),
      lobbyUrl: request.lobbyUrl,
      lang: request.lang,
      createdAt: new Date(this.clock()),
    });
    if (demo) await this.wallet.move(`demo:${sessionId}`, `demo:${sessionId}:grant`, 'deposit', DEMO_BALANCE);
    // A player who launches the same game again (the app reloaded mid-round) finds the unfinished round
    // there: real-money rounds follow the player into the new session (their money is the player's, not
    // the session's; demo rounds stay with their session's play money and are left to the sweep).
    else
      await this.db.execute(sql`UPDATE game_sim_rounds SET session_id = ${sessionId}
        WHERE status = 'open' AND session_id IN (SELECT session_id FROM game_sim_sessions
          WHERE "user" = ${request.user} AND game_code = ${request.gameCode} AND mode = ${mode} AND session_id <> ${sessionId})`);
    return { sessionId };
  }

  async find(sessionId: string): Promise<PlaySession | null> {
    const row = await this.row(sessionId);
    return row
      ? {
          sessionId: row.sessionId,
          user: row.user,
          token: row.token,
          gameCode: row.gameCode,
          platformCode: row.platformCode,
          currency: row.currency,
          mode: row.mode as PlaySession['mode'],
          clientSeed: row.clientSeed,
        }
      : null;
  }

  async row(sessionId: string) {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(sessionId)) return undefined;
    const [row] = await this.db.select().from(gameSimSessions).where(eq(gameSimSessions.sessionId, sessionId));
    return row;
  }

  /** The player picks a new client seed (applies from the next round). */
  async setClientSeed(sessionId: string, clientSeed: string): Promise<void> {
    await this.db.update(gameSimSessions).set({ clientSeed }).where(eq(gameSimSessions.sessionId, sessionId));
  }

  /** The hash of the next round's server seed (shown before that round). */
  async nextSeedHash(sessionId: string): Promise<string | null> {
    const row = await this.row(sessionId);
    return row ? hashServerSeed(row.nextServerSeed) : null;
  }

  // --- Rounds ------------------------------------------------------------------------------------------

  async round(roundId: string): Promise<ProviderRound | null> {
    const [row] = await this.db.select().from(gameSimRounds).where(eq(gameSimRounds.roundId, roundId));
    if (!row) {
      // The table engines keep their own rounds.
      for (const registration of ENGINES) {
        const round = registration.table ? await registration.table.round(roundId) : null;
        if (round) return round;
      }
      return null;
    }
    if (row.status === 'betting' || row.status === 'refused') return null;
    const revealed = row.status !== 'open';
    const proof: RoundProof = {
      serverSeedHash: row.serverSeedHash,
      serverSeed: revealed ? row.serverSeed : null,
      clientSeed: row.clientSeed,
      nonce: row.nonce,
      outcome: revealed ? row.outcome : '',
    };
    return { roundId, gameCode: row.gameCode, proof };
  }

  /**
   * The session's net result so far (wins less stakes of its settled and open rounds; centavos), shown in
   * the game frame with the time played (responsible gaming's game design rules, issue 34).
   */
  async sessionNet(sessionId: string): Promise<number> {
    const [row] = await this.db
      .select({ net: sql<string>`coalesce(sum(${gameSimRounds.win} - ${gameSimRounds.bet}), 0)` })
      .from(gameSimRounds)
      .where(and(eq(gameSimRounds.sessionId, sessionId), sql`${gameSimRounds.status} IN ('open', 'settled')`));
    return Number(row?.net ?? 0);
  }

  async history(sessionId: string, limit = 50) {
    return this.db
      .select()
      .from(gameSimRounds)
      .where(and(eq(gameSimRounds.sessionId, sessionId), sql`${gameSimRounds.status} IN ('open', 'settled', 'rolled_back')`))
      .orderBy(desc(gameSimRounds.startedAt), desc(gameSimRounds.nonce))
      .limit(limit);
  }

  // --- Jackpot -----------------------------------------------------------------------------------------

  async jackpot(): Promise<number> {
    return Number(await this.setting('jackpot', JACKPOT_SEED));
  }

  /** Grows the pot by the share of a stake. */
  async contribute(stake: number): Promise<void> {
    const share = Math.floor((stake * JACKPOT_SHARE_BPS) / 10_000);
    if (share <= 0) return;
    await this.db.execute(sql`INSERT INTO game_sim_settings (name, value) VALUES ('jackpot', to_jsonb(${JACKPOT_SEED + share}::bigint))
      ON CONFLICT (name) DO UPDATE SET value = to_jsonb((game_sim_settings.value #>> '{}')::bigint + ${share})`);
  }

  /** Pays out the pot (it restarts at the seed); answers what was won. */
  async takeJackpot(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(gameSimSettings).where(eq(gameSimSettings.name, 'jackpot')).for('update');
      const amount = row ? Number(row.value) : JACKPOT_SEED;
      await tx
        .insert(gameSimSettings)
        .values({ name: 'jackpot', value: JACKPOT_SEED })
        .onConflictDoUpdate({ target: gameSimSettings.name, set: { value: JACKPOT_SEED } });
      return amount;
    });
  }

  // --- Transfer platform -------------------------------------------------------------------------------

  async transfer(
    kind: 'deposit' | 'withdraw',
    request: { user: string; platformCode: string; amount: number; transferId: string },
  ): Promise<TransferResult> {
    const moved = await this.wallet.move(
      `${request.platformCode}:${request.user}`,
      `transfer:${request.transferId}`,
      kind,
      kind === 'deposit' ? request.amount : -request.amount,
    );
    return { transferId: request.transferId, status: moved.status, balance: moved.balance };
  }

  async transferStatus(transferId: string): Promise<TransferResult | null> {
    const [row] = await this.db
      .select()
      .from(gameSimWalletMoves)
      .where(eq(gameSimWalletMoves.transactionId, `transfer:${transferId}`));
    return row ? { transferId, status: row.status as TransferResult['status'], balance: row.balance } : null;
  }

  async transferBalance(user: string, platformCode: string): Promise<number> {
    const [row] = await this.db
      .select()
      .from(gameSimWallets)
      .where(eq(gameSimWallets.account, `${platformCode}:${user}`));
    return row?.balance ?? 0;
  }
}
