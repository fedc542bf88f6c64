import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { feedChannel } from '../../realtime/feedLink';
import { FeedKeeper } from './keeper';
import { postgresFeedStore } from './postgresStore';
import { SharedFeed } from './shared';
import type { FeedOptions, FeedProvider } from './types';

/**
 * The odds feed (an outside party: docs/architecture.md "Outside parties"): a caller's own
 * (`FeedModuleOptions.feed`, tests), or the simulator, kept in the database so a restart resumes every
 * match, price and open bet's event. On one instance its keeper runs it; with several (app.cluster) one
 * SharedFeed is run by the holder of the feed's lease and replayed by the others.
 */
export interface FeedModuleOptions {
  /** An odds feed its caller runs; by default the simulator, kept in the database and run by the server. */
  feed?: FeedProvider;
  /** The simulator's settings over the config's; `run: false` leaves it still until a caller steps it (tests). */
  simulator?: { feed?: Partial<FeedOptions>; run?: boolean };
}

/** Who runs the feed among several instances, for what follows the feed's lead (bets settle its results). */
export interface FeedRoles {
  /** Several instances share the feed (app.cluster); on one instance it is always this one's. */
  readonly clustered: boolean;
  /** The simulator runs as one shared feed (not a caller's own). */
  readonly shared: boolean;
  /** Called with true when this instance takes the feed's lead, false when it hands it on (several instances only). */
  onLead(listener: (leading: boolean) => unknown): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    feed: FeedProvider;
    feedRoles: FeedRoles;
  }
}

const holder = () => `${hostname()}:${process.pid}`;

export const feed = fp<FeedModuleOptions>(
  async (app: FastifyInstance, options) => {
    const { config, cluster } = app;
    const db = app.database.db;
    const settings = { ...config.feed, now: () => Date.now(), ...options.simulator?.feed };
    const run = options.simulator?.run ?? true;
    let provider: FeedProvider;
    let shared: SharedFeed | undefined;
    let keeper: FeedKeeper | undefined;
    if (options.feed) provider = options.feed;
    else if (cluster) {
      // One feed for every instance: the lease's holder runs it, the others replay its ops (shared.ts).
      shared = await SharedFeed.open({
        feed: settings,
        store: postgresFeedStore(db, holder()),
        channel: feedChannel(cluster.link),
        lease: cluster.feedLease,
        log: app.log,
        run,
      });
      provider = shared;
      // A follower whose copy of the feed is not in step with the leader's would answer old prices.
      const current = shared;
      app.readiness.add('feed', () => current.current);
    } else {
      keeper = await FeedKeeper.open({ feed: settings, store: postgresFeedStore(db, holder()), log: app.log, run });
      provider = keeper.feed;
    }
    app.decorate('feed', provider);
    app.decorate('feedRoles', {
      clustered: cluster !== undefined,
      shared: shared !== undefined,
      onLead(listener: (leading: boolean) => unknown) {
        if (shared) shared.onRole((role) => listener(role === 'leader'));
        else if (cluster) {
          cluster.feedLease.onGained(() => listener(true));
          cluster.feedLease.onLost(() => listener(false));
        }
      },
    } satisfies FeedRoles);
    // Started by feedRun, once what follows the feed's results listens (the bets settle them).
    const lease = cluster?.feedLease;
    app.decorate('feedLifecycle', {
      async start() {
        if (keeper) keeper.start();
        // Several instances: take part in the feed's leadership (the leader runs it, the bets follow its lead).
        else lease?.start();
      },
      async stop() {
        if (keeper) await keeper.stop();
        // The leader stores the feed's last state, then lets go of the lease, so another leads at once.
        await shared?.close();
        await lease?.release();
      },
    });
  },
  { name: 'feed', dependencies: ['core', 'cluster'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    feedLifecycle: { start(): Promise<void>; stop(): Promise<void> };
  }
}

/**
 * Runs the feed (the simulator's keeper on one instance, the feed's leadership among several) once the
 * modules that follow its results are registered and started (the bets settle them), so the catch-up of
 * a restart and a new leader's first results find them listening; stops it first on close.
 */
export const feedRun = fp(
  async (app: FastifyInstance) => {
    app.addHook('onReady', () => app.feedLifecycle.start());
    app.addHook('onClose', () => app.feedLifecycle.stop());
  },
  { name: 'feed-run', dependencies: ['feed', 'bets'] },
);
