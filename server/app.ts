import { hostname } from 'node:os';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { validCity } from '../src/contract/placesData';
import { HEADER } from '../src/contract/sign';
import type { ServerConfig } from './config';
import { type Database, type DatabaseHandle, openDatabase } from './db';
import { seed } from './db/seed';
import { fastifyTrustProxy } from './lib/proxies';
import { RATE_LIMIT_SWEEP_MS, postgresRateLimitStore, sweepRateLimits } from './lib/rateLimitStore';
import { atRestCipher, fieldCipher } from './lib/security';
import { accountRoutes } from './modules/account/routes';
import { AccountService } from './modules/account/service';
import { DEFAULT_LOCKOUT, LOGIN_GUARD_SWEEP_MS, PasswordGuard } from './modules/auth/lockout';
import { authRoutes } from './modules/auth/routes';
import { SESSION_CHECK_BATCH, endedSessions, sessionEndedNotice, sessionResolver } from './modules/auth/sessions';
import { socketPlayer } from './modules/auth/sockets';
import { bankDepositRoutes } from './modules/bankDeposits/routes';
import { type CasinoWalletOptions, registerCasinoWallet } from './modules/casinoWallet';
import { casinoWalletRoutes } from './modules/casinoWallet/routes';
import { agentPayType, bankPayType } from './modules/bankDeposits/payWays';
import { ManualDepositService } from './modules/bankDeposits/service';
import { betRoutes } from './modules/bets/routes';
import { BetService } from './modules/bets/service';
import { depositRoutes } from './modules/deposits/routes';
import { DepositService } from './modules/deposits/service';
import { devRoutes } from './modules/dev/routes';
import { kycRoutes } from './modules/kyc/routes';
import { deleteExpiredImages } from './modules/kyc/retention';
import { KycService, type Places } from './modules/kyc/service';
import { KycReviewInbox, kycWebhookRoute } from './modules/kyc/webhooks';
import { messageRoutes } from './modules/messages/routes';
import { paymentAccountRoutes } from './modules/paymentAccounts/routes';
import { PaymentAccountService } from './modules/paymentAccounts/service';
import { recordRoutes } from './modules/records/routes';
import { RecordService } from './modules/records/service';
import { type PaymentsOptions, registerPayments } from './modules/payments';
import { sendMessage, welcome } from './modules/messages/service';
import { Reconciler } from './modules/reconciliation/service';
import { agentDeposits, checkoutDeposits } from './modules/reconciliation/sources';
import { mailWebhookRoutes, securityRoutes } from './modules/security/routes';
import { SecurityService } from './modules/security/service';
import { siteInfoOf, siteRoutes } from './modules/site/routes';
import { fileSiteSettings } from './modules/site/settings';
import type { CasinoWalletApi } from './modules/casinoWallet/api';
import { registerGames } from './modules/games';
import { gameRoutes } from './modules/games/routes';
import type { GameProvider } from './providers/games/types';
import { saveChat } from './modules/sports/repository';
import { sportsRoutes } from './modules/sports/routes';
import { SportsService } from './modules/sports/service';
import { stats } from './modules/stats';
import { voucherRoutes } from './modules/vouchers/routes';
import { VOUCHER_PAY_TYPE, VoucherService } from './modules/vouchers/service';
import { walletRoutes } from './modules/wallet/routes';
import { WALLET_TRANSFER_JOB_MS, WalletService } from './modules/wallet/service';
import { WithdrawPasswords } from './modules/withdrawals/password';
import { withdrawalRoutes } from './modules/withdrawals/routes';
import { registerAgentCashOut } from './modules/withdrawals/agentCashOut';
import { reconcilePayouts } from './modules/withdrawals/reconcile';
import { WITHDRAWAL_RESUME_MS, WithdrawalService } from './modules/withdrawals/service';
import { contractPlugin } from './plugins/contract';
import { healthPlugin } from './plugins/health';
import { exactPaths, routeOf } from './plugins/exactPaths';
import { answerNotFound } from './plugins/notFound';
import { securityHeaders } from './plugins/securityHeaders';
import { staticPlugin } from './plugins/static';
import { agentNetworkSimulator } from './providers/agents/cashIn';
import { FeedKeeper } from './providers/feed/keeper';
import { type KycVendorContext, registerKycVendor } from './providers/kyc';
import { type GameProviderContext, registerGameProvider } from './providers/games';
import { postgresFeedStore } from './providers/feed/postgresStore';
import type { FeedOptions, FeedProvider } from './providers/feed/types';
import { type GameWalletProvider, simulatedGameWallet } from './providers/gameWallet';
import { mailApiSecret } from './providers/mail/api';
import { mailApiClient } from './providers/mail/client';
import { mailSimulator } from './providers/mail/simulator';
import { outboxMail, outboxSms } from './providers/messaging';
import { LeaderLease } from './lib/jobs';
import { SharedFeed } from './providers/feed/shared';
import { PlayerEvents } from './realtime/bus';
import { FEED_EXCHANGE, feedChannel } from './realtime/feedLink';
import { PLAYER_EXCHANGE, playerEventsTransport } from './realtime/playerLink';
import { InstanceLink } from './realtime/rabbit';
import { TOPIC_EXCHANGE, crossInstanceTopics } from './realtime/topicLink';
import type { Broker } from './realtime/stomp/broker';
import { realtime } from './realtime/plugin';
import type { EmbeddedBroker } from './realtime/stomp/broker';

