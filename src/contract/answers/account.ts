import * as z from 'zod/mini';
import type { UserInfo } from '../user';
import { centavos, isoTime, oddsType } from './common';

/** customer/getByLoginName, getById, modify: the player's own userInfo (spec §3). */
export const userInfoAnswer: z.ZodMiniType<UserInfo> = z.strictObject({
  loginName: z.string(),
  customerId: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  product: z.string(),
  oddsType,
  isFromGlife: z.boolean(),
  isFromLazada: z.boolean(),
  mobileNo: z.string(),
  firstDepositDate: z.nullable(isoTime),
  firstDepositFlag: z.boolean(),
  missNum: z.int(),
  email: z.string(),
  realName: z.string(),
  address: z.string(),
  ids: z.array(z.string()),
  giftCard: z.string(),
  withdrewPwd: z.boolean(),
  bindType: z.union([z.number(), z.undefined()]),
  birthday: z.nullable(z.string()),
  gender: z.nullable(z.enum(['M', 'F'])),
});

export const nickNameAnswer = z.strictObject({ nickName: z.string() });
export const headImagesAnswer = z.strictObject({ list: z.array(z.string()) });
export const avatarAnswer = z.strictObject({ avatar: z.string() });
export const birthdayAnswer = z.strictObject({ birthday: z.string() });
export const genderAnswer = z.strictObject({ gender: z.enum(['M', 'F']) });

/** An address as the list shows it: the phone masked. */
export const addressAnswer = z.strictObject({
  id: z.int(),
  recipient: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  postalCode: z.string(),
  line: z.string(),
  isDefault: z.boolean(),
});
export type AddressView = z.infer<typeof addressAnswer>;

/** customer/addressList: with onlyCount, just the total (and an empty list). */
export const addressListAnswer = z.strictObject({
  total: z.int(),
  pageNo: z.optional(z.int()),
  pageSize: z.optional(z.int()),
  list: z.array(addressAnswer),
});
export const addedAnswer = z.strictObject({ id: z.int() });

/** account/query: whether the account may be closed, and where the code would go. */
export const accountStateAnswer = z.strictObject({
  status: z.string(),
  createdAt: isoTime,
  balance: centavos,
  canDelete: z.boolean(),
  channel: z.enum(['email', 'sms', 'none']),
});
export const closingCodeSentAnswer = z.strictObject({ channel: z.enum(['email', 'sms']), recipient: z.string() });

/** customer/validatePwd: whether the password is the player's (and whether one is set at all). */
export const passwordCheckAnswer = z.strictObject({ valid: z.boolean(), hasPassword: z.boolean() });
