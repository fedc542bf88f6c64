import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { documentOfCode } from './documents';
import { checkSignature, isFresh, signatureHeader } from './signing';
import { type CheckResultAnswer, type KycVendorSimulator, SimulatorRefusal } from './simulator';
import type { OcrFields } from './types';
import { OCR_KEYS, VENDOR_API, type VendorResult, type VendorResultCode } from './wire';

/**
 * The simulator's HTTP API, shaped like ZOLOZ Real ID (development and tests only), mounted at
 * SIM_API_PREFIX + the vendor's own path. Every request must carry our Client-Id, a fresh Request-Time and
 * our RSA signature over the exact bytes; every answer is signed with the vendor's key the same way
 * (Response-Time). While the outage switch is on, every call answers 503 with no signature, as a gateway
 * in front of a vendor that is down would.
 */
export const SIM_API_PREFIX = '/sim/kyc';

export interface SimApiKeys {
  clientId: string;
  /** Verifies the merchant's (our) requests. */
  merchantPublicKeyPem: string;
  /** Signs the vendor's answers. */
  vendorPrivateKeyPem: string;
}

const ok: VendorResult = { resultStatus: 'S', resultCode: 'SUCCESS', resultMessage: 'Success' };
const failed = (resultCode: VendorResultCode, resultMessage: string): VendorResult => ({ resultStatus: 'F', resultCode, resultMessage });

/** Images are base64 of up to ~3 MB. */
const BODY_LIMIT = 5 * 1024 * 1024;

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

function ocrResult(ocr: OcrFields): Record<string, string> {
  return Object.fromEntries(Object.entries(OCR_KEYS).map(([field, key]) => [key, ocr[field as keyof OcrFields]]));
}

function checkResultBody(answer: CheckResultAnswer, transactionId: string) {
  return {
    result: ok,
    transactionId,
    ekycResult: answer.ekycResult,
    extIdInfo: { docType: answer.document.code, ocrResult: ocrResult(answer.ocr) },
    extFaceInfo: { faceScore: answer.faceScore },
    extRiskInfo: { riskFlags: answer.flags },
    ...(answer.rejectReason ? { rejectReason: answer.rejectReason } : {}),
    ...(answer.reviewRejectType ? { reviewRejectType: answer.reviewRejectType } : {}),
  };
}

type Body = Record<string, unknown>;
const text = (value: unknown, max = 200) => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined);

export async function simApi(app: FastifyInstance, options: { simulator: KycVendorSimulator; keys: SimApiKeys; clock: () => number }) {
  const { simulator, keys, clock } = options;
  // The signature covers the exact bytes: the body stays a string until it is checked.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

  function answer(reply: FastifyReply, uri: string, status: number, body: unknown) {
    const raw = JSON.stringify(body);
    const time = new Date(clock()).toISOString();
    return reply
      .status(status)
      .header('Cache-Control', 'no-store')
      .header('Client-Id', keys.clientId)
      .header('Response-Time', time)
      .header('Signature', signatureHeader(keys.vendorPrivateKeyPem, uri, keys.clientId, time, raw))
      .type('application/json; charset=utf-8')
      .send(raw);
  }

  const handlers: Record<string, (body: Body, now: number) => Promise<unknown>> = {
    async [VENDOR_API.initialize](body, now) {
      const document = documentOfCode(String(body['docType'] ?? ''));
      const bizId = text(body['bizId'], 64);
      const userId = text(body['userId'], 64);
      const flowType =
        body['flowType'] === 'FACE_ONLY' ? 'FACE_ONLY' : body['flowType'] === 'H5_REALIDLITE_KYC' ? 'H5_REALIDLITE_KYC' : undefined;
      if (!document || !bizId || !userId || !flowType || body['metaInfo'] !== 'MOB_H5')
        throw new SimulatorRefusal('INVALID_ARGUMENT', 'bizId, userId, metaInfo MOB_H5, a known docType and flowType are required.');
      const row = await simulator.initialize({ bizId, userId, document, flowType }, now);
      return {
        result: ok,
        transactionId: row.transactionId,
        // What ZOLOZ's H5 SDK would read; the simulator has no SDK, the app captures the photos itself.
        clientCfg: Buffer.from(JSON.stringify({ docType: document.code, flowType, locale: 'en' })).toString('base64'),
        transactionExpireTime: row.expiresAt.toISOString(),
      };
    },
    async [VENDOR_API.upload](body, now) {
      const transactionId = text(body['transactionId'], 64);
      const content = typeof body['imageContent'] === 'string' ? body['imageContent'] : '';
      const kind = body['type'];
      if (!transactionId || (kind !== 'DOC_FRONT' && kind !== 'FACE') || !/^[A-Za-z0-9+/]+={0,2}$/.test(content))
        throw new SimulatorRefusal('INVALID_ARGUMENT', 'transactionId, type DOC_FRONT or FACE and a base64 imageContent are required.');
      const image = Buffer.from(content, 'base64');
      if (kind === 'DOC_FRONT') {
        const ocr = await simulator.uploadDocument(transactionId, image, now);
        const row = await simulator.find(transactionId);
        return { result: ok, transactionId, extIdInfo: { docType: row?.docCode, ocrResult: ocrResult(ocr) } };
      }
      const face = await simulator.uploadFace(transactionId, image, now);
      return { result: ok, transactionId, extFaceInfo: face };
    },
    async [VENDOR_API.checkresult](body, now) {
      const transactionId = text(body['transactionId'], 64);
      if (!transactionId) throw new SimulatorRefusal('INVALID_ARGUMENT', 'transactionId is required.');
      const confirmed = (body['confirmedInfo'] ?? {}) as Record<string, unknown>;
      const idNo = typeof confirmed[OCR_KEYS.idNo] === 'string' ? (confirmed[OCR_KEYS.idNo] as string) : '';
      return checkResultBody(await simulator.checkResult(transactionId, { ...confirmed, idNo }, now), transactionId);
    },
  };

  for (const [uri, handle] of Object.entries(handlers)) {
    app.post(`${SIM_API_PREFIX}${uri}`, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      if (await simulator.isDown()) {
        return reply.status(503).header('Cache-Control', 'no-store').type('text/plain').send('Service Unavailable');
      }
      const raw = typeof request.body === 'string' ? request.body : '';
      const now = clock();
      const clientId = header(request, 'client-id');
      const time = header(request, 'request-time');
      if (
        clientId !== keys.clientId ||
        !isFresh(time, now) ||
        !checkSignature(header(request, 'signature'), keys.merchantPublicKeyPem, uri, clientId, time!, raw)
      ) {
        return answer(reply, uri, 401, { result: failed('INVALID_SIGNATURE', 'The request signature is missing, stale or wrong.') });
      }
      let body: Body;
      try {
        const parsed: unknown = JSON.parse(raw);
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        body = parsed as Body;
      } catch {
        return answer(reply, uri, 400, { result: failed('INVALID_ARGUMENT', 'The body is not a JSON object.') });
      }
      try {
        return answer(reply, uri, 200, await handle(body, now));
      } catch (error) {
        if (error instanceof SimulatorRefusal) return answer(reply, uri, 200, { result: failed(error.code, error.message) });
        throw error;
      }
    });
  }
}
