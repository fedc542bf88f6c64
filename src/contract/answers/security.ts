import * as z from 'zod/mini';

/** Answers of the security centre's calls (src/contract/security.ts). */

/** customer/securityInfo. mobileNo and email are masked ('' when none). */
export const securityInfoAnswer = z.strictObject({
  hasLoginPassword: z.boolean(),
  hasWithdrawPassword: z.boolean(),
  mobileNo: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
});

/** A code is on its way to `recipient` (masked); the next may be asked after waitSeconds. */
export const securityCodeSentAnswer = z.strictObject({ waitSeconds: z.int(), recipient: z.string() });

/** phone/verify: the account's new number, masked. */
export const phoneBoundAnswer = z.strictObject({ mobileNo: z.string() });

/** email/verify: the account's email (in full: it is the player's own, just typed) and that it is verified. */
export const emailVerifiedAnswer = z.strictObject({ email: z.string(), emailVerified: z.literal(true) });
