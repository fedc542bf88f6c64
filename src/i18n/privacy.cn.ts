import type { privacyEn } from './privacy.en';

/** 隐私选择的中文（与 privacy.en.ts 逐键对应）。 */
export const privacyCn: typeof privacyEn = {
  promptTitle: '您的隐私',
  promptBody:
    '我们可以统计 Panalo 的使用情况（打开的页面、看到和点击的功能）以改进产品吗？统计中绝不包含姓名、手机号码或电子邮件。您可随时在设置中更改。',
  allow: '允许统计',
  refuse: '仅必要',
  necessaryTitle: '始终开启（必要）',
  necessary: {
    consentChoice: '您的隐私选择本身（法律要求我们保存）',
    ageRefused: '因未满 21 岁被拒绝的注册（监管）',
    sessionEnded: '为账户安全而结束的登录（安全）',
    deviceCheck: '防欺诈的设备检查（防欺诈）',
  },
  settingsLegend: '数据统计（2012 年《数据隐私法》）',
  granted: '已允许',
  denied: '仅必要',
};
