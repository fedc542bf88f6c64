import type { KycIdType, KycRejectReason, KycRejectType } from '../../../src/contract/kyc';

/**
 * What our KYC module uses of the outside eKYC vendor (issue 12; PROVIDERS.md "eKYC"). The calls follow
 * ZOLOZ Real ID's H5 flow (initialize → the player's document and face → checkresult), the later review
 * results follow Sumsub's webhooks (GREEN / RED, RETRY / FINAL, rejectLabels). A real vendor's adapter
 * implements the same interface as the simulator, so replacing it changes no code of ours. The adapter
 * signs its requests and checks the answers' signatures (Client-Id, Request-Time, Signature RSA256 over
 * "POST <uri>\n<clientId>.<requestTime>.<body>"); a failed check is a KycVendorError('BAD_SIGNATURE').
 */

export type KycVendorErrorCode = 'VENDOR_DOWN' | 'BAD_SIGNATURE' | 'NOT_FOUND' | 'INVALID_IMAGE' | 'EXPIRED' | 'INVALID_ARGUMENT';

export class KycVendorError extends Error {
  constructor(
    readonly code: KycVendorErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'KycVendorError';
  }
}

export interface InitializeRequest {
  /** Our id of this verification (unique per call: initialize is not idempotent). */
  bizId: string;
  /** Our player's public id as the vendor sees it. */
  userId: string;
  /** spec §3's ID type; the adapter maps it to the vendor's document code (e.g. UMID 00630000001). */
  docType: KycIdType;
  /** 'FACE_ONLY' for a face check against the face already on file (h5FaceCaptureInit). */
  flowType: 'H5_REALIDLITE_KYC' | 'FACE_ONLY';
}

export interface InitializeResult {
  transactionId: string;
  /** Opaque configuration a real H5 SDK reads. */
  clientCfg: string;
  /** When the vendor forgets the transaction (epoch ms). */
  expiresAt: number;
}

export interface OcrFields {
  firstName: string;
  middleName: string;
  lastName: string;
  /** YYYY-MM-DD, '' when unreadable. */
  birthday: string;
  idNo: string;
  expiryDate: string;
}

/** ZOLOZ checkresult's result.resultStatus and ekycResult, with the parts we use. */
export interface CheckResult {
  transactionId: string;
  /** S = the call succeeded; F = failed; the decision is in ekycResult. */
  resultStatus: 'S' | 'F';
  /** Success / Failure, or Pending when the vendor cannot decide (its manual review queue takes it). */
  ekycResult: 'Success' | 'Failure' | 'Pending';
  extIdInfo: { docType: KycIdType; ocr: OcrFields };
  extFaceInfo: { faceScore: number };
  /** Risk flags such as screen capture, tampering. */
  extRiskInfo: { flags: string[] };
  /** When ekycResult is Failure: why, as a §8 reason. */
  rejectReason?: KycRejectReason;
}

/**
 * A review result webhook (Sumsub-style applicantReviewed). Several may arrive for one applicant and in any
 * order (GREEN, later RED on a re-check): apply one only when it is newer than the last applied.
 */
export interface KycReviewEvent {
  /** Unique per event: the inbox key. */
  eventId: string;
  transactionId: string;
  /** Our bizId of the verification. */
  externalId: string;
  reviewAnswer: 'GREEN' | 'RED';
  reviewRejectType?: KycRejectType;
  rejectLabels: KycRejectReason[];
  /** Safe to show the player. */
  clientComment: string;
  /** For staff only: never sent to the app. */
  moderationComment: string;
  /** When the vendor decided (epoch ms): orders the events. */
  createdAtMs: number;
}

export interface KycVendor {
  initialize(request: InitializeRequest): Promise<InitializeResult>;
  /** The ID document photo (already fitted to 750 px); answers what the vendor read from it. */
  uploadDocument(transactionId: string, image: Buffer): Promise<OcrFields>;
  /** The face photo; answers the liveness / match score (0..100). */
  uploadFace(transactionId: string, image: Buffer): Promise<{ faceScore: number; passed: boolean }>;
  /** The player confirmed these fields; the vendor decides (idempotent: asked again, it answers the same). */
  checkResult(transactionId: string, confirmed: OcrFields & { idType: KycIdType }): Promise<CheckResult>;
  /** Verifies a review webhook over its raw body (X-Payload-Digest HMAC); null when the signature is wrong. */
  verifyReviewWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): KycReviewEvent | null;
}