export interface AppOptions {
  logger?: boolean;
  /** An open database (tests share one template); otherwise the config decides (PGlite or DATABASE_URL). */
  database?: DatabaseHandle;
  gameWallet?: GameWalletProvider;
  /** Proof-of-work range of the captcha; tests use a tiny one. */
  captchaDifficulty?: { min: number; max: number };
  /** Requests per minute per address on the API (default 600). */
  ipCallsPerMinute?: number;
  /** Webhook requests per minute per address (default 1,200): a flood of forged ones is cut off. */
  webhookCallsPerMinute?: number;
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
  /** The payments core: `run: false` leaves its shared jobs still until a test calls app.payments.jobs.tick(). */
  payments?: PaymentsOptions;
  /** Identity verification: the eKYC vendor and the PSGC places the form's province and city must name. */
  kyc?: { places?: Places };
  /** The eKYC vendor simulator: where its review webhooks go (tests record them) and how they are spread. */
  kycVendor?: Pick<KycVendorContext, 'send' | 'delivery' | 'env'>;
  /** The game provider simulator: how it reaches the seamless wallet (tests put a fake operator there). */
  gameProvider?: Pick<GameProviderContext, 'operatorTransport' | 'abandonAfterMs'>;
  /**
   * The casino wallet (issue 13): tests hand it their own game provider and its public key (over the
   * app's), and shorter session or transfer timeouts.
   */
  casinoWallet?: Partial<Pick<CasinoWalletOptions, 'session' | 'transferTimeoutMs' | 'platformMaintenance'>> & {
    provider?: ReturnType<CasinoWalletOptions['provider']>;
    providerPublicKey?: string;
  };
  /** The casino (tests): a game provider (null: none configured) and a casino wallet instead of the app's own. */
  games?: { provider?: GameProvider | null; casinoWallet?: CasinoWalletApi };
}

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    playerEvents: PlayerEvents;
    feed: FeedProvider;
    broker: EmbeddedBroker;
    bets: BetService;
    withdrawals: WithdrawalService;
    deposits: DepositService;
    /** Compares the providers' records with our orders and the ledger (a job runs it; tests call it). */
    reconciliation: Reconciler;
    kyc: KycService;
    /** Several instances (BROKER_URL with DATABASE_URL): the RabbitMQ link and the feed's lease; undefined on one. */
    cluster: Cluster | undefined;
  }
}

/** What an instance among several holds (docs/architecture.md "Several instances"). */
export interface Cluster {
  /** RabbitMQ between the instances; `connected` is part of readiness. */
  link: InstanceLink;
  /** Who runs the feed (and the jobs that go with it: settlement, the restart rule, overdue live tickets). */
  feedLease: LeaderLease;
  /** The feed, when the simulator runs (undefined when a caller hands its own feed). */
  feed: SharedFeed | undefined;
  /** Publishes a topic message to the sockets of every instance (jackpot, chat); the rest is app.broker. */
  topics: Broker | undefined;
}

