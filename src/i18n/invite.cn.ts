import type { inviteEn } from './invite.en';

/** 邀请好友（/invite-friends）的中文，与 invite.en.ts 逐键对应。 */
export const inviteCn: typeof inviteEn = {
  failed: '无法加载您的邀请。',
  intro: '分享您的链接。通过链接加入的好友符合条件后，您将获得 {{reward}}——每位好友一次。',
  noOffer: '邀请奖励暂停中。通过您的链接加入的好友在活动恢复后仍然计入。',
  link: '您的邀请链接',
  code: '邀请码：{{code}}',
  copy: '复制链接',
  copied: '链接已复制',
  copyFailed: '复制失败',
  share: '分享',
  shareText: '和我一起玩 Panalo',
  qrLabel: '您的邀请链接二维码',
  terms: '规则说明',
  friends: '您的好友',
  noFriends: '还没有好友通过您的链接加入。',
  summary_one: '已奖励 {{count}} 位好友：免费投注共 {{earned}}',
  summary_other: '已奖励 {{count}} 位好友：免费投注共 {{earned}}',
  joined: '{{date}} 加入',
  steps: {
    age: '年满 21 岁',
    kyc: '身份已验证',
    deposit: '首次存款',
    bets: '已结算投注 {{done}}/{{needed}}',
  },
  stepDone: '已完成',
  stepOpen: '未完成',
  status: {
    pending: '进行中',
    rewarded: '已奖励：{{amount}} 免费投注',
    refused: '无奖励',
  },
  reason: {
    self: '不能邀请自己。',
    device: '该账户是在您自己的设备上开设的。',
    idNumber: '该账户使用您的证件号码验证。',
    payoutAccount: '该账户使用了您的提款账户。',
  },
};
