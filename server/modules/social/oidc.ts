import * as client from 'openid-client';
import type { SocialProvider } from '../../../src/contract/social';
import type { SocialProviderSettings } from '../../config/social';

/**
 * Our OpenID Connect client (openid-client 6): discovery, the authorization URL with PKCE (S256), state
 * and nonce, and the code exchange, which verifies the ID token: issuer, audience, expiry, nonce, and its
 * signature against the provider's JWKS (enableNonRepudiationChecks). The discovery document is cached in
 * this process (it is the provider's, the same for every instance); nothing of a login is.
 */
export interface OidcProvider extends SocialProviderSettings {
  /** The simulator: reached in process (customFetch), over http, and its pages on our own origin. */
  simulated: boolean;
}

export interface VerifiedIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/** Why a callback was refused, for the log (the player is told in their own words). */
export class OidcRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export class OidcClients {
  private readonly metadata = new Map<SocialProvider, client.ServerMetadata>();

  constructor(
    private readonly providers: Partial<Record<SocialProvider, OidcProvider>>,
    private readonly options: { clock: () => number; fetch?: client.CustomFetch | undefined },
  ) {}

  offers(provider: SocialProvider): boolean {
    return this.providers[provider] !== undefined;
  }

  isSimulated(provider: SocialProvider): boolean {
    return this.providers[provider]?.simulated === true;
  }

  /** A configuration for one login: the cached server metadata, our client, the clock of this server. */
  private async configuration(provider: SocialProvider): Promise<client.Configuration> {
    const settings = this.providers[provider];
    if (!settings) throw new OidcRefused('provider not configured');
    // Positive when the server's clock (tests move it) is ahead of the machine's.
    const skew = Math.round((this.options.clock() - Date.now()) / 1000);
    const metadata: Partial<client.ClientMetadata> = { client_secret: settings.clientSecret, [client.clockSkew]: skew };
    const auth = client.ClientSecretPost(settings.clientSecret);
    let known = this.metadata.get(provider);
    let config: client.Configuration;
    if (known) {
      config = new client.Configuration(known, settings.clientId, metadata, auth);
    } else {
      config = await client.discovery(new URL(settings.issuer), settings.clientId, metadata, auth, {
        ...(this.options.fetch && settings.simulated ? { [client.customFetch]: this.options.fetch } : {}),
        ...(settings.simulated ? { execute: [client.allowInsecureRequests] } : {}),
      });
      known = config.serverMetadata();
      this.metadata.set(provider, known);
    }
    if (settings.simulated) {
      client.allowInsecureRequests(config);
      if (this.options.fetch) config[client.customFetch] = this.options.fetch;
    }
    client.enableNonRepudiationChecks(config);
    return config;
  }

  /** Where the player signs in: the provider's page with our state, nonce and PKCE challenge. */
  async authorizationUrl(
    provider: SocialProvider,
    input: { redirectUri: string; state: string; nonce: string; verifier: string },
  ): Promise<URL> {
    const config = await this.configuration(provider);
    return client.buildAuthorizationUrl(config, {
      redirect_uri: input.redirectUri,
      scope: 'openid email profile',
      state: input.state,
      nonce: input.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(input.verifier),
      code_challenge_method: 'S256',
      ...(provider === 'google' ? { prompt: 'select_account' } : {}),
    });
  }

  /** The callback's code exchanged with the verifier; the ID token checked; who the player is at the provider. */
  async exchange(
    provider: SocialProvider,
    input: { redirectUri: string; code: string; state: string; iss: string | undefined; verifier: string; nonce: string },
  ): Promise<VerifiedIdentity> {
    const config = await this.configuration(provider);
    const current = new URL(input.redirectUri);
    current.searchParams.set('code', input.code);
    current.searchParams.set('state', input.state);
    if (input.iss !== undefined) current.searchParams.set('iss', input.iss);
    let claims: client.IDToken | undefined;
    try {
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: input.verifier,
        expectedState: input.state,
        expectedNonce: input.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      const described = error as { code?: string; error?: string; error_description?: string };
      const detail =
        error instanceof Error
          ? `${described.code ?? error.name}: ${error.message}${described.error ? ` (${described.error}: ${described.error_description ?? ''})` : ''}`
          : String(error);
      throw new OidcRefused(detail);
    }
    if (!claims) throw new OidcRefused('no ID token');
    const email = typeof claims['email'] === 'string' ? claims['email'] : '';
    const name = typeof claims['name'] === 'string' ? claims['name'] : '';
    const verified = claims['email_verified'] === true || claims['email_verified'] === 'true';
    return { sub: claims.sub, email: email.slice(0, 320), emailVerified: verified, name: name.slice(0, 120) };
  }
}
