import type * as z from 'zod/mini';
import { api } from '../../api/instance';
import type {
  faceAnswer,
  faceCaptureInitAnswer,
  h5initializeAnswer,
  kycStatusAnswer,
  kycSubmitAnswer,
  ocrAnswer,
  weakPromptAnswer,
} from '../../contract/answers/kyc';
import { KycCall, type KycBody, type KycIdType, type KycOperation } from '../../contract/kyc';
import { miniTypeFor } from '../../lib/kycRules';
import { partnerFromHost } from '../../lib/partner';
import { applyKycPrompt, applyKycStatus } from '../../stores/kyc';
import { isFromGlife, isFromLazada } from '../../stores/origin';
import { isLoggedIn } from '../../stores/session';

/** The KYC calls of spec §7 (src/contract/kyc.ts). Every one is the player's own; the session names them. */

export type KycStatusInfo = z.infer<typeof kycStatusAnswer>;
export type Initialized = z.infer<typeof h5initializeAnswer>;
export type OcrResult = z.infer<typeof ocrAnswer>;
export type FaceResult = z.infer<typeof faceAnswer>;
export type SubmitResult = z.infer<typeof kycSubmitAnswer>;

const call = <T>(name: string, body: Record<string, unknown>, options?: { quiet?: boolean }) => api.call<T>('main', name, body, options);

/** The partner the status query names (spec §7: Glife → gcash, Lazada → lazada, a Maya host → maya). */
export function currentMiniType() {
  return miniTypeFor({ glife: isFromGlife(), lazada: isFromLazada() }, partnerFromHost(location.hostname));
}

let inFlight: Promise<void> | undefined;

/**
 * Asks the server where the player's verification stands and keeps it in src/stores/kyc.ts, with the
 * weak-prompt flags. Quiet: it runs in the background (app start, login, the player coming back, a
 * decision's message); a failure leaves what the app knew. Concurrent asks share one request.
 */
export function refreshKycStatus(): Promise<void> {
  if (!isLoggedIn()) return Promise.resolve();
  inFlight ??= (async () => {
    try {
      const miniType = currentMiniType();
      const body: KycBody['queryKycStatus'] = miniType ? { miniType } : {};
      const [status, prompt] = await Promise.all([
        call<KycStatusInfo>(KycCall.queryKycStatus, body, { quiet: true }),
        call<z.infer<typeof weakPromptAnswer>>(KycCall.weakKycPrompt, {}, { quiet: true }).catch(() => undefined),
      ]);
      applyKycStatus(status);
      if (prompt) applyKycPrompt(prompt);
    } catch {
      // Offline or refused: keep what we knew; the next trigger asks again.
    } finally {
      inFlight = undefined;
    }
  })();
  return inFlight;
}

export const initialize = (docType: KycIdType) =>
  call<Initialized>(KycCall.h5initialize, { docType, metaInfo: 'MOB_H5' } satisfies KycBody['h5initialize']);

export const readId = (body: KycBody['ocrIdentify']) => call<OcrResult>(KycCall.ocrIdentify, body);

export const matchFace = (body: KycBody['faceRecognition']) => call<FaceResult>(KycCall.faceRecognition, body);

export const confirmFields = (body: KycBody['modifyEkycRequest']) => call<SubmitResult>(KycCall.modifyEkycRequest, body);

export const startFaceCheck = (operationType: KycOperation) =>
  call<z.infer<typeof faceCaptureInitAnswer>>(KycCall.h5FaceCaptureInit, { operationType } satisfies KycBody['h5FaceCaptureInit']);

/** One camera event for support and fraud review. Never in the player's way: quiet and not awaited. */
export function logFaceEvent(body: KycBody['uploadCustomerFaceLog']): void {
  void call(KycCall.uploadCustomerFaceLog, body, { quiet: true }).catch(() => undefined);
}
