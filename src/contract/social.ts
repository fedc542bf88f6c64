import * as z from 'zod/mini';
import { registerSchema } from './forms';
import type { LoginResult } from './auth';

/**
 * Social login (issue 36, spec §7): Google and Apple as OpenID Connect providers. Our server starts the
 * authorization (state, nonce and PKCE verifier kept in the database), the provider sends the player back
 * to /googleloginredirect with a code, our server exchanges it and verifies the ID token, then logs in a
 * bound player or binds the identity to an account: the logged-in player's, or one proved by an SMS code
 * to its number (a new number opens an account, 21+ as registration). Every call is prefix 'main'.
 */
export const SOCIAL_PROVIDERS = ['google', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const SocialCall = {
  /** Public: where to send the player to sign in (the provider's authorization URL, state kept on our server). */
  start: 'auth/socialStart',
  /** Public: Google's callback (code + state) exchanged and its ID token verified: logged in, or what binding needs. */
  google: 'userAuth/getUserInfoFromGoogle',
  /** Public: the same for Apple. */
  apple: 'auth/appleAuth',
  /** Player: which outside accounts (Google, Apple, Maya) this account is bound to. */
  checkBind: 'auth/checkBindV4',
  /** Public: a number for the identity to bind to: its account's number masked, and an SMS code sent to it. */
  verifyPhoneMask: 'userAuth/verifyPhoneMask',
  /** Public or player: binds the verified identity (to the session's player, or to the number the code proves). */
  createBind: 'auth/createBind',
  /** Player: copies the name and e-mail a bound provider gave into the profile, where the profile has none. */
  updateUserInfo: 'userAuth/updateUserInfo',
} as const;

/** The redirect URI registered with both providers (spec §2 /googleloginredirect). */
export const SOCIAL_REDIRECT_PATH = '/googleloginredirect';

const provider = z.enum(SOCIAL_PROVIDERS);
const opaque = z.string().check(z.minLength(8), z.maxLength(512), z.regex(/^[\w.~-]+$/));
/** A bind ticket: what a verified ID token left on our server, spent by createBind. */
const bindTicket = z.string().check(z.minLength(16), z.maxLength(200), z.regex(/^[\w-]+$/));

export const SocialBody = {
  start: z.object({
    provider,
    /** Where the player goes after logging in: one of the app's own paths. */
    returnTo: z.optional(z.string().check(z.regex(/^\/[\w\-/?=&%.]{0,200}$/))),
  }),
  callback: z.object({
    code: opaque,
    state: opaque,
    /** RFC 9207: the issuer that sent the player back (checked when present). */
    iss: z.optional(z.string().check(z.maxLength(300))),
  }),
  checkBind: z.object({}),
  verifyPhoneMask: z.object({ bindTicket, phone: registerSchema.shape.phone }),
  createBind: z.object({
    bindTicket,
    /** Not logged in: the number and its code prove the account (or open one). */
    phone: z.optional(registerSchema.shape.phone),
    code: z.optional(registerSchema.shape.code),
    /** A new number: the 21+ rule and the terms, as registration. */
    birthday: z.optional(registerSchema.shape.birthday),
    agree: z.optional(z.boolean()),
  }),
  updateUserInfo: z.object({ provider }),
};

export interface SocialStartAnswer {
  /** The provider's authorization page (absolute, or a path on this site for the simulator). */
  url: string;
}

/** What a verified identity needs before it logs in: a binding. */
export interface NeedBind {
  status: 'needBind';
  provider: SocialProvider;
  /** Spent by createBind (≤ 10 minutes, once). */
  bindTicket: string;
  /** What the provider says, to show the player which account they chose. */
  email: string;
  name: string;
  /** Logged in already: this account's number, masked; the player confirms the binding. */
  account: { mobile: string; loginName: string } | null;
}

export type SocialCallbackAnswer = ({ status: 'loggedIn'; returnTo: string } & LoginResult) | (NeedBind & { returnTo: string });

export interface PhoneMaskAnswer {
  /** Whether this number has an account (binding) or not (a new account: birthday and terms). */
  registered: boolean;
  /** The number the code went to, masked. */
  mobile: string;
  waitSeconds: number;
}

export interface BindingsAnswer {
  google: { bound: boolean; email: string };
  apple: { bound: boolean; email: string };
  maya: { bound: boolean; mobile: string };
}

export interface CreateBindAnswer {
  provider: SocialProvider;
  email: string;
  /** Not logged in before: the session the binding opened (the proved or new account). */
  login: LoginResult | null;
}
