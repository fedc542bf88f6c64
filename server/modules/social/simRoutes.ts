import type { FastifyInstance } from 'fastify';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../../src/contract/social';
import { OIDC_PAGE_CSS, pickerPage, refusedPage } from '../../providers/oidc/page';
import { OIDC_SIM_ACCOUNTS, OIDC_SIM_PATH, SIM_FAULTS, type OidcSimulator, subFor } from '../../providers/oidc/simulator';

const providerOf = (value: string): SocialProvider | undefined => SOCIAL_PROVIDERS.find((provider) => provider === value);
const EMAIL = /^[^\s@<>"']{1,64}@[a-z0-9.-]{1,180}\.[a-z]{2,24}$/i;

/**
 * The OpenID Connect providers' simulator routes (development and tests only, never registered in
 * production): discovery, JWKS, the authorization endpoint's account picker and the token endpoint.
 */
export async function oidcSimRoutes(app: FastifyInstance, options: { simulator: OidcSimulator }) {
  const { simulator } = options;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8_192 }, (_request, body, done) =>
    done(null, body),
  );
  app.get(`${OIDC_SIM_PATH}/sim.css`, (_request, reply) => reply.type('text/css; charset=utf-8').send(OIDC_PAGE_CSS));

  app.get<{ Params: { provider: string } }>(`${OIDC_SIM_PATH}/:provider/.well-known/openid-configuration`, (request, reply) => {
    const provider = providerOf(request.params.provider);
    if (!provider) return reply.status(404).send({ error: 'not_found' });
    return reply.header('Cache-Control', 'public, max-age=300').send(simulator.discovery(provider));
  });

  app.get<{ Params: { provider: string } }>(`${OIDC_SIM_PATH}/:provider/jwks`, async (request, reply) => {
    const provider = providerOf(request.params.provider);
    if (!provider) return reply.status(404).send({ error: 'not_found' });
    return reply.header('Cache-Control', 'public, max-age=300').send(await simulator.jwks(provider));
  });

  app.get<{ Params: { provider: string }; Querystring: Record<string, unknown> }>(
    `${OIDC_SIM_PATH}/:provider/authorize`,
    (request, reply) => {
      const provider = providerOf(request.params.provider);
      if (!provider) return reply.status(404).send('Not found');
      const checked = simulator.checkAuthorize(provider, request.query);
      reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
      if ('error' in checked) return reply.status(400).send(refusedPage(provider, checked.error));
      return reply.send(pickerPage(provider, checked));
    },
  );

  app.post<{ Params: { provider: string } }>(`${OIDC_SIM_PATH}/:provider/authorize`, async (request, reply) => {
    const provider = providerOf(request.params.provider);
    if (!provider) return reply.status(404).send('Not found');
    const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
    const checked = simulator.checkAuthorize(provider, Object.fromEntries(form));
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    if ('error' in checked) return reply.status(400).send(refusedPage(provider, checked.error));
    const chosen = form.get('account') ?? '';
    const email = (form.get('email') ?? '').trim();
    const account =
      chosen === 'new'
        ? EMAIL.test(email)
          ? { sub: subFor(provider, email), email: email.toLowerCase(), name: (form.get('name') ?? '').trim().slice(0, 80) }
          : undefined
        : OIDC_SIM_ACCOUNTS[provider].find((known) => known.sub === chosen);
    if (!account) return reply.status(400).send(refusedPage(provider, 'Enter a valid e-mail address for the other account.'));
    const fault = SIM_FAULTS.find((known) => known === form.get('fault')) ?? 'none';
    return reply.redirect(await simulator.choose(provider, checked, account, fault), 303);
  });

  app.post<{ Params: { provider: string } }>(`${OIDC_SIM_PATH}/:provider/token`, async (request, reply) => {
    const provider = providerOf(request.params.provider);
    if (!provider) return reply.status(404).send({ error: 'not_found' });
    const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
    const answer = await simulator.token(provider, form, request.headers.authorization);
    return reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache').status(answer.status).send(answer.body);
  });
}
