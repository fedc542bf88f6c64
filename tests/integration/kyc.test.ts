import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  customers,
  kycImages,
  kycProfiles,
  kycStates,
  kycVerifications,
  ledgerAccounts,
  messages,
  outbox,
  paymentWebhookEvents,
} from '../../server/db/schema';
import { kycConfig } from '../../server/config';
import { IMAGE_TOO_LARGE } from '../../server/lib/images';
import { KYC_REQUIRED_MESSAGE, TOO_MANY_PHOTOS } from '../../server/modules/kyc/service';
import { DEFAULT_SITE_SETTINGS } from '../../server/modules/site/settings';
import type { KycStatusAnswer } from '../../src/contract/answers/kyc';
import { GatewayCode } from '../../src/contract/errorCodes';
import { HEADER } from '../../src/contract/sign';
import { prematchPick, singleBody } from './bodies';
import { SMALL_JPEG, dataUrl, makePng, pixelBomb } from './images';
import { call, encrypt, fund, idempotencyKey, quickCustomer } from './player';
import { type TestServer, startServer } from './server';
import { WITHDRAW_PASSWORD } from './withdrawing';
import { hashPassword } from '../../server/lib/security';
import { KycReviewInbox } from '../../server/modules/kyc/webhooks';
import { loadSimulatorKeys } from '../../server/providers/kyc';
import { payloadDigest } from '../../server/providers/kyc/signing';

/**
 * Identity verification end to end through the real calls: the flow of the eKYC pages (h5initialize →
 * ocrIdentify → faceRecognition → modifyEkycRequest → improveUserProfile), the vendor's decisions and
 * review webhooks, the duplicate-ID and daily-limit rules, the deadline that gates bets and deposits, the
 * face check before withdrawals, the owner-only images and their retention.
 */

/** PSGC codes of the places data (src/contract/places.json): Batac in Ilocos Norte; Quezon City is in NCR. */

let server: TestServer;
/** The simulator's webhook secret (made at its first use in the server's data dir). */
const webhookSecret = () => loadSimulatorKeys(server.config.dataDir).webhookSecret;

beforeAll(async () => {
  // One ID may be in 2 verifications here (KYC_MAX_VERIFICATIONS_PER_ID, default 5).
  server = await startServer({ kyc: { ...kycConfig({}), maxVerificationsPerId: 2 } }, undefined, {
    // The simulator's review webhooks go to our /webhooks/kyc, two copies 10 s apart (a test delivers them).
    kycVendor: { delivery: { copies: 2, spreadMs: 10_000 } },
  });
});

afterAll(async () => {
  await server.close();
});

const db = () => server.database.db;
const PHOTO = dataUrl('image/jpeg', SMALL_JPEG);
let serial = 0;
/** A fresh ID number of the UMID's shape ending in the given 4 digits (the vendor's magic numbers). */
const idNumber = (last4: string) => `0111-${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++serial).padStart(3, '0')}-${last4}`;

type Player = Awaited<ReturnType<typeof quickCustomer>>;

async function status(player: Player, operationType?: string) {
  const answer = await call<KycStatusAnswer>(server, 'main', 'customer/queryKycStatus', operationType ? { operationType } : {}, {
    token: player.token,
  });
  expect(answer.code).toBe('0000');
  return answer.data;
}

