import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import type * as z from 'zod/mini';
import { api } from '../../api/instance';
import type { emailVerifiedAnswer, phoneBoundAnswer, securityCodeSentAnswer, securityInfoAnswer } from '../../contract/answers/security';
import { type OwnPhoneCodePurpose, SecurityCall, type SecurityBody } from '../../contract/security';
import { session } from '../../stores/session';
import { captchaToken } from './captcha';

/**
 * The security centre's calls (src/contract/security.ts) as its pages use them. The sensitive fields
 * (password, oldPassword, newPassword, newPhone, newEmail, phone) are encrypted by the API client.
 */
export type SecurityInfo = z.infer<typeof securityInfoAnswer>;
type CodeSent = z.infer<typeof securityCodeSentAnswer>;

/** Keyed by the player: after a logout and a new login (the query cache is cleared) the page asks again. */
export const securityInfoQuery = (loginName: string) =>
  queryOptions({
    queryKey: ['main', SecurityCall.securityInfo, loginName],
    queryFn: () => api.call<SecurityInfo>('main', SecurityCall.securityInfo, {}),
    enabled: loginName !== '',
  });

/** The session player's security info. */
export function useSecurityInfo() {
  const { user } = useSnapshot(session);
  return useQuery(securityInfoQuery(user?.loginName ?? ''));
}

export function sendOwnPhoneCode(purpose: OwnPhoneCodePurpose) {
  const body: SecurityBody['sendOwnPhoneCode'] = { purpose };
  return api.call<CodeSent>('main', SecurityCall.sendOwnPhoneCode, body);
}

/** A code to a new number (phone/sendCode purpose 'bind', behind the invisible security check). */
export async function sendNewPhoneCode(phone: string) {
  return api.call<{ waitSeconds: number }>('main', SecurityCall.sendPhoneCode, {
    phone,
    purpose: 'bind',
    captchaToken: await captchaToken(),
  });
}

export function verifyPhone(body: SecurityBody['verifyPhone']) {
  return api.call<z.infer<typeof phoneBoundAnswer>>('main', SecurityCall.verifyPhone, body);
}

export function sendEmailCode(newEmail: string) {
  const body: SecurityBody['sendEmailCode'] = { newEmail };
  return api.call<CodeSent>('main', SecurityCall.sendEmailCode, body);
}

export function sendOwnEmailCode() {
  return api.call<CodeSent>('main', SecurityCall.sendOwnEmailCode, {});
}

export function verifyEmail(body: SecurityBody['verifyEmail']) {
  return api.call<z.infer<typeof emailVerifiedAnswer>>('main', SecurityCall.verifyEmail, body);
}

export function setLoginPwd(body: SecurityBody['setLoginPwd']) {
  return api.call<null>('main', SecurityCall.setLoginPwd, body);
}

export function modifyLoginPwd(body: SecurityBody['modifyPwd']) {
  return api.call<null>('main', SecurityCall.modifyPwd, body);
}
