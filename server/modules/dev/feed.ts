import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MarketStatus } from '../../../src/contract/sports';
import type { FeedProvider } from '../../providers/feed/types';
import type { EmbeddedBroker } from '../../realtime/stomp/broker';

/** The body of POST /dev/feed/market/:marketId. */
const marketChangeSchema = z.union([
  z.object({ key: z.string().min(1), price: z.number().gt(1).lt(1000) }),
  z.object({ status: z.enum(Object.values(MarketStatus) as [MarketStatus, ...MarketStatus[]]) }),
  z.object({ hold: z.boolean() }),
]);

export interface DevFeedOptions {
  feed: FeedProvider;
  broker: EmbeddedBroker;
  /** Resolves once the bets the feed's latest results touch are settled. */
  betsIdle: () => Promise<void>;
}

/**
 * For the browser tests: the realtime side's sockets (count them, cut them all) and the feed moved at
 * once (finish a match, move a price, set a market's status). Registered only outside production mode.
 */
export async function devFeed(app: FastifyInstance, options: DevFeedOptions) {
  const { feed, broker } = options;

  // How many sockets are open, and a way to cut them all (a network drop).
  app.get('/dev/realtime', async () => broker.stats());
  app.post('/dev/realtime/drop', async () => {
    broker.dropAll();
    return { dropped: true };
  });

  // Finishes a match (or decides an outright: an id starting OR) at once and answers once its bets
  // are settled, so a browser test can watch a bet settle without waiting for the match.
  app.post<{ Params: { matchId: string } }>('/dev/feed/settle/:matchId', async (request, reply) => {
    const id = request.params.matchId;
    const finished = id.startsWith('OR') ? feed.finishOutrightNow(id) : feed.finishNow(id);
    if (!finished) return reply.status(404).send({ error: 'no such match or outright, or it is already finished' });
    await feed.idle();
    await options.betsIdle();
    return { settled: id };
  });

  // Moves a price or sets a market's status at once, so a browser test can watch the slip react.
  app.post<{ Params: { marketId: string }; Body: unknown }>('/dev/feed/market/:marketId', async (request, reply) => {
    const change = marketChangeSchema.safeParse(request.body);
    if (!change.success) return reply.status(400).send({ error: 'send { key, price }, { status } or { hold }' });
    if (!feed.changeMarketNow(request.params.marketId, change.data))
      return reply.status(404).send({ error: 'no such open market or selection, or the price is not above 1' });
    return feed.market(request.params.marketId);
  });

  // What the feed says a market's prices are now, to compare with what a page shows.
  app.get<{ Params: { marketId: string } }>('/dev/realtime/market/:marketId', async (request, reply) => {
    const market = feed.market(request.params.marketId);
    return market ? { status: market.status, selections: market.selections } : reply.status(404).send({ error: 'no such market' });
  });
}
