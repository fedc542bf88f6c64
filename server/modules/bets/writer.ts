import { BetCode } from '../../../src/contract/betting';
import { GatewayCode } from '../../../src/contract/errorCodes';
import type { Database, Transaction } from '../../db';
import { CallError } from '../../lib/errors';
import type { MoneyGate } from '../../lib/moneyGate';
import { sha256 } from '../../lib/security';
import type { Refusal } from './acceptance';
import { type PlacementLocks, callKey, lockPlacements, walletKey, writePlacements } from './repository';
import { isTransient } from './tasks';
import { type NewTicket, type Written, newTicketRows, newTransId } from './tickets';

/**
 * The placement transaction. Every placement call (a single, the ending-game batch, an outright, a
 * parlay) comes here with the tickets it would write and how to answer; the calls of one turn of the
 * event loop, and those that arrive while others are being written, go together in one database
 * transaction (group commit: alone when the server is quiet, dozens at a time under load; as
 * server/lib/coalesce.ts does for reads). One transaction, whatever it holds:
 *
 * 1. lock step (one round trip): the players' wallets locked, answers already stored under the calls'
 *    idempotency keys, a free shard of house:open-bets, the transaction's time;
 * 2. a call whose key has an answer gets that answer (the first one, byte for byte) or, for another
 *    request under the same key, 409; nothing else of it happens;
 * 3. **the gate**: the one place where rules that may refuse a bet inside its transaction are checked
 *    (responsible gaming, bonus terms: issues 34/35), with the players' wallets locked, so racing calls
 *    of one player see each other's bets;
 * 4. each ticket takes its stake if the locked balance holds it, in the calls' order (else it is refused,
 *    as the database would refuse it: the ledger's CHECK stays the last word);
 * 5. write step (one round trip): every call's key and answer, its tickets, legs, combos and one
 *    balanced ledger transaction per ticket;
 * 6. commit; only then does any call get its answer.
 *
 * A transaction given up for a deadlock or serialization failure runs again; any other failure runs
 * each call of the batch alone, so one call's failure fails only that call. Calls with the same key are
 * never in flight together on one instance: the later waits, then gets the first's answer as a replay.
 */

export type TicketOutcome = { ok: true; written: Written } | { ok: false; refusal: Refusal };

export interface PlacementCall<A> {
  customerId: number;
  /** The call's Idempotency-Key. */
  key: string;
  /** The call's name (a key reused by another call is a conflict). */
  call: string;
  /** The request body, whose hash tells a retry from another request under the same key. */
  request: unknown;
  /** What the call would write (none: refused before any money moves; the refusal is still its answer). */
  tickets: NewTicket[];
  /** The answer, once each ticket is written or refused (in the order of `tickets`). */
  answer(outcomes: TicketOutcome[]): A;
}

/** One bet as the gate sees it: the player, the call and the ticket that would be written. */
export interface GateBet {
  customerId: number;
  call: string;
  ticket: NewTicket;
}

/**
 * Rules checked inside the placement transaction, with the players' wallets locked (issues 34/35):
 * answers, for each bet in order, a refusal or undefined to let it through. A refused bet is not
 * written, and the call's answer says why.
 */
export type PlacementGate = (tx: Transaction, bets: readonly GateBet[]) => Promise<readonly (Refusal | undefined)[]>;

/**
 * The rules about money (responsible gaming, server/lib/moneyGate.ts) as the placement's gate: asked for
 * each bet in turn, a player's earlier bets of the same batch counted in its stake (they are not written
 * yet; open bets count toward a loss limit). A refusal is thrown (the player's GW_ code and words), which
 * fails the batch; the writer then runs each call alone, so only the refused call fails, with its reason.
 */
export function gateOfMoney(gate: MoneyGate): PlacementGate {
  return async (tx, bets) => {
    const staked = new Map<number, number>();
    for (const bet of bets) {
      const amount = (staked.get(bet.customerId) ?? 0) + bet.ticket.stake;
      await gate(tx, { customerId: bet.customerId, action: 'bet', category: 'sports', amount });
      staked.set(bet.customerId, amount);
    }
    return bets.map(() => undefined);
  };
}

export interface PlacementWriterOptions {
  db: Database;
  gate?: PlacementGate | undefined;
  /** Placement transactions at once (default 2; PGlite runs one transaction at a time whatever this says). */
  concurrency?: number | undefined;
  /** Calls in one transaction at most (default 64). */
  maxBatch?: number | undefined;
}

export const INSUFFICIENT = 'Your balance is not enough for this bet.';

interface Pending {
  call: PlacementCall<unknown>;
  requestHash: string;
  resolve(result: { answer: unknown; written: Written[] }): void;
  reject(error: unknown): void;
}

type Result = { answer: unknown; written: Written[] } | { error: unknown } | { again: true };

export class PlacementWriter {
  private readonly queue: Pending[] = [];
  /** Calls queued or in flight, by customer and key. */
  private readonly busy = new Map<string, Promise<unknown>>();
  private running = 0;
  private scheduled = false;
  private readonly concurrency: number;
  private readonly maxBatch: number;

  constructor(private readonly options: PlacementWriterOptions) {
    this.concurrency = options.concurrency ?? 2;
    this.maxBatch = options.maxBatch ?? 64;
  }

