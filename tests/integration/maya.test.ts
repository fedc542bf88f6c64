import { CompactEncrypt, importSPKI } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers } from '../../server/db/schema';
import { createCustomer } from '../../server/modules/auth/users';
import { loadHostKeys } from '../../server/modules/partners/secrets';
import { MAYA_USERS } from '../../server/providers/hosts/mayaHost';
import { mayaKeyPair } from '../../server/providers/payments/simulators';
import type { AppOptions } from '../../server/app';
import type { LoginResult } from '../../src/contract/auth';
import { GatewayCode } from '../../src/contract/errorCodes';
import type { DepositFlagAnswer, HandoffAnswer, MayaBindAnswer, ResumeAnswer } from '../../src/contract/partners';
import { call, idempotencyKey } from './player';
import { type TestServer, startServer } from './server';

/**
 * The wallet mini-app host (Maya style) against its simulator on a real server and database: the host's
 * Session URL POST (an encrypted token to our key) answered with a one-time sessionId, the landing spending
 * it once (a replay, an expired or a forged one refused), a forged, replayed or expired token refused at the
 * Session URL, the binding by the wallet's verified number, the per-host switch, and the hand-off link.
 */

let now = Date.now();
const clock = () => now;
const appOptions: AppOptions = { clock, gameWallet: { transferIn: async () => 'accepted' as const }, jobs: { run: false } };
let server: TestServer;
const USER = MAYA_USERS[1];

beforeAll(async () => {
  server = await startServer({}, undefined, appOptions);
  await createCustomer(server.database.db, { mobileNo: USER.mobile, birthday: '1990-01-02' });
});
afterAll(async () => server.close());

/** What the host does when the player opens the mini app: answers the landing URL. */
async function launch(userId: string = USER.userId): Promise<{ landing?: string; error?: string }> {
  const answer = await fetch(`${server.url}/sim/host/maya/launch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId }),
  });
  return (await answer.json()) as { landing?: string; error?: string };
}

const sessionIdOf = (landing: string) => new URL(landing, server.url).searchParams.get('sessionId')!;
const initiate = (sessionId: string) => call<LoginResult>(server, 'main', 'maya/initiateSession', { sessionId });
const postSession = (body: unknown) =>
  fetch(`${server.url}/partners/maya/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function loggedIn(): Promise<string> {
  const { landing } = await launch();
  const answer = await initiate(sessionIdOf(landing!));
  expect(answer.code, answer.message).toBe('0000');
  return answer.data.webToken.token;
}

describe('Maya session URL and landing', () => {
  it('the landing sessionId logs the wallet user in once, binds by the verified number, and is refused after', async () => {
    const { landing } = await launch();
    expect(landing).toMatch(/^\/mayaAccount\?sessionId=[\w-]+$/);
    const first = await initiate(sessionIdOf(landing!));
    expect(first.code, first.message).toBe('0000');
    expect(first.data.userInfo.mobileNo).toContain('0999');
    // Bound through the Maya wallet: bind type 6 (spec §2), so its deposit page is /mayaAccount.
    expect(first.data.userInfo.bindType).toBe(6);
    const bind = await call<MayaBindAnswer>(server, 'main', 'maya/checkBindV4', {}, { token: first.data.webToken.token });
    expect(bind.data).toEqual({ bound: true, mobile: expect.stringContaining('0999') as string });

    const replay = await initiate(sessionIdOf(landing!));
    expect(replay.code).toBe(GatewayCode.TicketInvalid);
    expect(replay.message).toMatch(/expired or was already used/);
  });

  it('an expired or forged sessionId, or a wallet user with no account, logs nobody in', async () => {
    const { landing } = await launch();
    now += 10 * 60_000 + 1_000;
    const late = await initiate(sessionIdOf(landing!));
    expect(late.code).toBe(GatewayCode.TicketInvalid);
    expect((await initiate('forgedforgedforged')).code).toBe(GatewayCode.TicketInvalid);
    const stranger = await launch(MAYA_USERS[2].userId);
    const refused = await initiate(sessionIdOf(stranger.landing!));
    expect(refused.code).not.toBe('0000');
    expect(refused.message).toMatch(/No Panalo account uses your Maya number/);
  });

  it('the Session URL refuses a token not encrypted to our key, a replayed one and an expired one', async () => {
    const keys = loadHostKeys(server.config.dataDir);
    const seal = async (claims: Record<string, unknown>, publicKeyPem = keys.mayaMerchantPublicKeyPem) =>
      new CompactEncrypt(new TextEncoder().encode(JSON.stringify(claims)))
        .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
        .encrypt(await importSPKI(publicKeyPem, 'RSA-OAEP-256'));
    const host = server.app.payments.simulators!;
    expect(host).toBeDefined();

    const stranger = await seal(
      { access_token: 'mat_x', token_type: 'Bearer', exp: now / 1000 + 600, jti: 'j1' },
      mayaKeyPair().publicKeyPem,
    );
    expect((await postSession({ accessToken: stranger, refreshToken: 'r' })).status).toBe(401);
    expect((await postSession({ accessToken: 'not-a-jwe', refreshToken: 'r' })).status).toBe(401);
    expect((await postSession({ refreshToken: 'r' })).status).toBe(400);

    // A real token of the host's, POSTed twice: the second is a replay.
    const { mayaHost } = await import('../../server/providers/hosts/mayaHost');
    const sim = mayaHost({
      store: host.store,
      clock,
      merchantPublicKeyPem: keys.mayaMerchantPublicKeyPem,
      postSession: async () => ({ status: 0, body: '' }),
    });
    const sealed = await sim.seal(USER.userId);
    const first = await postSession(sealed);
    expect(first.status).toBe(200);
    expect(((await first.json()) as { sessionId: string }).sessionId).toMatch(/^[\w-]{16,}$/);
    const again = await postSession(sealed);
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ error: 'replayed_token' });

    const old = await sim.seal(USER.userId, 1_000);
    now += 2_000;
    expect(await (await postSession(old)).json()).toEqual({ error: 'expired_token' });
    // A token the host does not know (forged inside a good envelope) is refused by the host's user API.
    const forged = await seal({ access_token: 'mat_forgedforgedforged', token_type: 'Bearer', exp: now / 1000 + 600, jti: 'j2' });
    expect(await (await postSession({ accessToken: forged, refreshToken: 'r' })).json()).toEqual({ error: 'invalid_token' });
  });
});

