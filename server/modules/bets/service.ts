import type { FastifyBaseLogger } from 'fastify';
import type {
  BatchPlacementResponse,
  BetPush,
  BetTicket,
  ParlayResult,
  PlacementResult,
  TicketStatus,
} from '../../../src/contract/betting';
import type { Database } from '../../db';
import type { FeedProvider, MatchResult, OutrightResult } from '../../providers/feed/types';
import { CashoutService } from './cashout';
import { LiveAcceptance } from './liveAcceptance';
import { PlacementService } from './placement';
import { ticketOf } from './repository';
import type { BatchBody, BuilderPlaceBody, OutrightBody, ParlayBody, SingleBody } from './schemas';
import { Settlement } from './settlement';
import { BetTasks, type TicketMoneyHooks } from './tasks';
import type { Written } from './tickets';
import { type PlacementFunding, type PlacementGate, PlacementWriter } from './writer';

export { OUTRIGHT_LIMITS } from './placement';

/**
 * The betting service, in three parts that change for different reasons:
 * - placement (placement.ts: the rules of each bet call; writer.ts: the one placement transaction,
 *   batched, with the idempotency key, the balance and the gate);
 * - live acceptance (liveAcceptance.ts: the delay of a live ticket and its second check);
 * - settlement (settlement.ts: results, the restart rule).
 *
 * Money moves only inside database transactions that also change the ticket's status, and every later
 * movement is guarded by the status it leaves (waiting → running/reject, running → settled) under the
 * ticket's row lock, so a result delivered twice, or settled by two processes at once, pays once.
 * Pushes (/user/queue/bets, /user/queue/balance) go out after the commit.
 */

export interface BetServiceOptions {
  db: Database;
  feed: FeedProvider;
  /** Live bets wait this long (real time) before they are accepted or rejected. */
  acceptDelayMs: number;
  /** Tells the player a ticket changed (/user/queue/bets). */
  publishBet: (customerId: number, push: BetPush, cashout?: { value: number; quoteId: string }) => void;
  /** Tells the player the balance changed (/user/queue/balance). */
  onBalanceChange: (customerId: number) => void;
  log: FastifyBaseLogger;
  /**
   * Run reconcile() at start (default true: one instance). With several instances the feed's leader
   * runs it when it starts leading (app.ts), against the one shared feed, so a restart of any other
   * instance voids nothing.
   */
  reconcileOnStart?: boolean;
  /** Rules checked inside the placement transaction (responsible gaming, bonus terms): see writer.ts. */
  gate?: PlacementGate;
  /** How stakes are paid beyond cash (the bonus wallet), in the placement transaction: see writer.ts. */
  funding?: PlacementFunding;
  /** The bonus wallet's part of payouts and wagering: see tasks.ts. */
  money?: TicketMoneyHooks;
  /** Placement transactions at once (default 2; 1 suits the embedded database, which runs one at a time). */
  placementConcurrency?: number;
  /** The operator's cash-out margin in basis points (issue 38; default 500 = 5 %). */
  cashoutMarginBp?: () => number;
  /** The clock of cash-out quotes' expiry (tests move it). */
  clock?: () => number;
}

export class BetService {
  private readonly tasks: BetTasks;
  private readonly placement: PlacementService;
  private readonly live: LiveAcceptance;
  private readonly settlement: Settlement;
  private unlisten: (() => void) | undefined;
  /** Cash-out (issue 38): quotes, accepting, partial and auto cash-out (cashout.ts). */
  readonly cashout: CashoutService;

  constructor(private readonly options: BetServiceOptions) {
    this.tasks = new BetTasks(options);
    this.live = new LiveAcceptance(options.db, options.feed, this.tasks);
    this.settlement = new Settlement(options.db, options.feed, this.tasks);
    this.cashout = new CashoutService({
      db: options.db,
      feed: options.feed,
      tasks: this.tasks,
      acceptDelayMs: options.acceptDelayMs,
      marginBp: options.cashoutMarginBp ?? (() => 500),
      ...(options.clock ? { clock: options.clock } : {}),
    });
    this.placement = new PlacementService({
      db: options.db,
      feed: options.feed,
      acceptDelayMs: options.acceptDelayMs,
      writer: new PlacementWriter({
        db: options.db,
        gate: options.gate,
        funding: options.funding,
        concurrency: options.placementConcurrency,
      }),
      placed: (written) => this.placed(written),
    });
  }

