import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KycIdType } from '../../src/contract/kyc';
import { loadSimulatorKeys } from '../../server/providers/kyc';
import { signatureHeader } from '../../server/providers/kyc/signing';
import { type KycVendor, KycVendorError } from '../../server/providers/kyc/types';
import { VENDOR_API } from '../../server/providers/kyc/wire';
import { zolozVendor } from '../../server/providers/kyc/zoloz';
import { SMALL_JPEG, makePng } from './images';
import { type TestServer, startServer } from './server';

/**
 * The eKYC vendor simulator through its signed HTTP API (the adapter our KYC module uses, and raw
 * requests as an attacker would send them), its review back office and its review webhooks.
 */

let server: TestServer;
let vendor: KycVendor;
/** The server's clock runs this far ahead of the wall clock (tests move it to expire and retry). */
let shift = 0;
const now = () => Date.now() + shift;
const SPREAD_MS = 10_000;

/** What /webhooks/kyc received; answers[] are the statuses it answers, in turn (then 200). */
const received: { headers: Record<string, string>; body: string; status: number }[] = [];
let answers: number[] = [];

beforeAll(async () => {
  server = await startServer({}, undefined, {
    clock: now,
    kycVendor: {
      delivery: { copies: 2, spreadMs: SPREAD_MS },
      send: async (headers, body) => {
        const status = answers.shift() ?? 200;
        received.push({ headers, body, status });
        return status;
      },
    },
  });
  vendor = server.app.kycVendor.vendor;
});
afterAll(async () => server.close());
beforeEach(async () => {
  shift = 0;
  received.length = 0;
  answers = [];
  await setting({ defaultOutcome: 'review', vendorDown: 'false' });
});

