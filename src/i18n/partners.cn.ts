import type { partnersEn } from './partners.en';

/** 合作伙伴应用页面的中文。与 partners.en.ts 逐键对应。 */
export const partnersCn: typeof partnersEn = {
  openFromHost: '请从合作伙伴应用中打开 Panalo',
  balance: '余额',
  amount: '金额',
  received: '已到账 {{amount}}。祝您好运！',
  maya: {
    title: 'Maya 中的 Panalo',
    openFromMaya: '请从 Maya 中打开 Panalo',
    openFromMayaBody: '此页面是 Maya 应用内的 Panalo 主页。请从 Maya 的游戏页打开 Panalo 以在此登录。',
    refusedTitle: '我们无法为您登录',
    linked: '已绑定 Maya 钱包 {{mobile}}',
    kycTitle: '验证您的身份',
    kycBody: '首次充值前需完成一次身份验证，约需 3 分钟。',
    kycAction: '立即验证',
    deposit: '用 Maya 充值 {{amount}}',
    depositFailed: 'Maya 无法发起此次充值，未扣款。请重试。',
    withdraw: '提现到 Maya',
  },
};
