import type { KycIdType, KycRejectReason, KycRejectType } from '../../../src/contract/kyc';
import { documentOfCode, documentOfType } from './documents';
import { checkPayloadDigest, checkSignature, isFresh, signatureHeader } from './signing';
import { type CheckResult, type KycReviewEvent, type KycVendor, KycVendorError, type KycVendorErrorCode, type OcrFields } from './types';
import { OCR_KEYS, VENDOR_API, reasonOfLabel, type ReviewWebhookBody, type VendorResult } from './wire';

/**
 * The eKYC vendor adapter our KYC module uses (KycVendor), speaking ZOLOZ Real ID's signed API and reading
 * Sumsub-style review webhooks. The transport carries the exact bytes: `fetch` to the vendor's base URL
 * in production, `app.inject` into the simulator in development and tests, so the signatures are made and
 * checked over what really travels either way.
 */

export interface TransportAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** POSTs `body` to the vendor's `uri` (e.g. /api/v1/zoloz/realid/initialize) with these headers. */
export type KycTransport = (uri: string, headers: Record<string, string>, body: string) => Promise<TransportAnswer>;

export interface ZolozVendorOptions {
  clientId: string;
  /** Our RSA private key (PKCS#8 PEM): signs the requests. */
  privateKey: string;
  /** The vendor's RSA public key (PEM): checks the answers. */
  vendorPublicKey: string;
  transport: KycTransport;
  /** The review webhooks' HMAC secret (X-Payload-Digest). */
  webhookSecret: string;
  clock?: () => number;
}

/** A transport over HTTP to the vendor's base URL (production). */
export function httpTransport(baseUrl: string, timeoutMs = 15_000): KycTransport {
  const base = baseUrl.replace(/\/+$/, '');
  return async (uri, headers, body) => {
    const answer = await fetch(`${base}${uri}`, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
    return { status: answer.status, headers: Object.fromEntries(answer.headers.entries()), body: await answer.text() };
  };
}

const RESULT_ERRORS: Record<string, KycVendorErrorCode> = {
  INVALID_ARGUMENT: 'INVALID_ARGUMENT',
  INVALID_IMAGE: 'INVALID_IMAGE',
  TRANSACTION_NOT_FOUND: 'NOT_FOUND',
  TRANSACTION_EXPIRED: 'EXPIRED',
  // The vendor refused our signature: a configuration error on our side, never the player's.
  INVALID_SIGNATURE: 'BAD_SIGNATURE',
  ACCESS_DENIED: 'BAD_SIGNATURE',
};

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function fieldsOf(ocrResult: unknown): OcrFields {
  const source = (ocrResult && typeof ocrResult === 'object' ? ocrResult : {}) as Record<string, unknown>;
  const read = (key: string) => (typeof source[key] === 'string' ? (source[key] as string) : '');
  return {
    firstName: read(OCR_KEYS.firstName),
    middleName: read(OCR_KEYS.middleName),
    lastName: read(OCR_KEYS.lastName),
    birthday: read(OCR_KEYS.birthday),
    idNo: read(OCR_KEYS.idNo),
    expiryDate: read(OCR_KEYS.expiryDate),
  };
}

export function zolozVendor(options: ZolozVendorOptions): KycVendor {
  const clock = options.clock ?? Date.now;

  /** One signed call: the answer's signature is checked before anything in it is believed. */
  async function call(uri: string, request: Record<string, unknown>): Promise<Record<string, unknown>> {
    const body = JSON.stringify(request);
    const time = new Date(clock()).toISOString();
    const headers = {
      'content-type': 'application/json; charset=UTF-8',
      'Client-Id': options.clientId,
      'Request-Time': time,
      Signature: signatureHeader(options.privateKey, uri, options.clientId, time, body),
    };
    let answer: TransportAnswer;
    try {
      answer = await options.transport(uri, headers, body);
    } catch {
      throw new KycVendorError('VENDOR_DOWN', 'The eKYC vendor did not answer.');
    }
    if (answer.status >= 500 || answer.status === 429)
      throw new KycVendorError('VENDOR_DOWN', `The eKYC vendor answered ${answer.status}.`);
    const responseTime = single(answer.headers['response-time']);
    const signed =
      single(answer.headers['client-id']) === options.clientId &&
      isFresh(responseTime, clock()) &&
      checkSignature(single(answer.headers['signature']), options.vendorPublicKey, uri, options.clientId, responseTime!, answer.body);
    if (!signed) throw new KycVendorError('BAD_SIGNATURE', 'The eKYC vendor answer is not signed by the vendor.');
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(answer.body) as Record<string, unknown>;
    } catch {
      throw new KycVendorError('VENDOR_DOWN', 'The eKYC vendor answered something that is not JSON.');
    }
    const result = parsed['result'] as VendorResult | undefined;
    if (result?.resultStatus !== 'S') {
      const code = RESULT_ERRORS[result?.resultCode ?? ''] ?? 'VENDOR_DOWN';
      throw new KycVendorError(code, result?.resultMessage ?? 'The eKYC vendor refused the call.');
    }
    return parsed;
  }

  const docTypeOf = (code: unknown): KycIdType => {
    const document = documentOfCode(String(code ?? ''));
    if (!document) throw new KycVendorError('INVALID_ARGUMENT', `Unknown vendor document code ${String(code)}.`);
    return document.idType;
  };

  return {
    async initialize(request) {
      const document = documentOfType(request.docType);
      if (!document) throw new KycVendorError('INVALID_ARGUMENT', `ID type ${request.docType} has no vendor document code.`);
      const answer = await call(VENDOR_API.initialize, {
        bizId: request.bizId,
        metaInfo: 'MOB_H5',
        flowType: request.flowType,
        docType: document.code,
        userId: request.userId,
        serviceLevel: 'REALID0001',
      });
      return {
        transactionId: String(answer['transactionId']),
        clientCfg: String(answer['clientCfg'] ?? ''),
        expiresAt: Date.parse(String(answer['transactionExpireTime'])),
      };
    },

    async uploadDocument(transactionId, image) {
      const answer = await call(VENDOR_API.upload, { transactionId, type: 'DOC_FRONT', imageContent: image.toString('base64') });
      return fieldsOf((answer['extIdInfo'] as { ocrResult?: unknown } | undefined)?.ocrResult);
    },

    async uploadFace(transactionId, image) {
      const answer = await call(VENDOR_API.upload, { transactionId, type: 'FACE', imageContent: image.toString('base64') });
      const face = (answer['extFaceInfo'] ?? {}) as { faceScore?: number; passed?: boolean };
      return { faceScore: Number(face.faceScore ?? 0), passed: face.passed === true };
    },

    async checkResult(transactionId, confirmed): Promise<CheckResult> {
      const confirmedInfo = Object.fromEntries(Object.entries(OCR_KEYS).map(([field, key]) => [key, confirmed[field as keyof OcrFields]]));
      const answer = await call(VENDOR_API.checkresult, { transactionId, isReturnImage: 'N', confirmedInfo });
      const idInfo = (answer['extIdInfo'] ?? {}) as { docType?: string; ocrResult?: unknown };
      const ekycResult = answer['ekycResult'];
      if (ekycResult !== 'Success' && ekycResult !== 'Failure' && ekycResult !== 'Pending')
        throw new KycVendorError('VENDOR_DOWN', 'The eKYC vendor answered no result.');
      const rejectReason = answer['rejectReason'] as KycRejectReason | undefined;
      return {
        transactionId: String(answer['transactionId'] ?? transactionId),
        resultStatus: 'S',
        ekycResult,
        extIdInfo: { docType: docTypeOf(idInfo.docType), ocr: fieldsOf(idInfo.ocrResult) },
        extFaceInfo: { faceScore: Number((answer['extFaceInfo'] as { faceScore?: number } | undefined)?.faceScore ?? 0) },
        extRiskInfo: { flags: ((answer['extRiskInfo'] as { riskFlags?: string[] } | undefined)?.riskFlags ?? []).map(String) },
        ...(ekycResult === 'Failure' && rejectReason ? { rejectReason } : {}),
      };
    },

    verifyReviewWebhook(rawBody, headers) {
      if (!checkPayloadDigest(single(headers['x-payload-digest']), options.webhookSecret, rawBody)) return null;
      return reviewEventOf(rawBody);
    },
  };
}