async function setting(body: Record<string, string>) {
  const answer = await fetch(`${server.url}/sim/kyc/settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(answer.status).toBe(200);
}

let photo = 20;
/** A photo no other test used (a different size gives a different hash). */
const freshPhoto = () => makePng(photo++, 12);

const confirmed = (idNo: string) => ({
  firstName: 'Juan',
  middleName: 'Santos',
  lastName: 'Dela Cruz',
  birthday: '1990-01-01',
  idNo,
  expiryDate: '',
  idType: KycIdType.UMID,
});

let biz = 0;
async function submitted(idNo: string, idType: KycIdType = KycIdType.UMID) {
  const { transactionId } = await vendor.initialize({
    bizId: `biz-${biz++}`,
    userId: 'u1',
    docType: idType,
    flowType: 'H5_REALIDLITE_KYC',
  });
  await vendor.uploadDocument(transactionId, freshPhoto());
  await vendor.uploadFace(transactionId, freshPhoto());
  return { transactionId, result: await vendor.checkResult(transactionId, confirmed(idNo)) };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof KycVendorError) return error.code;
    throw error;
  }
  return 'no refusal';
}

const tick = () => server.app.jobs.tick(now(), ['kyc-vendor-simulator']);

async function review(body: Record<string, unknown>) {
  return fetch(`${server.url}/sim/kyc/review`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('the vendor API', () => {
  it('gives a new transaction at each initialize, with the ID type as its document code', async () => {
    const request = { bizId: 'biz-twice', userId: 'u1', docType: KycIdType.PhilHealth, flowType: 'H5_REALIDLITE_KYC' } as const;
    const first = await vendor.initialize(request);
    const second = await vendor.initialize(request);
    expect(first.transactionId).not.toBe(second.transactionId);
    expect(first.expiresAt).toBeGreaterThan(now() + 29 * 60_000);
    const stored = (await (await fetch(`${server.url}/sim/kyc/transactions/${first.transactionId}`)).json()) as { docCode: string };
    expect(stored.docCode).toBe('00630000024');
  });

  it('reads the same fields from the same document photo, and answers a face score of 80 or more', async () => {
    const image = makePng(300, 200);
    const a = await vendor.initialize({
      bizId: 'biz-ocr-a',
      userId: 'u1',
      docType: KycIdType.DriversLicense,
      flowType: 'H5_REALIDLITE_KYC',
    });
    const b = await vendor.initialize({
      bizId: 'biz-ocr-b',
      userId: 'u1',
      docType: KycIdType.DriversLicense,
      flowType: 'H5_REALIDLITE_KYC',
    });
    const ocr = await vendor.uploadDocument(a.transactionId, image);
    expect(await vendor.uploadDocument(b.transactionId, image)).toEqual(ocr);
    expect(ocr.idNo).toMatch(/^[A-Z]\d\d-\d\d-\d{6}$/);
    expect(ocr.firstName).not.toBe('');
    expect(ocr.expiryDate).toMatch(/^\d{4}-\d\d-\d\d$/);
    const face = await vendor.uploadFace(a.transactionId, SMALL_JPEG);
    expect(face.faceScore).toBeGreaterThanOrEqual(80);
    expect(face.passed).toBe(true);
  });

  it('refuses a file that is no photo', async () => {
    const { transactionId } = await vendor.initialize({
      bizId: 'biz-img',
      userId: 'u1',
      docType: KycIdType.TIN,
      flowType: 'H5_REALIDLITE_KYC',
    });
    expect(await refusal(vendor.uploadDocument(transactionId, Buffer.from('not a photo')))).toBe('INVALID_IMAGE');
    expect(await refusal(vendor.checkResult(transactionId, confirmed('12345678')))).toBe('INVALID_ARGUMENT');
    expect(await refusal(vendor.uploadFace('GNOSUCHTRANSACTION', SMALL_JPEG))).toBe('NOT_FOUND');
  });

  it('decides by the magic endings of the confirmed ID number, else queues for review; checkresult answers the same again', async () => {
    expect((await submitted('1234-5670000-0')).result).toMatchObject({ ekycResult: 'Failure', rejectReason: 'screen_capture' });
    expect((await submitted('1234-5671111-1')).result).toMatchObject({ ekycResult: 'Failure', rejectReason: 'tampered' });
    const mismatch = (await submitted('1234-5672222-2')).result;
    expect(mismatch).toMatchObject({ ekycResult: 'Failure', rejectReason: 'face_mismatch' });
    expect(mismatch.extFaceInfo.faceScore).toBeLessThan(80);
    expect((await submitted('P1239999A', KycIdType.Passport)).result).toMatchObject({
      ekycResult: 'Success',
      extIdInfo: { docType: KycIdType.Passport },
    });
    const pending = await submitted('1234-5671234-5');
    expect(pending.result.ekycResult).toBe('Pending');
    // Idempotent: asked again (even with other fields) it answers the same.
    expect(await vendor.checkResult(pending.transactionId, confirmed('1234-5679999-9'))).toEqual(pending.result);
  });

  it("passes at once when the default outcome is 'pass'", async () => {
    await setting({ defaultOutcome: 'pass' });
    expect((await submitted('1234-5674321-5')).result.ekycResult).toBe('Success');
  });

  it('expires a transaction not submitted within 30 minutes', async () => {
    const { transactionId } = await vendor.initialize({
      bizId: 'biz-exp',
      userId: 'u1',
      docType: KycIdType.UMID,
      flowType: 'H5_REALIDLITE_KYC',
    });
    await vendor.uploadDocument(transactionId, freshPhoto());
    shift = 31 * 60_000;
    expect(await refusal(vendor.uploadFace(transactionId, freshPhoto()))).toBe('EXPIRED');
    expect(await refusal(vendor.checkResult(transactionId, confirmed('1234-5679999-9')))).toBe('EXPIRED');
    // And the job marks the others.
    shift = 0;
    const other = await vendor.initialize({ bizId: 'biz-exp2', userId: 'u1', docType: KycIdType.UMID, flowType: 'H5_REALIDLITE_KYC' });
    shift = 31 * 60_000;
    const { expired } = (await tick())['kyc-vendor-simulator'] as { expired: number };
    expect(expired).toBeGreaterThanOrEqual(1);
    const stored = (await (await fetch(`${server.url}/sim/kyc/transactions/${other.transactionId}`)).json()) as { state: string };
    expect(stored.state).toBe('EXPIRED');
  });

  it('answers 503 while the outage switch is on, which the adapter reports as VENDOR_DOWN', async () => {
    await setting({ vendorDown: 'true' });
    expect(
      await refusal(vendor.initialize({ bizId: 'biz-down', userId: 'u1', docType: KycIdType.UMID, flowType: 'H5_REALIDLITE_KYC' })),
    ).toBe('VENDOR_DOWN');
    await setting({ vendorDown: 'false' });
    await vendor.initialize({ bizId: 'biz-up', userId: 'u1', docType: KycIdType.UMID, flowType: 'H5_REALIDLITE_KYC' });
  });
});

describe('signatures', () => {
  const keys = () => loadSimulatorKeys(server.config.dataDir);
  const body = JSON.stringify({
    bizId: 'biz-forged',
    metaInfo: 'MOB_H5',
    flowType: 'H5_REALIDLITE_KYC',
    docType: '00630000001',
    userId: 'u1',
  });

  async function post(
    signedBody: string,
    sentBody: string,
    privateKey: string,
    clientId = keys().clientId,
    time = new Date(now()).toISOString(),
  ) {
    return fetch(`${server.url}/sim/kyc${VENDOR_API.initialize}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'Client-Id': clientId,
        'Request-Time': time,
        Signature: signatureHeader(privateKey, VENDOR_API.initialize, clientId, time, signedBody),
      },
      body: sentBody,
    });
  }

  it('accepts a request signed with our key over its exact bytes', async () => {
    const answer = await post(body, body, keys().merchantPrivateKeyPem);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { result: { resultStatus: string } }).result.resultStatus).toBe('S');
    expect(answer.headers.get('signature')).toMatch(/^algorithm=RSA256, signature=/);
  });

  it('refuses a forged request: another key, a tampered body, another client, a stale time, no signature', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect((await post(body, body, other)).status).toBe(401);
    expect((await post(body, body.replace('biz-forged', 'biz-forgeD'), keys().merchantPrivateKeyPem)).status).toBe(401);
    expect((await post(body, body, keys().merchantPrivateKeyPem, 'someone-else')).status).toBe(401);
    expect(
      (await post(body, body, keys().merchantPrivateKeyPem, keys().clientId, new Date(now() - 10 * 60_000).toISOString())).status,
    ).toBe(401);
    const unsigned = await fetch(`${server.url}/sim/kyc${VENDOR_API.initialize}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(unsigned.status).toBe(401);
    const refused = (await unsigned.json()) as { result: { resultCode: string } };
    expect(refused.result.resultCode).toBe('INVALID_SIGNATURE');
  });

  it('the adapter refuses answers not signed by the vendor, and reports a refused signature', async () => {
    const other = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const transport = async (uri: string, headers: Record<string, string>, raw: string) => {
      const answer = await server.app.inject({ method: 'POST', url: `/sim/kyc${uri}`, headers, payload: raw });
      return { status: answer.statusCode, headers: answer.headers as Record<string, string>, body: answer.body };
    };
    const request = { bizId: 'biz-adapter', userId: 'u1', docType: KycIdType.UMID, flowType: 'H5_REALIDLITE_KYC' } as const;
    const base = { clientId: keys().clientId, privateKey: keys().merchantPrivateKeyPem, webhookSecret: 'x', clock: now };
    const wrongVendorKey = zolozVendor({ ...base, vendorPublicKey: other.publicKey, transport });
    expect(await refusal(wrongVendorKey.initialize(request))).toBe('BAD_SIGNATURE');
    // A man in the middle changes the answer: its signature no longer matches.
    const tampering = zolozVendor({
      ...base,
      vendorPublicKey: keys().vendorPublicKeyPem,
      transport: async (uri, headers, raw) => {
        const answer = await transport(uri, headers, raw);
        return { ...answer, body: answer.body.replace(/"transactionId":"G/, '"transactionId":"H') };
      },
    });
    expect(await refusal(tampering.initialize(request))).toBe('BAD_SIGNATURE');
    const wrongOwnKey = zolozVendor({ ...base, privateKey: other.privateKey, vendorPublicKey: keys().vendorPublicKeyPem, transport });
    expect(await refusal(wrongOwnKey.initialize(request))).toBe('BAD_SIGNATURE');
  });
});

describe('the review back office and its webhooks', () => {
  it('sends an approval twice, at spread moments, each with a valid digest', async () => {
    const { transactionId } = await submitted('1234-5675555-5');
    expect((await review({ transactionId, answer: 'GREEN' })).status).toBe(200);
    await tick();
    shift = SPREAD_MS;
    await tick();
    expect(received).toHaveLength(2);
    expect(received[0]!.body).toBe(received[1]!.body);
    const event = vendor.verifyReviewWebhook(received[0]!.body, received[0]!.headers);
    expect(event).toMatchObject({ transactionId, reviewAnswer: 'GREEN', rejectLabels: [] });
    expect(vendor.verifyReviewWebhook(received[0]!.body.replace('GREEN', 'RED  '), received[0]!.headers)).toBeNull();
    expect(vendor.verifyReviewWebhook(received[0]!.body, { 'x-payload-digest': '0'.repeat(64) })).toBeNull();
    expect((await vendor.checkResult(transactionId, confirmed('1234-5675555-5'))).ekycResult).toBe('Success');
    // Nothing more goes out once both copies were answered 2xx.
    shift = 30 * 60 * 60_000;
    await tick();
    expect(received).toHaveLength(2);
  });

  it('retries a webhook answered 500 after 5 minutes, then 1 hour, until answered 2xx', async () => {
    const { transactionId } = await submitted('1234-5676666-6');
    answers = [500, 500, 500];
    expect(
      (await review({ transactionId, answer: 'RED', rejectType: 'RETRY', labels: ['invalid_id'], clientComment: 'Your ID has expired.' }))
        .status,
    ).toBe(200);
    shift = SPREAD_MS;
    await tick(); // both copies: 500, 500
    shift = SPREAD_MS + 4 * 60_000;
    await tick();
    expect(received).toHaveLength(2);
    shift = SPREAD_MS + 5 * 60_000;
    await tick(); // the first copy again: 500; the second: 200
    expect(received.map((r) => r.status)).toEqual([500, 500, 500, 200]);
    shift = SPREAD_MS + 5 * 60_000 + 60 * 60_000;
    await tick();
    expect(received.map((r) => r.status)).toEqual([500, 500, 500, 200, 200]);
    const event = vendor.verifyReviewWebhook(received[4]!.body, received[4]!.headers);
    expect(event).toMatchObject({
      reviewAnswer: 'RED',
      reviewRejectType: 'RETRY',
      rejectLabels: ['invalid_id'],
      clientComment: 'Your ID has expired.',
    });
  });

  it('re-checks an approved transaction from the page: RED FINAL after GREEN, and later', async () => {
    const { transactionId } = await submitted('1234-5677777-7');
    const approve = await fetch(`${server.url}/sim/kyc/transactions/${transactionId}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(approve.status).toBe(303);
    const form = new URLSearchParams({
      reason: 'tampered',
      rejectType: 'FINAL',
      clientComment: 'Please contact support.',
      moderationComment: 'edited photo',
    });
    const reject = await fetch(`${server.url}/sim/kyc/transactions/${transactionId}/reject`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      redirect: 'manual',
    });
    expect(reject.status).toBe(303);
    shift = SPREAD_MS;
    await tick();
    const events = received.map((r) => vendor.verifyReviewWebhook(r.body, r.headers)!);
    const green = events.find((e) => e.reviewAnswer === 'GREEN')!;
    const red = events.find((e) => e.reviewAnswer === 'RED')!;
    expect(red).toMatchObject({
      reviewRejectType: 'FINAL',
      rejectLabels: ['tampered'],
      moderationComment: 'edited photo',
      externalId: green.externalId,
    });
    expect(red.createdAtMs).toBeGreaterThan(green.createdAtMs);
    expect(await vendor.checkResult(transactionId, confirmed('1234-5677777-7'))).toMatchObject({
      ekycResult: 'Failure',
      rejectReason: 'tampered',
    });
  });

  it('refuses a review of a transaction that is not waiting for one', async () => {
    const { transactionId } = await vendor.initialize({
      bizId: 'biz-open',
      userId: 'u1',
      docType: KycIdType.UMID,
      flowType: 'H5_REALIDLITE_KYC',
    });
    expect((await review({ transactionId, answer: 'GREEN' })).status).toBe(409);
    expect((await review({ transactionId: 'GNOSUCH', answer: 'GREEN' })).status).toBe(404);
    expect((await review({ transactionId, answer: 'RED', labels: ['not-a-reason'] })).status).toBe(400);
  });

  it('lists the queue with the vendor copies of the photos, as a page without inline script or style', async () => {
    const { transactionId } = await submitted('1234-5678888-1');
    const answer = await fetch(`${server.url}/sim/kyc`);
    const html = await answer.text();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).toContain(transactionId);
    expect(html).not.toMatch(/<script|style=|<style/i);
    const image = await fetch(`${server.url}/sim/kyc/images/${transactionId}/document`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    // The vendor keeps its copies 30 days.
    shift = 31 * 24 * 60 * 60_000;
    await tick();
    expect((await fetch(`${server.url}/sim/kyc/images/${transactionId}/document`)).status).toBe(404);
    expect((await fetch(`${server.url}/sim/kyc/images/${transactionId}/face`)).status).toBe(404);
  });
});

