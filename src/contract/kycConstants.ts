/**
 * KYC constants the shell uses (the guards, the kyc store, the face-check route's search), without zod
 * so the first load stays without it (issue 14); contract/kyc.ts re-exports them.
 */

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

/** Pages a player may visit while forced new-user eKYC is in force (route names of spec §2). */
export const FORCED_EKYC_ALLOWED_PAGES = ['EKYCAutomation', 'ekyc-zolos', 'kyc-information', 'KycResult'] as const;

/** Operations the status query and the face check are asked for. */
export const KYC_OPERATIONS = ['login', 'bet', 'deposit', 'withdraw', 'game', 'profile'] as const;
export type KycOperation = (typeof KYC_OPERATIONS)[number];
