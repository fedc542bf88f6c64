import type * as z from 'zod/mini';
import { api } from '../../api/instance';
import type { faceAnswer, faceCaptureInitAnswer, h5initializeAnswer, kycSubmitAnswer, ocrAnswer } from '../../contract/answers/kyc';
import { KycCall, type KycBody, type KycIdType, type KycOperation } from '../../contract/kyc';

/** The KYC calls of spec §7 (src/contract/kyc.ts). Every one is the player's own; the session names them. */

export type Initialized = z.infer<typeof h5initializeAnswer>;
export type OcrResult = z.infer<typeof ocrAnswer>;
export type FaceResult = z.infer<typeof faceAnswer>;
export type SubmitResult = z.infer<typeof kycSubmitAnswer>;

const call = <T>(name: string, body: Record<string, unknown>, options?: { quiet?: boolean }) => api.call<T>('main', name, body, options);

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