/**
 * Several instances: with BROKER_URL on PostgreSQL, this instance links to the others through RabbitMQ
 * (the feed's ops and player events) and takes part in the feed's leadership. Undefined on one instance.
 */
async function openCluster(
  app: FastifyInstance,
  config: ServerConfig,
  database: DatabaseHandle,
): Promise<Omit<Cluster, 'feed' | 'topics'> | undefined> {
  if (!config.brokerUrl) return undefined;
  if (database.kind !== 'postgres') {
    app.log.warn(
      'BROKER_URL is set but the database is the embedded one: it serves one instance, so RabbitMQ is not used (set DATABASE_URL)',
    );
    return undefined;
  }
  const link = new InstanceLink({ url: config.brokerUrl, exchanges: [FEED_EXCHANGE, PLAYER_EXCHANGE, TOPIC_EXCHANGE], log: app.log });
  await link.start();
  // Closed late: onClose hooks run in reverse order of registration, and the feed's leader hands over first.
  app.addHook('onClose', () => link.close());
  return { link, feedLease: new LeaderLease({ db: database.db, name: 'feed', log: app.log }) };
}

/** A live ticket still waiting this long after its time is decided by the feed's leader (its instance died). */
const OVERDUE_GRACE_MS = 2_000;

const isWebhook = (url: string) => url.startsWith('/webhooks/');

