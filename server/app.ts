import { hostname } from 'node:os';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_PREFIXES, makeEnvelope } from '../src/contract/envelopes';
import { GatewayCode } from '../src/contract/errorCodes';
import { HEADER } from '../src/contract/sign';
import type { ServerConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db';
import { seed, welcome } from './db/seed';
import { fastifyTrustProxy } from './lib/proxies';
import { postgresRateLimitStore } from './lib/rateLimitStore';
import { fieldCipher } from './lib/security';
import { accountRoutes } from './modules/account/routes';
import { betRoutes } from './modules/bets/routes';
import { BetService } from './modules/bets/service';
import { DEFAULT_LOCKOUT, PasswordGuard } from './modules/auth/lockout';
import { authRoutes } from './modules/auth/routes';
import { SESSION_CHECK_BATCH, endedSessions, sessionEndedNotice, sessionResolver } from './modules/auth/sessions';
import { devOutbox } from './modules/dev/outbox';
import { messageRoutes, sendMessage } from './modules/messages/routes';
import { siteRoutes } from './modules/site/routes';
import { fileSiteSettings } from './modules/site/settings';
import { statsRoutes } from './modules/stats/routes';
import { saveChat, sportsRoutes } from './modules/sports/routes';
import { FeedKeeper } from './providers/feed/keeper';
import { postgresFeedStore } from './providers/feed/postgresStore';
import type { FeedOptions, FeedProvider } from './providers/feed/types';
import { EmbeddedBroker } from './realtime/stomp/broker';
import { stompEndpoint } from './realtime/stomp/endpoint';
import { customers } from './db/schema';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { MarketStatus } from '../src/contract/sports';
import { resumePendingTransfers, walletRoutes } from './modules/wallet/routes';
import { contractPlugin, prefixOf } from './plugins/contract';
import { securityHeaders } from './plugins/securityHeaders';
import { staticPlugin } from './plugins/static';
import { type GameWalletProvider, simulatedGameWallet } from './providers/gameWallet';
import { outboxMail, outboxSms } from './providers/messaging';
import { PlayerEvents } from './realtime/bus';
import { watchSessions } from './realtime/sessionWatch';

export interface AppOptions {
  logger?: boolean;
  /** An open database (tests share one template); otherwise the config decides (PGlite or DATABASE_URL). */
  database?: DatabaseHandle;
  gameWallet?: GameWalletProvider;
  /** Proof-of-work range of the captcha; tests use a tiny one. */
  captchaDifficulty?: { min: number; max: number };
  /** Requests per minute per address on the API (default 600). */
  ipCallsPerMinute?: number;
  /** Calls per minute per logged-in player (default 300). */
  accountCallsPerMinute?: number;
  /** An odds feed its caller runs; by default the simulator, kept in the database and run by the server. */
  feed?: FeedProvider;
  /** The simulator's settings over the config's; `run: false` leaves it still until a caller steps it (tests). */
  simulator?: { feed?: Partial<FeedOptions>; run?: boolean };
  /** STOMP heart-beat (default 10 s). */
  heartbeatMs?: number;
  /** How long a live bet waits before it is accepted or rejected (default 3 s); tests shorten it. */
  betAcceptDelayMs?: number;
  /**
   * Keep per-address counters in Postgres, shared by every instance (default: with PostgreSQL; the
   * embedded database serves one process, whose memory is enough).
   */
  sharedRateLimits?: boolean;
  /** The clock of login lockouts and SMS codes (default Date.now); tests move it forward. */
  clock?: () => number;
  /** How often the sessions of open sockets are looked up again, for expiry and missed ends (default 1 s). */
  sessionRecheckMs?: number;
  /**
   * Serve the PWA from its sources through Vite with hot reload (`npm run dev`) instead of the build in
   * DIST_DIR. Refused in production.
   */
  viteDev?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    playerEvents: PlayerEvents;
    feed: FeedProvider;
    broker: EmbeddedBroker;
    bets: BetService;
  }
}

/**
 * Builds the server: the call contract, the domain modules (each registers its calls under the
 * contract's prefixes), and the PWA itself. One origin, one port.
 */
