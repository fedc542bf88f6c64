import type { ContentDoc } from './types';

const doc: ContentDoc = {
  title: 'Panalo 的 Facebook 主页',
  summary: '在 Facebook 关注 Panalo，获取赛事前瞻、赢家故事和优惠活动，并学会分辨官方主页与假冒主页。',
  updated: '2026-11-27',
  sections: [
    {
      heading: '主页上有什么',
      list: [
        '本周 PBA、PVL、NBA 和足球重要比赛的前瞻，附发帖时的赔率。',
        '赢家故事，仅在获得赢家书面同意后发布。',
        '新的优惠活动及其规则，与应用内优惠页面一致。',
        '维护通知和新功能介绍。',
      ],
    },
    {
      heading: '如何识别官方主页',
      paragraphs: [
        '我们的主页名为 Panalo，带有 Facebook 认证标志。帖子只链接到本应用自己的网址。',
        '我们绝不会在评论、私信或表单中索要您的密码、短信验证码或提款密码。Panalo 的任何人都不会这样做。',
      ],
    },
    {
      heading: '发现可疑情况时',
      paragraphs: [
        '声称“稳赢”、要求您向个人电子钱包存款或索要验证码的主页或账号都不是我们的。请勿付款，也不要发送任何信息。',
        '请把该主页的名称和链接告诉在线客服，我们会向 Facebook 举报。如果您已经泄露了验证码或密码，请立即在安全中心修改密码并联系在线客服。',
      ],
    },
    {
      heading: '理性娱乐',
      paragraphs: ['Panalo 仅供 21 岁及以上玩家使用。限额、休息和自我排除工具随时可在账户的负责任博彩中使用。'],
    },
  ],
};

export default doc;
