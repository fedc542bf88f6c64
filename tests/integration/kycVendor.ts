import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { CheckResult, KycReviewEvent, KycVendor } from '../../server/providers/kyc/types';

/**
 * A scripted eKYC vendor for the tests that must choose each review event exactly (forged, duplicate,
 * out of order): it decides like the simulator's magic numbers (the confirmed ID number's last 4 digits:
 * 9999 Success, 0000 Failure screen_capture, otherwise Pending for review) and signs review webhooks with
 * an HMAC over the raw body in X-Payload-Digest.
 */
export interface ScriptedVendor {
  vendor: KycVendor;
  /** Our bizId of a vendor transaction (the externalId of its review events). */
  bizIdOf(transactionId: string): string;
  /** A signed review webhook: its raw body and headers. */
  review(
    transactionId: string,
    event: Partial<KycReviewEvent> & Pick<KycReviewEvent, 'reviewAnswer' | 'createdAtMs'>,
  ): { body: string; headers: Record<string, string> };
}

export function scriptedVendor(secret = 'scripted-kyc-secret'): ScriptedVendor {
  const transactions = new Map<string, string>();
  const digest = (body: string) => createHmac('sha256', secret).update(body).digest('hex');
  const vendor: KycVendor = {
    async initialize(request) {
      const transactionId = `G${randomUUID().replaceAll('-', '')}`;
      transactions.set(transactionId, request.bizId);
      return { transactionId, clientCfg: JSON.stringify({ flow: request.flowType }), expiresAt: Date.now() + 3_600_000 };
    },
    async uploadDocument() {
      return {
        firstName: 'Maria',
        middleName: 'Santos',
        lastName: 'Reyes',
        birthday: '1990-05-17',
        idNo: 'N01-23-456789',
        expiryDate: '2031-05-17',
      };
    },
    async uploadFace() {
      return { faceScore: 93, passed: true };
    },
    async checkResult(transactionId, confirmed): Promise<CheckResult> {
      const last4 = confirmed.idNo.replace(/\D/g, '').slice(-4);
      const base = {
        transactionId,
        resultStatus: 'S' as const,
        extIdInfo: { docType: confirmed.idType, ocr: confirmed },
        extFaceInfo: { faceScore: 93 },
        extRiskInfo: { flags: [] },
      };
      if (last4 === '9999') return { ...base, ekycResult: 'Success' };
      if (last4 === '0000') return { ...base, ekycResult: 'Failure', rejectReason: 'screen_capture' };
      return { ...base, ekycResult: 'Pending' };
    },
    verifyReviewWebhook(rawBody, headers) {
      const given = headers['x-payload-digest'];
      if (typeof given !== 'string' || given.length !== 64) return null;
      if (!timingSafeEqual(Buffer.from(given), Buffer.from(digest(rawBody)))) return null;
      return JSON.parse(rawBody) as KycReviewEvent;
    },
  };
  return {
    vendor,
    bizIdOf: (transactionId) => transactions.get(transactionId) ?? '',
    review(transactionId, event) {
      const full: KycReviewEvent = {
        eventId: randomUUID(),
        transactionId,
        externalId: transactions.get(transactionId) ?? '',
        rejectLabels: [],
        clientComment: '',
        moderationComment: '',
        ...event,
      };
      const body = JSON.stringify(full);
      return { body, headers: { 'content-type': 'application/json', 'x-payload-digest': digest(body) } };
    },
  };
}
