import { KycRejectReason } from '../../../src/contract/kyc';
import type { KycRejectType } from '../../../src/contract/kyc';

/**
 * The vendor's wire format, shared by the simulator (which writes it) and the adapter (which reads it):
 * ZOLOZ Real ID's paths, result codes and OCR keys, and Sumsub's review webhook with its reject labels.
 */

export const VENDOR_API = {
  initialize: '/api/v1/zoloz/realid/initialize',
  upload: '/api/v1/zoloz/realid/upload',
  checkresult: '/api/v1/zoloz/realid/checkresult',
} as const;

/** ZOLOZ result.resultCode values the simulator answers. */
export type VendorResultCode =
  'SUCCESS' | 'INVALID_ARGUMENT' | 'INVALID_SIGNATURE' | 'INVALID_IMAGE' | 'TRANSACTION_NOT_FOUND' | 'TRANSACTION_EXPIRED' | 'SYSTEM_ERROR';

export interface VendorResult {
  resultStatus: 'S' | 'F';
  resultCode: VendorResultCode;
  resultMessage: string;
}

/** The OCR keys of ZOLOZ's extIdInfo.ocrResult. */
export const OCR_KEYS = {
  firstName: 'FIRST_NAME',
  middleName: 'MIDDLE_NAME',
  lastName: 'LAST_NAME',
  birthday: 'DATE_OF_BIRTH',
  idNo: 'ID_NUMBER',
  expiryDate: 'EXPIRY_DATE',
} as const;

/** Our §8 reasons as Sumsub's rejectLabels. */
export const REJECT_LABELS: Record<KycRejectReason, string> = {
  [KycRejectReason.ScreenCapture]: 'SCREENSHOTS',
  [KycRejectReason.Tampered]: 'FORGERY',
  [KycRejectReason.FaceMismatch]: 'BAD_FACE_MATCHING',
  [KycRejectReason.InvalidId]: 'ID_INVALID',
  [KycRejectReason.Repeated]: 'DUPLICATE',
  [KycRejectReason.IdMaxVerifications]: 'REGULATIONS_VIOLATIONS',
  [KycRejectReason.ManualRejection]: 'OTHER',
};

const REASON_OF_LABEL = new Map(Object.entries(REJECT_LABELS).map(([reason, label]) => [label, reason as KycRejectReason]));

export function reasonOfLabel(label: string): KycRejectReason | undefined {
  return REASON_OF_LABEL.get(label);
}

/** The reasons a reviewer may pick on /sim/kyc (spec §8), with their words. */
export const REVIEW_REASONS: readonly { reason: KycRejectReason; text: string }[] = [
  { reason: KycRejectReason.ScreenCapture, text: 'Screen capture or reproduction' },
  { reason: KycRejectReason.Tampered, text: 'Document tampering or obstructions' },
  { reason: KycRejectReason.FaceMismatch, text: 'Facial recognition error' },
  { reason: KycRejectReason.InvalidId, text: 'Invalid or expired ID' },
  { reason: KycRejectReason.ManualRejection, text: 'Manual rejection' },
];

/** Sumsub's applicantReviewed webhook body (the parts we use). */
export interface ReviewWebhookBody {
  type: 'applicantReviewed';
  /** Unique per event (Sumsub's correlationId). */
  correlationId: string;
  applicantId: string;
  inspectionId: string;
  externalUserId: string;
  levelName: string;
  sandboxMode: boolean;
  reviewStatus: 'completed';
  createdAtMs: string;
  reviewResult: {
    reviewAnswer: 'GREEN' | 'RED';
    reviewRejectType?: KycRejectType;
    rejectLabels?: string[];
    clientComment?: string;
    moderationComment?: string;
  };
}