/** A verified Sumsub-style body as our KycReviewEvent; null when it is not a complete review result. */
function reviewEventOf(rawBody: string): KycReviewEvent | null {
  let body: ReviewWebhookBody;
  try {
    body = JSON.parse(rawBody) as ReviewWebhookBody;
  } catch {
    return null;
  }
  const review = body?.reviewResult;
  const createdAtMs = Date.parse(`${String(body?.createdAtMs ?? '').replace(' ', 'T')}Z`);
  if (
    body?.type !== 'applicantReviewed' ||
    typeof body.correlationId !== 'string' ||
    typeof body.applicantId !== 'string' ||
    typeof body.externalUserId !== 'string' ||
    (review?.reviewAnswer !== 'GREEN' && review?.reviewAnswer !== 'RED') ||
    !Number.isFinite(createdAtMs)
  )
    return null;
  const rejectType: KycRejectType | undefined =
    review.reviewAnswer === 'RED' ? (review.reviewRejectType === 'FINAL' ? 'FINAL' : 'RETRY') : undefined;
  const labels = (review.rejectLabels ?? []).map((label) => reasonOfLabel(label) ?? 'manual_rejection');
  return {
    eventId: body.correlationId,
    transactionId: body.applicantId,
    externalId: body.externalUserId,
    reviewAnswer: review.reviewAnswer,
    ...(rejectType ? { reviewRejectType: rejectType } : {}),
    rejectLabels: review.reviewAnswer === 'RED' && labels.length === 0 ? ['manual_rejection'] : [...new Set(labels)],
    clientComment: review.clientComment ?? '',
    moderationComment: review.moderationComment ?? '',
    createdAtMs,
  };
}

/** With no vendor configured (production without KYC_VENDOR_URL…): every call is 'vendor down', never a crash. */
export function unavailableVendor(): KycVendor {
  const down = async (): Promise<never> => {
    throw new KycVendorError('VENDOR_DOWN', 'No eKYC vendor is configured.');
  };
  return {
    initialize: down,
    uploadDocument: down,
    uploadFace: down,
    checkResult: down,
    verifyReviewWebhook: () => null,
  };
}
