import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import type { AppOptions } from './options';
import { account } from './modules/account';
import { auth, sessions } from './modules/auth';
import { bankDeposits } from './modules/bankDeposits';
import { bets } from './modules/bets';
import { booking } from './modules/booking';
import { push } from './modules/push';
import { campaigns } from './modules/campaigns';
import { casinoWallet } from './modules/casinoWallet';
import { deposits } from './modules/deposits';
import { dev } from './modules/dev';
import { games } from './modules/games';
import { invites } from './modules/invites';
import { kyc } from './modules/kyc';
import { messages } from './modules/messages';
import { news } from './modules/news';
import { partners } from './modules/partners';
import { paymentAccounts } from './modules/paymentAccounts';
import { payments } from './modules/payments';
import { promotions } from './modules/promotions';
import { reconciliation } from './modules/reconciliation';
import { records } from './modules/records';
import { responsibleGaming } from './modules/responsibleGaming';
import { security } from './modules/security';
import { site } from './modules/site';
import { social } from './modules/social';
import { sports } from './modules/sports';
import { stats } from './modules/stats';
import { video } from './modules/video';
import { support } from './modules/support';
import { vouchers } from './modules/vouchers';
import { wallet } from './modules/wallet';
import { withdrawals } from './modules/withdrawals';
import { cluster } from './plugins/cluster';
import { contractPlugin } from './plugins/contract';
import { core } from './plugins/core';
import { exactPaths } from './plugins/exactPaths';
import { healthPlugin } from './plugins/health';
import { createFastify } from './plugins/instance';
import { jobs } from './plugins/jobs';
import { answerNotFound } from './plugins/notFound';
import { rateLimits } from './plugins/rateLimits';
import { seeded } from './plugins/seed';
import { securityHeaders } from './plugins/securityHeaders';
import { staticPlugin } from './plugins/static';
import { feed, feedRun } from './providers/feed';
import { gameProvider } from './providers/games';
import { kycVendor } from './providers/kyc';
import { messaging } from './providers/mail';
import { realtime } from './plugins/realtime';

export type { AppOptions } from './options';

/**
 * The server, as what it is made of (docs/architecture.md "The server"): each part a plugin that wires
 * itself and names the parts it needs. One origin, one port.
 */
export async function buildApp(config: ServerConfig, options: AppOptions = {}): Promise<FastifyInstance> {
  if (options.viteDev && config.production) throw new Error('the development server (npm run dev) does not run with NODE_ENV=production');
  const app = createFastify(config, options);
  // A route answers only to its own spelling: before any limit counts a request or any handler runs.
  exactPaths(app);

  // What everything stands on: configuration, clock, database, player events; health; several instances.
  await app.register(core, { config, database: options.database, clock: options.clock });
  await app.register(healthPlugin);
  await app.register(cluster);
  await app.register(seeded);
  await app.register(jobs, options.jobs ?? {});
  // Vite is a development dependency: a production start never loads it.
  const viteDev = options.viteDev ? await import('./plugins/viteDev') : undefined;
  await app.register(securityHeaders, {
    frameAncestors: config.frameAncestors,
    frameSources: config.gameProvider ? [new URL(config.gameProvider.url).origin] : [],
    development: options.viteDev === true,
  });
  await app.register(rateLimits, options);
  await app.register(sessions);
  await app.register(contractPlugin, {
    appKey: config.appKey,
    cipher: app.fieldCipher,
    sessions: app.sessions.resolver,
    accountCallsPerMinute: options.accountCallsPerMinute ?? 300,
    checkAnswers: !config.production,
  });

  // The domains, each with its calls, services, jobs and providers.
  await app.register(site);
  await app.register(stats);
  await app.register(messaging);
  await app.register(messages);
  // Before every money path (each calls its gate in the money's transaction), auth and kyc.
  await app.register(responsibleGaming);
  await app.register(auth, options);
  await app.register(security);
  await app.register(account);
  await app.register(wallet, options);
  await app.register(payments, options.payments ?? {});
  await app.register(deposits);
  await app.register(partners);
  await app.register(social);
  await app.register(vouchers);
  await app.register(bankDeposits);
  await app.register(paymentAccounts);
  await app.register(promotions);
  await app.register(campaigns);
  await app.register(invites);
  await app.register(withdrawals);
  await app.register(records);
  await app.register(casinoWallet, options.casinoWallet ?? {});
  await app.register(kycVendor, options.kycVendor ?? {});
  await app.register(kyc, options.kyc ?? {});
  await app.register(gameProvider, options.gameProvider ?? {});
  await app.register(reconciliation);
  await app.register(feed, options);
  await app.register(sports);
  await app.register(realtime, { ...options, otherSocketPaths: viteDev ? [viteDev.HMR_PATH] : [] });
  await app.register(games, options.games ?? {});
  await app.register(bets, options);
  await app.register(booking, options.booking ?? {});
  await app.register(push);
  await app.register(video);
  await app.register(news);
  await app.register(support, options.support ?? {});
  await app.register(feedRun);
  await app.register(dev);

  // Last, the page: the build, or for `npm run dev` Vite from the sources; then what nothing else answers.
  if (viteDev) await app.register(viteDev.viteDevPlugin, { appKey: config.appKey, dataDir: config.dataDir });
  else await app.register(staticPlugin, { distDir: config.distDir, appKey: config.appKey, siteInfo: () => app.site.info('') });
  answerNotFound(app);
  return app;
}
