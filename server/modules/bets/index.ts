import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { betRoutes } from './routes';
import { BetService } from './service';
import { bonusFunding, bonusMoney } from './bonus';
import { gateOfMoney } from './writer';

/**
 * Bets (spec §5, §7): placement of every kind (single, parlay, outright, ending game, player), the
 * live-bet delay, tickets, and settlement from the feed's results. With several instances the feed's
 * leader settles, applies the restart rule once, and decides the live tickets an instance that died
 * left waiting.
 */
export interface BetsModuleOptions {
  /** How long a live bet waits before it is accepted or rejected (default 3 s); tests shorten it. */
  betAcceptDelayMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    bets: BetService;
  }
}

/** A live ticket still waiting this long after its time is decided by the feed's leader (its instance died). */
const OVERDUE_GRACE_MS = 2_000;

/** How often the leader looks at the auto cash-out rules. */
export const AUTO_CASHOUT_JOB_MS = 1_000;

export const bets = fp<BetsModuleOptions>(
  async (app: FastifyInstance, options) => {
    const { feed, feedRoles } = app;
    const db = app.database.db;
    const events = app.playerEvents;
    const service = new BetService({
      db,
      feed,
      acceptDelayMs: options.betAcceptDelayMs ?? 3_000,
      // Both player events, a ticket's change and the balance's, go out on the one bus.
      publishBet: (customerId, push, cashout) => events.publish({ type: 'bet', customerId, push, ...(cashout ? { cashout } : {}) }),
      onBalanceChange: (customerId) => events.publish({ type: 'balance', customerId }),
      log: app.log,
      reconcileOnStart: !feedRoles.clustered,
      // The embedded database runs one transaction at a time: one placement transaction, and the calls that
      // arrive meanwhile go together in the next.
      placementConcurrency: app.database.kind === 'pglite' ? 1 : 2,
      // The rules about money (responsible gaming) on every bet, in its placement transaction.
      gate: gateOfMoney(app.responsibleGaming.gate),
      // The bonus wallet (issue 35): cash first, then grants; a bonus's max bet; wins back in proportion; wagering.
      funding: bonusFunding(app.promotions),
      money: bonusMoney(app.promotions),
      cashoutMarginBp: () => app.config.cashoutMarginBp,
      clock: app.clock,
    });
    app.decorate('bets', service);
    await app.register(betRoutes, { db, feed, service });
    app.addHook('onReady', async () => service.start());
    // Auto cash-out (issue 38): the leader cashes out tickets whose value reached the player's threshold.
    app.jobs.add('bets-auto-cashout', AUTO_CASHOUT_JOB_MS, (now) => service.cashout.runAuto(now));
    // Registered after the database's own onClose, so it runs first (onClose hooks run in reverse).
    app.addHook('onClose', async () => service.stop());
    if (!feedRoles.clustered) return;
    // Several instances: the feed's leader settles (its feed's results), applies the restart rule once
    // against the one feed, and decides live tickets an instance that died left waiting.
    let overdue: NodeJS.Timeout | undefined;
    feedRoles.onLead(async (leading) => {
      clearInterval(overdue);
      if (!leading) return;
      await service.reconcileAndLog();
      if (!feedRoles.shared) return;
      overdue = setInterval(() => {
        service
          .decideOverdue(OVERDUE_GRACE_MS)
          .catch((error: unknown) => app.log.error({ err: error }, 'bets: deciding overdue live tickets failed'));
      }, 1_000);
      overdue.unref();
    });
    app.addHook('onClose', async () => clearInterval(overdue));
  },
  { name: 'bets', dependencies: ['core', 'jobs', 'contract', 'feed', 'responsible-gaming', 'promotions'] },
);
