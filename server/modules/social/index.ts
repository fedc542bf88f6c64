import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type * as client from 'openid-client';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../../src/contract/social';
import { OIDC_SIM_CLIENTS, OIDC_SIM_PATH, oidcSimulator } from '../../providers/oidc/simulator';
import { linksOf } from '../partners';
import { type OidcProvider, OidcClients } from './oidc';
import { socialRoutes } from './routes';
import { SocialService } from './service';
import { oidcSimRoutes } from './simRoutes';

/**
 * Social login (issue 36): Google and Apple through our OpenID Connect client. A provider configured in
 * server/config/social.ts is the real one; outside production an unconfigured one is the simulator on
 * /sim/oidc/<provider>, reached in process by our client (its pages by the player's browser). In
 * production no simulator is registered and an unconfigured provider is refused.
 */
export const social = fp(
  async (app: FastifyInstance) => {
    const { config, clock } = app;
    const providers: Partial<Record<SocialProvider, OidcProvider>> = {};
    for (const provider of SOCIAL_PROVIDERS) {
      const real = config.social.providers[provider];
      if (real) providers[provider] = { ...real, simulated: false };
    }
    let inProcess: client.CustomFetch | undefined;
    const sims = app.payments.simulators;
    if (sims && !config.production) {
      // The simulated issuer: an identifier (our client reaches it in process), the site's own when known.
      const base = config.payments.publicUrl || 'http://panalo.localhost';
      const issuer = (provider: SocialProvider) => `${base}${OIDC_SIM_PATH}/${provider}`;
      for (const provider of SOCIAL_PROVIDERS)
        providers[provider] ??= { issuer: issuer(provider), ...OIDC_SIM_CLIENTS[provider], simulated: true };
      const simulator = oidcSimulator({ store: sims.store, clock, issuer });
      await app.register(oidcSimRoutes, { simulator });
      inProcess = async (url, options) => {
        const target = new URL(url);
        const answer = await app.inject({
          method: (options.method ?? 'GET') as 'GET' | 'POST',
          url: `${target.pathname}${target.search}`,
          headers: options.headers,
          ...(options.body === undefined || options.body === null ? {} : { payload: String(options.body) }),
        });
        return new Response(answer.statusCode === 204 ? null : answer.body, {
          status: answer.statusCode,
          headers: Object.entries(answer.headers).flatMap(([name, value]) =>
            value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : String(value)] as [string, string]],
          ),
        });
      };
    }
    const service = new SocialService({
      db: app.database.db,
      policy: app.sessions.policy,
      oidc: new OidcClients(providers, { clock, fetch: inProcess }),
      sms: app.sms,
      codeSecret: config.secrets.captchaKeySecret,
      openProvedAccount: (...args) => app.auth.openProvedAccount(...args),
      linksOf: (customerId) => linksOf(app.database.db, customerId),
      publicUrl: config.payments.publicUrl,
      clock,
      log: app.log,
    });
    await app.register(socialRoutes, { service });
  },
  { name: 'social', dependencies: ['core', 'contract', 'sessions', 'auth', 'payments', 'partners', 'messaging'] },
);