/** The pages' steps up to the confirmed fields: the transaction and the image keys. */
async function capture(player: Player, idNo: string) {
  const init = await call<{ transactionId: string; cankycTime: number }>(
    server,
    'main',
    'h5initialize',
    { docType: 1 },
    { token: player.token },
  );
  expect(init.code, init.message).toBe('0000');
  const { transactionId } = init.data;
  const ocr = await call<{ imageKey: string; fields: { firstName: string } }>(
    server,
    'main',
    'ocrIdentify',
    { transactionId, idType: 1, image: PHOTO },
    { token: player.token },
  );
  expect(ocr.code, ocr.message).toBe('0000');
  expect(ocr.data.fields.firstName).not.toBe('');
  const face = await call<{ imageKey: string; passed: boolean }>(
    server,
    'main',
    'faceRecognition',
    { transactionId, image: PHOTO },
    { token: player.token },
  );
  expect(face.code, face.message).toBe('0000');
  expect(face.data.passed).toBe(true);
  const fields = { firstName: 'Maria', middleName: 'Santos', lastName: 'Reyes', birthday: '1990-05-17', idType: 1, idNo };
  const confirmed = await call<{ ekycStatus: number; rejectCode: string | null; rejectReason: string }>(
    server,
    'main',
    'modifyEkycRequest',
    { transactionId, fields },
    { token: player.token },
  );
  return { transactionId, documentKey: ocr.data.imageKey, faceKey: face.data.imageKey, confirmed, init: init.data };
}

const profile = (keys: { documentKey: string; faceKey: string }, idNo: string) => ({
  faceId: keys.faceKey,
  firstName: 'Maria',
  middleName: 'Santos',
  lastName: 'Reyes',
  email: 'maria.reyes@example.ph',
  gender: 'F',
  birthday: '1990-05-17',
  province: '0102800000',
  city: '0102805000',
  postalCode: '2900',
  address: '12 Rizal Street, Barangay 5',
  occupation: 'Healthcare',
  sourceOfIncome: 'Salary/Wages',
  firstIdType: 1,
  firstNoType: idNo,
  firstIdScan: keys.documentKey,
});

/** The whole flow, submitted: the vendor's first decision. */
async function verify(player: Player, last4 = '1234') {
  const idNo = idNumber(last4);
  const steps = await capture(player, idNo);
  expect(steps.confirmed.code, steps.confirmed.message).toBe('0000');
  const submitted = await call<{ ekycStatus: number; rejectCode: string | null; rejectReason: string }>(
    server,
    'main',
    'customer/improveUserProfile',
    profile(steps, idNo),
    { token: player.token },
  );
  expect(submitted.code, submitted.message).toBe('0000');
  return { ...steps, idNo, submitted: submitted.data };
}

type ReviewDecision = { answer: 'GREEN' | 'RED'; rejectType?: 'RETRY' | 'FINAL'; labels?: string[]; clientComment?: string };

/** The operator's decision in the simulator's back office (/sim/kyc/review): the review webhook's raw body. */
async function decide(transactionId: string, decision: ReviewDecision): Promise<string> {
  const response = await fetch(`${server.url}/sim/kyc/review`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ transactionId, ...decision }),
  });
  expect(response.status).toBe(200);
  return JSON.stringify(((await response.json()) as { event: unknown }).event);
}

/** The simulator's job sends the webhooks due by `at` to /webhooks/kyc. */
const deliver = (at = Date.now()) => server.app.jobs.tick(at, ['kyc-vendor-simulator']);

/** A decision, and its first copy delivered. */
async function review(transactionId: string, decision: ReviewDecision) {
  const raw = await decide(transactionId, decision);
  await deliver();
  return raw;
}

/** Posts a review webhook as the vendor signs it (X-Payload-Digest over the raw body). */
const postWebhook = (raw: string, headers: Record<string, string> = { 'x-payload-digest': payloadDigest(webhookSecret(), raw) }) =>
  fetch(`${server.url}/webhooks/kyc`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: raw });

async function titles(customerId: number) {
  const rows = await db().select({ title: messages.title }).from(messages).where(eq(messages.customerId, customerId));
  return rows.map((row) => row.title);
}

/** Moves the player's registration back, so the KYC days have passed. */
async function registeredDaysAgo(player: Player, days: number) {
  await db()
    .update(customers)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(customers.id, player.customerId));
}

/** The tp envelope's success code. */
const BET_PLACED = '0';
const bet = (player: Player) =>
  call(server, 'tp', 'saba/sabaDoPlaceBetV2', singleBody(prematchPick(server.app.feed), 10), {
    token: player.token,
    idempotencyKey: idempotencyKey(),
  });
