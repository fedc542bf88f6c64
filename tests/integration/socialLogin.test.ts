import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers, partnerLinks } from '../../server/db/schema';
import type { AppOptions } from '../../server/app';
import { OIDC_SIM_ACCOUNTS } from '../../server/providers/oidc/simulator';
import type { LoginResult } from '../../src/contract/auth';
import { GatewayCode, SpecCode } from '../../src/contract/errorCodes';
import type { BindingsAnswer, CreateBindAnswer, PhoneMaskAnswer, SocialCallbackAnswer, SocialStartAnswer } from '../../src/contract/social';
import { call, encrypt, lastCode, newPhone, registerPlayer, visitorToken } from './player';
import { type TestServer, secondInstance, startServer } from './server';

/**
 * Google and Apple sign-in against the OpenID Connect simulator, on a real server and database: the
 * authorization with state, nonce and PKCE kept in the database (the callback works on a second instance),
 * the ID token verified, and the binding rules: a bound identity logs in, an unbound one binds to the
 * logged-in player, to the account its number's code proves, or opens an account (21+). Each refusal
 * (forged, expired or replayed code, wrong state, another session, wrong nonce, unknown key, another
 * audience, an expired token, another issuer) says so in the player's words and binds nobody.
 */

let now = Date.now();
const clock = () => now;
const appOptions: AppOptions = { clock, jobs: { run: false } };
let server: TestServer;
const DEMO_GOOGLE = OIDC_SIM_ACCOUNTS.google[0]!;

beforeAll(async () => {
  server = await startServer({}, undefined, appOptions);
});
afterAll(async () => server.close());

type Fault = 'none' | 'wrongNonce' | 'unknownKey' | 'otherAudience' | 'expired' | 'wrongIssuer';

