import type { pushEn } from './push.en';

/** 推送通知（Web Push）的中文文字，与 push.en.ts 逐键对应。 */
export const pushCn: typeof pushEn = {
  offerTitle: '注单结算时通知您',
  offerBody: '开启通知后，注单结算（含金额）、兑现完成或提现到账时我们会通知您。您可以在设置中选择通知类型。',
  turnOn: '开启',
  notNow: '暂不',
  offerOn: '通知已开启。',
  offerBlocked: '通知已关闭。您可以在设置中开启。',
  settingsLegend: '通知',
  settingsIntro: '即使应用已关闭，这部手机也会收到的通知。',
  enable: '在此设备上开启通知',
  enabled: '此设备的通知已开启。',
  denied: '您的浏览器设置已屏蔽本网站的通知。',
  unsupported: '此浏览器无法显示通知。',
  unsupportedIos: '在 iPhone 和 iPad 上，请将 Panalo 添加到主屏幕（分享 → 添加到主屏幕）并从主屏幕打开，才能接收通知。',
  loginFirst: '登录后即可选择通知。',
  saved: '已保存。',
  kinds: {
    betSettled: '注单结算（赢、输、无效）',
    cashout: '兑现完成',
    withdrawal: '提现到账或失败',
    kyc: '身份验证结果',
    depositLimit: '达到存款限额',
  },
  iosHomeScreen:
    'iPhone 和 iPad 上的通知：Safari 只向添加到主屏幕的 Panalo 发送通知。请添加（分享 → 添加到主屏幕），从主屏幕打开，然后在设置中开启通知。',
};