describe('production', () => {
  it('has no simulator and no /sim/kyc pages; with no vendor configured every call is VENDOR_DOWN', async () => {
    const production = await startServer({ production: true }, undefined, { kycVendor: { env: {} } });
    try {
      expect(production.app.kycVendor.simulator).toBeUndefined();
      const page = await fetch(`${production.url}/sim/kyc`);
      expect(await page.text()).not.toContain('eKYC vendor simulator');
      const api = await fetch(`${production.url}/sim/kyc${VENDOR_API.initialize}`, { method: 'POST', body: '{}' });
      expect(api.status).toBe(404);
      const request = { bizId: 'biz-prod', userId: 'u1', docType: KycIdType.UMID, flowType: 'H5_REALIDLITE_KYC' } as const;
      expect(await refusal(production.app.kycVendor.vendor.initialize(request))).toBe('VENDOR_DOWN');
      expect(production.app.kycVendor.vendor.verifyReviewWebhook('{}', {})).toBeNull();
    } finally {
      await production.close();
    }
  });

  it('talks to the vendor named by KYC_* over HTTP, signed both ways', async () => {
    const keys = loadSimulatorKeys(server.config.dataDir);
    const env = {
      // The development server's simulator stands in for the vendor's sandbox.
      KYC_VENDOR_URL: `${server.url}/sim/kyc`,
      KYC_CLIENT_ID: keys.clientId,
      KYC_PRIVATE_KEY: keys.merchantPrivateKeyPem.replace(/\n/g, '\\n'),
      KYC_VENDOR_PUBLIC_KEY: keys.vendorPublicKeyPem,
      KYC_WEBHOOK_SECRET: keys.webhookSecret,
    };
    const production = await startServer({ production: true }, undefined, { kycVendor: { env } });
    try {
      const remote = production.app.kycVendor.vendor;
      const { transactionId } = await remote.initialize({
        bizId: 'biz-http',
        userId: 'u1',
        docType: KycIdType.SSS,
        flowType: 'H5_REALIDLITE_KYC',
      });
      expect((await remote.uploadDocument(transactionId, freshPhoto())).idNo).toMatch(/^\d\d-\d{7}-\d$/);
      await remote.uploadFace(transactionId, freshPhoto());
      expect((await remote.checkResult(transactionId, confirmed('12-3459999-9'))).ekycResult).toBe('Success');
    } finally {
      await production.close();
    }
    // Only some of the variables: the server refuses to start rather than run half-configured.
    await expect(
      startServer({ production: true }, undefined, { kycVendor: { env: { KYC_VENDOR_URL: env.KYC_VENDOR_URL } } }),
    ).rejects.toThrow(/KYC_CLIENT_ID/);
  });
});
