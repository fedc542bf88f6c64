import type { socialEn } from './social.en';

/** 社交登录(Google 与 Apple,issue 36)的中文。 */
export const socialCn: typeof socialEn = {
  or: '或',
  continueWith: '使用 {{provider}} 继续',
  opening: '正在打开 {{provider}}…',
  finishing: '正在完成 {{provider}} 登录…',
  refusedTitle: '无法为您登录',
  cancelled: '您已取消 {{provider}} 登录,未作任何更改。',
  backToLogin: '重新登录',
  linkTitle: '关联您的 {{provider}} 账户',
  linkLoggedIn: '将 {{provider}} 账户 {{email}} 关联到您的 Panalo 账户 {{mobile}}?之后即可用 {{provider}} 登录。',
  linkConfirm: '关联 {{provider}}',
  notNow: '暂不',
  linkIntro: '您的 {{provider}} 账户 {{email}} 尚未关联 Panalo。请输入手机号码:我们会发送验证码,用于关联您的 Panalo 账户或开设新账户。',
  codeSentTo: '验证码已发送至 {{mobile}}。',
  existingAccount: '此号码已有 Panalo 账户:验证码将把 {{provider}} 关联到该账户。',
  newAccount: '初次使用 Panalo?请输入出生日期,用此号码开设账户。',
  linkAndLogin: '关联并登录',
  linked: '{{provider}} 已关联,之后可用它登录。',
};
