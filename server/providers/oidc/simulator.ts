import { createHash, createPublicKey, createPrivateKey, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, exportJWK, importJWK, type JWK } from 'jose';
import { SOCIAL_REDIRECT_PATH, type SocialProvider } from '../../../src/contract/social';
import { mayaKeyPair } from '../payments/simulators';
import type { SimulatorStore } from '../payments/store';

/**
 * Google and Apple as OpenID Connect providers, simulated (issue 36; development and tests only, never
 * registered in production): discovery, JWKS, an account picker at the authorization endpoint, and a token
 * endpoint that checks the client, the redirect URI and the PKCE verifier, spends each code once (≤ 5
 * minutes) and signs the ID token (RS256) with the provider's key. Codes and keys live in the simulators'
 * store (the database), so any instance answers. The account picker's "tester's trouble" choice makes the
 * provider misbehave the ways a client must refuse: another nonce, an unknown key, another audience, an
 * expired token, another issuer.
 */

export const OIDC_SIM_PATH = '/sim/oidc';
const CODE_TTL_MS = 5 * 60_000;
const TOKEN_TTL_S = 3_600;

export interface OidcSimAccount {
  sub: string;
  email: string;
  name: string;
}

/** The accounts each simulated provider offers on its picker (a tester may add another by e-mail). */
export const OIDC_SIM_ACCOUNTS: Record<SocialProvider, OidcSimAccount[]> = {
  google: [
    { sub: '108640238771094221001', email: 'demo.player@gmail.com', name: 'Demo Player' },
    { sub: '108640238771094221002', email: 'juan.delacruz@gmail.com', name: 'Juan Dela Cruz' },
  ],
  apple: [
    { sub: '001847.4f1c2a9be0d64c0a8d1b7e5e2a6d0c31.0612', email: 'demo.player@icloud.com', name: 'Demo Player' },
    { sub: '001847.9b3e6d2c1a0f4e8b9c7d5a3e1f2b4c6d.0613', email: 'k7m2x9q4pz@privaterelay.appleid.com', name: 'Maria Santos' },
  ],
};

/** The simulated providers' client registrations: our client id and secret at each (never production). */
export const OIDC_SIM_CLIENTS: Record<SocialProvider, { clientId: string; clientSecret: string }> = {
  google: { clientId: 'panalo-dev.apps.googleusercontent.sim', clientSecret: 'sim-google-client-secret-not-for-production' },
  apple: { clientId: 'ph.panalo.web.sim', clientSecret: 'sim-apple-client-secret-not-for-production' },
};

export const SIM_FAULTS = ['none', 'wrongNonce', 'unknownKey', 'otherAudience', 'expired', 'wrongIssuer'] as const;
export type SimFault = (typeof SIM_FAULTS)[number];

export interface OidcSimCode {
  provider: SocialProvider;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string;
  account: OidcSimAccount;
  fault: SimFault;
  expiresAt: number;
  usedAt: number | null;
}

export interface OidcSimKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

/** What the authorization endpoint was asked (checked before the picker shows). */
export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
  scope: string;
}

export type TokenAnswer =
  { status: 200; body: Record<string, unknown> } | { status: 400 | 401; body: { error: string; error_description: string } };

const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

