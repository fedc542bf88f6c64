import { type OddsType } from './sports';

/** userInfo of spec §3, as the client keeps it and the server's user-info calls answer it. */
export interface UserInfo {
  loginName: string;
  customerId: string;
  nickName: string;
  avatar: string;
  product: string;
  oddsType: OddsType;
  isFromGlife: boolean;
  isFromLazada: boolean;
  /** Masked for display; '' when the player has no phone bound. */
  mobileNo: string;
  firstDepositDate: string | null;
  firstDepositFlag: boolean;
  missNum: number;
  email: string;
  realName: string;
  address: string;
  ids: string[];
  giftCard: string;
  /** Whether a withdrawal password is set (spec §3 "withdrewPwd"). */
  withdrewPwd: boolean;
  bindType: number | undefined;
  /** YYYY-MM-DD; null until given (a visitor account gives it at sign-up, so in practice always set). */
  birthday: string | null;
  gender: 'M' | 'F' | null;
}

/**
 * Body fields that name a player (the client's enrichment adds loginName and customerId to every call,
 * spec §7). On a player's call the server removes them before validation: whose data a call reads or
 * changes comes from the session alone, never from a body.
 */
export const IDENTITY_FIELDS = ['customerId', 'loginName', 'userId', 'memberId', 'customerName', 'uid'] as const;

/** webToken of spec §3. */
export interface WebToken {
  token: string;
  u2token: string;
}

/** Fields encrypted with the server's RSA-OAEP public key in login and registration payloads (spec §5). */
export const SENSITIVE_FIELDS = [
  'password',
  'newPassword',
  'oldPassword',
  'mobileNo',
  'currMobile',
  'phone',
  'newEmail',
  'newPhone',
  'accountNo',
  'withdrawPassword',
  'withdrawalPassword',
  'newWithdrawalPwd',
] as const;
