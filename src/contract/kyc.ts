import * as z from 'zod/mini';
import { KYC_OPERATIONS } from './kycConstants';
import { isCalendarDate, isOfAge } from './people';
import { BARRED_CATEGORIES } from './responsibleGaming';

export * from './kycConstants';

/** KYC states, accepted ID types and personal-info options of spec §3 and §4. */

export const KycIdType = {
  DriversLicense: 4,
  UMID: 1,
  PhilHealth: 17,
  TIN: 2,
  NationalID: 21,
  VotersID: 6,
  Passport: 5,
  SSS: 3,
  PostalID: 7,
  OWWA: 13,
  SeamansBook: 18,
  ACRICR: 22,
  OtherValidIDs: 23,
} as const;
export type KycIdType = (typeof KycIdType)[keyof typeof KycIdType];

export const OCCUPATIONS = [
  'Accounting/Finance',
  'Admin/Human Resources',
  'Arts/Media/Communications',
  'Building/Construction',
  'Computer/Information Technology',
  'Engineering',
  'Education/Training',
  'Healthcare',
  'Hotel/Restaurant',
  'Sales/Marketing',
  'Services',
  'Sciences',
  'Others',
] as const;

export const SOURCES_OF_INCOME = [
  'Business',
  'Capital Gain',
  'Interest/Dividend',
  'Non-Capital Asset',
  'Retirement',
  'Rent/Royalty/Licensing',
  'Salary/Wages',
  'Others',
] as const;

// ---------------------------------------------------------------------------------------------------------
// The KYC calls of spec §7, their bodies and the rules both sides apply (issue 12). Answers are in
// answers/kyc.ts. Every call is prefix 'main' and player-only; identity comes from the session.

export const KycCall = {
  /** Status for an operation (spec §3: operationType → ekycStatus, showEkycStatus, miniAppStatus) plus the whole KYC info. */
  queryKycStatus: 'customer/queryKycStatus',
  /** Starts a vendor transaction (not idempotent, counts one of the day's attempts): transactionId + clientCfg. */
  h5initialize: 'h5initialize',
  /** The ID document photo of a transaction: stored encrypted, read by the vendor; answers the OCR fields. */
  ocrIdentify: 'ocrIdentify',
  /** The face photo of a transaction (or of a face check): the vendor's face score and whether it passed. */
  faceRecognition: 'faceRecognition',
  /** The player confirms (or corrects) the fields read from their ID; the duplicate-ID check runs here. */
  modifyEkycRequest: 'modifyEkycRequest',
  /** One face-capture attempt's log line (camera missing, no face found, retried): for support and fraud review. */
  uploadCustomerFaceLog: 'uploadCustomerFaceLog',
  /** Starts a face-only check ('Verification Required' before an operation, periodic re-authentication). */
  h5FaceCaptureInit: 'h5FaceCaptureInit',
  /** The weak-prompt object of spec §3 (globalActiveKycStatus, strongCheck, weakCheck, halfCheck, kycNode.days). */
  weakKycPrompt: 'weakKycPrompt',
  /** The forced new-user rule: switch, status, deadline. */
  queryKycForNewUser: 'queryKycForNewUser',
  /** Whether an ID type + number is already used by another account (the duplicate-ID dialog). */
  queryKycIdAndTypeExists: 'queryKycIdAndTypeExists',
  /** The personal-information form of spec §3; submits the verification for review when the ID and face are in. */
  improveUserProfile: 'customer/improveUserProfile',
} as const;
export type KycCall = (typeof KycCall)[keyof typeof KycCall];

/** Partner mini-apps pass their type to the status query (spec §6). */
export const MINI_TYPES = ['gcash', 'lazada', 'maya'] as const;

/**
 * Why a verification was refused (spec §8 KYC messages). The server sends the code and the player's
 * words; a reason containing 'repeated' opens the duplicate-ID dialog (spec §5).
 */
export const KycRejectReason = {
  ScreenCapture: 'screen_capture',
  Tampered: 'tampered',
  FaceMismatch: 'face_mismatch',
  InvalidId: 'invalid_id',
  Repeated: 'repeated',
  IdMaxVerifications: 'id_max_verifications',
  ManualRejection: 'manual_rejection',
} as const;
export type KycRejectReason = (typeof KycRejectReason)[keyof typeof KycRejectReason];

/** RETRY: the player may submit again (within the day's attempts); FINAL: only customer service can reopen. */
export const KycRejectType = ['RETRY', 'FINAL'] as const;
export type KycRejectType = (typeof KycRejectType)[number];

/** Uploads are fitted to 750 px on the longest side at JPEG quality 0.9 before they leave the phone (spec §5). */
export const KYC_IMAGE = { maxSide: 750, quality: 0.9, mimeType: 'image/jpeg' } as const;

/** Attempts a player gets per Manila day (cankycTime counts down from this). */
export const DEFAULT_KYC_DAILY_ATTEMPTS = 3;

/** A data: URL of a JPEG, PNG or WebP photo; the server checks it by its bytes. */
export const kycImageField = z
  .string()
  .check(z.startsWith('data:image/', { message: 'invalid' }), z.maxLength(1_900_000, { message: 'invalid' }));