/** What the player's browser does: start, open the provider's page, choose an account; answers the callback's query. */
async function signIn(
  token: string,
  options: { provider?: 'google' | 'apple'; account?: string; email?: string; fault?: Fault; target?: TestServer } = {},
): Promise<{ code: string; state: string; iss: string }> {
  const provider = options.provider ?? 'google';
  const started = await call<SocialStartAnswer>(server, 'main', 'auth/socialStart', { provider, returnTo: '/sports' }, { token });
  expect(started.code, started.message).toBe('0000');
  const authorize = new URL(started.data.url, server.url);
  expect(authorize.pathname).toBe(`/sim/oidc/${provider}/authorize`);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  const page = await fetch(authorize);
  expect(page.status).toBe(200);
  const form = new URLSearchParams(authorize.searchParams);
  form.set('account', options.account ?? (options.email ? 'new' : OIDC_SIM_ACCOUNTS[provider][0]!.sub));
  if (options.email) form.set('email', options.email);
  form.set('fault', options.fault ?? 'none');
  const chosen = await fetch(`${(options.target ?? server).url}/sim/oidc/${provider}/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  expect(chosen.status).toBe(303);
  const back = new URL(chosen.headers.get('location')!);
  expect(back.pathname).toBe('/googleloginredirect');
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, iss: back.searchParams.get('iss')! };
}

const callback = (
  token: string,
  query: { code: string; state: string; iss?: string },
  provider: 'google' | 'apple' = 'google',
  target = server,
) =>
  call<SocialCallbackAnswer>(target, 'main', provider === 'google' ? 'userAuth/getUserInfoFromGoogle' : 'auth/appleAuth', query, { token });

async function links(sub: string) {
  return server.database.db.select().from(partnerLinks).where(eq(partnerLinks.hostUserId, sub));
}

describe('binding a Google identity', () => {
  it('an unbound identity binds to the account whose number a code proves, then logs that player in by itself', async () => {
    const player = await registerPlayer(server);
    const token = await visitorToken(server);
    const answer = await callback(token, await signIn(token));
    expect(answer.code, answer.message).toBe('0000');
    if (answer.data.status !== 'needBind') throw new Error('expected needBind');
    expect(answer.data).toMatchObject({ provider: 'google', email: DEMO_GOOGLE.email, account: null, returnTo: '/sports' });

    const phone = await encrypt(server, player.phone.typed);
    // Registration sent this number a code a moment ago: the next one may go a minute later.
    now += 61_000;
    const mask = await call<PhoneMaskAnswer>(
      server,
      'main',
      'userAuth/verifyPhoneMask',
      { bindTicket: answer.data.bindTicket, phone },
      { token },
    );
    expect(mask.code, mask.message).toBe('0000');
    expect(mask.data).toMatchObject({ registered: true, mobile: expect.stringMatching(/^\+63 9\d\d \*\*\* \d{4}$/) as string });

    // A wrong code binds nothing; the right one binds and logs the player in.
    const wrong = await call(server, 'main', 'auth/createBind', { bindTicket: answer.data.bindTicket, phone, code: '000000' }, { token });
    expect(wrong.code).toBe(GatewayCode.CodeWrong);
    expect(await links(DEMO_GOOGLE.sub)).toHaveLength(0);
    const code = await lastCode(server, player.phone.e164);
    const bound = await call<CreateBindAnswer>(
      server,
      'main',
      'auth/createBind',
      { bindTicket: answer.data.bindTicket, phone, code },
      { token },
    );
    expect(bound.code, bound.message).toBe('0000');
    expect(bound.data.login?.userInfo.loginName).toBe(player.userInfo.loginName);
    const check = await call<BindingsAnswer>(server, 'main', 'auth/checkBindV4', {}, { token: bound.data.login!.webToken.token });
    expect(check.data.google).toEqual({ bound: true, email: DEMO_GOOGLE.email });
    expect(check.data.apple.bound).toBe(false);

    // The bind ticket is spent (and the visitor session it was tied to ended at the login).
    const again = await call(
      server,
      'main',
      'auth/createBind',
      { bindTicket: answer.data.bindTicket },
      { token: bound.data.login!.webToken.token },
    );
    expect(again.code).toBe(GatewayCode.TicketInvalid);

    // Signing in with Google again: logged in as that player, no binding asked.
    const next = await visitorToken(server);
    const login = await callback(next, await signIn(next));
    expect(login.code, login.message).toBe('0000');
    expect(login.data.status).toBe('loggedIn');
    expect((login.data as LoginResult).userInfo.loginName).toBe(player.userInfo.loginName);

    // updateUserInfo copies the verified e-mail into a profile that has none.
    const updated = await call<{ email?: string }>(
      server,
      'main',
      'userAuth/updateUserInfo',
      { provider: 'google' },
      {
        token: (login.data as LoginResult).webToken.token,
      },
    );
    expect(updated.code, updated.message).toBe('0000');
    const [row] = await server.database.db
      .select({ email: customers.email })
      .from(customers)
      .where(eq(customers.loginName, player.userInfo.loginName));
    expect(row?.email).toBe(DEMO_GOOGLE.email);
  });

  it('a logged-in player binds by confirming (the session proves them); a second Google account is refused', async () => {
    const player = await registerPlayer(server);
    const token = player.webToken.token;
    const answer = await callback(token, await signIn(token, { email: 'logged.in.player@gmail.com' }));
    if (answer.data.status !== 'needBind') throw new Error(`expected needBind: ${answer.message}`);
    expect(answer.data.account?.loginName).toBe(player.userInfo.loginName);
    const bound = await call<CreateBindAnswer>(server, 'main', 'auth/createBind', { bindTicket: answer.data.bindTicket }, { token });
    expect(bound.code, bound.message).toBe('0000');
    expect(bound.data.login).toBeNull();

    const other = await callback(token, await signIn(token, { email: 'another.one@gmail.com' }));
    if (other.data.status !== 'needBind') throw new Error('expected needBind');
    const refused = await call(server, 'main', 'auth/createBind', { bindTicket: other.data.bindTicket }, { token });
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/already linked to another Google account \(logged\.in\.player@gmail\.com\)/);
  });

  it('a new number opens an account only with the 21+ rule and the terms, bound in the same step (Apple)', async () => {
    const token = await visitorToken(server);
    const answer = await callback(token, await signIn(token, { provider: 'apple', email: 'new.player@icloud.com' }), 'apple');
    if (answer.data.status !== 'needBind') throw new Error(`expected needBind: ${answer.message}`);
    const phone = newPhone();
    const encrypted = await encrypt(server, phone.typed);
    const mask = await call<PhoneMaskAnswer>(
      server,
      'main',
      'userAuth/verifyPhoneMask',
      { bindTicket: answer.data.bindTicket, phone: encrypted },
      { token },
    );
    expect(mask.data.registered).toBe(false);
    const code = await lastCode(server, phone.e164);
    const body = { bindTicket: answer.data.bindTicket, phone: encrypted, code };
    const noBirthday = await call(server, 'main', 'auth/createBind', body, { token });
    expect(noBirthday.code).toBe(GatewayCode.BirthdayRequired);
    const young = new Date(now - 20 * 365.25 * 86_400_000).toISOString().slice(0, 10);
    const underAge = await call(server, 'main', 'auth/createBind', { ...body, birthday: young, agree: true }, { token });
    expect(underAge.code).toBe(SpecCode.UnderAge);
    const [none] = await server.database.db.select().from(customers).where(eq(customers.mobileNo, phone.e164));
    expect(none).toBeUndefined();
    const opened = await call<CreateBindAnswer>(
      server,
      'main',
      'auth/createBind',
      { ...body, birthday: '1990-05-06', agree: true },
      { token },
    );
    expect(opened.code, opened.message).toBe('0000');
    const check = await call<BindingsAnswer>(server, 'main', 'auth/checkBindV4', {}, { token: opened.data.login!.webToken.token });
    expect(check.data.apple).toEqual({ bound: true, email: 'new.player@icloud.com' });
  });

  it('the callback works on another instance: the state, nonce and verifier are in the database', async () => {
    const second = await secondInstance(server, appOptions);
    try {
      const token = await visitorToken(server);
      const query = await signIn(token, { email: 'two.instances@gmail.com' });
      const answer = await callback(token, query, 'google', second);
      expect(answer.code, answer.message).toBe('0000');
      expect(answer.data.status).toBe('needBind');
    } finally {
      await second.close();
    }
  });
});

describe('refusals move nothing', () => {
  const refused = async (answer: Awaited<ReturnType<typeof callback>>, pattern: RegExp) => {
    expect(answer.code).toBe(GatewayCode.TicketInvalid);
    expect(answer.message).toMatch(pattern);
  };

  it('a replayed callback, an unknown state, a forged code and a state from another session are refused', async () => {
    const token = await visitorToken(server);
    const query = await signIn(token, { email: 'replay@gmail.com' });
    expect((await callback(token, query)).code).toBe('0000');
    await refused(await callback(token, query), /has expired or was already used/);

    await refused(await callback(token, { ...(await signIn(token)), state: 'forged-state-0123456789' }), /has expired or was already used/);

    const forged = await signIn(token, { email: 'forged@gmail.com' });
    await refused(
      await callback(token, { ...forged, code: 'sc_forgedforgedforgedforged' }),
      /could not confirm this sign-in, so nothing was changed/,
    );

    const elsewhere = await signIn(token, { email: 'elsewhere@gmail.com' });
    await refused(await callback(await visitorToken(server), elsewhere), /has expired or was already used/);
    expect(await links('x')).toHaveLength(0);
  });

  it('an expired code is refused', async () => {
    const token = await visitorToken(server);
    const query = await signIn(token, { email: 'slow@gmail.com' });
    now += 6 * 60_000;
    try {
      await refused(await callback(token, query), /could not confirm/);
    } finally {
      now -= 6 * 60_000;
    }
  });

  for (const fault of ['wrongNonce', 'unknownKey', 'otherAudience', 'expired', 'wrongIssuer'] as const) {
    it(`an ID token with ${fault} is refused and binds nobody`, async () => {
      const token = await visitorToken(server);
      const email = `${fault.toLowerCase()}@gmail.com`;
      await refused(
        await callback(token, await signIn(token, { email, fault })),
        /Google could not confirm this sign-in, so nothing was changed/,
      );
      const [row] = await server.database.db.select().from(partnerLinks).where(eq(partnerLinks.email, email));
      expect(row).toBeUndefined();
    });
  }

  it('a bind ticket of another session is refused', async () => {
    const token = await visitorToken(server);
    const answer = await callback(token, await signIn(token, { email: 'ticket.thief@gmail.com' }));
    if (answer.data.status !== 'needBind') throw new Error('expected needBind');
    const thief = await registerPlayer(server);
    const stolen = await call(server, 'main', 'auth/createBind', { bindTicket: answer.data.bindTicket }, { token: thief.webToken.token });
    expect(stolen.code).toBe(GatewayCode.TicketInvalid);
    const check = await call<BindingsAnswer>(server, 'main', 'auth/checkBindV4', {}, { token: thief.webToken.token });
    expect(check.data.google.bound).toBe(false);
  });
});
