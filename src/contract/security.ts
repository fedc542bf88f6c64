import * as z from 'zod/mini';
import { emailSchema, modifyPasswordSchema, registerSchema } from './forms';
import { normalizePhone } from './people';

/**
 * The security centre's calls (issue 12): the login password (set, change, check), the phone (bind,
 * change) and the email (add, change, verify). Every call is prefix 'main'; all but phone/sendCode are
 * player-only and act on the session's player alone. The sensitive fields of spec §5 (password,
 * newPassword, oldPassword, newPhone, newEmail) travel encrypted with the server's public key: the API
 * client encrypts them, the contract decrypts them before these schemas run. Answers are in
 * answers/security.ts.
 */
export const SecurityCall = {
  /** What the security centre shows: which passwords are set, the (masked) phone, the email and whether it is verified. */
  securityInfo: 'customer/securityInfo',
  /** A code to a number (public: register, forget; and bind, for a new number of a logged-in player). */
  sendPhoneCode: 'phone/sendCode',
  /** A code to the session player's own phone: to set a first login password, or to approve a phone change. */
  sendOwnPhoneCode: 'phone/sendCodeByLoginName',
  /** Binds a phone (the new number's code), or changes it (the old number's code and the new one's). */
  verifyPhone: 'phone/verify',
  /** A code to a new email address (to add or change the email). */
  sendEmailCode: 'email/sendCode',
  /** A code to the email on file (to verify it). */
  sendOwnEmailCode: 'email/sendCodeByLoginName',
  /** Spends an email code: with newEmail it becomes the account's email, verified; without, the email on file is verified. */
  verifyEmail: 'email/verify',
  /** A first login password (an account opened by SMS or as a visitor has none); the own phone's code when a phone is bound. */
  setLoginPwd: 'customer/setLoginPwd',
  /** Changes the login password with the old one; wrong old passwords are counted like wrong login passwords. */
  modifyPwd: 'customer/modifyPwd',
  /** Checks the login password (counted like a login). */
  validatePwd: 'customer/validatePwd',
} as const;
export type SecurityCall = (typeof SecurityCall)[keyof typeof SecurityCall];

const phone = z.string().check(z.refine((value) => normalizePhone(value) !== undefined, { message: 'phone' }));
const code = z.string().check(z.regex(/^\d{6}$/, { message: 'code' }));
/** The login password rule, the same as registration's (forms.ts). */
export const loginPasswordField = registerSchema.shape.password;

/** Why a code goes to the player's own phone. */
export const OWN_PHONE_CODE_PURPOSES = ['setPwd', 'changePhone'] as const;
export type OwnPhoneCodePurpose = (typeof OWN_PHONE_CODE_PURPOSES)[number];

export const SecurityBody = {
  securityInfo: z.object({}),
  sendOwnPhoneCode: z.object({ purpose: z.enum(OWN_PHONE_CODE_PURPOSES, { message: 'invalid' }) }),
  /**
   * newPhone arrives encrypted. code: the code sent to newPhone (phone/sendCode purpose 'bind'). oldCode:
   * the code sent to the current phone (phone/sendCodeByLoginName purpose 'changePhone'), needed when the
   * account has a phone: a change needs both numbers, so neither a stolen session nor a stolen SIM alone
   * can move the account to another number.
   */
  verifyPhone: z.object({ newPhone: phone, code, oldCode: z.optional(code) }),
  /** newEmail arrives encrypted. */
  sendEmailCode: z.object({ newEmail: emailSchema }),
  sendOwnEmailCode: z.object({}),
  verifyEmail: z.object({ code, newEmail: z.optional(emailSchema) }),
  /** password arrives encrypted; code: the own phone's code (purpose 'setPwd') when a phone is bound. */
  setLoginPwd: z.object({ password: loginPasswordField, code: z.optional(code) }),
  modifyPwd: modifyPasswordSchema,
  validatePwd: z.object({ password: z.string().check(z.minLength(1, { message: 'required' }), z.maxLength(64, { message: 'text' })) }),
} as const;

export type SecurityBody = { [K in keyof typeof SecurityBody]: z.infer<(typeof SecurityBody)[K]> };

/** j***@gmail.com: the email as the security centre shows it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '';
  return `${email[0]}***${email.slice(at)}`;
}