/** The body of POST /dev/feed/market/:marketId. */
const marketChangeSchema = z.union([
  z.object({ key: z.string().min(1), price: z.number().gt(1).lt(1000) }),
  z.object({ status: z.enum(Object.values(MarketStatus) as [MarketStatus, ...MarketStatus[]]) }),
  z.object({ hold: z.boolean() }),
]);

export async function buildApp(config: ServerConfig, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    // Only the proxies the operator names may say who the client is (TRUST_PROXY, none by default):
    // request.ip, the per-address limits and the address recorded with a session all follow from it.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 2_097_152,
    // The client's Qid names the request in our logs too, so a player's report finds its log lines.
    genReqId: (request) => {
      const qid = request.headers[HEADER.qid.toLowerCase()];
      return typeof qid === 'string' && /^[\w-]{8,64}$/.test(qid) ? qid : crypto.randomUUID();
    },
  });

  if (typeof config.trustProxy === 'number') {
    app.log.warn(
      { hops: config.trustProxy },
      'TRUST_PROXY is a hop count: safe only if callers cannot reach this server except through those proxies; prefer their addresses',
    );
  }
  const database = options.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  if (!options.database) app.addHook('onClose', () => database.close());
  const db = database.db;
  const events = new PlayerEvents();
  app.decorate('database', database);
  app.decorate('playerEvents', events);
  await seed(db, events, { demo: config.seedDemo });

  if (options.viteDev && config.production) throw new Error('the development server (npm run dev) does not run with NODE_ENV=production');
  // Vite is a development dependency: a production start never loads it.
  const viteDev = options.viteDev ? await import('./plugins/viteDev') : undefined;
  await app.register(securityHeaders, { frameAncestors: config.frameAncestors, development: options.viteDev === true });

  const cipher = fieldCipher(config.secrets.rsaPrivateKey);
  const policy = { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs, events };
  const sms = outboxSms(db);
  const mail = outboxMail(db);
  const clock = options.clock ?? Date.now;
  const passwordGuard = new PasswordGuard(
    db,
    { ...DEFAULT_LOCKOUT, failures: config.loginLockFailures, lockMs: config.loginLockMs },
    clock,
  );

  await app.register(rateLimit, {
    global: true,
    max: options.ipCallsPerMinute ?? 600,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
    ...((options.sharedRateLimits ?? database.kind === 'postgres') ? { store: postgresRateLimitStore(db, app.log) } : {}),
  });
  await app.register(contractPlugin, {
    appKey: config.appKey,
    cipher,
    sessions: sessionResolver(db, policy),
    accountCallsPerMinute: options.accountCallsPerMinute ?? 300,
  });

  const settings = fileSiteSettings(config.dataDir, app.log);
  await app.register(siteRoutes, { settings });
  await app.register(statsRoutes, { counts: new Map() });
  await app.register(authRoutes, {
    db,
    secrets: config.secrets,
    cipher,
    sms,
    policy,
    captchaDifficulty: options.captchaDifficulty ?? { min: 3_000, max: 12_000 },
    onRegistered: (customerId) => welcome(db, events, customerId),
    passwordGuard,
    notifyOwner: async (customerId, title, body) => {
      await sendMessage(db, events, { customerId, type: 1, title, body });
    },
    now: clock,
  });
  await app.register(accountRoutes, { db, policy, codeSecret: config.secrets.captchaKeySecret, sms, mail });
  const wallet = {
    db,
    gameWallet: options.gameWallet ?? simulatedGameWallet({ latencyMs: 400 }),
    onBalanceChange: (customerId: number) => events.publish({ type: 'balance', customerId }),
  };
  await app.register(walletRoutes, wallet);
  await app.register(messageRoutes, { db });

  // Realtime: the feed publishes its deltas on the STOMP destinations; player events go to their queues.
  // The simulator resumes its stored state, so a restart keeps every match, price and open bet's event.
  let keeper: FeedKeeper | undefined;
  let feed: FeedProvider;
  if (options.feed) feed = options.feed;
  else {
    keeper = await FeedKeeper.open({
      feed: { ...config.feed, now: () => Date.now(), ...options.simulator?.feed },
      store: postgresFeedStore(db, `${hostname()}:${process.pid}`),
      log: app.log,
      run: options.simulator?.run ?? true,
    });
    feed = keeper.feed;
  }
  const broker = new EmbeddedBroker({ log: app.log });
  const sessions = sessionResolver(db, policy);
  app.decorate('feed', feed);
  app.decorate('broker', broker);
  feed.onDelta((destination, delta) => {
    if (broker.subscriberCount(destination) > 0) broker.publish(destination, JSON.stringify(delta), { seq: String(delta.seq) });
  });
  events.subscribe((event) => {
    if (event.type === 'balance') broker.publishToUser(event.customerId, 'balance', JSON.stringify({ type: 'balance' }));
    if (event.type === 'message' && event.customerId !== null) {
      broker.publishToUser(event.customerId, 'messages', JSON.stringify({ messageId: event.messageId, type: event.messageType }));
    }
    // Sockets live no longer than the session they were opened with.
    if (event.type === 'sessionsEnded') broker.endSessions(event.sessionIds, sessionEndedNotice(event.reason));
  });
  await app.register(stompEndpoint, {
    broker,
    heartbeatMs: options.heartbeatMs ?? 10_000,
    authenticate: async (token) => {
      if (!token) return { customerId: null, nickName: '' };
      // An expired or unknown token still watches the public feed, as a visitor; the API tells the player.
      const session = await sessions.resolve(token).catch(() => undefined);
      if (!session?.customerId) return { customerId: null, nickName: '' };
      const [customer] = await db.select({ nickName: customers.nickName }).from(customers).where(eq(customers.id, session.customerId));
      return { customerId: session.customerId, nickName: customer?.nickName ?? 'Player', sessionId: session.id };
    },
    onChat: (message, customerId) => saveChat(db, message, customerId),
    otherSocketPaths: viteDev ? [viteDev.HMR_PATH] : [],
  });
  const sessionWatch = watchSessions({
    broker,
    ended: (sessionIds) => endedSessions(db, policy, sessionIds),
    notice: sessionEndedNotice,
    everyMs: options.sessionRecheckMs ?? 1_000,
    batch: SESSION_CHECK_BATCH,
    log: app.log,
  });
  // Before the database closes (onClose hooks run in reverse order of registration).
  app.addHook('onClose', () => sessionWatch.stop());
  await app.register(sportsRoutes, { db, feed, settings });
  const bets = new BetService({
    db,
    feed,
    acceptDelayMs: options.betAcceptDelayMs ?? 3_000,
    publishBet: (customerId, push) => broker.publishToUser(customerId, 'bets', JSON.stringify(push)),
    onBalanceChange: (customerId) => events.publish({ type: 'balance', customerId }),
    log: app.log,
  });
  app.decorate('bets', bets);
  await app.register(betRoutes, { db, feed, service: bets });
  app.addHook('onReady', async () => bets.start());
  // Registered after the database's own onClose, so it runs first (onClose hooks run in reverse).
  app.addHook('onClose', async () => bets.stop());
  // After bets.start, which settles what the stored results allow, so the catch-up's results find it listening.
  const kept = keeper;
  if (kept) {
    app.addHook('onReady', async () => kept.start());
    app.addHook('onClose', async () => kept.stop());
  }

  if (!config.production) {
    await app.register(devOutbox, { db });
    // For the browser tests: how many sockets are open, and a way to cut them all (a network drop).
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
      await bets.idle();
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
  if (viteDev) await app.register(viteDev.viteDevPlugin, { appKey: config.appKey, dataDir: config.dataDir });
  else await app.register(staticPlugin, { distDir: config.distDir, appKey: config.appKey });
  app.addHook('onReady', async () => {
    await resumePendingTransfers(wallet);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const prefix = prefixOf(path);
    if (prefix) {
      const status = request.method === 'POST' ? 404 : 405;
      const message = request.method === 'POST' ? `There is no call ${path.slice(API_PREFIXES[prefix].length + 1)}.` : 'Calls are POST.';
      return reply.status(status).send(makeEnvelope(prefix, GatewayCode.UnknownCall, message, null));
    }
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]{2,12}$/i.test(path);
    if (isPage) return app.sendShell(request, reply);
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });

  return app;
}