function createFastify(config: ServerConfig, options: AppOptions): FastifyInstance {
  return Fastify({
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
}

/**
 * The odds feed: the caller's, or the simulator, which resumes its stored state, so a restart keeps
 * every match, price and open bet's event (the keeper runs it and stores it).
 */
async function openFeed(
  app: FastifyInstance,
  config: ServerConfig,
  options: AppOptions,
  db: Database,
  cluster?: Omit<Cluster, 'feed' | 'topics'>,
): Promise<{ feed: FeedProvider; keeper?: FeedKeeper; shared?: SharedFeed }> {
  if (options.feed) return { feed: options.feed };
  if (cluster) {
    // One feed for every instance: the lease's holder runs it, the others replay its ops (shared.ts).
    const shared = await SharedFeed.open({
      feed: { ...config.feed, now: () => Date.now(), ...options.simulator?.feed },
      store: postgresFeedStore(db, `${hostname()}:${process.pid}`),
      channel: feedChannel(cluster.link),
      lease: cluster.feedLease,
      log: app.log,
      run: options.simulator?.run ?? true,
    });
    return { feed: shared, shared };
  }
  const keeper = await FeedKeeper.open({
    feed: { ...config.feed, now: () => Date.now(), ...options.simulator?.feed },
    store: postgresFeedStore(db, `${hostname()}:${process.pid}`),
    log: app.log,
    run: options.simulator?.run ?? true,
  });
  return { feed: keeper.feed, keeper };
}

/**
 * Builds the server: the call contract, the domain modules (each registers its calls under the
 * contract's prefixes), the realtime side, the development routes outside production, and the PWA
 * itself. One origin, one port.
 */
export async function buildApp(config: ServerConfig, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = createFastify(config, options);
  // A route answers only to its own spelling: before any limit counts a request or any handler runs.
  exactPaths(app);

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
  const cluster = await openCluster(app, config, database);
  if (cluster) events.crossInstances(playerEventsTransport(cluster.link));
  await seed(db, events, { demo: config.seedDemo });
  // /healthz and /readyz for the balancer; app.readiness.add(name, check) adds what readiness needs.
  await app.register(healthPlugin, { db });
  if (cluster) app.readiness.add('broker', () => cluster.link.connected);

  if (options.viteDev && config.production) throw new Error('the development server (npm run dev) does not run with NODE_ENV=production');
  // Vite is a development dependency: a production start never loads it.
  const viteDev = options.viteDev ? await import('./plugins/viteDev') : undefined;
  await app.register(securityHeaders, {
    frameAncestors: config.frameAncestors,
    frameSources: config.gameProvider ? [new URL(config.gameProvider.url).origin] : [],
    development: options.viteDev === true,
  });

  const cipher = fieldCipher(config.secrets.rsaPrivateKey);
  const policy = { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs, events };
  const sms = outboxSms(db);
  const clock = options.clock ?? Date.now;
  // Mail goes through the transactional-mail API; outside production its simulator answers it in
  // process and writes to the development outbox (server/providers/mail).
  const mailSecret = mailApiSecret(config.secrets.captchaKeySecret);
  const mail = config.production
    ? outboxMail(db)
    : mailApiClient({
        secret: mailSecret,
        from: 'Panalo <no-reply@panalo.ph>',
        now: clock,
        transport: async ({ path, headers, body }) => {
          const answer = await app.inject({ method: 'POST', url: `/sim/mail${path}`, headers, payload: body });
          return { status: answer.statusCode, body: answer.body };
        },
      });
  const passwordGuard = new PasswordGuard(
    db,
    { ...DEFAULT_LOCKOUT, failures: config.loginLockFailures, lockMs: config.loginLockMs },
    clock,
  );

  const sharedRateLimits = options.sharedRateLimits ?? database.kind === 'postgres';
  await app.register(rateLimit, {
    global: true,
    // The calls, and the providers' webhooks (refused ones are stored, so a flood must not fill the
    // disk): each its own budget per address, the webhooks' larger since a provider sends in bursts.
    // Each decided by the route the router runs, never by the address as written (exactPaths).
    max: (request) => (isWebhook(routeOf(request)) ? (options.webhookCallsPerMinute ?? 1_200) : (options.ipCallsPerMinute ?? 600)),
    keyGenerator: (request) => (isWebhook(routeOf(request)) ? `webhook:${request.ip}` : request.ip),
    timeWindow: '1 minute',
    allowList: (request) => !routeOf(request).startsWith('/api/') && !isWebhook(routeOf(request)),
    ...(sharedRateLimits ? { store: postgresRateLimitStore(db) } : {}),
  });
  await app.register(contractPlugin, {
    appKey: config.appKey,
    cipher,
    sessions: sessionResolver(db, policy),
    accountCallsPerMinute: options.accountCallsPerMinute ?? 300,
    checkAnswers: !config.production,
  });

  const settings = fileSiteSettings(config.dataDir, app.log);
  await app.register(siteRoutes, { settings });
  await app.register(authRoutes, {
    db,
    secrets: config.secrets,
    cipher,
    sms,
    policy,
    captchaDifficulty: options.captchaDifficulty ?? { min: 3_000, max: 12_000 },
    onRegistered: (customerId) => welcome(db, events, customerId),
    // The stats module (registered below, with the job runner) keeps where each account came from.
    recordAttribution: (tx, customerId, source) => app.stats.recordRegistration(tx, customerId, source),
    passwordGuard,
    notifyOwner: async (customerId, title, body) => {
      await sendMessage(db, events, { customerId, type: 1, title, body });
    },
    now: clock,
  });
  await app.register(securityRoutes, {
    service: new SecurityService({ db, codeSecret: config.secrets.captchaKeySecret, sms, mail, policy, passwordGuard, now: clock }),
  });
  await app.register(mailWebhookRoutes, { db, secret: mailSecret, now: clock });
  if (!config.production) {
    await app.register(mailSimulator, {
      db,
      secret: mailSecret,
      now: clock,
      log: app.log,
      deliverEvent: async ({ headers, body }) =>
        (await app.inject({ method: 'POST', url: '/webhooks/mail', headers, payload: body })).statusCode,
    });
  }
  await app.register(accountRoutes, {
    db,
    service: new AccountService({ db, policy, codeSecret: config.secrets.captchaKeySecret, sms, mail }),
  });
  const wallet = new WalletService({ db, gameWallet: options.gameWallet ?? simulatedGameWallet({ latencyMs: 400 }), events });
  await app.register(walletRoutes, { service: wallet });
  await app.register(messageRoutes, { db });
  // The payments core (app.payments): providers or their simulators, webhook routes, shared jobs.
  const payments = await registerPayments(app, { config, db, clock, options: options.payments });
  // Shared jobs of the modules registered before the job runner: each on one instance (issue 15 goal 2).
  if (sharedRateLimits) payments.addJob('rate-limit-sweep', RATE_LIMIT_SWEEP_MS, () => sweepRateLimits(db));
  payments.addJob('login-guard-sweep', LOGIN_GUARD_SWEEP_MS, (now) => passwordGuard.sweep(now));
  payments.addJob('wallet-transfers', WALLET_TRANSFER_JOB_MS, (now) => wallet.resumePendingTransfers(now));
  // Statistics, attribution and experiments (issue 39): a plugin that wires itself (server/modules/stats).
  await app.register(stats, {
    appKey: config.appKey,
    secret: config.secrets.captchaKeySecret,
    sessions: sessionResolver(db, policy),
    clock,
    production: config.production,
  });
  // One turnover rule: what queryPayWays tells the player is what withdrawals enforce (config.withdraw).
  const depositConfig = { ...config.payments, turnoverPercent: config.withdraw.turnoverPercent };
  const deposits = new DepositService({ db, events, payments, config: depositConfig, log: app.log });
  app.decorate('deposits', deposits);
  await app.register(depositRoutes, { service: deposits });
  const vouchers = new VoucherService({ db, events, clock });
  await app.register(voucherRoutes, { service: vouchers });
  // The agent network is a simulator, there with the payment simulators (development and tests):
  // production has none until one is contracted. Nor does production ever use the demo bank accounts.
  const manualSettings =
    config.production && config.manualDeposits.demoBanks ? { ...config.manualDeposits, banks: [] } : config.manualDeposits;
  const agentSecret = manualSettings.agentCallbackSecret;
  const agents = payments.simulators
    ? agentNetworkSimulator({
        db,
        secret: agentSecret,
        send: async ({ headers, body }) =>
          (
            await app.inject({
              method: 'POST',
              url: '/webhooks/agent/cash-in',
              headers: { 'content-type': 'application/json', ...headers },
              payload: body,
            })
          ).statusCode,
      })
    : undefined;
  const manualDeposits = new ManualDepositService({
    db,
    events,
    settings: manualSettings,
    agents,
    // A bank transfer needs no provider: only the operator's outage switch (kept by the simulators) closes it.
    bankAvailable: async () => !payments.simulators || (await payments.available('bank')),
    clock,
  });
  await app.register(bankDepositRoutes, { service: manualDeposits, agentSecret, clock });
  const presets = { amountList: config.payments.depositPresets, firstAmountList: config.payments.firstDepositPresets };
  payments.payWays.register(async () => bankPayType(manualSettings, await manualDeposits.bankAvailable(), presets), 20);
  if (agents) payments.payWays.register(async () => agentPayType(manualSettings, presets), 30);
  payments.payWays.register(async () => [VOUCHER_PAY_TYPE], 40);
  payments.addJob('manual-deposits', 30_000, async (now) => ({
    expired: await manualDeposits.expireDue(now),
    callbacks: agents ? await agents.deliverDue(now) : 0,
  }));

  // Withdrawals, payment accounts, the withdrawal password and the records.
  const agent = await registerAgentCashOut(app, { db, secret: config.secrets.captchaKeySecret });
  const paymentAccounts = new PaymentAccountService({
    db,
    cipher: atRestCipher(config.secrets.rsaPrivateKey, 'payment-accounts'),
    maxPerType: config.withdraw.maxAccountsPerType,
    now: clock,
  });
  const withdrawPasswords = new WithdrawPasswords({
    db,
    codeSecret: config.secrets.captchaKeySecret,
    // Counted like login passwords, in the same table under withdraw:<id> keys (see password.ts).
    guard: new PasswordGuard(
      db,
      { ...DEFAULT_LOCKOUT, failures: config.withdraw.passwordFailures, lockMs: config.withdraw.passwordLockMs },
      clock,
    ),
    sendSms: (phone, text) => sms.send(phone, text),
    now: clock,
  });
  const withdrawals = new WithdrawalService({
    db,
    events,
    config: config.withdraw,
    accounts: paymentAccounts,
    passwords: withdrawPasswords,
    payouts: () => ({ xendit: app.payments.payouts, agent }),
    available: (channel) => app.payments.available(channel),
    now: clock,
    log: app.log,
  });
  app.decorate('withdrawals', withdrawals);
  app.payments.onPayoutEvent((tx, event) => withdrawals.onPayoutEvent(tx, event));
  // Payouts not asked yet are asked (again, with the same key); late ones are looked up.
  app.payments.addJob('withdrawal-payouts', WITHDRAWAL_RESUME_MS, () => withdrawals.resume());
  await app.register(paymentAccountRoutes, { service: paymentAccounts });
  await app.register(withdrawalRoutes, { service: withdrawals, passwords: withdrawPasswords, accounts: paymentAccounts });
  await app.register(recordRoutes, { service: new RecordService({ db }), withdrawals });

  // The casino's wallet (issue 13): the sessions launches open, the provider's signed wallet calls,
  // the game records and transfers to transfer-wallet platforms (the provider is asked at each use).
  const casino = await registerCasinoWallet(app, {
    db,
    events,
    clock,
    provider: () => options.casinoWallet?.provider ?? app.gameProvider.provider,
    providerPublicKey: () => options.casinoWallet?.providerPublicKey ?? app.gameProvider.providerPublicKey,
    session: options.casinoWallet?.session ?? config.casinoSession,
    transferTimeoutMs: options.casinoWallet?.transferTimeoutMs,
    platformMaintenance:
      options.casinoWallet?.platformMaintenance ?? ((platformCode) => settings.read().games.maintenance.includes(platformCode)),
  });
  await app.register(casinoWalletRoutes, { records: casino.records, transfers: casino.transfers });

  // The eKYC vendor (server/providers/kyc): configured by KYC_* variables, else the simulator and its
  // /sim/kyc pages outside production, else always 'vendor down'.
  app.decorate('kycVendor', await registerKycVendor(app, { config, db, clock, ...options.kycVendor }));

  // Identity verification: the calls, the deadline and face-check rules of bets, deposits and
  // withdrawals (call requirements), the vendor's review webhooks and the images' retention.
  const kycCipher = atRestCipher(config.secrets.rsaPrivateKey, 'kyc');
  const kycVendor = app.kycVendor.vendor;
  const kyc = new KycService({
    db,
    events,
    vendor: kycVendor,
    settings,
    config: config.kyc,
    cipher: kycCipher,
    places: options.kyc?.places ?? { validCity },
    sms,
    clock,
    log: app.log,
  });
  app.decorate('kyc', kyc);
  await app.register(kycRoutes, { db, service: kyc, sessions: sessionResolver(db, policy), cipher: kycCipher });
  const kycInbox = new KycReviewInbox(db, app.log, (customerId, decision, reason) => kyc.tell(customerId, decision, reason));
  await app.register(kycWebhookRoute, { inbox: kycInbox, vendor: kycVendor });
  payments.addJob('kyc-review-inbox', 30_000, (now) => kycInbox.retryUnhandled(now));
  payments.addJob('kyc-image-retention', 3_600_000, (now) => deleteExpiredImages(db, now, config.kyc));

  // The casino's game provider (server/providers/games): configured by GAME_PROVIDER_* variables, else the
  // simulator (its signed API, game pages under /sim/games) outside production, else none.
  app.decorate('gameProvider', await registerGameProvider(app, { config, db, clock, ...options.gameProvider }));

  // Reconciliation: every provider's records against our orders and the ledger, by the leader.
  const reconciliation = new Reconciler({
    db,
    log: app.log,
    sources: payments.simulators ? [checkoutDeposits(db), ...(agents ? [agentDeposits(agents)] : [])] : [],
    // Withdrawals: the payout providers' records against our withdrawal orders and the ledger.
    otherChecks: [(from) => reconcilePayouts({ db, providers: { xendit: payments.payouts, agent }, since: from, now: clock() })],
    windowMs: manualSettings.reconcileWindowMs,
  });
  app.decorate('reconciliation', reconciliation);
  payments.addJob('reconciliation', manualSettings.reconcileEveryMs, (now) => reconciliation.run(now));

  const { feed, keeper, shared } = await openFeed(app, config, options, db, cluster);
  app.decorate('feed', feed);
  const broker = await realtime(app, {
    feed,
    events,
    heartbeatMs: options.heartbeatMs ?? 10_000,
    authenticate: socketPlayer(db, sessionResolver(db, policy)),
    onChat: (message, customerId) => saveChat(db, message, customerId),
    // Several instances: chat lines reach every instance's sockets (app.cluster.topics, set below).
    publishChat: (destination, body) => (app.cluster?.topics ?? app.broker).publish(destination, body),
    endedSessions: (sessionIds) => endedSessions(db, policy, sessionIds),
    sessionEndedNotice,
    sessionRecheckMs: options.sessionRecheckMs ?? 1_000,
    sessionCheckBatch: SESSION_CHECK_BATCH,
    otherSocketPaths: viteDev ? [viteDev.HMR_PATH] : [],
  });
  app.decorate('broker', broker);
  // Several instances: what one instance publishes for everyone's sockets crosses through RabbitMQ.
  const topics = cluster ? crossInstanceTopics(broker, cluster.link) : undefined;
  app.decorate('cluster', cluster && { ...cluster, feed: shared, topics });
  // A follower whose copy of the feed is not in step with the leader's would answer old prices.
  if (shared) app.readiness.add('feed', () => shared.current);
  // The casino's games module: catalogue, static game lists, launches, likes, history, jackpot publisher.
  // The provider and casino wallet are asked at each use (their modules decorate app.gameProvider and
  // app.casinoWallet; a test may hand its own).
  const games = await registerGames(app, {
    db,
    settings,
    provider: () => (options.games && 'provider' in options.games ? (options.games.provider ?? null) : app.gameProvider.provider),
    casinoWallet: () => options.games?.casinoWallet ?? app.casinoWallet,
    bonusBalance: (customerId) => wallet.bonusBalance(customerId),
    broker: () => topics ?? app.broker,
    clock,
  });
  await app.register(gameRoutes, { service: games });
  await app.register(sportsRoutes, { db, service: new SportsService(feed), settings });
  const bets = new BetService({
    db,
    feed,
    acceptDelayMs: options.betAcceptDelayMs ?? 3_000,
    // Both player events, a ticket's change and the balance's, go out on the one bus.
    publishBet: (customerId, push) => events.publish({ type: 'bet', customerId, push }),
    onBalanceChange: (customerId) => events.publish({ type: 'balance', customerId }),
    log: app.log,
    reconcileOnStart: !cluster,
  });
  app.decorate('bets', bets);
  await app.register(betRoutes, { db, feed, service: bets });
  app.addHook('onReady', async () => bets.start());
  // Registered after the database's own onClose, so it runs first (onClose hooks run in reverse).
  app.addHook('onClose', async () => bets.stop());
  // After bets.start, which settles what the stored results allow, so the catch-up's results find it listening.
  if (keeper) {
    app.addHook('onReady', async () => keeper.start());
    app.addHook('onClose', async () => keeper.stop());
  }
  if (cluster) {
    // The feed's leader settles (its feed's results), applies the restart rule once against the one
    // feed, and decides live tickets an instance that died left waiting.
    let overdue: NodeJS.Timeout | undefined;
    cluster.feedLease.onGained(async () => {
      if (!shared) await bets.reconcileAndLog();
    });
    shared?.onRole(async (role) => {
      clearInterval(overdue);
      if (role !== 'leader') return;
      await bets.reconcileAndLog();
      overdue = setInterval(() => {
        bets
          .decideOverdue(OVERDUE_GRACE_MS)
          .catch((error: unknown) => app.log.error({ err: error }, 'bets: deciding overdue live tickets failed'));
      }, 1_000);
      overdue.unref();
    });
    app.addHook('onReady', async () => cluster.feedLease.start());
    // The leader stores the feed's last state, then lets go of the lease, so another leads at once.
    app.addHook('onClose', async () => {
      clearInterval(overdue);
      await shared?.close();
      await cluster.feedLease.release();
    });
  }

  if (!config.production) {
    await app.register(devRoutes, {
      db,
      feed,
      broker,
      betsIdle: () => bets.idle(),
      vouchers,
      deposits: manualDeposits,
      agents,
      clock,
      reconciliation,
    });
  }
  if (viteDev) await app.register(viteDev.viteDevPlugin, { appKey: config.appKey, dataDir: config.dataDir });
  else
    await app.register(staticPlugin, { distDir: config.distDir, appKey: config.appKey, siteInfo: () => siteInfoOf(settings.read(), '') });

  answerNotFound(app);
  return app;
}