const depositOnline = (player: Player) =>
  call(
    server,
    'main',
    'deposit/createOnlineOrder',
    { payType: 'gcash', channelId: 'gcash', amount: 500 },
    { token: player.token, idempotencyKey: idempotencyKey() },
  );
const depositAgent = (player: Player) =>
  call(server, 'main', 'deposit/depositByAgent', { amount: 500 }, { token: player.token, idempotencyKey: idempotencyKey() });

describe('identity verification', () => {
  it('approves after review: under review, a signed GREEN, the player told each time; the profile and images kept', async () => {
    const player = await quickCustomer(server);
    const pushed: string[] = [];
    const stop = server.app.playerEvents.subscribe((event) => {
      if (event.type === 'message' && event.customerId === player.customerId) pushed.push(event.type);
    });
    const done = await verify(player);
    expect(done.submitted).toEqual({ ekycStatus: 0, rejectReason: '', rejectCode: null });
    expect((await status(player)).ekycStatus).toBe(0);
    expect(await titles(player.customerId)).toContain('Verification under review');

    await review(done.transactionId, { answer: 'GREEN' });
    const after = await status(player, 'bet');
    expect(after).toMatchObject({ ekycStatus: 1, showEkycStatus: 1, restricted: false, deadline: null, rejectReason: '' });
    expect(await titles(player.customerId)).toContain('Verification approved');
    // The final decision also reaches the phone (the review page promises SMS and push); the wait did not.
    const [bound] = await db().select({ mobileNo: customers.mobileNo }).from(customers).where(eq(customers.id, player.customerId));
    const texts = await db()
      .select({ body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, bound!.mobileNo!)));
    const toPlayer = texts.map((row) => row.body);
    expect(toPlayer.filter((body) => body.includes('Verification approved'))).not.toHaveLength(0);
    expect(toPlayer.filter((body) => body.includes('under review'))).toHaveLength(0);
    stop();
    expect(pushed.length).toBeGreaterThanOrEqual(2);

    // The form's details: names, birthday, gender, e-mail on the account; the rest in the profile.
    const [account] = await db().select().from(customers).where(eq(customers.id, player.customerId));
    expect(account).toMatchObject({ realName: 'Maria Santos Reyes', birthday: '1990-05-17', gender: 'F', email: 'maria.reyes@example.ph' });
    const [kept] = await db().select().from(kycProfiles).where(eq(kycProfiles.customerId, player.customerId));
    expect(kept).toMatchObject({ city: '0102805000', province: '0102800000', occupation: 'Healthcare' });
    expect(kept!.firstIdNo).not.toContain(done.idNo.slice(-4)); // sealed

    // Images: sealed at rest, served to their owner only.
    const [image] = await db().select().from(kycImages).where(eq(kycImages.key, done.documentKey));
    expect(image!.data).not.toContain(SMALL_JPEG.toString('base64').slice(0, 40));
    const own = await fetch(`${server.url}/media/kyc/${done.documentKey}`, { headers: { [HEADER.token]: player.token } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await own.arrayBuffer()).equals(SMALL_JPEG)).toBe(true);
    const other = await quickCustomer(server);
    expect((await fetch(`${server.url}/media/kyc/${done.documentKey}`, { headers: { [HEADER.token]: other.token } })).status).toBe(404);
    expect((await fetch(`${server.url}/media/kyc/${done.documentKey}`)).status).toBe(401);

    // Approved: nothing more to start.
    const again = await call(server, 'main', 'h5initialize', { docType: 1 }, { token: player.token });
    expect(again.code).toBe('GW_800467');
  });

  it('refuses a city that is not in the places data, with the field named', async () => {
    const player = await quickCustomer(server);
    const idNo = idNumber('1234');
    const steps = await capture(player, idNo);
    const refused = await call(
      server,
      'main',
      'customer/improveUserProfile',
      { ...profile(steps, idNo), city: '9999999999' },
      { token: player.token },
    );
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/^city:/);
    const wrongProvince = await call(
      server,
      'main',
      'customer/improveUserProfile',
      { ...profile(steps, idNo), city: '1381300000' },
      { token: player.token },
    );
    expect(wrongProvince.status).toBe(400);
  });

  it('rejects as retryable, then approves a second submission', async () => {
    const player = await quickCustomer(server);
    const first = await verify(player);
    await review(first.transactionId, { answer: 'RED', rejectType: 'RETRY', labels: ['screen_capture'] });
    const rejected = await status(player);
    expect(rejected).toMatchObject({ ekycStatus: 3, rejectCode: 'screen_capture', rejectType: 'RETRY', refuseInitFlag: false });
    expect(rejected.rejectReason).toMatch(/screen capture/);
    expect(await titles(player.customerId)).toContain('Verification rejected');

    const second = await verify(player);
    expect(second.submitted.ekycStatus).toBe(0);
    // The first verification's second copy, arriving now, moves nothing.
    await deliver(Date.now() + 11_000);
    expect((await status(player)).ekycStatus).toBe(0);
    await review(second.transactionId, { answer: 'GREEN' });
    expect((await status(player)).ekycStatus).toBe(1);
  });

  it('answers the vendor’s own Failure at once as status 2 with its reason, and its Success as 1', async () => {
    const failed = await verify(await quickCustomer(server), '0000');
    expect(failed.submitted).toMatchObject({ ekycStatus: 2, rejectCode: 'screen_capture' });
    const passed = await verify(await quickCustomer(server), '9999');
    expect(passed.submitted).toMatchObject({ ekycStatus: 1, rejectCode: null });
  });

  it('closes re-verification after a final refusal (refuseInitFlag, GW_800462)', async () => {
    const player = await quickCustomer(server);
    const done = await verify(player);
    await review(done.transactionId, { answer: 'RED', rejectType: 'FINAL', labels: ['manual_rejection'] });
    expect(await status(player)).toMatchObject({ ekycStatus: 3, refuseInitFlag: true, rejectType: 'FINAL' });
    const again = await call(server, 'main', 'h5initialize', { docType: 1 }, { token: player.token });
    expect(again.code).toBe('GW_800462');
    expect(again.message).toMatch(/Customer Service/);
  });

  it('refuses an ID another account holds ("repeated") and one submitted too often (GW_800464)', async () => {
    const first = await quickCustomer(server);
    const held = await verify(first);
    const second = await quickCustomer(server);
    const copy = await capture(second, held.idNo);
    expect(copy.confirmed.data).toMatchObject({ ekycStatus: 2, rejectCode: 'repeated' });
    expect(copy.confirmed.data.rejectReason).toContain('repeated');
    expect((await status(second)).rejectCode).toBe('repeated');
    const exists = await call<{ exists: boolean }>(
      server,
      'main',
      'queryKycIdAndTypeExists',
      { idType: 1, idNo: held.idNo },
      { token: second.token },
    );
    expect(exists.data.exists).toBe(true);
    const mine = await call<{ exists: boolean }>(
      server,
      'main',
      'queryKycIdAndTypeExists',
      { idType: 1, idNo: held.idNo },
      { token: first.token },
    );
    expect(mine.data.exists).toBe(false);

    // One ID refused again and again by the vendor: KYC_MAX_VERIFICATIONS_PER_ID (this server: 2).
    const player = await quickCustomer(server);
    const idNo = idNumber('0000');
    for (let i = 0; i < 2; i++) {
      const steps = await capture(player, idNo);
      const submitted = await call<{ ekycStatus: number }>(server, 'main', 'customer/improveUserProfile', profile(steps, idNo), {
        token: player.token,
      });
      expect(submitted.data.ekycStatus).toBe(2);
    }
    const third = await capture(player, idNo);
    expect(third.confirmed.code).toBe('GW_800464');
    expect(third.confirmed.message).toMatch(/maximum/);
  });

  it('counts the day’s attempts: cankycTime reaches 0, then GW_800461', async () => {
    const player = await quickCustomer(server);
    expect((await status(player)).cankycTime).toBe(3);
    for (let left = 2; left >= 0; left--) {
      const init = await call<{ cankycTime: number }>(server, 'main', 'h5initialize', { docType: 4 }, { token: player.token });
      expect(init.data.cankycTime).toBe(left);
    }
    expect((await status(player)).cankycTime).toBe(0);
    const refused = await call(server, 'main', 'h5initialize', { docType: 4 }, { token: player.token });
    expect(refused.code).toBe('GW_800461');
    expect(refused.message).toMatch(/limit/);
  });

  it('past the KYC days refuses every bet and deposit until the player is verified', async () => {
    const player = await quickCustomer(server);
    await fund(server, player.customerId, 100_000);
    // Inside the KYC days: the prompt is the weak one, bets go through.
    const early = await call<{ weakCheck: boolean; strongCheck: boolean; kycNode: { days: number } }>(
      server,
      'main',
      'weakKycPrompt',
      {},
      { token: player.token },
    );
    expect(early.data).toMatchObject({ weakCheck: true, strongCheck: false, kycNode: { days: 7 } });
    expect((await bet(player)).code).toBe(BET_PLACED);

    await registeredDaysAgo(player, 8);
    expect(await status(player)).toMatchObject({ restricted: true, requireEkyc: true });
    const late = await call<{ strongCheck: boolean }>(server, 'main', 'weakKycPrompt', {}, { token: player.token });
    expect(late.data.strongCheck).toBe(true);
    for (const refused of [await bet(player), await depositOnline(player), await depositAgent(player)]) {
      expect(refused.code).toBe('GW_800460');
      expect(refused.message).toBe(KYC_REQUIRED_MESSAGE);
    }
    // Other calls (verification itself, the balance) keep working.
    expect((await call(server, 'main', 'customer/getBalance', {}, { token: player.token })).code).toBe('0000');

    await verify(player, '9999');
    expect((await bet(player)).code).toBe(BET_PLACED);
    expect((await depositOnline(player)).code).not.toBe('GW_800460');
  });

  it('takes an approval back on a later RED: status 3, the session lives on, bets gated again past the deadline', async () => {
    const player = await quickCustomer(server);
    await fund(server, player.customerId, 100_000);
    await registeredDaysAgo(player, 30);
    const done = await verify(player);
    await review(done.transactionId, { answer: 'GREEN' });
    expect((await bet(player)).code).toBe(BET_PLACED);
    // The operator re-checks the approved one in the back office: RED.
    await review(done.transactionId, { answer: 'RED', rejectType: 'RETRY', labels: ['invalid_id'], clientComment: 'The ID has expired.' });
    const now = await status(player);
    expect(now).toMatchObject({ ekycStatus: 3, oldKycStatus: 1, rejectCode: 'invalid_id', restricted: true });
    expect(now.rejectReason).toContain('The ID has expired.');
    expect((await call(server, 'main', 'customer/getBalance', {}, { token: player.token })).code).toBe('0000');
    expect((await bet(player)).code).toBe('GW_800460');
  });

  it('refuses a forged webhook (401, stored as refused) and moves nothing', async () => {
    const player = await quickCustomer(server);
    const done = await verify(player);
    // A real decision's body, not delivered: an attacker replays it with no or a made-up digest, or edits it.
    const body = await decide(done.transactionId, { answer: 'GREEN' });
    const edited = body.replace('GREEN', 'GREEN ');
    for (const [raw, headers] of [
      [body, {}],
      [body, { 'x-payload-digest': 'f'.repeat(64) }],
      [edited, { 'x-payload-digest': payloadDigest(webhookSecret(), body) }],
      [body, { 'x-payload-digest': payloadDigest('not-the-secret', body) }],
    ] as [string, Record<string, string>][]) {
      expect((await postWebhook(raw, headers)).status).toBe(401);
    }
    const refused = await db()
      .select()
      .from(paymentWebhookEvents)
      .where(and(eq(paymentWebhookEvents.provider, 'kyc'), eq(paymentWebhookEvents.verdict, 'bad-signature')));
    expect(refused.some((row) => row.payload === body)).toBe(true);
    expect((await status(player)).ekycStatus).toBe(0);
  });

  it('applies duplicate and out-of-order webhooks once: copies count once, an older event never undoes a newer one', async () => {
    const player = await quickCustomer(server);
    const done = await verify(player);
    // Approved, then re-checked RED; the webhooks arrive the other way round, each more than once.
    const green = await decide(done.transactionId, { answer: 'GREEN' });
    const red = await decide(done.transactionId, { answer: 'RED', rejectType: 'RETRY', labels: ['tampered'] });
    expect((await postWebhook(red)).status).toBe(200);
    expect((await status(player)).ekycStatus).toBe(3);
    expect((await postWebhook(green)).status).toBe(200);
    expect((await postWebhook(green)).status).toBe(200);
    expect((await postWebhook(red)).status).toBe(200);
    // And the simulator's own copies of both, later.
    await deliver(Date.now() + 31_000);
    expect((await status(player)).ekycStatus).toBe(3);
    const told = await titles(player.customerId);
    expect(told.filter((title) => title === 'Verification rejected')).toHaveLength(1);
    expect(told.filter((title) => title === 'Verification approved')).toHaveLength(0);
    const [row] = await db().select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.payload, green));
    expect(row).toMatchObject({ verdict: 'accepted' });
    expect(row!.copies).toBeGreaterThanOrEqual(3);
    expect(row!.handledAt).not.toBeNull();
  });

  it('answers 503 when applying a review fails, and applies it from the vendor’s retry or the inbox job', async () => {
    const player = await quickCustomer(server);
    const done = await verify(player);
    const raw = await decide(done.transactionId, { answer: 'GREEN' });
    const failing = vi.spyOn(KycReviewInbox.prototype as unknown as { apply: () => Promise<unknown> }, 'apply');
    failing.mockRejectedValue(new Error('database unavailable'));
    try {
      expect((await postWebhook(raw)).status).toBe(503);
      expect((await status(player)).ekycStatus).toBe(0);
    } finally {
      failing.mockRestore();
    }
    // Stored unhandled: the inbox job handles it once it is 30 s old, and a later copy finds it done.
    await server.app.jobs.tick(Date.now() + 31_000, ['kyc-review-inbox']);
    expect((await status(player)).ekycStatus).toBe(1);
    expect((await postWebhook(raw)).status).toBe(200);
    expect((await titles(player.customerId)).filter((title) => title === 'Verification approved')).toHaveLength(1);
  });

  it('asks for a face check before a withdrawal once the last match is too old, and a passed check lifts it', async () => {
    const player = await quickCustomer(server);
    await fund(server, player.customerId, 100_000);
    await db()
      .update(customers)
      .set({ withdrawPasswordHash: await hashPassword(WITHDRAW_PASSWORD) })
      .where(eq(customers.id, player.customerId));
    await verify(player, '9999');
    const withdraw = async () =>
      call(
        server,
        'main',
        'withdraw/withdrawByAgent',
        { amount: 300, withdrawPassword: await encrypt(server, WITHDRAW_PASSWORD) },
        { token: player.token, idempotencyKey: idempotencyKey() },
      );
    expect((await withdraw()).code).not.toBe('GW_800603');

    await db()
      .update(kycStates)
      .set({ lastFaceMatchAt: sql`now() - interval '100 days'` })
      .where(eq(kycStates.customerId, player.customerId));
    expect((await status(player, 'withdraw')).needFaceCapture).toBe(true);
    expect((await status(player, 'bet')).needFaceCapture).toBe(false);
    const refused = await withdraw();
    expect(refused.code).toBe('GW_800603');
    expect(refused.message).toMatch(/Verification Required/);

    const check = await call<{ transactionId: string }>(
      server,
      'main',
      'h5FaceCaptureInit',
      { operationType: 'withdraw' },
      { token: player.token },
    );
    expect(check.code).toBe('0000');
    const face = await call<{ passed: boolean }>(
      server,
      'main',
      'faceRecognition',
      { transactionId: check.data.transactionId, image: PHOTO },
      { token: player.token },
    );
    expect(face.data.passed).toBe(true);
    expect((await status(player, 'withdraw')).needFaceCapture).toBe(false);
    expect((await withdraw()).code).not.toBe('GW_800603');
  });

  it('deletes images by the retention rule in its shared job', async () => {
    expect(server.app.jobs.names).toContain('kyc-image-retention');
    const rejectedPlayer = await quickCustomer(server);
    const rejected = await verify(rejectedPlayer, '0000');
    const approvedPlayer = await quickCustomer(server);
    const approved = await verify(approvedPlayer, '9999');
    // A second ID sent inside a verification that was never submitted.
    const abandoningPlayer = await quickCustomer(server);
    await capture(abandoningPlayer, idNumber('1234'));
    const second = await call<{ imageKey: string }>(
      server,
      'main',
      'ocrIdentify',
      { idType: 6, image: PHOTO },
      { token: abandoningPlayer.token },
    );
    expect(second.code).toBe('0000');
    const keys = async (customerId: number) =>
      (await db().select({ key: kycImages.key }).from(kycImages).where(eq(kycImages.customerId, customerId))).map((r) => r.key);
    expect(await keys(rejectedPlayer.customerId)).toContain(rejected.documentKey);

    // 31 days later: the rejected verification's images and the unused second ID are gone; the approved ones stay.
    await server.app.jobs.tick(Date.now() + 31 * 86_400_000);
    expect(await keys(rejectedPlayer.customerId)).toEqual([]);
    expect(await keys(abandoningPlayer.customerId)).toEqual([]);
    expect((await keys(approvedPlayer.customerId)).sort()).toEqual([approved.documentKey, approved.faceKey].sort());

    // The account closed more than 5 years ago: the approved images go too.
    await db()
      .update(customers)
      .set({ status: 'closed', closedAt: sql`now() - interval '6 years'` })
      .where(eq(customers.id, approvedPlayer.customerId));
    await server.app.jobs.tick(Date.now() + 32 * 86_400_000);
    expect(await keys(approvedPlayer.customerId)).toEqual([]);
    const [verification] = await db().select().from(kycVerifications).where(eq(kycVerifications.transactionId, approved.transactionId));
    expect(verification!.state).toBe('approved');
  });
});