  /** Places a call: its answer (the first answer for a repeated key) and the tickets it wrote (none for a repeat). */
  place<A>(call: PlacementCall<A>): Promise<{ answer: A; written: Written[] }> {
    const id = callKey(call.customerId, call.key);
    const earlier = this.busy.get(id);
    // The same key again while the first is on its way: once it is answered, this one is its repeat.
    if (earlier)
      return earlier.then(
        () => this.place(call),
        () => this.place(call),
      );
    const placed = new Promise<{ answer: A; written: Written[] }>((resolve, reject) => {
      this.queue.push({
        call: call as PlacementCall<unknown>,
        requestHash: sha256(JSON.stringify(call.request)),
        resolve: resolve as Pending['resolve'],
        reject,
      });
    });
    this.busy.set(id, placed);
    const done = () => {
      if (this.busy.get(id) === placed) this.busy.delete(id);
    };
    placed.then(done, done);
    // At the end of this turn of the event loop, with every call that came in it.
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.pump();
      });
    }
    return placed;
  }

  private pump(): void {
    while (this.running < this.concurrency && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.running++;
      void this.run(batch).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  private async run(batch: Pending[]): Promise<void> {
    let results: Result[];
    for (let attempt = 1; ; attempt++) {
      try {
        results = await this.options.db.transaction((tx) => this.write(tx, batch));
        break;
      } catch (error) {
        if (isTransient(error) && attempt < 4) continue;
        if (batch.length > 1) {
          // Whatever failed, it fails only its own call.
          for (const pending of batch) await this.run([pending]);
          return;
        }
        batch[0]!.reject(error);
        return;
      }
    }
    // Committed: now, and only now, the calls get their answers.
    batch.forEach((pending, i) => {
      const result = results[i]!;
      if ('again' in result) {
        this.busy.delete(callKey(pending.call.customerId, pending.call.key));
        this.place(pending.call).then(pending.resolve, pending.reject);
      } else if ('error' in result) pending.reject(result.error);
      else pending.resolve(result);
    });
  }

  private async write(tx: Transaction, batch: Pending[]): Promise<Result[]> {
    const locks = await lockPlacements(
      tx,
      batch.flatMap(({ call }) => call.tickets.map((ticket) => ({ customerId: call.customerId, wallet: ticket.wallet }))),
      batch.map(({ call }) => ({ customerId: call.customerId, key: call.key })),
    );
    const results: (Result | undefined)[] = batch.map(({ call, requestHash }) => {
      const stored = locks.stored.get(callKey(call.customerId, call.key));
      if (!stored) return undefined;
      if (stored.call !== call.call || stored.requestHash !== requestHash) {
        return {
          error: new CallError(
            GatewayCode.IdempotencyConflict,
            'This request was already made with different details. Please start again.',
            409,
          ),
        };
      }
      return { answer: stored.response, written: [] };
    });
    const fresh = batch.filter((_, i) => results[i] === undefined);
    const refusals = await this.gate(tx, fresh);
    const writes = this.decide(fresh, refusals, locks);
    const written = await writePlacements(tx, {
      calls: fresh.map((pending, i) => ({
        customerId: pending.call.customerId,
        key: pending.call.key,
        call: pending.call.call,
        requestHash: pending.requestHash,
        response: writes[i]!.answer,
      })),
      tickets: writes.flatMap((w) => w.tickets),
    });
    fresh.forEach((pending, i) => {
      const { answer, tickets } = writes[i]!;
      // Another call stored this key meanwhile (only a call of another kind can, one that locks no
      // wallet first): nothing of this one was written; asked again, it gets that call's answer.
      if (!written.keys.has(callKey(pending.call.customerId, pending.call.key))) {
        results[batch.indexOf(pending)] = { again: true };
        return;
      }
      for (const { written: rows } of tickets) {
        rows.row.id = written.ticketIds.get(rows.row.transId) ?? 0;
        for (const leg of rows.legs) leg.ticketId = rows.row.id;
        for (const combo of rows.combos) combo.ticketId = rows.row.id;
      }
      results[batch.indexOf(pending)] = { answer, written: tickets.map((t) => t.written) };
    });
    return results as Result[];
  }

  /** The gate's word on every ticket of the fresh calls, by call. */
  private async gate(tx: Transaction, fresh: Pending[]): Promise<(Refusal | undefined)[][]> {
    const bets = fresh.flatMap(({ call }) => call.tickets.map((ticket) => ({ customerId: call.customerId, call: call.call, ticket })));
    const said = this.options.gate && bets.length > 0 ? await this.options.gate(tx, bets) : [];
    let at = 0;
    return fresh.map(({ call }) => call.tickets.map(() => said[at++]));
  }

  /** Which tickets take their stakes (in order, from the locked balances) and each call's answer. */
  private decide(fresh: Pending[], refusals: (Refusal | undefined)[][], locks: PlacementLocks) {
    const balances = new Map([...locks.wallets].map(([key, wallet]) => [key, { ...wallet }]));
    return fresh.map(({ call }, c) => {
      const tickets: { written: Written; key: string; walletAccountId: number }[] = [];
      const outcomes = call.tickets.map((ticket, t): TicketOutcome => {
        const refusal = refusals[c]![t];
        if (refusal) return { ok: false, refusal };
        const wallet = balances.get(walletKey(call.customerId, ticket.wallet));
        if (!wallet || wallet.balance < ticket.stake) {
          return { ok: false, refusal: { ok: false, code: BetCode.InsufficientBalance, message: INSUFFICIENT } };
        }
        wallet.balance -= ticket.stake;
        const written = newTicketRows(ticket, newTransId(), locks.now, locks.shard);
        tickets.push({ written, key: call.key, walletAccountId: wallet.id });
        return { ok: true, written };
      });
      return { answer: call.answer(outcomes), tickets };
    });
  }
}