const transactionId = z.string().check(z.minLength(8), z.maxLength(64));
const name = (required: boolean) =>
  required
    ? z.string().check(z.trim(), z.minLength(1, { message: 'required' }), z.maxLength(60, { message: 'text' }))
    : z.optional(z.string().check(z.trim(), z.maxLength(60, { message: 'text' })));
const idNo = z.string().check(z.trim(), z.minLength(4, { message: 'required' }), z.maxLength(32, { message: 'text' }));
export const kycIdTypeField = z.union(
  Object.values(KycIdType).map((value) => z.literal(value)) as [z.ZodMiniLiteral<KycIdType>, ...z.ZodMiniLiteral<KycIdType>[]],
);
const birthday21 = z.string().check(z.refine((value) => isCalendarDate(value) && isOfAge(value, new Date()), { message: 'birthday' }));
/** A key of an image the server already holds (answered by ocrIdentify / faceRecognition); never a guessable path. */
const imageKey = z.string().check(z.minLength(16, { message: 'required' }), z.maxLength(80, { message: 'invalid' }));

/**
 * The personal-information form of spec §3 with the rules of §5: middle name, surname, province, address
 * and the second identity are optional; everything else is required; the birthday must be 21+. The
 * first ID number travels as `firstNoType` (spec §3). province and city are PSGC codes.
 */
export const personalInfoSchema = z.object({
  faceId: imageKey,
  firstName: name(true),
  middleName: name(false),
  lastName: name(false),
  email: z.string().check(z.trim(), z.email({ message: 'email' }), z.maxLength(120, { message: 'email' })),
  gender: z.enum(['M', 'F'], { message: 'gender' }),
  birthday: birthday21,
  province: z.optional(z.string().check(z.maxLength(12, { message: 'invalid' }))),
  city: z.string().check(z.minLength(1, { message: 'required' }), z.maxLength(12, { message: 'invalid' })),
  postalCode: z.string().check(z.regex(/^\d{4}$/, { message: 'postalCode' })),
  address: z.optional(z.string().check(z.trim(), z.maxLength(160, { message: 'text' }))),
  occupation: z.enum(OCCUPATIONS, { message: 'required' }),
  sourceOfIncome: z.enum(SOURCES_OF_INCOME, { message: 'required' }),
  firstIdType: kycIdTypeField,
  firstNoType: idNo,
  firstIdScan: imageKey,
  secondIdType: z.optional(kycIdTypeField),
  secondIdNo: z.optional(idNo),
  secondIdScan: z.optional(imageKey),
  /**
   * The declaration about the categories the regulator bars from playing (responsible gaming, issue 34):
   * the ones that apply, empty when none does. Stored with the account; a barred one stops play.
   */
  barredCategories: z.optional(z.array(z.enum(BARRED_CATEGORIES)).check(z.maxLength(BARRED_CATEGORIES.length))),
});
export type PersonalInfo = z.infer<typeof personalInfoSchema>;

/** The form's required fields (spec §5 "the missing count is checked"): the client counts the empty ones. */
export const PERSONAL_INFO_REQUIRED = [
  'faceId',
  'firstName',
  'email',
  'gender',
  'birthday',
  'city',
  'postalCode',
  'occupation',
  'sourceOfIncome',
  'firstIdType',
  'firstNoType',
  'firstIdScan',
] as const satisfies readonly (keyof PersonalInfo)[];

/** The fields read from an ID (OCR), as the player confirms them in modifyEkycRequest. */
export const idFieldsSchema = z.object({
  firstName: name(true),
  middleName: name(false),
  lastName: name(false),
  birthday: birthday21,
  idType: kycIdTypeField,
  idNo,
});
export type IdFields = z.infer<typeof idFieldsSchema>;

export const KycBody = {
  queryKycStatus: z.object({ miniType: z.optional(z.enum(MINI_TYPES)), operationType: z.optional(z.enum(KYC_OPERATIONS)) }),
  h5initialize: z.object({ docType: kycIdTypeField, metaInfo: z.optional(z.literal('MOB_H5')) }),
  /** Without a transactionId it reads a second ID for the form (no vendor transaction). */
  ocrIdentify: z.object({ transactionId: z.optional(transactionId), idType: kycIdTypeField, image: kycImageField }),
  faceRecognition: z.object({ transactionId, image: kycImageField }),
  modifyEkycRequest: z.object({ transactionId, fields: idFieldsSchema }),
  uploadCustomerFaceLog: z.object({
    transactionId: z.optional(transactionId),
    event: z.enum(['camera_missing', 'camera_denied', 'no_face', 'captured', 'retry', 'file_fallback']),
    detail: z.optional(z.string().check(z.maxLength(200))),
  }),
  h5FaceCaptureInit: z.object({ operationType: z.enum(KYC_OPERATIONS) }),
  weakKycPrompt: z.object({}),
  queryKycForNewUser: z.object({}),
  queryKycIdAndTypeExists: z.object({ idType: kycIdTypeField, idNo }),
  improveUserProfile: personalInfoSchema,
} as const;
export type KycBody = { [K in keyof typeof KycBody]: z.infer<(typeof KycBody)[K]> };
