import * as z from 'zod/mini';
import { ADDRESS_PAGE_SIZE } from './constants';
import { touchesSchema } from './eventSchemas';
import { isCalendarDate, normalizePhone } from './people';

/**
 * Request bodies of the account calls, validated by the server and used by the client's forms, so both
 * sides refuse the same input with the same words. Messages are keys of VALIDATION_MESSAGES
 * (./validationMessages.ts; the client shows them through i18n as `validation.<key>`).
 */
export { VALIDATION_MESSAGES, type ValidationKey } from './validationMessages';

const phone = z.string().check(z.refine((value) => normalizePhone(value) !== undefined, { message: 'phone' }));
const code = z.string().check(z.regex(/^\d{6}$/, { message: 'code' }));
const password = z.string().check(z.regex(/^(?=.*[A-Za-z])(?=.*\d)\S{8,20}$/, { message: 'password' }));
const birthday = z.string().check(z.refine(isCalendarDate, { message: 'birthday' }));
const captchaToken = z.string().check(z.minLength(16, { message: 'captcha' }));
/** The device fingerprint token (spec §7, §9): FingerprintJS's visitor id, hex digits. */
const fingerprint = z.optional(z.string().check(z.regex(/^[0-9a-f]{16,64}$/, { message: 'text' })));
const params = z.optional(z.record(z.string(), z.string().check(z.maxLength(200))));
/**
 * The daily deposit limit a new player may set while registering (responsible gaming, issue 34: the
 * offer at registration), whole centavos from ₱100 to ₱10,000,000; left out: none.
 */
const depositLimit = z.optional(
  z
    .int({ message: 'depositLimit' })
    .check(z.minimum(10_000, { message: 'depositLimit' }), z.maximum(1_000_000_000, { message: 'depositLimit' })),
);

export const nickNameSchema = z.string().check(z.trim(), z.regex(/^[\p{L}\p{N} ._-]{2,16}$/u, { message: 'nickName' }));

export const sendSmsCodeSchema = z.object({
  phone,
  /** login (loginAndRegisterV4), register (registerV2), forget, bind, delete */
  purpose: z.enum(['login', 'register', 'forget', 'bind']),
  captchaToken,
});

export const loginBySmsSchema = z.object({
  phone,
  code,
  /** Needed only when the number is new: the call registers it. */
  birthday: z.optional(birthday),
  agree: z.optional(z.boolean()),
  deviceToken: z.optional(z.string()),
  acquisition: params,
  invite: params,
  /** First and last touch kept on the device (issue 39): stored with the registration. */
  touches: z.optional(touchesSchema),
  fingerprint,
  depositLimit,
});

export const loginByPasswordSchema = z.object({
  phone,
  password: z.string().check(z.minLength(1, { message: 'required' }), z.maxLength(64, { message: 'text' })),
  captchaToken,
  deviceToken: z.optional(z.string()),
});

export const registerSchema = z.object({
  phone,
  code,
  password,
  birthday,
  agree: z.literal(true, { message: 'agree' }),
  deviceToken: z.optional(z.string()),
  acquisition: params,
  invite: params,
  /** First and last touch kept on the device (issue 39): stored with the registration. */
  touches: z.optional(touchesSchema),
  fingerprint,
  depositLimit,
});

export const visitorRegisterSchema = z.object({
  birthday,
  agree: z.literal(true, { message: 'agree' }),
  deviceToken: z.string().check(z.minLength(8, { message: 'required' })),
  captchaToken,
  acquisition: params,
  invite: params,
  touches: z.optional(touchesSchema),
  fingerprint,
});

export const modifyPasswordSchema = z.object({
  oldPassword: z.string().check(z.minLength(1, { message: 'required' })),
  newPassword: password,
});

export const forgetSendSchema = z.object({ phone, captchaToken });
export const forgetVerifySchema = z.object({ phone, code });
export const forgetResetSchema = z.object({ resetTicket: z.string().check(z.minLength(16)), newPassword: password });

export const userInfoQuerySchema = z.object({
  inclAddress: z.optional(z.boolean()),
  inclEmail: z.optional(z.boolean()),
  inclMobileNo: z.optional(z.boolean()),
  inclRealName: z.optional(z.boolean()),
  inclIds: z.optional(z.boolean()),
  inclGiftCard: z.optional(z.boolean()),
  isShowOddsType: z.optional(z.boolean()),
});

/** The user-info query that asks for everything the app keeps (the phone is still only sent masked). */
export const EVERY_USER_INFO_FIELD = {
  inclAddress: true,
  inclEmail: true,
  inclMobileNo: true,
  inclRealName: true,
  inclIds: true,
  inclGiftCard: true,
  isShowOddsType: true,
} as const satisfies z.infer<typeof userInfoQuerySchema>;

export const genderSchema = z.enum(['M', 'F'], { message: 'gender' });

export const addressSchema = z.object({
  recipient: z.string().check(z.trim(), z.minLength(2, { message: 'required' }), z.maxLength(60, { message: 'text' })),
  phone,
  province: z.string().check(z.trim(), z.minLength(2, { message: 'required' }), z.maxLength(60, { message: 'text' })),
  city: z.string().check(z.trim(), z.minLength(2, { message: 'required' }), z.maxLength(60, { message: 'text' })),
  postalCode: z.string().check(z.regex(/^\d{4}$/, { message: 'postalCode' })),
  line: z.string().check(z.trim(), z.minLength(4, { message: 'required' }), z.maxLength(160, { message: 'text' })),
  isDefault: z.optional(z.boolean()),
});

export const addressListSchema = z.object({
  onlyCount: z.optional(z.boolean()),
  pageNo: z._default(z.int().check(z.minimum(1)), 1),
  pageSize: z._default(z.int().check(z.minimum(1), z.maximum(50)), ADDRESS_PAGE_SIZE),
});

export const emailSchema = z.string().check(z.trim(), z.email({ message: 'email' }), z.maxLength(120, { message: 'email' }));
