import type { FastifyBaseLogger } from 'fastify';
import type { BetPush } from '../../../src/contract/betting';
import { type Transaction, sqlState } from '../../db';
import type { TicketRow } from './tickets';

/**
 * What the betting services share once a ticket's status changed: telling the player (after the
 * commit), and the background work (acceptance, settlement) tests and shutdown wait for.
 */

/** What a status change tells the player once committed. */
export interface Notice {
  customerId: number;
  push: BetPush;
  balance: boolean;
  /** A partial cash-out: what was paid on which quote (the ticket runs on, so its push alone cannot say). */
  cashout?: { value: number; quoteId: string };
}

/**
 * What else moves with a ticket's money (issue 35, the bonus wallet): told, in the transaction that pays
 * or refunds a ticket, once, what it paid back (the stake of a rejected or void ticket, the payout of a
 * settled one). The bonus grants take their share and count the stake toward wagering.
 */
export interface TicketMoneyHooks {
  settled(tx: Transaction, ticket: TicketRow, payout: number): Promise<void>;
}

export interface BetTasksOptions {
  /** The bonus wallet's part of a ticket's payout and wagering (absent: cash only). */
  money?: TicketMoneyHooks | undefined;
  /** Tells the player a ticket changed (/user/queue/bets). */
  publishBet: (customerId: number, push: BetPush, cashout?: { value: number; quoteId: string }) => void;
  /** Tells the player the balance changed (/user/queue/balance). */
  onBalanceChange: (customerId: number) => void;
  log: FastifyBaseLogger;
}

export class BetTasks {
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly options: BetTasksOptions) {}

  get money(): TicketMoneyHooks | undefined {
    return this.options.money;
  }

  get log(): FastifyBaseLogger {
    return this.options.log;
  }

  notify(notices: readonly Notice[]): void {
    for (const notice of notices) {
      this.options.publishBet(notice.customerId, notice.push, notice.cashout);
      if (notice.balance) this.options.onBalanceChange(notice.customerId);
    }
  }

  /** Runs `work` in the background, its failure logged; idle() waits for it. */
  background(work: Promise<unknown>, what: string): Promise<unknown> {
    const tracked = work.catch((error: unknown) => this.options.log.error({ err: error }, `bets: ${what} failed`));
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
    return tracked;
  }

  /** Resolves once no background work is in progress. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}

/** Whether PostgreSQL gave a transaction up to let another finish (a deadlock or serialization failure). */
export const isTransient = (error: unknown) => ['40P01', '40001'].includes(sqlState(error).code ?? '');

/** Runs a transaction again when it was given up for another (a settlement must not be lost to a transient conflict). */
export async function retrying<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isTransient(error)) throw error;
    }
  }
}