describe('responsible gaming at identity verification (issue 34)', () => {
  it('screens the verified identity: an ID number on the restricted-persons list stops play and ends the sessions, own money stays', async () => {
    const player = await quickCustomer(server);
    await fund(server, player.customerId, 100_000);
    const idNo = idNumber('9999');
    const listed = await fetch(`${server.url}/sim/ndrp/listings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'self', firstName: 'Other', lastName: 'Spelling', birthday: '1970-01-01', idNumber: idNo }),
    });
    expect(listed.status).toBe(200);
    const steps = await capture(player, idNo);
    const submitted = await call<{ ekycStatus: number }>(server, 'main', 'customer/improveUserProfile', profile(steps, idNo), {
      token: player.token,
    });
    expect(submitted.data.ekycStatus).toBe(1);
    expect((await call(server, 'main', 'customer/getBalance', {}, { token: player.token })).code).toBe(GatewayCode.RgSessionEnded);
    const found = (await server.app.responsibleGaming.service.restrictionsInReview()).filter((r) => r.customerId === player.customerId);
    expect(found).toEqual([expect.objectContaining({ source: 'kyc', matchedOn: ['idNumber'], heldAmount: 0 })]);
    const [wallet] = await db()
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.customerId, player.customerId), eq(ledgerAccounts.kind, 'main')));
    expect(wallet!.balance).toBe(100_000);
  });

  it('refuses deposits before verification when the operator switches it on, and takes them once verified', async () => {
    const file = join(server.config.dataDir, 'site.json');
    const before = readFileSync(file, 'utf8');
    const settings = { ...DEFAULT_SITE_SETTINGS, kyc: { ...DEFAULT_SITE_SETTINGS.kyc, beforeFirstDeposit: true } };
    writeFileSync(file, JSON.stringify(settings));
    try {
      const player = await quickCustomer(server);
      const deposit = (name: string, body: object) =>
        call(server, 'main', name, body, { token: player.token, idempotencyKey: idempotencyKey() });
      const online = { payType: 'gcash', channelId: 'paymongo-gcash', amount: 50_000 };
      const both = async () => [
        await deposit('deposit/createOnlineOrder', online),
        await deposit('deposit/depositByAgent', { amount: 50_000 }),
      ];
      for (const refused of await both()) {
        expect(refused.code).toBe(GatewayCode.RgKycBeforeDeposit);
        expect(refused.message).toMatch(/verify your identity .* before your first deposit/);
      }
      // Inside the KYC days a bet is not a deposit: it goes on.
      await fund(server, player.customerId, 10_000);
      expect((await bet(player)).code).toBe(BET_PLACED);
      await verify(player, '9999');
      for (const taken of await both()) expect(taken.code, taken.message).toBe('0000');
    } finally {
      writeFileSync(file, before);
    }
  });
});

describe('identity photos (issue 30)', () => {
  const BOMB = dataUrl('image/png', pixelBomb());

  it('takes a second ID only inside an open verification, and refuses a pixel bomb by its header at once', async () => {
    const player = await quickCustomer(server);
    const outside = await call(server, 'main', 'ocrIdentify', { idType: 6, image: PHOTO }, { token: player.token });
    expect(`${outside.code} ${outside.message}`).toBe('GW_800466 Please start your identity verification before adding a second ID.');
    const bombOutside = await call(server, 'main', 'ocrIdentify', { idType: 6, image: BOMB }, { token: player.token });
    expect(bombOutside.code).toBe('GW_800466');

    const { transactionId } = await capture(player, idNumber('1234'));
    for (const body of [
      { idType: 6, image: BOMB },
      { transactionId, idType: 1, image: BOMB },
    ]) {
      const answer = await call(server, 'main', 'ocrIdentify', body, { token: player.token });
      expect(`${answer.status} ${answer.code} ${answer.message}`).toBe(`400 GW_800465 ${IMAGE_TOO_LARGE}`);
    }
    const face = await call(server, 'main', 'faceRecognition', { transactionId, image: BOMB }, { token: player.token });
    expect(`${face.status} ${face.message}`).toBe(`400 ${IMAGE_TOO_LARGE}`);
    // (Refused by its header, nothing decoded: a file that fails to decode is told it 'could not be read'.)
    // An ordinary 1600×1200 photo still goes through, fitted to 750 px.
    const photo = await call<{ imageKey: string }>(
      server,
      'main',
      'ocrIdentify',
      { idType: 6, image: dataUrl('image/png', makePng(1600, 1200)) },
      { token: player.token },
    );
    expect(photo.code, photo.message).toBe('0000');
  });

  it('counts every photo against the day’s cap before decoding it (10 for each of the day’s attempts)', async () => {
    const player = await quickCustomer(server);
    const { transactionId } = await capture(player, idNumber('1234')); // 2 photos
    const codes: string[] = [];
    for (let i = 0; i < 29; i++) {
      codes.push((await call(server, 'main', 'ocrIdentify', { idType: 6, image: PHOTO }, { token: player.token })).code);
    }
    expect(codes.filter((code) => code === '0000')).toHaveLength(28);
    const last = await call(server, 'main', 'faceRecognition', { transactionId, image: PHOTO }, { token: player.token });
    expect(`${last.status} ${last.code} ${last.message}`).toBe(`429 GW_800429 ${TOO_MANY_PHOTOS}`);
    expect(codes.at(-1)).toBe('GW_800429');
  });
});
