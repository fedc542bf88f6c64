import { knownFingerprint } from '../../api/events';
import { api } from '../../api/instance';
import type { LoginResult } from '../../contract/auth';
import { deviceId } from '../../lib/device';
import { origin } from '../../stores/origin';
import { partnerFromHost } from '../../lib/partner';
import { currentTouches, recordSessionTouch } from '../../stores/privacy';

/**
 * The identity calls of spec §7 as the login dialog and the password pages use them. Sensitive fields
 * (phone, password…) are encrypted by the API client; acquisition parameters and invite ids kept for the
 * session go with every call that can open an account.
 */
function signUpExtras() {
  recordSessionTouch(origin.acquisition, partnerFromHost(location.hostname) ?? origin.isFrom);
  return {
    deviceToken: deviceId(),
    acquisition: { ...origin.acquisition },
    invite: { ...origin.invite },
    touches: currentTouches(),
    fingerprint: knownFingerprint(),
  };
}

export function sendLoginCode(phone: string, captchaToken: string) {
  return api.call<{ registered: boolean; waitSeconds: number }>('main', 'userAuth/loginAndRegisterSendSmsCode', { phone, captchaToken });
}

export function sendCode(phone: string, purpose: 'register' | 'forget' | 'bind', captchaToken: string) {
  return api.call<{ waitSeconds: number }>('main', 'phone/sendCode', { phone, purpose, captchaToken });
}

export function loginBySms(form: { phone: string; code: string; birthday?: string | undefined; agree?: boolean | undefined }) {
  return api.call<LoginResult>('main', 'userAuth/loginAndRegisterV4', { ...form, ...signUpExtras() });
}

export function loginByPassword(form: { phone: string; password: string; captchaToken: string }) {
  return api.call<LoginResult>('main', 'userAuth/loginByPhoneV4', { ...form, deviceToken: deviceId() });
}

export function register(form: { phone: string; code: string; password: string; birthday: string; agree: true; depositLimit?: number }) {
  return api.call<LoginResult>('main', 'userAuth/registerV2', { ...form, ...signUpExtras() });
}

export function logoutOnServer() {
  return api.call('main', 'customer/logoutV2', {}, { quiet: true });
}

export function forgetSendCode(phone: string, captchaToken: string) {
  return api.call<{ waitSeconds: number }>('main', 'userAuth/forgetPwdSendCodeV2', { phone, captchaToken });
}

export function forgetVerifyCode(phone: string, code: string) {
  return api.call<{ resetTicket: string }>('main', 'userAuth/forgetPwdVerifyCodeV2', { phone, code });
}

export function forgetReset(resetTicket: string, newPassword: string) {
  return api.call<{ loginName: string }>('main', 'userAuth/modifyPwdForgetPwdV2', { resetTicket, newPassword });
}
