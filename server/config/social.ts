import { SOCIAL_PROVIDERS, type SocialProvider } from '../../src/contract/social';

/**
 * Social login's providers (issue 36): a real OpenID Connect provider when its client id and secret are
 * configured (GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET, APPLE_CLIENT_ID / APPLE_CLIENT_SECRET; the issuer
 * defaults to Google's and Apple's and may be set with GOOGLE_OIDC_ISSUER / APPLE_OIDC_ISSUER). Outside
 * production, a provider with no client id is the simulator on /sim/oidc/<provider>. In production, a
 * provider with no client id is off (its button is not offered).
 */
export interface SocialProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface SocialConfig {
  /** The configured real providers; the others are simulated outside production, off in production. */
  providers: Partial<Record<SocialProvider, SocialProviderSettings>>;
}

const DEFAULT_ISSUERS: Record<SocialProvider, string> = {
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
};

export function socialConfig(env: NodeJS.ProcessEnv): SocialConfig {
  const providers: SocialConfig['providers'] = {};
  for (const provider of SOCIAL_PROVIDERS) {
    const prefix = provider.toUpperCase();
    const clientId = env[`${prefix}_CLIENT_ID`] ?? '';
    if (!clientId) continue;
    const clientSecret = env[`${prefix}_CLIENT_SECRET`] ?? '';
    const issuer = env[`${prefix}_OIDC_ISSUER`] ?? DEFAULT_ISSUERS[provider];
    if (!clientSecret) throw new Error(`${prefix}_CLIENT_ID is set without ${prefix}_CLIENT_SECRET`);
    if (!/^https:\/\/[^\s]+$/.test(issuer)) throw new Error(`${prefix}_OIDC_ISSUER must be an https URL, not ${issuer}`);
    providers[provider] = { issuer, clientId, clientSecret };
  }
  return { providers };
}