/** A sub for an account a tester adds by e-mail: the same e-mail is always the same account. */
export function subFor(provider: SocialProvider, email: string): string {
  const digest = createHash('sha256').update(`${provider}:${email.toLowerCase()}`).digest('hex');
  return provider === 'google'
    ? `1${BigInt(`0x${digest.slice(0, 15)}`)
        .toString()
        .padStart(20, '0')
        .slice(0, 20)}`
    : `001847.${digest.slice(0, 32)}.0001`;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface OidcSimulator {
  discovery(provider: SocialProvider): Record<string, unknown>;
  jwks(provider: SocialProvider): Promise<{ keys: JWK[] }>;
  /** Why an authorization request is refused (shown on the provider's page), or the request. */
  checkAuthorize(provider: SocialProvider, query: Record<string, unknown>): AuthorizeRequest | { error: string };
  /** The tester chose an account: a code, and where the browser goes with it. */
  choose(provider: SocialProvider, request: AuthorizeRequest, account: OidcSimAccount, fault: SimFault): Promise<string>;
  token(provider: SocialProvider, form: URLSearchParams, authorization: string | undefined): Promise<TokenAnswer>;
}

export function oidcSimulator(options: {
  store: SimulatorStore;
  clock: () => number;
  issuer: (provider: SocialProvider) => string;
}): OidcSimulator {
  const { store, clock, issuer } = options;
  const keys = new Map<string, OidcSimKey>();

  /** The provider's signing key: made once, kept in the store, the same on every instance. */
  async function keyOf(provider: SocialProvider): Promise<OidcSimKey> {
    const known = keys.get(provider);
    if (known) return known;
    const pair = mayaKeyPair();
    const fresh: OidcSimKey = {
      kid: randomBytes(8).toString('hex'),
      privateJwk: await exportJWK(createPrivateKey(pair.privateKeyPem)),
      publicJwk: await exportJWK(createPublicKey(pair.publicKeyPem)),
    };
    const { record } = await store.insert('oidcKey', { id: provider, dueAt: null, data: fresh });
    keys.set(provider, record.data);
    return record.data;
  }

  const failure = (status: 400 | 401, error: string, description: string): TokenAnswer => ({
    status,
    body: { error, error_description: description },
  });

  return {
    discovery(provider) {
      const iss = issuer(provider);
      return {
        issuer: iss,
        authorization_endpoint: `${iss}/authorize`,
        token_endpoint: `${iss}/token`,
        jwks_uri: `${iss}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public', ...(provider === 'apple' ? ['pairwise'] : [])],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'profile', ...(provider === 'apple' ? ['name'] : [])],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        code_challenge_methods_supported: ['S256'],
        claims_supported: ['aud', 'email', 'email_verified', 'exp', 'iat', 'iss', 'name', 'nonce', 'sub'],
      };
    },

    async jwks(provider) {
      const key = await keyOf(provider);
      return { keys: [{ ...key.publicJwk, kid: key.kid, alg: 'RS256', use: 'sig' }] };
    },

    checkAuthorize(provider, query) {
      const text = (name: string) => (typeof query[name] === 'string' ? query[name] : '');
      const client = OIDC_SIM_CLIENTS[provider];
      if (text('client_id') !== client.clientId) return { error: 'The OAuth client was not found (invalid_client).' };
      let redirect: URL;
      try {
        redirect = new URL(text('redirect_uri'));
      } catch {
        return { error: 'The redirect URI is missing or not absolute (redirect_uri_mismatch).' };
      }
      if (redirect.pathname !== SOCIAL_REDIRECT_PATH || redirect.hash !== '')
        return { error: 'The redirect URI is not registered for this client (redirect_uri_mismatch).' };
      if (text('response_type') !== 'code') return { error: 'Only the authorization code flow is supported (unsupported_response_type).' };
      if (!text('scope').split(' ').includes('openid')) return { error: 'The openid scope is required (invalid_scope).' };
      if (text('code_challenge_method') !== 'S256' || !/^[\w-]{43}$/.test(text('code_challenge')))
        return { error: 'A PKCE code challenge (S256) is required (invalid_request).' };
      if (!text('state') || !text('nonce')) return { error: 'state and nonce are required (invalid_request).' };
      return {
        clientId: client.clientId,
        redirectUri: text('redirect_uri'),
        state: text('state'),
        nonce: text('nonce'),
        codeChallenge: text('code_challenge'),
        scope: text('scope'),
      };
    },

    async choose(provider, request, account, fault) {
      const code = token('sc_');
      await store.insert('oidcCode', {
        id: code,
        dueAt: null,
        data: {
          provider,
          clientId: request.clientId,
          redirectUri: request.redirectUri,
          codeChallenge: request.codeChallenge,
          nonce: request.nonce,
          account,
          fault,
          expiresAt: clock() + CODE_TTL_MS,
          usedAt: null,
        },
      });
      const back = new URL(request.redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', request.state);
      back.searchParams.set('iss', issuer(provider));
      return back.toString();
    },

    async token(provider, form, authorization) {
      const client = OIDC_SIM_CLIENTS[provider];
      // client_secret_basic or client_secret_post, as the discovery document says.
      let clientId = form.get('client_id') ?? '';
      let secret = form.get('client_secret') ?? '';
      if (authorization?.startsWith('Basic ')) {
        const [id = '', pass = ''] = Buffer.from(authorization.slice(6), 'base64').toString('utf8').split(':');
        clientId = decodeURIComponent(id);
        secret = decodeURIComponent(pass);
      }
      if (clientId !== client.clientId || !sameSecret(secret, client.clientSecret))
        return failure(401, 'invalid_client', 'The OAuth client was not found or its secret is wrong.');
      if (form.get('grant_type') !== 'authorization_code') return failure(400, 'unsupported_grant_type', 'Only authorization_code.');
      const code = form.get('code') ?? '';
      const now = clock();
      const spent = await store.transaction(async (tx) => {
        const row = code ? await tx.get('oidcCode', code) : undefined;
        if (!row || row.data.provider !== provider || row.data.clientId !== clientId) return 'unknown' as const;
        if (row.data.usedAt !== null) return 'used' as const;
        await tx.put('oidcCode', { ...row, data: { ...row.data, usedAt: now } });
        if (row.data.expiresAt <= now) return 'expired' as const;
        return row.data;
      });
      if (spent === 'unknown') return failure(400, 'invalid_grant', 'Malformed auth code.');
      if (spent === 'used') return failure(400, 'invalid_grant', 'The authorization code was already redeemed.');
      if (spent === 'expired') return failure(400, 'invalid_grant', 'The authorization code has expired.');
      if (form.get('redirect_uri') !== spent.redirectUri) return failure(400, 'invalid_grant', 'Bad redirect_uri.');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!/^[\w.~-]{43,128}$/.test(verifier) || !sameSecret(challenge, spent.codeChallenge))
        return failure(400, 'invalid_grant', 'Invalid code verifier.');

      const key = await keyOf(provider);
      const { fault, account } = spent;
      const signing =
        fault === 'unknownKey' ? { kid: 'unlisted', privateJwk: await exportJWK(createPrivateKey(mayaKeyPair().privateKeyPem)) } : key;
      const iat = Math.floor(now / 1000) - (fault === 'expired' ? 2 * TOKEN_TTL_S : 0);
      const claims: Record<string, unknown> = {
        email: account.email,
        email_verified: true,
        nonce: fault === 'wrongNonce' ? token('n_') : spent.nonce,
        ...(provider === 'google' ? { name: account.name } : {}),
        ...(provider === 'apple' && account.email.endsWith('@privaterelay.appleid.com') ? { is_private_email: true } : {}),
      };
      const idToken = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: signing.kid, typ: 'JWT' })
        .setIssuer(fault === 'wrongIssuer' ? 'https://accounts.example.invalid' : issuer(provider))
        .setSubject(account.sub)
        .setAudience(fault === 'otherAudience' ? 'another-app.apps.googleusercontent.sim' : clientId)
        .setIssuedAt(iat)
        .setExpirationTime(iat + TOKEN_TTL_S)
        .sign(await importJWK(signing.privateJwk, 'RS256'));
      return {
        status: 200,
        body: {
          access_token: token('sa_'),
          token_type: 'Bearer',
          expires_in: TOKEN_TTL_S,
          scope: 'openid email profile',
          id_token: idToken,
        },
      };
    },
  };
}
