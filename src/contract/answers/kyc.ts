import * as z from 'zod/mini';
import { KycRejectReason, KycRejectType, MINI_TYPES } from '../kyc';
import { isoTime } from './common';

/** Answers of the KYC calls (src/contract/kyc.ts). Images are never answered back, only their keys. */

const status = z.int().check(z.minimum(-1), z.maximum(4));
const rejectReason = z.enum(Object.values(KycRejectReason) as [KycRejectReason, ...KycRejectReason[]]);

/**
 * The KYC info of spec §3 (what the app keeps under `kycInfo`), answered by customer/queryKycStatus.
 * showEkycStatus is the status to show for the asked operationType; miniAppStatus the partner's view.
 */
export const kycStatusAnswer = z.strictObject({
  ekycStatus: status,
  showEkycStatus: status,
  miniAppStatus: status,
  oldKycStatus: status,
  mergeKycStatus: status,
  kycStatus: status,
  requireEkyc: z.boolean(),
  /** A face check must precede the asked operation ('Verification Required'). */
  needFaceCapture: z.boolean(),
  /** The player's words for the last refusal ('' when none); contains 'repeated' for a duplicate ID. */
  rejectReason: z.string(),
  rejectCode: z.nullable(rejectReason),
  rejectType: z.nullable(z.enum(KycRejectType)),
  /** Attempts left today; 0 = the daily limit is reached. */
  cankycTime: z.int().check(z.minimum(0)),
  /** A final refusal: re-verification only through customer service. */
  refuseInitFlag: z.boolean(),
  isPopupWindow: z.boolean(),
  eKycSwitch: z.boolean(),
  forceNewUserEkycSwitch: z.boolean(),
  /** When the KYC days of registration end (spec §5); null when verified. */
  deadline: z.nullable(isoTime),
  kycDays: z.int(),
  /** The deadline passed unverified: new bets and deposits are refused until verification. */
  restricted: z.boolean(),
  miniType: z.nullable(z.enum(MINI_TYPES)),
});
export type KycStatusAnswer = z.infer<typeof kycStatusAnswer>;

export const h5initializeAnswer = z.strictObject({
  transactionId: z.string(),
  /** The vendor's client configuration (opaque to the app; a real H5 SDK reads it). */
  clientCfg: z.string(),
  /** Attempts left today after this one. */
  cankycTime: z.int(),
});

/** The fields read from the ID; the player confirms or corrects them. Empty strings for what could not be read. */
export const ocrAnswer = z.strictObject({
  imageKey: z.string(),
  fields: z.strictObject({
    firstName: z.string(),
    middleName: z.string(),
    lastName: z.string(),
    birthday: z.string(),
    idNo: z.string(),
    expiryDate: z.string(),
  }),
});

export const faceAnswer = z.strictObject({
  imageKey: z.string(),
  /** 0..100 as the vendor scores it. */
  faceScore: z.number(),
  passed: z.boolean(),
  /** When not passed, the player's words ('We could not match your face…'). */
  message: z.string(),
});

/** After modifyEkycRequest and improveUserProfile: where the verification stands now. */
export const kycSubmitAnswer = z.strictObject({
  ekycStatus: status,
  rejectReason: z.string(),
  rejectCode: z.nullable(rejectReason),
});

export const faceCaptureInitAnswer = z.strictObject({ transactionId: z.string() });

/** Spec §3's weak-prompt object. kycNode.days: days left before the deadline (0 when passed). */
export const weakPromptAnswer = z.strictObject({
  globalActiveKycStatus: status,
  strongCheck: z.boolean(),
  weakCheck: z.boolean(),
  halfCheck: z.boolean(),
  kycNode: z.strictObject({ days: z.int() }),
});

export const kycForNewUserAnswer = z.strictObject({
  forceNewUserEkycSwitch: z.boolean(),
  ekycStatus: status,
  deadline: z.nullable(isoTime),
  kycDays: z.int(),
});

export const idExistsAnswer = z.strictObject({ exists: z.boolean() });