  /**
   * Listens to the feed's results, picks up live tickets left waiting by a restart, and settles what a
   * restart may have cut off (see reconcile).
   */
  async start(): Promise<void> {
    this.unlisten = this.settlement.listen();
    await this.live.start();
    if (this.options.reconcileOnStart !== false) await this.reconcileAndLog();
  }

  async stop(): Promise<void> {
    this.unlisten?.();
    this.unlisten = undefined;
    this.live.stop();
    await this.idle();
  }

  /** Resolves once no settlement or acceptance is in progress (tests and the development settle page). */
  idle(): Promise<void> {
    return this.tasks.idle();
  }

  /** After a placement commits: the player hears of the new ticket, and a live one's check is due. */
  private placed(written: Written[]): void {
    this.tasks.notify(
      written.map(({ row }) => ({
        customerId: row.customerId,
        push: { transId: row.transId, status: row.status as TicketStatus, payout: row.potentialReturn },
        balance: true,
      })),
    );
    this.live.placed(written);
  }

  // ── Placement ─────────────────────────────────────────────────────────────────────────────────────

  /** saba/sabaDoPlaceBetV2: a single or a player bet. */
  placeSingle(customerId: number, key: string, body: SingleBody): Promise<PlacementResult> {
    return this.placement.placeSingle(customerId, key, body);
  }

  /** saba/sabaDoBatchPlaceBet: the ending-game options, each its own ticket, all under one idempotency key. */
  placeBatch(customerId: number, key: string, body: BatchBody): Promise<BatchPlacementResponse> {
    return this.placement.placeBatch(customerId, key, body);
  }

  /** saba/sabaPlaceOutrightBetV2. */
  placeOutright(customerId: number, key: string, body: OutrightBody): Promise<PlacementResult> {
    return this.placement.placeOutright(customerId, key, body);
  }

  /** sabaCombo/comboBetToSaba: one ticket for every combination of every chosen combo. */
  placeParlay(customerId: number, key: string, body: ParlayBody): Promise<ParlayResult> {
    return this.placement.placeParlay(customerId, key, body);
  }

  /** builder/place (issue 38): a bet builder of one match as one ticket. */
  placeBuilder(customerId: number, key: string, body: BuilderPlaceBody): Promise<PlacementResult> {
    return this.placement.placeBuilder(customerId, key, body);
  }

  // ── Live acceptance ───────────────────────────────────────────────────────────────────────────────

  /** The end of a live ticket's delay: accepted or rejected (and refunded), once. */
  decideWaiting(ticketId: number): Promise<void> {
    return this.live.decideWaiting(ticketId);
  }

  /** Decides the live tickets still waiting `graceMs` after their time (an instance that died left them). */
  decideOverdue(graceMs: number, now = Date.now()): Promise<number> {
    return this.live.decideOverdue(graceMs, now);
  }

  // ── Settlement ────────────────────────────────────────────────────────────────────────────────────

  /** The restart rule: settles legs whose result the feed holds, voids those on events it no longer offers. */
  reconcile(): Promise<{ settled: number; voided: number }> {
    return this.settlement.reconcile();
  }

  /** reconcile(), its work logged. */
  async reconcileAndLog(): Promise<void> {
    const { settled, voided } = await this.reconcile();
    if (settled > 0) this.options.log.info({ tickets: settled }, 'bets: settled tickets from results the feed still holds');
    if (voided > 0) this.options.log.warn({ tickets: voided }, 'bets: voided running tickets on events the feed no longer offers');
  }

  /** A match finished: every open ticket with a leg on it. Safe to run twice, or twice at once. */
  settleMatch(result: MatchResult): Promise<void> {
    return this.settlement.settleMatch(result);
  }

  /** An outright was decided: its tickets of that season win or lose. */
  settleOutright(result: OutrightResult): Promise<void> {
    return this.settlement.settleOutright(result);
  }

  /** One of the player's tickets (what the support chat shows its agent); undefined when it is not theirs. */
  ticket(customerId: number, transId: string): Promise<BetTicket | undefined> {
    return ticketOf(this.options.db, customerId, transId);
  }
}
