/** KYC states, accepted ID types and personal-info options of spec §3 and §4. */

/** ekycStatus / mergeKycStatus values. */
export const KycStatus = {
  NotSet: -1,
  Pending: 0,
  Approved: 1,
  SystemRejected: 2,
  ManuallyRejected: 3,
  /** Treated as not set. */
  Reset: 4,
} as const;
export type KycStatus = (typeof KycStatus)[keyof typeof KycStatus];

/** -1 and 4 both mean the player has not submitted KYC. */
export function isKycNotSet(status: number): boolean {
  return status === KycStatus.NotSet || status === KycStatus.Reset;
}

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

/** Pages a player may visit while forced new-user eKYC is in force (route names of spec §2). */
export const FORCED_EKYC_ALLOWED_PAGES = ['EKYCAutomation', 'ekyc-zolos', 'kyc-information', 'KycResult'] as const;