describe('inside Maya', () => {
  it("the operator's switch for the Maya host closes deposits there, in the player's words, and opens them again", async () => {
    const token = await loggedIn();
    const flag = () => call<DepositFlagAnswer>(server, 'main', 'maya/checkDepositFlag', {}, { token });
    expect((await flag()).data).toEqual({ deposit: true, withdraw: true, message: '' });
    await server.app.responsibleGaming.service.setSwitch('host:maya', true, 'test');
    try {
      expect((await flag()).data.deposit).toBe(false);
      expect((await flag()).data.message).toMatch(/paused/);
      const order = await call(server, 'main', 'maya/createOnlineOrder', { amount: 50_000 }, { token, idempotencyKey: idempotencyKey() });
      expect(order.code).toBe(GatewayCode.RgWithdrawOnlyChannel);
    } finally {
      await server.app.responsibleGaming.service.setSwitch('host:maya', false, 'test');
    }
    const order = await call<{ status: string }>(
      server,
      'main',
      'maya/createOnlineOrder',
      { amount: 50_000 },
      { token, idempotencyKey: idempotencyKey() },
    );
    expect(order.code, order.message).toBe('0000');
    expect(order.data.status).toBe('pending');
  });

  it('a hand-off link logs the same player in elsewhere once and carries where the flow stopped', async () => {
    const token = await loggedIn();
    const [me] = await server.database.db.select().from(customers).where(eq(customers.mobileNo, USER.mobile));
    const link = await call<HandoffAnswer>(server, 'main', 'partner/handoff', { path: '/ekyc-zolos', state: '{"step":"face"}' }, { token });
    expect(link.code, link.message).toBe('0000');
    expect(link.data.url).toMatch(/^\/ekyc-zolos\?handoff=/);
    expect(link.data.appUrl).toMatch(/^panalo:\/\/open\?path=%2Fekyc-zolos&handoff=/);
    const ticket = new URL(link.data.url, server.url).searchParams.get('handoff')!;
    const resumed = await call<ResumeAnswer>(server, 'main', 'partner/resumeHandoff', { ticket });
    expect(resumed.code, resumed.message).toBe('0000');
    expect(resumed.data.path).toBe('/ekyc-zolos');
    expect(resumed.data.state).toBe('{"step":"face"}');
    expect(resumed.data.userInfo).toMatchObject({ customerId: me!.publicId });
    const again = await call(server, 'main', 'partner/resumeHandoff', { ticket });
    expect(again.code).toBe(GatewayCode.TicketInvalid);
  });
});
