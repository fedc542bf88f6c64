import { api } from '../../api/instance';
import { StorageKey } from '../../contract/storageKeys';
import {
  SOCIAL_PROVIDERS,
  SocialCall,
  type CreateBindAnswer,
  type PhoneMaskAnswer,
  type SocialCallbackAnswer,
  type SocialProvider,
  type SocialStartAnswer,
} from '../../contract/social';
import { session } from '../../lib/storage';

/** Social login's calls (src/contract/social.ts); the phone is encrypted by the API client. */

/** Starts a sign-in: the server keeps its state, nonce and PKCE verifier; the browser goes to the provider. */
export async function startSocialLogin(provider: SocialProvider, returnTo: string): Promise<void> {
  const { url } = await api.call<SocialStartAnswer>('main', SocialCall.start, { provider, returnTo });
  session.set(StorageKey.socialProvider, provider);
  window.location.assign(url);
}

/** Which provider this tab's sign-in went to (the callback page answers the matching call). */
export function startedProvider(): SocialProvider {
  const kept = session.get<string>(StorageKey.socialProvider, 'google');
  return SOCIAL_PROVIDERS.find((provider) => provider === kept) ?? 'google';
}

const inFlight = new Map<string, Promise<SocialCallbackAnswer>>();

/** The provider's answer, sent once per state (a second render asks the same promise, not the server again). */
export function finishSocialLogin(provider: SocialProvider, query: { code: string; state: string; iss?: string | undefined }) {
  let pending = inFlight.get(query.state);
  if (!pending) {
    pending = api.call<SocialCallbackAnswer>('main', provider === 'google' ? SocialCall.google : SocialCall.apple, query, { quiet: true });
    inFlight.set(query.state, pending);
  }
  return pending;
}

export function verifyPhoneMask(bindTicket: string, phone: string) {
  return api.call<PhoneMaskAnswer>('main', SocialCall.verifyPhoneMask, { bindTicket, phone });
}

export function createBind(body: { bindTicket: string; phone?: string; code?: string; birthday?: string; agree?: boolean }) {
  return api.call<CreateBindAnswer>('main', SocialCall.createBind, body);
}
